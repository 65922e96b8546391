// This file defines the transposition table: a fixed-size hash table of
// search results, always replacing except when a deeper result of the current
// search would be lost.

package engine

import "unsafe"

const (
	boundExact uint8 = iota + 1
	boundLower
	boundUpper
)

// ttEntry is one slot, padded to 32 bytes: two to a cache line, so a
// probe reads one line, the one touch fetched (at 24 bytes a quarter of
// them straddled two).
type ttEntry struct {
	key   uint64
	move  uint64
	score int32
	depth int8
	bound uint8
	age   uint8
	_     [9]byte
}

// table is the transposition table; its size is a power of two entries.
type table struct {
	entries []ttEntry
	mask    uint64
	age     uint8
}

// newTable allocates the largest power of two of entries that fits in mb
// megabytes (at least one entry), in huge pages where the system offers
// them (largePages). mb is clamped first (ClampHashMB): a size no front end
// checked must neither overflow the byte count nor ask for a slice longer
// than the runtime can make, which panics.
func newTable(mb int) *table {
	mb, _ = ClampHashMB(mb)
	size := uint64(unsafe.Sizeof(ttEntry{}))
	n := uint64(1)
	for n*2*size <= uint64(mb)<<20 {
		n *= 2
	}
	t := &table{mask: n - 1}
	t.entries = largePages(t, int(n))
	return t
}

// touch starts bringing key's slot into the cache, for a probe soon after
// (the child's, asked right after the move is made).
func (t *table) touch(key uint64) {
	prefetch(uintptr(unsafe.Pointer(&t.entries[key&t.mask])))
}

func (t *table) probe(key uint64) (ttEntry, bool) {
	e := t.entries[key&t.mask]
	return e, e.key == key && e.bound != 0
}

// store keeps the new result unless the slot holds a deeper result of the
// same search for another position.
func (t *table) store(key, move uint64, score, depth, ply int, bound uint8) {
	e := &t.entries[key&t.mask]
	if e.key != key && e.age == t.age && int(e.depth) > depth {
		return
	}
	if move == 0 && e.key == key {
		move = e.move // keep the old best move for ordering
	}
	*e = ttEntry{key: key, move: move, score: int32(toTT(score, ply)), depth: int8(max(min(depth, 127), -1)), bound: bound, age: t.age}
}

func (t *table) clear() {
	clear(t.entries)
}

// toTT and fromTT make win scores relative to the node, so a stored mate
// distance stays right when the position is reached at another ply.
func toTT(score, ply int) int {
	switch {
	case score > winBound:
		return score + ply
	case score < -winBound:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score > winBound:
		return score - ply
	case score < -winBound:
		return score + ply
	}
	return score
}
