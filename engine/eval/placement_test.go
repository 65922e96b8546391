package eval_test

import (
	"math/rand/v2"
	"testing"

	"zrun/engine/eval"
	"zrun/vm"
	"zrun/zrf"
)

// TestPlacementSumsMatchTheBoard plays random moves and takes them back in
// games of different kinds (captures, promotions, castling, drops) and
// checks, after each, that the evaluation from the state's placement sums
// (vm SetPlacement, kept through make and unmake) equals the one read off
// the whole board by a copy that keeps no sums.
func TestPlacementSumsMatchTheBoard(t *testing.T) {
	for _, file := range []string{"../../games/chess.zrf", "../../games/capablanca.zrf", "../../games/reserve-chess.zrf"} {
		g, ev := derived(t, file)
		s := newState(t, g)
		if err := ev.Watch(s); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 11))
		ml := &vm.MoveList{}
		check := func(where string) {
			t.Helper()
			ref := s.Clone()
			if err := ref.SetPlacement(nil); err != nil {
				t.Fatal(err)
			}
			for pl := range g.Players {
				if got, want := ev.Evaluate(s, pl), ev.Evaluate(ref, pl); got != want {
					t.Fatalf("%s, %s, player %d: %d from the sums, %d from the board", file, where, pl, got, want)
				}
			}
		}
		for game := 0; game < 4; game++ {
			made := 0
			for ply := 0; ply < 120; ply++ {
				if err := s.Generate(ml); err != nil {
					t.Fatal(err)
				}
				if len(ml.Moves) == 0 {
					break
				}
				m := &ml.Moves[rng.IntN(len(ml.Moves))]
				text := s.MoveString(m)
				if err := s.Make(m); err != nil {
					t.Fatal(err)
				}
				made++
				check("after " + text)
			}
			for ; made > 0; made-- {
				s.Unmake()
				check("unmaking")
			}
		}
	}
}

// TestSetPlacementRefusesAnotherSize: a table that does not fit the game
// is an error, and the state keeps no sums of it.
func TestSetPlacementRefusesAnotherSize(t *testing.T) {
	f, err := zrf.LoadFile("../../games/chess.zrf")
	if err != nil {
		t.Fatal(err)
	}
	s, err := vm.NewState(f.Games[0].Game)
	if err != nil {
		t.Fatal(err)
	}
	w := make([]int32, 10)
	if err := s.SetPlacement(w); err == nil {
		t.Fatal("a 10-weight table was accepted")
	}
	if _, _, ok := s.Placement(w, 0); ok {
		t.Fatal("sums of a refused table")
	}
}

// derived loads a rule file's first game and derives its evaluation.
func derived(t *testing.T, file string) (*vm.Game, *eval.Evaluator) {
	t.Helper()
	f, err := zrf.LoadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	g := f.Games[0].Game
	ev, err := eval.Derive(g)
	if err != nil {
		t.Fatal(err)
	}
	return g, ev
}

// newState returns g's state at its start.
func newState(t *testing.T, g *vm.Game) *vm.State {
	t.Helper()
	s, err := vm.NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestResetWatchesTheNewState: a searcher's position pointed at a state set
// up afresh (XBoard's setboard, a new game) must evaluate it from its
// placement sums, not by scanning the board at every node.
func TestResetWatchesTheNewState(t *testing.T) {
	g, ev := derived(t, "../../games/capablanca.zrf")
	s := newState(t, g)
	p := eval.NewPosition(s, ev)
	if !ev.Watches(s) {
		t.Fatal("NewPosition's state keeps no placement sums")
	}
	fresh := newState(t, g)
	if err := fresh.SetFEN("rn1b1kb2r/ppppp1ppp1/3a1p1np1/7q2/3P6/4AP1N2/PPP1P1PPPP/RN1BQKB2R w KQkq - 1 7"); err != nil {
		t.Fatal(err)
	}
	p.Reset(fresh)
	if !ev.Watches(fresh) {
		t.Fatal("after Reset the new state keeps no placement sums: Evaluate scans the board")
	}
	ref := fresh.Clone()
	if err := ref.SetPlacement(nil); err != nil {
		t.Fatal(err)
	}
	for pl := range g.Players {
		if got, want := p.Evaluate(pl), ev.Evaluate(ref, pl); got != want {
			t.Errorf("player %d: %d from the sums, %d from the board", pl, got, want)
		}
	}
}
