// This file defines square sets of boards of at most 128 squares, with
// which captures-only generation skips a leap group none of whose
// landings holds an enemy (groups.go) and a piece none of whose capture
// squares does (captureSquares, below: most pawns), and the hash and
// generation read en passant and castling blocks' entry paths without
// walking them (spec.go, state.go).
//
// Slides gain nothing from them in Capablanca middlegames, where a ray
// usually has one to three squares before its first occupied one: finding
// that square from the ray's set and the occupancy (lowest or highest
// bit, in the ray's square order) cost more than stepping, in full and in
// captures-only generation (measured with callgrind), and skipping
// the rays without an enemy on them saved nothing measurable: in a
// middlegame nearly every ray has one somewhere.

package vm

import "math/bits"

// maxSetSquares is the largest board a squareSet holds.
const maxSetSquares = 128

// squareSet is a set of the squares of a board of at most 128 squares:
// square p is bit p%64 of word p/64.
type squareSet struct{ lo, hi uint64 }

func (a squareSet) and(b squareSet) squareSet { return squareSet{a.lo & b.lo, a.hi & b.hi} }
func (a squareSet) or(b squareSet) squareSet  { return squareSet{a.lo | b.lo, a.hi | b.hi} }
func (a squareSet) empty() bool               { return a.lo|a.hi == 0 }
func (a squareSet) andNot(b squareSet) squareSet {
	return squareSet{a.lo &^ b.lo, a.hi &^ b.hi}
}

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

// remove takes square p (0 <= p < 128) out of a.
func (a *squareSet) remove(p int32) {
	if p < 64 {
		a.lo &^= 1 << uint(p)
	} else {
		a.hi &^= 1 << uint(p-64)
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

// slideRays returns, for links of n squares (at most maxSetSquares) and
// each direction d and square p, the squares a slide from p along d
// passes to the board's edge (prepared.rays); empty where the direction
// comes back round (Board.loopDirs: attack tests judge no slide along
// such a direction).
func slideRays(links []int32, n int) []squareSet {
	rays := make([]squareSet, len(links))
	for d := 0; d*n < len(links); d++ {
		for p := 0; p < n; p++ {
			var r squareSet
			for q := links[d*n+p]; q >= 0; q = links[d*n+int(q)] {
				if q == int32(p) || r.has(q) {
					r = squareSet{}
					break
				}
				r.add(q)
			}
			rays[d*n+p] = r
		}
	}
	return rays
}

// all returns the squares holding a piece, on a board of at most 128
// squares.
func (o *occupancy) all() squareSet {
	var set squareSet
	if o.words == 1 {
		for _, w := range o.own {
			set.lo |= w
		}
		return set
	}
	for i := 0; i+1 < len(o.own); i += 2 {
		set.lo |= o.own[i]
		set.hi |= o.own[i+1]
	}
	return set
}

// worthy returns the squares of the pieces of players other than pl
// whose types are in worth (bit t: type t < 64), on a board of at most 128
// squares.
func (o *occupancy) worthy(pl int32, worth uint64) squareSet {
	var set squareSet
	if o.nT < 64 {
		worth &= 1<<uint(o.nT) - 1
	}
	for q := 0; q*o.nT*o.words < len(o.bits); q++ {
		if q == int(pl) {
			continue
		}
		for w := worth; w != 0; w &= w - 1 {
			set = set.or(o.typeSet(q, bits.TrailingZeros64(w)))
		}
	}
	return set
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

// captureSquares says, for a piece type, from each square where its blocks
// (those before the en passant tail) can make a noisy move: need[pl*n+sq]
// holds every square a capture from sq could land on (a leap group's
// landings, a slide group's rays), so a piece none of whose squares holds
// an enemy has nothing for captures-only generation to find; always[pl*n+sq]
// marks the squares from which a hop chain that takes nothing may promote.
type captureSquares struct {
	need   []squareSet
	always []bool
}

// newCaptureSquares returns the captureSquares of a type with the blocks
// runs, or nil if one of them is of another kind (it could capture
// anywhere, as far as this knows). A program that makes quiet moves alone
// (quietOnly: castling) needs no square.
func newCaptureSquares(runs []blockRun, plinks [][]int32, nPlayers int, n int32) *captureSquares {
	cs := &captureSquares{need: make([]squareSet, nPlayers*int(n)), always: make([]bool, nPlayers*int(n))}
	for i := 0; i < len(runs); i++ {
		r := &runs[i]
		switch r.kind {
		case runLeapGroup:
			lg := r.leaps
			if lg.lands == nil || lg.tail.empty.promo >= 0 {
				return nil // an empty landing may promote
			}
			for k, l := range lg.lands {
				cs.need[k] = cs.need[k].or(l)
			}
		case runSlideGroup:
			// A member's quiet branch never promotes (slideMember):
			// only a landing on a piece at the end of a ray is noisy.
			for pl, links := range plinks {
				for sq := range n {
					at := int32(pl)*n + sq
					for _, d := range r.slides.dirs {
						// A ray that comes round (a loop) ends where it
						// meets one of its squares again; it may cross
						// another ray's, and goes on past them.
						var ray squareSet
						for t := links[d*n+sq]; t >= 0 && !ray.has(t); t = links[d*n+t] {
							ray.add(t)
						}
						cs.need[at] = cs.need[at].or(ray)
					}
				}
			}
		case runSpecialised:
			if r.spec.noisyAt == nil {
				return nil
			}
			for pl, at := range r.spec.noisyAt {
				for sq, promotes := range at {
					cs.always[pl*int(n)+sq] = cs.always[pl*int(n)+sq] || promotes
				}
			}
		default:
			if !r.quietOnly { // castling: never noisy, nowhere needed
				return nil
			}
		}
		i += int(r.skip)
	}
	return cs
}
