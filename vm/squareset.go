// This file defines square sets of boards of at most 128 squares, with
// which captures-only generation skips a leap group none of whose
// landings holds an enemy (groups.go), and generation refuses en passant
// and castling blocks without walking their entry paths (spec.go).
//
// Slides gain nothing from them in Capablanca middlegames, where a ray
// usually has one to three squares before its first occupied one: finding
// that square from the ray's set and the occupancy (lowest or highest
// bit, in the ray's square order) cost more than stepping, in full and in
// captures-only generation, and skipping the rays (or the whole group)
// without an enemy on them saved nothing measurable.

package vm

// maxSetSquares is the largest board a squareSet holds.
const maxSetSquares = 128

// squareSet is a set of the squares of a board of at most 128 squares:
// square p is bit p%64 of word p/64.
type squareSet struct{ lo, hi uint64 }

func (a squareSet) and(b squareSet) squareSet { return squareSet{a.lo & b.lo, a.hi & b.hi} }
func (a squareSet) or(b squareSet) squareSet  { return squareSet{a.lo | b.lo, a.hi | b.hi} }
func (a squareSet) empty() bool               { return a.lo|a.hi == 0 }

// has reports whether square p (0 <= p < 128) is in a.
func (a squareSet) has(p int32) bool {
	w := a.lo
	if p >= 64 {
		w = a.hi
	}
	return w>>uint(p&63)&1 != 0
}

// add puts square p (0 <= p < 128) in a.
func (a *squareSet) add(p int32) {
	if p < 64 {
		a.lo |= 1 << uint(p)
	} else {
		a.hi |= 1 << uint(p-64)
	}
}

// sets returns the squares holding a piece of a player other than pl and
// those holding any piece, on a board of at most 128 squares.
func (o *occupancy) sets(pl int32) (enemy, occ squareSet) {
	w := o.words
	for q := 0; q < len(o.own); q += w {
		var s squareSet
		s.lo = o.own[q]
		if w == 2 {
			s.hi = o.own[q+1]
		}
		occ = occ.or(s)
		if q != int(pl)*w {
			enemy = enemy.or(s)
		}
	}
	return enemy, occ
}

// typeSet returns the squares of player pl's pieces of type t, on a board
// of at most 128 squares.
func (o *occupancy) typeSet(pl, t int) squareSet {
	at := (pl*o.nT + t) * o.words
	s := squareSet{lo: o.bits[at]}
	if o.words == 2 {
		s.hi = o.bits[at+1]
	}
	return s
}
