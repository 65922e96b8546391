// This file counts the pieces in hand of games that gate them (Seirawan
// chess, Musketeer Chess as Sjaak II plays it): a held piece is not dropped
// anywhere, it enters on the square an unmoved piece leaves on its first
// move. So it is material while a piece that can still gate it stands
// unmoved, and worth nothing once none does.

package eval

import (
	"slices"

	"zrun/vm"
)

// gating says which pieces can gate and which held pieces are worth most.
type gating struct {
	// gates[t]: pieces of type t gate (one of their programs has
	// vm.OpAddGate).
	gates []bool
	// unmoved[t] is the mask of t's true-by-default attributes (those of
	// a fresh piece): a piece whose mask bits are all still set has not
	// moved (the never-moved convention of castling rights, vm/fen.go);
	// 0 when t has none.
	unmoved []uint64
	// dearest lists the types by value, dearest first.
	dearest []int
}

// newGating returns the gating facts of g, or nil when no piece gates.
func newGating(g *vm.Game, value []int) *gating {
	gt := &gating{gates: make([]bool, len(g.Pieces)), unmoved: make([]uint64, len(g.Pieces))}
	found := false
	for t, pt := range g.Pieces {
		for _, b := range pt.Moves {
			if b.Prog != nil && slices.ContainsFunc(b.Prog.Code, func(in vm.Inst) bool { return in.Op == vm.OpAddGate }) {
				gt.gates[t], found = true, true
			}
		}
		gt.unmoved[t] = g.FreshPiece(t, 0).Attrs()
		gt.dearest = append(gt.dearest, t)
	}
	if !found {
		return nil
	}
	slices.SortStableFunc(gt.dearest, func(a, b int) int { return value[b] - value[a] })
	return gt
}

// canGate reports whether the piece c (on the board) can still gate.
func (gt *gating) canGate(c vm.Cell) bool {
	t := c.Type()
	m := gt.unmoved[t]
	return gt.gates[t] && m != 0 && c.Attrs()&m == m
}

// held is the material of pl's held pieces that can still enter: the
// dearest of them, one for each of pl's pieces that can gate.
func (ev *Evaluator) held(s *vm.State, pl, gates int) int {
	v := 0
	for _, t := range ev.gating.dearest {
		if gates == 0 {
			break
		}
		k := min(int(s.Hands[pl*ev.nT+t]), gates)
		if k > 0 {
			v += k * ev.value[t]
			gates -= k
		}
	}
	return v
}
