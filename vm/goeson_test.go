package vm_test

import (
	"testing"

	"zrun/vm"
)

// TestGoesOn plays random games and, at every position, compares GoesOn
// with Outcome: where GoesOn says the game goes on, Outcome must find it not
// over, with the moves generated and as if there were none. It also
// requires GoesOn to answer at most positions of the chess-like games, so
// the test cannot pass by never answering, and to leave to Outcome the
// chess positions that end by a rule: a threefold repetition (FIDE 9.2),
// the fifty-move rule (9.3) and bare kings (insufficient material, 5.2.2).
func TestGoesOn(t *testing.T) {
	g, s := chessState(t)
	play := chessPlayer(t, g, s)
	cycle := shuttle(play, "g1", "f3", "g8", "f6")
	cycle()
	cycle()
	ends := map[string]*vm.State{"threefold repetition": s}
	for name, fen := range map[string]string{
		"fifty moves": "4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80",
		"bare kings":  "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
	} {
		_, e := chessState(t)
		if err := e.SetFEN(fen); err != nil {
			t.Fatal(err)
		}
		ends[name] = e
	}
	for name, e := range ends {
		if o, err := e.Outcome(nil); err != nil || !o.Over {
			t.Fatalf("%s: Outcome says %+v (%v), want the game over", name, o, err)
		}
		if e.GoesOn(false) {
			t.Errorf("%s: GoesOn says the game goes on", name)
		}
	}

	files := shippedAndCorpus(t, "_embedded/TicTacToe-zillions-v2.zrf", "Shisima/shisima.zrf",
		"CheckersCollection/CheckersCollection.zrf", "DobutsuShogi/Dobutsu.zrf")
	var none vm.MoveList
	for i, file := range files {
		g := firstGame(t, file)
		said, positions := 0, 0
		eachPosition(t, g, 7, 6, 120, func(s *vm.State, ml *vm.MoveList) {
			positions++
			for _, c := range []struct {
				legal   *vm.MoveList
				noMoves bool
			}{{ml, false}, {&none, true}} {
				if !s.GoesOn(c.noMoves) {
					continue
				}
				said++
				if o, err := s.Outcome(c.legal); err != nil || o.Over {
					t.Fatalf("%s: GoesOn(%v) says the game goes on, Outcome says %+v (%v)", file, c.noMoves, o, err)
				}
			}
		})
		t.Logf("%s: GoesOn answered at %d of %d positions", file, said, positions)
		if i < 4 && said < positions/2 {
			t.Errorf("%s: GoesOn answered at %d of %d positions, want at least half", file, said, positions)
		}
	}
}
