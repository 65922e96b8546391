// This file tests how emit records a piece set down on a square that another
// piece left in the same move (Musketeer gating).

package vm

import "testing"

// TestPlacementOnVacatedSquareIsNoCapture: X on b moves to c; the cursor goes
// back to b, picks up our Y on a and sets it down on b, which X has left. The
// move text must not show a capture, and the move counts none.
func TestPlacementOnVacatedSquareIsNoCapture(t *testing.T) {
	prog := []Inst{
		{Op: OpStep, A: dirE}, // c
		{Op: OpTo},            // X set down on c
		{Op: OpBack},          // b
		{Op: OpStep, A: dirW}, // a
		{Op: OpFrom},          // pick up Y
		{Op: OpBack},          // b
		{Op: OpAdd, A: -1},    // Y set down on b
		{Op: OpEnd},
	}
	setup := []SetupItem{{Player: 0, Type: 0, Pos: posB}, {Player: 0, Type: 1, Pos: posA}, {Player: 1, Type: 1, Pos: posE}}
	s, moves := gen(t, toyGame(t, [][]Inst{prog}, setup, Options{}))
	if len(moves) != 1 {
		t.Fatalf("%d moves, want 1", len(moves))
	}
	m := &moves[0]
	if got, want := s.MoveString(m), "X b - c Y a - b"; got != want {
		t.Errorf("move text %q, want %q", got, want)
	}
	if m.Captures != 0 {
		t.Errorf("move counts %d captures, want 0", m.Captures)
	}
}
