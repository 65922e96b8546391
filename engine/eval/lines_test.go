package eval_test

import (
	"context"
	"os"
	"testing"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
	"zrun/zrf"
)

const ticTacToe = "../../../shared/zrf-corpus/_embedded/TicTacToe-zillions-v2.zrf"

func loadState(t *testing.T, path string) *vm.State {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("corpus absent (../shared not present): %v", err)
	}
	f, err := zrf.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := vm.NewState(f.Games[0].Game)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestLinesTicTacToe: Zillions' Tic-Tac-Toe wins by three men in a row (a
// relative-config). A lone man is worth more where more lines cross: the
// centre (four lines) over a corner (three) over an edge (two), the order
// taught to players since Newell and Simon's program; so the engine opens
// in the centre at depth 1, and a line of two that the opponent has not
// blocked is worth more than one it has.
func TestLinesTicTacToe(t *testing.T) {
	s := loadState(t, ticTacToe)
	ev, err := eval.Derive(s.Game())
	if err != nil {
		t.Fatal(err)
	}
	score := func(moves string) int {
		t.Helper()
		s2, err := vm.NewState(s.Game())
		if err != nil {
			t.Fatal(err)
		}
		if err := s2.PlayCoords(moves); err != nil {
			t.Fatalf("%s: %v", moves, err)
		}
		return ev.Evaluate(s2, 0)
	}
	centre, corner, edge := score("M@middle-middle"), score("M@top-left"), score("M@top-middle")
	if !(centre > corner && corner > edge) {
		t.Errorf("lone X: centre %d, corner %d, edge %d; want centre > corner > edge", centre, corner, edge)
	}
	// X holds top-left and top-middle; O answers on the bottom row
	// (the top row stays open) or on top-right (it is blocked).
	open, blocked := score("M@top-left M@bottom-left M@top-middle M@bottom-middle"), score("M@top-left M@bottom-left M@top-middle M@top-right")
	if open <= blocked {
		t.Errorf("two in a row: open %d, blocked %d; want open > blocked", open, blocked)
	}

	pos, err := eval.PositionFor(s)
	if err != nil {
		t.Fatal(err)
	}
	res := engine.New[*vm.Move](pos, 1).Search(context.Background(), engine.Limits{Depth: 1})
	if !res.Found || len(res.PV) == 0 || res.PV[0] != "M@middle-middle" {
		t.Errorf("depth-1 opening %v, want M@middle-middle", res.PV)
	}
}
