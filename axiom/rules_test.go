package axiom_test

import (
	"strconv"
	"testing"

	"zrun/vm"
)

// TestGameOfLifeConway checks Game of Life's moves against Conway's rule
// (B3/S23: a cell is born with exactly three live neighbours and survives
// with two or three), the published rule the game is named for: every
// drop places a stone and then one generation passes, so after the move
// the live cells must be Conway's next generation of the board with the
// dropped stone, computed here on its own.
func TestGameOfLifeConway(t *testing.T) {
	g := load(t, "GlukKazan+ZoG/Rules/Axiomatic.GoL.zrf", "")
	s := start(t, g)
	const n = 19
	rc := func(p int) (int, int) {
		name := g.Board.Positions[p].Name
		row, _ := strconv.Atoi(name[1:])
		return row - 1, int(name[0] - 'a')
	}
	at := map[[2]int]int{}
	for p := range g.Board.Positions {
		r, c := rc(p)
		at[[2]int{r, c}] = p
	}
	moves := legal(t, s)
	if len(moves) == 0 {
		t.Fatal("no moves at the start")
	}
	for i := range moves {
		m := &moves[i]
		if !m.Drop {
			t.Fatalf("%s is not a drop", s.MoveString(m))
		}
		alive := map[[2]int]bool{}
		for p, c := range s.Board {
			if c != vm.Empty {
				r, cc := rc(p)
				alive[[2]int{r, cc}] = true
			}
		}
		r0, c0 := rc(int(m.To))
		alive[[2]int{r0, c0}] = true
		want := map[[2]int]bool{}
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				k := 0
				for dr := -1; dr <= 1; dr++ {
					for dc := -1; dc <= 1; dc++ {
						if (dr != 0 || dc != 0) && alive[[2]int{r + dr, c + dc}] {
							k++
						}
					}
				}
				if k == 3 || (k == 2 && alive[[2]int{r, c}]) {
					want[[2]int{r, c}] = true
				}
			}
		}
		if err := s.Make(m); err != nil {
			t.Fatal(err)
		}
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				got := s.Board[at[[2]int{r, c}]] != vm.Empty
				if got != want[[2]int{r, c}] {
					t.Fatalf("after %s: %s is %v, Conway's rule says %v", s.MoveString(m), g.Board.Positions[at[[2]int{r, c}]].Name, got, want[[2]int{r, c}])
				}
			}
		}
		s.Unmake()
	}
}

// pits reads Tchuka Ruma's holes: each piece's name ends in its number of
// stones (p<n>, q<n>).
func pits(t *testing.T, g *vm.Game, s *vm.State, order []int) []int {
	out := make([]int, len(order))
	for i, p := range order {
		c := s.Board[p]
		if c == vm.Empty {
			continue
		}
		name := g.Pieces[c.Type()].Name
		k, err := strconv.Atoi(name[1:])
		if err != nil {
			t.Fatalf("piece %s has no count", name)
		}
		out[i] = k
	}
	return out
}

// TestTchukaRumaSowing checks every move of random games of Tchuka Ruma
// against the rules of TchukaRuma/readme.txt, simulated here: the stones
// of a hole are sown one by one into the following holes towards the
// ruma (and round again); if the last falls in a non-empty hole other
// than the ruma, that hole's stones are sown in another lap; if it falls
// in the ruma the player moves again; if it falls in an empty hole the
// game is over. The script makes each lap a move of its own: after a lap
// that must go on, the one legal move is to sow that hole.
func TestTchukaRumaSowing(t *testing.T) {
	for _, variant := range []string{"Tchuka Ruma", "Tchuka Ruma (6x4 stones)"} {
		g := load(t, "TchukaRuma/TchukaRuma.zrf", variant)
		names := []string{"a", "b", "c", "d", "home"}
		if variant == "Tchuka Ruma (6x4 stones)" {
			names = []string{"a", "b", "c", "d", "e", "f", "home"}
		}
		order := make([]int, len(names))
		for i, n := range names {
			order[i] = pos(t, g, n)
		}
		ruma := len(order) - 1
		for seed := 0; seed < 30; seed++ {
			s := start(t, g)
			moves := legal(t, s)
			for ply := 0; len(moves) > 0; ply++ {
				m := &moves[(seed*7+ply*3)%len(moves)]
				before := pits(t, g, s, order)
				from := -1
				for i, p := range order {
					if int32(p) == m.From {
						from = i
					}
				}
				if from < 0 || from == ruma || before[from] == 0 {
					t.Fatalf("%s: move %s does not start from a non-empty hole", variant, s.MoveString(m))
				}
				want := append([]int(nil), before...)
				at, hand := from, want[from]
				want[from] = 0
				for ; hand > 0; hand-- {
					at = (at + 1) % len(want)
					want[at]++
				}
				if err := s.Make(m); err != nil {
					t.Fatal(err)
				}
				got := pits(t, g, s, order)
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s: after %s from %v the holes are %v, the rules give %v", variant, s.MoveString(m), before, got, want)
					}
				}
				// Which holes may be sown next.
				may := map[int32]bool{}
				switch {
				case at == ruma:
					for i := 0; i < ruma; i++ {
						if want[i] > 0 {
							may[int32(order[i])] = true
						}
					}
				case before[from] < len(order):
					// A lap shorter than the round: the readme's rule.
					if want[at] > 1 {
						may[int32(order[at])] = true
					}
				case before[at] > 0:
					// A lap that goes all the way round can end in a hole
					// it has already sown into, or in the hole it began
					// from. The script asks "empty?" of the board as it
					// stood before the move (Pieces.4th's build-trace,
					// which elsewhere counts "from" as emptied by hand):
					// the lap goes on where that hole held stones before
					// the move, where the readme would look at the hole
					// as it is now. Axiom does not change the board while
					// a move is built, so the game plays so under Axiom
					// too: kept, and told apart here.
					may[int32(order[at])] = true
				}
				moves = legal(t, s)
				froms := map[int32]bool{}
				for i := range moves {
					froms[moves[i].From] = true
				}
				if len(froms) != len(may) {
					t.Fatalf("%s: after %s (last stone in hole %d, holes %v) the moves start from %v, the rules allow %v (sown from hole %d of %v)", variant, s.MoveString(m), at, want, froms, may, from, before)
				}
				for p := range froms {
					if !may[p] {
						t.Fatalf("%s: after %s the move from %s is not allowed", variant, s.MoveString(m), g.Board.Positions[p].Name)
					}
				}
			}
		}
	}
}
