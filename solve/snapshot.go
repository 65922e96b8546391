// This file keeps positions compactly for the searches that hold many at
// once: a position is the squares where its board differs from a reference
// position, its turn and partial-move state, and its hands and variables.

package solve

import "zrun/vm"

// cellDiff is one square whose contents differ from the reference board:
// the contents as an index in the store's palette (8 bytes, not 16).
type cellDiff struct {
	pos  int32
	cell uint32
}

// snap is one stored position (its parts live in the store's arenas).
type snap struct {
	off                              uint32 // first diff in store.diffs
	n                                uint32 // how many diffs
	ints                             uint32 // first of its hands and variables in store.ints
	turn                             int32
	partial, ptype, lastFrom, lastTo int32
}

// store holds positions of one game as differences from a reference board.
type store struct {
	ref *vm.State
	// palette holds the cells the positions have, cellIdx their indices.
	palette []vm.Cell
	cellIdx map[vm.Cell]uint32
	diffs   []cellDiff
	ints    []int64
	nInts   int
}

func newStore(ref *vm.State) *store {
	return &store{ref: ref.Clone(), nInts: len(ref.Hands) + len(ref.Vars), cellIdx: map[vm.Cell]uint32{}}
}

// take records s.
func (st *store) take(s *vm.State) snap {
	sn := snap{off: uint32(len(st.diffs)), turn: int32(s.Turn), partial: s.Partial,
		ptype: s.PartialType, lastFrom: s.LastFrom, lastTo: s.LastTo}
	ref := st.ref.Board
	for p, c := range s.Board {
		if c != ref[p] {
			k, ok := st.index(c)
			if !ok {
				k = uint32(len(st.palette))
				st.palette = append(st.palette, c)
				st.cellIdx[c] = k
			}
			st.diffs = append(st.diffs, cellDiff{int32(p), k})
		}
	}
	sn.n = uint32(len(st.diffs)) - sn.off
	if st.nInts > 0 {
		sn.ints = uint32(len(st.ints))
		st.ints = append(st.ints, s.Hands...)
		st.ints = append(st.ints, s.Vars...)
	}
	return sn
}

// restore sets s (a state of the same game) to the recorded position, with
// no moves to unmake.
func (st *store) restore(sn snap, s *vm.State) {
	s.Clear()
	copy(s.Board, st.ref.Board)
	for _, d := range st.diffs[sn.off : sn.off+sn.n] {
		s.Board[d.pos] = st.palette[d.cell]
	}
	if st.nInts > 0 {
		k := int(sn.ints)
		k += copy(s.Hands, st.ints[k:k+len(s.Hands)])
		copy(s.Vars, st.ints[k:k+len(s.Vars)])
	}
	s.Turn, s.Partial, s.PartialType = int(sn.turn), sn.partial, sn.ptype
	s.LastFrom, s.LastTo = sn.lastFrom, sn.lastTo
	s.Rehash()
}

// index finds c in the palette: a scan while it is short (a game has few
// distinct cells), the map after.
func (st *store) index(c vm.Cell) (uint32, bool) {
	if len(st.palette) <= 32 {
		for k, x := range st.palette {
			if x == c {
				return uint32(k), true
			}
		}
		return 0, false
	}
	k, ok := st.cellIdx[c]
	return k, ok
}
