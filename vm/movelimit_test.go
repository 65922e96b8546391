package vm_test

import (
	"strings"
	"testing"

	"zrun/vm"
)

// TestMoveLimitError: a generation that would list more moves than
// Limits.MovesPerGen fails with an error naming a program of the game
// (file:line:col), whichever piece overflows it first and whether or not a
// program ran before: a knight (a leap group), a queen (a slide group), a
// pawn (a specialised block).
func TestMoveLimitError(t *testing.T) {
	for _, tc := range []struct{ name, fen string }{
		{"knight", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"},
		{"queen", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"},
		{"pawn", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, s := chessState(t)
			if err := s.SetFEN(tc.fen); err != nil {
				t.Fatal(err)
			}
			s.Limit.MovesPerGen = 1
			var ml vm.MoveList
			err := s.Generate(&ml)
			if err == nil {
				t.Fatalf("%d moves listed with a limit of 1, no error", len(ml.Moves))
			}
			if !strings.Contains(err.Error(), "too many moves") || !strings.Contains(err.Error(), "chess.zrf:") {
				t.Errorf("error %q: want the limit and a place in chess.zrf", err)
			}
		})
	}
}
