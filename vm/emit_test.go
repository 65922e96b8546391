// This file tests how emit records a piece set down on a square that another
// piece left in the same move (Musketeer gating, Chase's ring of bumps).

package vm

import "testing"

// TestPlacementOnVacatedSquareCountsNoCapture: X on b moves to c; the cursor
// goes back to b, picks up our Y on a and sets it down on b, which X has
// left. The move counts no capture, but the text writes "x b" as Zillions
// does for a square occupied when the move began: its saved Chase game
// (GlukKazan+ZoG/Rules/Chase.zsg line 10) bumps dice around the whole ring
// and writes the last die's landing on the start square "p1 A9 x A1".
func TestPlacementOnVacatedSquareCountsNoCapture(t *testing.T) {
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
	if got, want := s.MoveString(m), "X b - c Y a x b"; got != want {
		t.Errorf("move text %q, want %q", got, want)
	}
	if m.Captures != 0 {
		t.Errorf("move counts %d captures, want 0", m.Captures)
	}
}
