// This file defines attack tests: whether some move of the other side (or of
// our side, for defended?) could capture a piece on a square.

package vm

import (
	"iter"
	bits64 "math/bits"
)

// royalAttacked reports whether pl is in check: a royal piece stands
// attacked, or with Options.SpareRoyals and several royal pieces left, two.
func (s *State) royalAttacked(pl int, lv int) bool {
	need := 1
	if s.g.Options.SpareRoyals && len(s.occ.royal[pl]) > 1 {
		need = 2
	}
	for _, p := range s.occ.royal[pl] {
		if s.attackedBy(p, pl, true, s.Board[p], lv) {
			if need--; need == 0 {
				return true
			}
		}
	}
	return false
}

// Attacked reports whether a piece of player pl standing on p could be captured
// by a move of another player.
func (s *State) Attacked(p int, pl int) bool {
	c := s.Board[p]
	if c == Empty {
		c = MakeCell(0, pl, 0)
	}
	return s.attackedBy(int32(p), pl, true, c, 0)
}

// attackedBy runs the programs of pl's enemies (enemy == true) or of pl's own
// pieces (enemy == false, for defended?) in query mode and reports whether one
// of their moves would capture on target. The target square is made to hold a
// piece of pl (for attacked?) or of an enemy (for defended?) while the query
// runs: a piece that moves there is "virtual" when the square is empty.
// Drops are not considered, nor continuations of partial moves; turn-order
// move-type restrictions do not apply to threats.
func (s *State) attackedBy(target int32, pl int, enemy bool, virtual Cell, lv int) bool {
	q, _ := s.attackerOf(target, pl, enemy, virtual, lv)
	return q >= 0
}

// attackerOf is attackedBy telling which piece: the square of one whose
// move would capture on target and its owner, or -1 when none would.
func (s *State) attackerOf(target int32, pl int, enemy bool, virtual Cell, lv int) (q int32, owner int) {
	saved := s.Board[target]
	occupant := saved
	if occupant == Empty {
		occupant = virtual
	}
	held := pl
	if !enemy {
		held = (pl + 1) % len(s.g.Players)
	}
	s.Board[target] = occupant.WithOwner(held)
	gn := s.genAt(lv)
	gn.query, gn.target, gn.hit, gn.err = true, target, false, nil
	gn.occupiedOK = false
	q, owner = -1, -1
	reach := s.pre.reach
	if s.noReach {
		reach = nil
	}
	words := (len(s.Board) + 63) / 64
	for o := range s.g.Players {
		if (o != pl) != enemy {
			continue
		}
		if q = s.playerHit(gn, o, target, reach, words); q >= 0 {
			owner = o
			break
		}
	}
	gn.query = false
	s.Board[target] = saved
	return q, owner
}

// playerHit runs player o's pieces' blocks that may reach target and
// returns the square of the first piece that hits it, or -1. With a reach
// table it visits only the pieces standing where their type could capture
// on target (occupancy bits intersected with the reverse reach).
func (s *State) playerHit(gn *generator, o int, target int32, reach *reachTable, words int) int32 {
	if reach == nil {
		for w, bits := range s.occ.ownBits(o) {
			for ; bits != 0; bits &= bits - 1 {
				q := int32(w*64 + bits64.TrailingZeros64(bits))
				if q != target && s.pieceHits(gn, o, q, target, nil, words) {
					return q
				}
			}
		}
		return -1
	}
	// The player's pieces that some type could hit target from, each
	// tested with its own type's reach: few squares, where a loop over
	// the types costs more than the tests (and reachers' iterator more
	// again).
	pr := s.playerReach(o)
	if pr == nil || pr.rev == nil {
		for q, tr := range s.reachers(o, target, reach, words) {
			if q != target && s.pieceHits(gn, o, q, target, tr, words) {
				return q
			}
		}
		return -1
	}
	own := s.occ.ownBits(o)
	rev := pr.rev[int(target)*words : int(target)*words+words]
	for w, bits := range own {
		for bits &= rev[w]; bits != 0; bits &= bits - 1 {
			q := int32(w*64 + bits64.TrailingZeros64(bits))
			// A type not covered (nil) cannot stand there unless a
			// caller changed the board behind the occupancy: its piece
			// then runs every block.
			tr := pr.types[s.Board[q].Type()]
			if q != target && (tr == nil || tr.rev[int(target)*words+w]&(1<<uint(q&63)) != 0) && s.pieceHits(gn, o, q, target, tr, words) {
				return q
			}
		}
	}
	return -1
}

// playerReach is the reach of player o's types on the board, nil without
// a reach table or in a game of more types than a bitset of them holds.
func (s *State) playerReach(o int) *playerReach {
	r := s.pre.reach
	if r == nil || r.nTypes > maxPresentTypes {
		return nil
	}
	return r.forPlayer(o, s.occ.present[o])
}

// reachers yields the squares of player o's pieces whose type could
// capture on target by the reach table (type by type, each in square
// order), with the type's reach: occupancy bits intersected with the
// reverse reach, instead of every piece.
func (s *State) reachers(o int, target int32, reach *reachTable, words int) iter.Seq2[int32, *typeReach] {
	return func(yield func(int32, *typeReach) bool) {
		nT := s.occ.nT
		occ := s.occ.bits[o*nT*words : (o+1)*nT*words]
		types := reach.types[o*nT : (o+1)*nT] // forType's slots, read here without a call
		for t := 0; t < nT; t++ {
			var tr *typeReach
			for w, bits := range occ[t*words : (t+1)*words] {
				if bits == 0 {
					continue
				}
				if tr == nil {
					if tr = types[t].Load(); tr == nil {
						tr = reach.fill(o, t)
					}
				}
				if tr.rev != nil {
					bits &= tr.rev[int(target)*words+w]
				}
				for bits != 0 {
					q := int32(w*64 + bits64.TrailingZeros64(bits))
					bits &= bits - 1
					if !yield(q, tr) {
						return
					}
				}
			}
		}
	}
}

// pieceHits runs the blocks of the piece on q that may reach target (tr nil:
// every block).
func (s *State) pieceHits(gn *generator, o int, q, target int32, tr *typeReach, words int) bool {
	c := s.Board[q]
	t := c.Type()
	if tr != nil && tr.hits != nil {
		moves := s.g.Pieces[t].Moves
		rows, _ := s.blockRows()
		for m := tr.hits[int(q)*tr.n+int(target)]; m != 0; m &= m - 1 {
			bi := bits64.TrailingZeros16(m)
			// A leap or a slide that takes what it lands on is judged
			// from its landing or its ray without running it.
			if rows != nil {
				if sp := rows[t][bi].spec; s.judgeable(sp) {
					if sp.judge == judgeLeap {
						if sp.hops[0].to[o][q] == target {
							return true
						}
						continue
					}
					if s.slideHits(gn, sp.dir, o, q, target) {
						return true
					}
					continue
				}
			}
			if s.blockHits(gn, o, q, t, bi, &moves[bi]) {
				return true
			}
		}
		return false
	}
	for bi := range s.g.Pieces[t].Moves {
		b := &s.g.Pieces[t].Moves[bi]
		if b.Prog == nil || !tr.mayReach(words, bi, int(q), int(target)) {
			continue
		}
		if s.blockHits(gn, o, q, t, bi, b) {
			return true
		}
	}
	return false
}

// judgeable reports whether an attack test may judge sp (attackJudge)
// instead of running it: a leap or slide form within the step budget.
func (s *State) judgeable(sp *specProg) bool {
	return sp != nil && sp.judge != judgeRun && sp.maxSteps <= s.Limit.StepsPerRun
}

// slideHits reports whether a slide of player o's from q along direction
// d (judgeSlide) captures on target: target is on its ray and no piece
// stands between (gn.occupied, the board as the query sees it).
func (s *State) slideHits(gn *generator, d int32, o int, q, target int32) bool {
	n := int(gn.n)
	rays := s.pre.rays[o]
	r := rays[int(d)*n+int(q)]
	if !r.has(target) {
		return false
	}
	// The squares between, as landingMayCheck finds them too: a helper
	// for both does not inline, and cost 0.24% of a search's instructions.
	between := r.andNot(rays[int(d)*n+int(target)])
	between.remove(target)
	if between.empty() {
		return true
	}
	if !gn.occupiedOK { // once a query, where a slide needs it
		gn.occupied, gn.occupiedOK = s.occ.all(), true
		if s.liftedAt != 0 {
			gn.occupied.remove(s.liftedAt - 1)
		}
	}
	return between.and(gn.occupied).empty()
}

// blockHits runs block bi (b) of the piece of type t on q for player o in
// query mode and reports whether it hit the query's target.
func (s *State) blockHits(gn *generator, o int, q int32, t, bi int, b *MoveBlock) bool {
	gn.skip, gn.skipSpent = nil, false
	if rows, _ := s.blockRows(); rows != nil {
		bp := &rows[t][bi]
		if sp := bp.spec; sp != nil && sp.maxSteps <= s.Limit.StepsPerRun {
			gn.runSpec(sp, q, int32(o), int32(b.Type))
			return gn.hit
		}
		if !bp.admits(s, int32(o), q) {
			return false
		}
		gn.skip, gn.skipSpent = bp.skip, bp.skipSpent
	}
	gn.run(b.Prog, q, int32(o), int32(b.Type), false, 0)
	return gn.hit
}

// LandingAttacked reports whether, after the simple move m (Simple's ok:
// one piece from From to To), another player could capture the moved piece
// on To. The move is not made: its piece is set on To and lifted from From
// for the query (so a line through From opens), then put back. Moves that
// are not simple answer false, as does a drop or a move that stays.
// Searchers use it to skip captures that lose material (a piece taken by a
// cheaper one that can be recaptured), a cheap stand-in for static exchange.
func (s *State) LandingAttacked(m *Move) bool {
	piece, landed, ok := s.landing(m)
	if !ok {
		return false
	}
	pl := s.Mover()
	saved := s.Board[m.To]
	s.Board[m.From], s.Board[m.To] = Empty, landed
	s.liftedAt = m.From + 1 // the occupancy still has it there
	hit := s.attackedBy(m.To, pl, true, landed, 0)
	s.liftedAt = 0
	s.Board[m.From], s.Board[m.To] = piece, saved
	return hit
}

// landing is the piece the simple move m lifts and the piece it lands as
// (promoted where m retypes it); not ok for moves LandingAttacked and
// LandingDefended answer false: not simple, a drop, a move that stays, or
// no piece on From.
func (s *State) landing(m *Move) (piece, landed Cell, ok bool) {
	if !m.simple || m.Drop || m.From == m.To || m.From < 0 || m.To < 0 {
		return Empty, Empty, false
	}
	piece = s.Board[m.From]
	if piece == Empty {
		return Empty, Empty, false
	}
	landed = piece
	if m.retype >= 0 {
		landed = piece.WithType(int(m.retype))
	}
	return piece, landed, true
}

// LandingDefended reports whether, after the simple move m, another piece
// of the mover's could capture on To: take back there whatever took the
// moved piece. As LandingAttacked, the move is not made: its piece is set
// on To and lifted from From (its square left out of the mover's pieces,
// and a line through From opens) for the query, then put back. Moves that
// are not simple answer false, as does a drop or a move that stays. A
// static exchange whose capture no piece of the mover's defends ends with
// the first recapture: it need not be played out.
func (s *State) LandingDefended(m *Move) bool {
	piece, landed, ok := s.landing(m)
	if !ok {
		return false
	}
	pl := s.Mover()
	saved := s.Board[m.To]
	// The occupancy holds the moved piece on From: its bits there are
	// cleared while the mover's pieces are visited, or the empty square
	// would be run as a piece.
	o := &s.occ
	word, bit := int(m.From)/64, uint64(1)<<uint(m.From%64)
	owner, t := piece.Owner(), piece.Type()
	ownAt := owner*o.words + word
	typeAt := (owner*o.nT+t)*o.words + word
	hadOwn, hadType := o.own[ownAt]&bit, o.bits[typeAt]&bit
	o.own[ownAt] &^= bit
	o.bits[typeAt] &^= bit
	s.Board[m.From], s.Board[m.To] = Empty, landed
	s.liftedAt = m.From + 1
	hit := s.attackedBy(m.To, pl, false, landed, 0)
	s.liftedAt = 0
	s.Board[m.From], s.Board[m.To] = piece, saved
	o.own[ownAt] |= hadOwn
	o.bits[typeAt] |= hadType
	return hit
}
