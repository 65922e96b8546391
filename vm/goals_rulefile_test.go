// This file tests Goals, the outcome read without the legal moves, against
// Outcome on real rule files.

package vm_test

import (
	"os"
	"path/filepath"
	"testing"

	"zrun/gamefile"
)

// TestGoals checks the outcome the quiescence search reads without moves:
// it sees goals that do not depend on the moves of the player to move
// (a side with no pieces left) but not checkmate, which only Outcome with
// the (empty) legal move list reports.
func TestGoals(t *testing.T) {
	draughts := filepath.Join("../../shared/zrf-corpus", "GlukKazan+ZoG/External/Checker Games.zrf")
	cases := []struct {
		name, file, variant, fen string
		goals, outcome           bool
	}{
		{"checkmate", "../games/chess.zrf", "", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", false, true},
		{"playing", "../games/chess.zrf", "", "", false, false},
		{"no men left", draughts, "English Draughts", "8/8/8/8/8/8/3c4/8 w - - 0 1", true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := os.Stat(c.file); err != nil {
				t.Skipf("%s not found (../shared absent?): %v", c.file, err)
			}
			s, err := gamefile.NewState(c.file, c.variant, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			g, err := s.Goals()
			if err != nil {
				t.Fatal(err)
			}
			o, err := s.Outcome(nil)
			if err != nil {
				t.Fatal(err)
			}
			if g.Over != c.goals || o.Over != c.outcome {
				t.Errorf("Goals over=%v (%s), Outcome over=%v (%s); want %v, %v", g.Over, g.Reason, o.Over, o.Reason, c.goals, c.outcome)
			}
		})
	}
}
