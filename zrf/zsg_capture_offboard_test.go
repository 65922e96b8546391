// This file tests a capture whose direction leads off the board (vm/exec.go;
// docs/vm-language.md, tests and effects off the board).

package zrf

import "testing"

// TestCaptureOffBoardDoesNothing: (capture dir) with dir off the board
// captures nothing and the run goes on. Ragnarok.zrf's Surtr burns each
// neighbour with (if (not-empty? dir) ... (capture dir)), whose test is true
// off the board; Zillions' saved Bifrost game ends with the Surtr stepping to
// d1 on the edge, burning e2.
func TestCaptureOffBoardDoesNothing(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name Hero) (moves ((capture n) e add)))
  (piece (name Man))
  (board-setup (White (Hero a1) (Hero c2)) (Black (Man a2)))
  (win-condition (White Black) stalemated))`
	expectMoveSet(t, src, []string{"Hero a1 - b1 x a2", "Hero c2 - d2"}, "c2's capture n lies off the board")
}
