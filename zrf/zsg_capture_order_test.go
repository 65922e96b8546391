// This file tests the order in which a move's captures and other changes are
// written (vm/notation.go, moveWriter.changes), on toy rule files shaped like
// the corpus moves that decided it.

package zrf

import (
	"slices"
	"testing"
)

// TestCaptureOrderInMoveText: the changes of a move that are not captures
// come first, the captures after them, in the order an unstable partition of
// the program-order list leaves them. Zillions' saved Daldosa game writes the
// count macro (capture z1, capture z2, create Mark z3) as "White Mark z3 x z2
// x z1" and with four captures "White Mark z5 x z2 x z3 x z4 x z1"; its saved
// Sahkku game writes a dice capture on Y, a capture on d11 and a change-owner
// on dII as "= Black on dII x d11 x Y"; Duel's create before its captures
// and Sahkku's captures with no change after them come out in program order;
// Northern Kings writes one capture before two attribute changes "@ e1 0 0 @
// e5 0 0 x e5".
func TestCaptureOrderInMoveText(t *testing.T) {
	tests := []struct {
		name, code, want string
	}{
		{"captures only", "(capture b2) (capture c2) (capture d2)",
			"Hero a1 - b1 x b2 x c2 x d2"},
		{"two captures then a creation", "(capture b2) (capture c2) (create Man e1)",
			"Hero a1 - b1 White Man e1 x c2 x b2"},
		{"four captures then a creation", "(capture b2) (capture c2) (capture d2) (capture e2) (create Man e1)",
			"Hero a1 - b1 White Man e1 x c2 x d2 x e2 x b2"},
		{"two captures then an owner change", "(capture b2) (capture c2) (change-owner d2)",
			"Hero a1 - b1 = White on d2 x c2 x b2"},
		{"a creation then captures", "(create Man e1) (capture b2) (capture c2)",
			"Hero a1 - b1 White Man e1 x b2 x c2"},
		{"one capture then two changes", "(capture b2) (set-attribute marked? false c2) (set-attribute marked? false d2)",
			"Hero a1 - b1 @ c2 0 0 @ d2 0 0 x b2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := `(game (title "T") (players White Black) (turn-order White Black)
  ` + toyBoard + `
  (piece (name Hero) (moves (` + tc.code + ` e add)))
  (piece (name Man) (attribute marked? true))
  (board-setup (White (Hero a1)) (Black (Man b2) (Man c2) (Man d2) (Man e2)))
  (win-condition (White Black) stalemated))`
			_, _, _, got := toyMoves(t, src)
			if want := []string{tc.want}; !slices.Equal(got, want) {
				t.Errorf("moves %q, want %q", got, want)
			}
		})
	}
}
