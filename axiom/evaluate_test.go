package axiom_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"zrun/vm"
)

// seeds is the number of seeds pl has on Ohojitxi's board, read from the
// rule file's piece names: pN is a hole of N seeds, q a captured four
// (the script's {value}s are not used), and its marker piece m.
func seeds(t *testing.T, g *vm.Game, s *vm.State, pl int) int {
	n := 0
	for _, c := range s.Board {
		if c == vm.Empty || c.Owner() != pl {
			continue
		}
		name := g.Pieces[c.Type()].Name
		switch {
		case name == "q":
			n += 4
		case name == "m":
			// the marker of the hole sown last: a piece without a
			// {value}, which axiom.4th's {piece} gives the value 1
			// ("1 $addr, \ {value}"), so material-balance counts it
			n++
		case strings.HasPrefix(name, "p"):
			k, err := strconv.Atoi(name[1:])
			if err != nil {
				t.Fatalf("piece %s", name)
			}
			n += k
		}
	}
	return n
}

// TestEvaluateOhojitxi checks the script's evaluation as the searcher sees
// it, along random games of Ohojitxi, against the readme's goal: a player
// wins by passing all his seeds to the opponent, so the position is worth
// to a player the seeds the opponent holds less his own (AI.4th's
// "current-player material-balance NEGATE", scaled by 10), for the player
// to move and, negated, for the other.
func TestEvaluateOhojitxi(t *testing.T) {
	g := load(t, "Ohojitxi/Ohojitxi.zrf", "")
	if g.Eval == nil {
		t.Fatal("Ohojitxi's AI.4th defines OnEvaluate, but the game has no evaluation")
	}
	// the searcher's piece values are the script's, scaled as its scores:
	// a hole of five seeds is worth five, 50
	if v := g.Values[typeNamed(t, g, "p5")]; v != 50 {
		t.Errorf("p5 valued %d, want 50", v)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for game := 0; game < 3; game++ {
		s := start(t, g)
		for ply := 0; ply < 60; ply++ {
			mover := s.Mover()
			other := 1 - mover
			want := 10 * (seeds(t, g, s, other) - seeds(t, g, s, mover))
			for _, c := range []struct{ pl, want int }{{mover, want}, {other, -want}} {
				got, err := g.Eval.Evaluate(s, c.pl)
				if err != nil {
					t.Fatal(err)
				}
				if got != c.want {
					t.Fatalf("game %d ply %d: evaluation for %s %d, want %d", game, ply, g.Players[c.pl].Name, got, c.want)
				}
				checked++
			}
			ms := legal(t, s)
			if len(ms) == 0 {
				break
			}
			if err := s.Make(&ms[rng.IntN(len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d evaluations checked", checked)
}

// TestEngineKinds checks the players the Ur variants' scripts ask for
// (Ur-[first].4th: {first}, Ur-[random].4th: {random}, Ur-[aggressive]:
// "{search-engine} Custom-Engine"; Ur.4th none), and that a game without
// an OnEvaluate of its own (Senet) gets no evaluation.
func TestEngineKinds(t *testing.T) {
	for _, c := range []struct{ variant, want string }{
		{"", ""},
		{"Ur [first]", vm.PlayerFirst},
		{"Ur [random]", vm.PlayerRandom},
		{"Ur [aggressive]", "search-engine Custom-Engine"},
	} {
		g := load(t, "Ur/Axiomatic.Ur.zrf", c.variant)
		for _, name := range []string{"White", "Black"} {
			if got := g.Players[playerNamed(t, g, name)].Engine; got != c.want {
				t.Errorf("%q %s: engine %q, want %q", c.variant, name, got, c.want)
			}
		}
	}
	if g := load(t, "Senet/Senet.zrf", ""); g.Eval != nil {
		t.Error("Senet's script defines no OnEvaluate, but the game has an evaluation")
	}
}

// TestForPlayer plays random games of Abstract Mancala, whose rule file
// has ?C set the seeds out and then "(First ?C) (Second ?C)": First and
// Second sow the seeds ?C owns ({turn} First {for-player} ?C in
// Players.4th). After the setup, the player to choose must have moves
// that leave every seed ?C's, and the game must end with First or Second
// the winner (OnIsGameOver speaks for the player whose turn it is, not
// for ?C).
func TestForPlayer(t *testing.T) {
	g := load(t, "AbstractMancala/AbstractMancala.zrf", "")
	c, first, second := playerNamed(t, g, "?C"), playerNamed(t, g, "First"), playerNamed(t, g, "Second")
	rng := rand.New(rand.NewPCG(5, 6))
	for game := 0; game < 2; game++ {
		s := start(t, g)
		sown := 0
		for ply := 0; ; ply++ {
			if ply > 3000 {
				t.Fatalf("game %d: no end in %d plies (%d sowings)", game, ply, sown)
			}
			var ml vm.MoveList
			if err := s.Generate(&ml); err != nil {
				t.Fatal(err)
			}
			o, err := s.Outcome(&ml)
			if err != nil {
				t.Fatal(err)
			}
			if o.Over {
				if o.Winner != first && o.Winner != second && o.Winner != -1 {
					t.Fatalf("game %d: won by %s", game, g.Players[o.Winner].Name)
				}
				t.Logf("game %d: %d plies, %d sowings, %s", game, ply, sown, o.Reason)
				break
			}
			ch := s.Chooser()
			if ch != c && !ml.Moves[0].Pass {
				sown++
			}
			if err := s.Make(&ml.Moves[rng.IntN(len(ml.Moves))]); err != nil {
				t.Fatal(err)
			}
			for p, cell := range s.Board {
				if cell != vm.Empty && g.Pieces[cell.Type()].Name[0] == 'p' && cell.Owner() != c {
					t.Fatalf("game %d ply %d: a seed of %s on %s", game, ply, g.Players[cell.Owner()].Name, g.Board.Positions[p].Name)
				}
			}
		}
		if sown == 0 {
			t.Fatalf("game %d: First and Second never sowed", game)
		}
	}
}

// TestEvaluateZeroAtStart: Gwyddbwyll gives White one Pendragon (800 in
// its script) against Black's four Kings (700 each), and its OnEvaluate is
// mobility plus three times material-balance: raw, White's score is some
// -6,000 from the start, -60,000 scaled. The evaluation reads the start
// as 0 (for White, the first to choose; Black's is its negative), and along random games the scores stay below the
// bound (a cut-off there read every position alike) and are the two
// sides' negatives where one of them is to move.
func TestEvaluateZeroAtStart(t *testing.T) {
	g := load(t, "Gwyddbwyll/Gwyddbwyll.zrf", "")
	white, black := playerNamed(t, g, "White"), playerNamed(t, g, "Black")
	rng := rand.New(rand.NewPCG(5, 6))
	distinct := map[int]bool{}
	for game := 0; game < 3; game++ {
		s := start(t, g)
		for ply := 0; ply < 80; ply++ {
			w, err := g.Eval.Evaluate(s, white)
			if err != nil {
				t.Fatal(err)
			}
			b, err := g.Eval.Evaluate(s, black)
			if err != nil {
				t.Fatal(err)
			}
			if ply == 0 && w != 0 {
				t.Fatalf("start: White %d, want 0", w)
			}
			if w >= 40000 || w <= -40000 {
				t.Fatalf("game %d ply %d: White's score %d at the bound", game, ply, w)
			}
			if m := s.Chooser(); m == white || m == black {
				if w != -b {
					t.Fatalf("game %d ply %d: White %d, Black %d, not each other's negative", game, ply, w, b)
				}
			}
			distinct[w] = true
			ms := legal(t, s)
			if len(ms) == 0 {
				break
			}
			if err := s.Make(&ms[rng.IntN(len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(distinct) < 10 {
		t.Errorf("%d distinct scores along 3 random games: the evaluation tells positions apart in few ways", len(distinct))
	}
}
