// This file tests how emit records, and notation writes, pieces set down or
// created on squares that another piece left in the same move (Musketeer
// gating, Chase's ring of bumps and splits).

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

// TestCreationWhereAPieceLeftIsWrittenFirst: a creation on a square a moving
// piece leaves is written before the run's other creations (Chase's "p3 B4 -
// E5 p6 D6 - C6 Red p1 D6 Red p2 E4 x E5", whose program creates on E4 first).
// Here the run creates a Y on b, then an X on c, and moves our Y from c to d.
func TestCreationWhereAPieceLeftIsWrittenFirst(t *testing.T) {
	prog := []Inst{
		{Op: OpStep, A: dirE},       // b
		{Op: OpCreate, A: 1, B: -1}, // A's Y on b
		{Op: OpStep, A: dirE},       // c
		{Op: OpCreate, A: 0, B: -1}, // A's X on c
		{Op: OpFrom},                // pick up the Y on c
		{Op: OpStep, A: dirE},       // d
		{Op: OpTo},                  // set it down on d
		{Op: OpAdd, A: -1},
		{Op: OpEnd},
	}
	setup := []SetupItem{{Player: 0, Type: 0, Pos: posA}, {Player: 0, Type: 1, Pos: posC}}
	s, moves := gen(t, toyGame(t, [][]Inst{prog}, setup, Options{}))
	if len(moves) != 1 {
		t.Fatalf("%d moves, want 1", len(moves))
	}
	if got, want := s.MoveString(&moves[0]), "Y c - d A X c A Y b"; got != want {
		t.Errorf("move text %q, want %q", got, want)
	}
	if got := after(t, s, &moves[0]); got != "XYXY." {
		t.Errorf("board %q, want %q", got, "XYXY.")
	}
}
