// This file defines the check filter's shortcut: in a position where the
// player to move has one royal piece, not attacked, and every enemy move
// program that could reach it has a specialised form (spec.go), most moves
// are legal without being made.

package vm

import bits64 "math/bits"

// A move can leave the royal piece attacked only by changing a square some
// enemy attack depends on. For a specialised program from q that could
// capture on the royal square k these are: a slide's squares between q and
// k, and the landing squares of a leap chain's hops before the one that
// lands on k (their tests read them). Other squares no enemy capture on k
// reads (the reach table, reach.go, over-approximates which pieces could
// capture on k at all, whatever the board). So a move that does not touch k
// or those squares, that puts down no royal piece of the mover and no enemy
// piece (an enemy piece appearing or changing could attack), and that ends
// the turn, leaves k as unattacked as it was. Every other move is made and
// tested as before.

// quickLegal prepares the shortcut for player pl's moves at nesting level
// lv. It returns the royal square and the paths of the attacks on it, or
// ok false when the shortcut does not apply.
func (s *State) quickLegal(pl, lv int) (king int32, ps *pathSets, ok bool) {
	rows, _ := s.blockRows()
	if rows == nil || s.pre.reach == nil {
		return 0, nil, false
	}
	roy := s.occ.royal[pl]
	if len(roy) != 1 {
		return 0, nil, false
	}
	k := roy[0]
	// Attacked now: every move must be tested.
	if s.attackedBy(k, pl, true, s.Board[k], lv+1) {
		return 0, nil, false
	}
	gn := s.genAt(lv)
	if !s.pathsTo(k, pl, rows, &gn.sens) {
		return 0, nil, false
	}
	return k, &gn.sens, true
}

// pathSets is what attackPaths finds of the attacks on a royal square k.
type pathSets struct {
	// all: the squares the attacks read on their way to k. A move that
	// changes none of them (nor k) changes no attack on k.
	all []uint64
	// open: the squares a derived move (one piece from From to To) may
	// change an attack through by starting or landing there: of a slide
	// an attack test judges by its ray (judgeSlide), only the one piece
	// that stands between, where just one does (emptying a square of two
	// or more blockers leaves the others; filling one only blocks); of
	// every other attack the squares of all. nil where not wanted
	// (guardEvasions).
	open []uint64
	// gated: all and open hold a gate's square (markPaths), which a move
	// starting or landing there opens whatever its effects.
	gated bool
}

// has reports whether square p is in the bitset set.
func has(set []uint64, p int32) bool { return set[p>>6]&(1<<uint(p&63)) != 0 }

// mark adds square p to the bitset set.
func mark(set []uint64, p int32) { set[p>>6] |= 1 << uint(p&63) }

// attackPaths fills ps (cleared first) with the paths of the attacks on k
// of the players other than pl, and reports whether every program that
// could capture there is specialised or gated (otherwise ps says nothing).
func (s *State) attackPaths(k int32, pl int, rows [][]blockPre, ps *pathSets) bool {
	words := s.occ.words
	clear(ps.all)
	clear(ps.open)
	ps.gated = false
	for o := range s.g.Players {
		if o == pl {
			continue
		}
		if pr := s.playerReach(o); pr != nil && pr.rev != nil {
			// As playerHit visits them: the pieces some type could
			// capture on k from, each tested with its own type's reach
			// here, without a call (most of them fail it).
			rev := pr.rev[int(k)*words : int(k)*words+words]
			for w, bits := range s.occ.ownBits(o) {
				for bits &= rev[w]; bits != 0; bits &= bits - 1 {
					q := int32(w*64 + bits64.TrailingZeros64(bits))
					tr := pr.types[s.Board[q].Type()]
					if tr != nil && tr.rev[int(k)*words+w]&(1<<uint(q&63)) == 0 {
						continue
					}
					if !s.markPaths(q, k, o, tr, rows, ps) {
						return false
					}
				}
			}
			continue
		}
		for q, tr := range s.reachers(o, k, s.pre.reach, words) {
			if !s.markPaths(q, k, o, tr, rows, ps) {
				return false
			}
		}
	}
	return true
}

// markPaths adds to ps the paths of the blocks of player o's piece on q (of
// reach tr) on their way to a capture on k, and reports whether every block
// that could capture there is specialised, or gated where ps.open is
// wanted.
//
// A gated block is one the specialiser does not know whose entry path
// passes only where it reads the last move's square (en passant's
// last-to?): after the next move, whose From and To become the last
// move's squares, it runs from q only if that move starts (last-from?) or
// lands (last-to?) on the square it reads. That square is set in ps and
// ps.gated: a move that does neither leaves the block unable to run, so
// what else it reads does not matter. In check (guardEvasions, no open)
// this does not hold: an attack through the gate now ends with any other
// move, so no move can be said to keep it.
func (s *State) markPaths(q, k int32, o int, tr *typeReach, rows [][]blockPre, ps *pathSets) bool {
	if q == k {
		return true
	}
	t := s.Board[q].Type()
	if tr != nil && tr.hits != nil {
		for m := tr.hits[int(q)*tr.n+int(k)]; m != 0; m &= m - 1 {
			if !s.markBlock(q, k, o, t, bits64.TrailingZeros16(m), rows, ps) {
				return false
			}
		}
		return true
	}
	for bi := range s.g.Pieces[t].Moves {
		if tr.mayReach(s.occ.words, bi, int(q), int(k)) && !s.markBlock(q, k, o, t, bi, rows, ps) {
			return false
		}
	}
	return true
}

// markBlock is markPaths for block bi of the piece (of type t) on q.
func (s *State) markBlock(q, k int32, o, t, bi int, rows [][]blockPre, ps *pathSets) bool {
	// A block whose entry tests fail on the piece itself or its square
	// cannot capture on k before or after a move that changes neither.
	if s.g.Pieces[t].Moves[bi].Prog == nil || !rows[t][bi].admitsSelf(s, int32(o), q) {
		return true
	}
	sp := s.specFor(t, bi)
	if sp == nil {
		g, ok := rows[t][bi].gate(o, q)
		if !ok || ps.open == nil {
			return false
		}
		if g >= 0 { // else the block never runs from q
			mark(ps.all, g)
			mark(ps.open, g)
			ps.gated = true
		}
		return true
	}
	s.markSensitive(sp, q, k, int32(o), ps)
	return true
}

// markSensitive adds to ps the squares the specialised program sp, run by
// player o from q, reads on its way to a capture on k (pathSets).
func (s *State) markSensitive(sp *specProg, q, k, o int32, ps *pathSets) {
	if sp.kind == specHops {
		cur := q
		for hi := range sp.hops {
			t := sp.hops[hi].to[o][cur]
			if t < 0 {
				return
			}
			if t == k {
				c := q
				for hj := 0; hj < hi; hj++ {
					c = sp.hops[hj].to[o][c]
					mark(ps.all, c)
					if ps.open != nil {
						mark(ps.open, c)
					}
				}
				return
			}
			cur = t
		}
		return
	}
	links := s.pre.plinks[o]
	n := int32(len(s.Board))
	off := sp.dir * n
	// Rays are finite or come back to q (recogniseSpecs rejects the
	// others), so the walk ends; n bounds it all the same.
	for t, i := links[off+q], int32(0); t >= 0 && t != q && i < n; t, i = links[off+t], i+1 {
		if t != k {
			continue
		}
		blockers, blocker := 0, int32(-1)
		for c := links[off+q]; c != k; c = links[off+c] {
			mark(ps.all, c)
			if s.Board[c] != Empty {
				blockers, blocker = blockers+1, c
			}
		}
		switch {
		case ps.open == nil:
		case blockers == 1 && s.judgeable(sp) && sp.judge == judgeSlide:
			mark(ps.open, blocker)
		default:
			for c := links[off+q]; c != k; c = links[off+c] {
				mark(ps.open, c)
			}
		}
		return
	}
}

// quickSafe reports whether m, a move of pl, is legal by the shortcut: see
// above. k and ps come from quickLegal (or GuardLegal).
func (s *State) quickSafe(m *Move, pl int, k int32, ps *pathSets) bool {
	if m.Continue >= 0 || m.Pass || ps.gated && onGate(ps.all, m) {
		return false
	}
	if m.derived {
		// Its effects (Move.landing) read in place: From emptied, then
		// unless it lands as it stood, land put on To; a square of
		// open neither (pathSets).
		from, to, land := m.From, m.To, m.land
		return from != k && to != k && !has(ps.open, from) && (land == m.took ||
			!has(ps.open, to) && (land == Empty || land.Owner() == pl && !s.pre.isRoyal[pl][land.Type()]))
	}
	sens := ps.all
	var buf effectBuf
	for _, e := range m.Effects(buf[:0]) {
		if e.Kind != EffCell {
			continue
		}
		p := e.Pos
		if p == k || has(sens, p) {
			return false
		}
		if v := e.Val; v != Empty && (v.Owner() != pl || s.pre.isRoyal[pl][v.Type()]) {
			return false
		}
	}
	return true
}

// onGate reports whether m starts or lands on a square of sens, as a
// gated block's test of the last move's squares reads them after m
// (markPaths).
func onGate(sens []uint64, m *Move) bool {
	for _, p := range [2]int32{m.From, m.To} {
		if p >= 0 && has(sens, p) {
			return true
		}
	}
	return false
}

// leftAttacked reports whether pl's royal piece is attacked after the move
// just made. A gating move is judged without the piece it gated, as
// Fairy-Stockfish and Sjaak II (the reference engines of Seirawan-style
// gating) judge it: a gate may not block the check the move itself would
// leave or walk into (a pinned piece may not move off its line and gate a
// blocker behind it; a King may not step along the checking line with a
// piece gated behind it).
func (s *State) leftAttacked(pl, lv int) bool {
	n := len(s.hist)
	if n == 0 || s.hist[n-1].gateAt == 0 {
		return s.royalAttacked(pl, lv)
	}
	p := s.hist[n-1].gateAt - 1
	c := s.Board[p]
	s.Board[p] = Empty
	s.occ.change(s, p, c, Empty)
	hit := s.royalAttacked(pl, lv)
	s.Board[p] = c
	s.occ.change(s, p, Empty, c)
	return hit
}
