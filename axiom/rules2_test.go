package axiom_test

import (
	"strconv"
	"testing"

	"zrun/vm"
)

// grid gives a grid position's column and row from its name ("c10").
func grid(g *vm.Game, p int) (int, int) {
	name := g.Board.Positions[p].Name
	row, _ := strconv.Atoi(name[1:])
	return int(name[0] - 'a'), row - 1
}

// TestFoxHuntingCount checks Fox Hunting (transparent) against its
// readme: "Try any square to get the number of foxes on the vertical,
// horizontal and diagonals." After the hidden foxes are placed, a try on
// an empty square leaves there the marker d<n>, n counted here along the
// eight lines; a try on a fox finds it.
func TestFoxHuntingCount(t *testing.T) {
	g := load(t, "FoxHunting/FoxHunting.zrf", "Fox Hunting (transparent)")
	s := start(t, g)
	hunter := playerNamed(t, g, "You")
	fox := typeNamed(t, g, "fox")
	for s.Mover() != hunter { // the random player hides the foxes
		moves := legal(t, s)
		if err := s.Make(&moves[(len(moves)*7/11+s.Ply*13)%len(moves)]); err != nil {
			t.Fatal(err)
		}
	}
	foxes := map[[2]int]bool{}
	for p, c := range s.Board {
		if c != vm.Empty && c.Type() == fox {
			x, y := grid(g, p)
			foxes[[2]int{x, y}] = true
		}
	}
	if len(foxes) != 8 {
		t.Fatalf("%d foxes hidden, want 8", len(foxes))
	}
	moves := legal(t, s)
	if len(moves) != len(s.Board) {
		t.Fatalf("%d tries, want one a square (%d)", len(moves), len(s.Board))
	}
	for i := range moves {
		m := &moves[i]
		x0, y0 := grid(g, int(m.To))
		n := 0
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				if dx == 0 && dy == 0 {
					continue
				}
				for x, y := x0+dx, y0+dy; x >= 0 && x < 10 && y >= 0 && y < 10; x, y = x+dx, y+dy {
					if foxes[[2]int{x, y}] {
						n++
					}
				}
			}
		}
		want := "d" + strconv.Itoa(n)
		if foxes[[2]int{x0, y0}] {
			want = "fox"
		}
		if err := s.Make(m); err != nil {
			t.Fatal(err)
		}
		c := s.Board[m.To]
		if c == vm.Empty || g.Pieces[c.Type()].Name != want || c.Owner() != hunter {
			t.Fatalf("a try on %s leaves %v, want You's %s", g.Board.Positions[m.To].Name, c, want)
		}
		s.Unmake()
	}
}

// TestVirusesAccessible checks the squares Viruses lets a player use
// against its readme: a step puts a virus on an empty square or zombifies
// an enemy virus, on a square "accessible" to the player: adjacent
// (orthogonally or diagonally) to one of the player's viruses, or
// connected to one through a chain of the player's zombies.
func TestVirusesAccessible(t *testing.T) {
	g := load(t, "Viruses/viruses.zrf", "")
	alive, dead := typeNamed(t, g, "Alive"), typeNamed(t, g, "Dead")
	s := start(t, g)
	at := map[[2]int]int{}
	for p := range g.Board.Positions {
		x, y := grid(g, p)
		at[[2]int{x, y}] = p
	}
	neighbours := func(p int) []int {
		x, y := grid(g, p)
		var out []int
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				if q, ok := at[[2]int{x + dx, y + dy}]; ok && (dx != 0 || dy != 0) {
					out = append(out, q)
				}
			}
		}
		return out
	}
	for ply := 0; ply < 60; ply++ {
		pl := s.Mover()
		// The player's zombies connected to one of its viruses, and the
		// squares next to those or to a virus.
		reach := map[int]bool{}
		var queue []int
		for p, c := range s.Board {
			if c != vm.Empty && c.Owner() == pl && c.Type() == alive {
				reach[p] = true
				queue = append(queue, p)
			}
		}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			for _, q := range neighbours(p) {
				c := s.Board[q]
				if !reach[q] && c != vm.Empty && c.Owner() == pl && c.Type() == dead {
					reach[q] = true
					queue = append(queue, q)
				}
			}
		}
		want := map[int32]bool{}
		for p, c := range s.Board {
			if c != vm.Empty && (c.Owner() == pl || c.Type() != alive) {
				continue // only empty squares and enemy viruses
			}
			for _, q := range neighbours(p) {
				if reach[q] {
					want[int32(p)] = true
				}
			}
		}
		moves := legal(t, s)
		got := map[int32]bool{}
		for i := range moves {
			if !moves[i].Pass {
				got[moves[i].To] = true
			}
		}
		if len(got) != len(want) {
			t.Fatalf("ply %d: %d squares accessible, the rules give %d", ply, len(got), len(want))
		}
		for p := range want {
			if !got[p] {
				t.Fatalf("ply %d: %s is accessible but has no move", ply, g.Board.Positions[p].Name)
			}
		}
		if len(moves) == 0 {
			break
		}
		if err := s.Make(&moves[(ply*17+5)%len(moves)]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGwidwillDice checks Gwidwill's moves against the rules of the
// Gwyddbwyll package's readme.txt (the same game): the die decides which
// piece may move (3: Squire; 4: Knight or Squire; 5: Black King,
// Champion, Knight or Squire; 6: any; 1 or 2: none), a Squire or King
// goes 1 step, a Knight 1-2, a Champion 1-3, orthogonally and with the
// steps interleaved, never over a piece; with no move the player passes.
func TestGwidwillDice(t *testing.T) {
	g := load(t, "GlukKazan+ZoG/Rules/Gwidwill.zrf", "")
	dice := playerNamed(t, g, "?Dice")
	face := map[string]int{"One": 1, "Two": 2, "Three": 3, "Four": 4, "Five": 5, "Six": 6}
	need := map[string]int{"Squire": 3, "Knight": 4, "King": 5, "Champion": 5, "Pendragon": 6}
	reach := map[string]int{"Squire": 1, "Knight": 2, "King": 1, "Champion": 3, "Pendragon": 1}
	s := start(t, g)
	at := map[[2]int]int{}
	for p, ps := range g.Board.Positions {
		if len(ps.Name) >= 2 && ps.Name[0] >= 'a' && ps.Name[0] <= 'h' {
			x, y := grid(g, p)
			at[[2]int{x, y}] = p
		}
	}
	for turn := 0; turn < 40; turn++ {
		if s.Mover() != dice {
			t.Fatalf("turn %d: %s to move, not the dice", turn, g.Players[s.Mover()].Name)
		}
		throws := legal(t, s)
		if len(throws) != 6 {
			t.Fatalf("%d throws of the die, want 6", len(throws))
		}
		var next []vm.Move
		for i := range throws {
			if err := s.Make(&throws[i]); err != nil {
				t.Fatal(err)
			}
			f := face[g.Pieces[s.Board[throws[i].To].Type()].Name]
			moves := legal(t, s)
			// The squares each piece may go to: breadth first over empty
			// squares, as far as its reach.
			want := map[[2]int32]bool{}
			for p, c := range s.Board {
				if c == vm.Empty || c.Owner() != s.Mover() {
					continue
				}
				name := g.Pieces[c.Type()].Name
				if need[name] == 0 || f < need[name] {
					continue
				}
				x0, y0 := grid(g, p)
				dist := map[[2]int]int{{x0, y0}: 0}
				queue := [][2]int{{x0, y0}}
				for len(queue) > 0 {
					q := queue[0]
					queue = queue[1:]
					if dist[q] == reach[name] {
						continue
					}
					for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
						n := [2]int{q[0] + d[0], q[1] + d[1]}
						np, ok := at[n]
						if _, seen := dist[n]; !ok || seen || s.Board[np] != vm.Empty {
							continue
						}
						dist[n] = dist[q] + 1
						want[[2]int32{int32(p), int32(np)}] = true
						queue = append(queue, n)
					}
				}
			}
			got := map[[2]int32]bool{}
			for j := range moves {
				m := &moves[j]
				if m.Pass {
					continue
				}
				name := g.Pieces[m.Piece].Name
				if f < need[name] {
					t.Fatalf("die %d: %s moves (%s), the rules need %d", f, name, s.MoveString(m), need[name])
				}
				if m.Captures == 0 {
					got[[2]int32{m.From, m.To}] = true
				}
			}
			if len(got) != len(want) {
				t.Fatalf("die %d: %d quiet moves, the rules give %d", f, len(got), len(want))
			}
			for k := range want {
				if !got[k] {
					t.Fatalf("die %d: no move %s-%s", f, g.Board.Positions[k[0]].Name, g.Board.Positions[k[1]].Name)
				}
			}
			passes, others := 0, 0
			for j := range moves {
				if moves[j].Pass {
					passes++
				} else {
					others++
				}
			}
			if (passes == 1) != (others == 0) || passes > 1 || (f <= 2 && others > 0) {
				t.Fatalf("die %d: %d moves and %d passes; a pass exactly when no piece can move", f, others, passes)
			}
			if i == turn%6 {
				next = moves
			}
			s.Unmake()
		}
		if err := s.Make(&throws[turn%6]); err != nil {
			t.Fatal(err)
		}
		m := &next[(turn*5)%len(next)]
		if err := s.Make(m); err != nil {
			t.Fatal(err)
		}
		if o, err := s.Outcome(nil); err != nil || o.Over {
			break
		}
	}
}

// TestOhojitxiSowing checks First's sowing moves in Ohojitxi 6x2 against
// Ohojitxi/readme.txt: "a player picks up the seeds of one of his holes
// and then distributes them, one by one, counterclockwise into the
// ensuing holes of his half of the board. A move ends after one sowing.
// The contents of a hole are captured, when the last seed makes a four."
// First's half is a1-b3, counterclockwise a1 b1 b2 b3 a3 a2 as the board
// is drawn; a hole whose four are captured holds the bundle piece q
// until the capture is placed in the next part of the turn.
func TestOhojitxiSowing(t *testing.T) {
	g := load(t, "Ohojitxi/Ohojitxi.zrf", "Ohojitxi 6x2")
	first := playerNamed(t, g, "First")
	var ring []int
	for _, n := range []string{"a1", "b1", "b2", "b3", "a3", "a2"} {
		ring = append(ring, pos(t, g, n))
	}
	seeds := func(s *vm.State) []int {
		out := make([]int, len(ring))
		for i, p := range ring {
			c := s.Board[p]
			if c == vm.Empty {
				continue
			}
			name := g.Pieces[c.Type()].Name
			if name == "q" {
				out[i] = 4
				continue
			}
			n, err := strconv.Atoi(name[1:])
			if err != nil {
				t.Fatalf("piece %s in a hole", name)
			}
			out[i] = n
		}
		return out
	}
	sowings := 0
	for game := 0; game < 10; game++ {
		s := start(t, g)
		for ply := 0; ply < 200; ply++ {
			moves := legal(t, s)
			if len(moves) == 0 {
				break
			}
			m := &moves[(game*31+ply*7)%len(moves)]
			sowing := !m.Pass && m.From >= 0 && s.Mover() == first && s.Board[m.From] != vm.Empty &&
				g.Pieces[s.Board[m.From].Type()].Name != "q"
			before := seeds(s)
			if err := s.Make(m); err != nil {
				t.Fatal(err)
			}
			if !sowing {
				continue
			}
			sowings++
			from := -1
			for i, p := range ring {
				if int32(p) == m.From {
					from = i
				}
			}
			if from < 0 || before[from] == 0 {
				t.Fatalf("First sows from %s, not one of its non-empty holes", g.Board.Positions[m.From].Name)
			}
			want := append([]int(nil), before...)
			at, hand := from, want[from]
			want[from] = 0
			for ; hand > 0; hand-- {
				at = (at + 1) % len(want)
				want[at]++
			}
			got := seeds(s)
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("sowing from %s of %v gives %v, the rules %v", g.Board.Positions[m.From].Name, before, got, want)
				}
			}
			bundle := g.Pieces[s.Board[ring[at]].Type()].Name == "q"
			if bundle != (want[at] == 4) {
				t.Fatalf("sowing from %s of %v: the last seed makes %d, captured %v", g.Board.Positions[m.From].Name, before, want[at], bundle)
			}
		}
	}
	if sowings == 0 {
		t.Fatal("no sowing checked")
	}
}
