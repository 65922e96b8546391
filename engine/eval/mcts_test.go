package eval_test

import (
	"context"
	"testing"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
)

// TestMCTSTicTacToe: the UCT player on Zillions' Tic-Tac-Toe (three in a
// row wins) completes its own line when it can, and otherwise blocks the
// opponent's, as the game's elementary strategy requires.
func TestMCTSTicTacToe(t *testing.T) {
	s := loadState(t, ticTacToe)
	for _, tc := range []struct{ moves, want, why string }{
		// X: top-left, top-middle; O: middle-middle, bottom-left; X to move wins at top-right.
		{"M@top-left M@middle-middle M@top-middle M@bottom-left", "M@top-right", "win"},
		// X: top-left, bottom-right; O: middle-middle, top-middle; X must block bottom-middle.
		{"M@top-left M@middle-middle M@bottom-right M@top-middle", "M@bottom-middle", "block"},
	} {
		st, err := vm.NewState(s.Game())
		if err != nil {
			t.Fatal(err)
		}
		if err := st.PlayCoords(tc.moves); err != nil {
			t.Fatal(err)
		}
		pos, err := eval.PositionFor(st)
		if err != nil {
			t.Fatal(err)
		}
		res := engine.NewMCTS[*vm.Move](pos, 3).Search(context.Background(), engine.Limits{Nodes: 30000})
		if !res.Found || st.CoordString(res.Best) != tc.want {
			t.Errorf("%s after %s: played %v, want %s", tc.why, tc.moves, res.PV, tc.want)
		}
	}
}
