// This file defines placement sums: for each player, the sum of a weight
// table over its pieces, kept up to date as pieces come and go (with the
// occupancy lists), so a searcher's material-and-placement evaluation
// costs a lookup instead of a scan of the board.

package vm

import "fmt"

// SetPlacement makes s keep, for each player, the sum of w over the
// player's pieces: w[(owner*types+type)*squares+square], where types is the
// number of piece types and squares the board's positions. nil stops it.
// The state reads w on every change of the board; the caller must not
// change it afterwards.
func (s *State) SetPlacement(w []int32) error {
	if want := len(s.g.Players) * len(s.g.Pieces) * len(s.Board); w != nil && len(w) != want {
		return fmt.Errorf("placement table of %d weights, the game needs %d", len(w), want)
	}
	s.occ.w = w
	s.occ.reset(s)
	return nil
}

// Placement returns the sum of w over player pl's pieces and over the other
// players' pieces; ok is false when s does not keep the sums of w (another
// table, or none: SetPlacement).
func (s *State) Placement(w []int32, pl int) (mine, others int64, ok bool) {
	o := &s.occ
	if len(w) == 0 || len(o.w) != len(w) || &o.w[0] != &w[0] {
		return 0, 0, false
	}
	for q, v := range o.sum {
		if q == pl {
			mine += v
		} else {
			others += v
		}
	}
	return mine, others, true
}
