// This file defines Make and Unmake.

package vm

// Make plays m (a move generated for this position). It returns an error only
// when deciding whether a partial move can continue runs out of step budget.
func (s *State) Make(m *Move) error { return s.makeAt(m, 0, true) }

// makeAt plays m with nested runs at level lv. Without rehash the position's
// hash is left as it was and the captured pieces are not recorded: the check
// filter makes every move only to run attack tests, which read neither the
// hash nor the goals, and Unmake restores both anyway.
func (s *State) makeAt(m *Move, lv int, rehash bool) error {
	s.hist = append(s.hist, histRec{
		undoLen: len(s.undo), turn: s.Turn, lastFrom: s.LastFrom, lastTo: s.LastTo,
		partial: s.Partial, ptype: s.PartialType, quiet: s.Quiet, takenLen: len(s.taken),
		gateAt: m.gateAt, key: s.key,
	})
	s.hashes = append(s.hashes, s.hash)
	s.seen[s.hash%uint64(len(s.seen))]++
	if rehash && s.pre.tracksTaken {
		s.recordTaken(m)
	}
	var h uint64
	if rehash {
		h = s.hash ^ s.key
	}
	if m.derived { // Move.Effects, unbuilt
		if f, l, n := m.landing(); n == 2 && f.Pos != l.Pos {
			h = s.moveCell(f.Pos, l.Pos, l.Val, h, rehash)
			s.hist[len(s.hist)-1].moved = true
		} else {
			h = s.setCell(f.Pos, f.Val, h, rehash)
			if n == 2 {
				h = s.setCell(l.Pos, l.Val, h, rehash)
			}
		}
	}
	for _, e := range m.eff() {
		if e.Kind == EffCell {
			h = s.setCell(e.Pos, e.Val, h, rehash)
			continue
		}
		if e.Kind == EffVar {
			old := s.Vars[e.Pos]
			s.undo = append(s.undo, undoRec{pos: e.Pos, kind: EffVar, old: Cell(old)})
			nw := old + int64(e.Val)
			if rehash {
				h ^= varKey(e.Pos, old) ^ varKey(e.Pos, nw)
			}
			s.Vars[e.Pos] = nw
			continue
		}
		old := s.Hands[e.Pos]
		s.undo = append(s.undo, undoRec{pos: e.Pos, kind: EffHand, old: Cell(old)})
		nw := old + int64(e.Val)
		if rehash {
			h ^= handKey(e.Pos, old) ^ handKey(e.Pos, nw)
		}
		s.Hands[e.Pos] = nw
	}
	if m.Pass {
		s.LastFrom, s.LastTo = NoPos, NoPos
	} else {
		s.LastFrom, s.LastTo = m.From, m.To
	}
	s.Ply++
	if m.Captures > 0 || s.isResetType(m.Piece) {
		s.Quiet = 0
	} else if m.Continue < 0 {
		s.Quiet++
	}
	var err error
	if m.Continue >= 0 {
		s.Partial, s.PartialType = m.To, m.Continue
		var more bool
		more, err = s.hasContinuation(lv + 1)
		if !more {
			s.endTurn()
		}
	} else {
		s.endTurn()
	}
	if rehash {
		s.key = s.stateKey()
		s.hash = h ^ s.key
	}
	return err
}

// HashAfter returns the hash Make(m) would most likely give, without
// making m: a searcher starts fetching the child's table slot while it still
// decides about m, instead of stalling on it once the child probes. It is
// exact for a derived move (one piece from one square to another) that ends
// the turn and passes it to another player. For other moves it returns the
// hash of this position. A wrong guess costs one useless fetch, nothing else.
func (s *State) HashAfter(m *Move) uint64 {
	if !m.derived || m.Continue >= 0 || m.lists != nil {
		return s.hash
	}
	f, l, n := m.landing()
	h := s.hash ^ s.key ^ cellKey(f.Pos, s.Board[f.Pos]) // f.Val is Empty
	if n == 2 {
		h ^= cellKey(l.Pos, s.Board[l.Pos]) ^ cellKey(l.Pos, l.Val)
	}
	next := s.g.NextTurn(s.Turn)
	h ^= s.pre.turnKeys[next]
	if s.pre.usesLast {
		gone := int32(NoPos)
		if m.took != Empty {
			gone = m.To
		}
		if !s.pre.lastByStarts || s.lastReaches(s.g.TurnOrder[next].As, m.From, m.To, gone) {
			h ^= lastSquaresKey(m.From, m.To)
		}
	}
	return h
}

// moveCell is setCell emptying from, then putting land on to (another
// square), with the occupancy changed in one step: the piece's bits move
// instead of being taken off and put back (occupancy.move).
func (s *State) moveCell(from, to int32, land Cell, h uint64, rehash bool) uint64 {
	c, took := s.Board[from], s.Board[to]
	s.undo = append(s.undo, undoRec{pos: from, kind: EffCell, old: c}, undoRec{pos: to, kind: EffCell, old: took})
	if rehash {
		h ^= cellKey(from, c) ^ cellKey(to, took) ^ cellKey(to, land)
	}
	s.Board[from], s.Board[to] = Empty, land
	s.occ.move(s, from, to, c, took, land)
	return h
}

// setCell puts v on square p for makeAt, recording the old cell for Unmake;
// with rehash it returns h updated for the change.
func (s *State) setCell(p int32, v Cell, h uint64, rehash bool) uint64 {
	old := s.Board[p]
	s.undo = append(s.undo, undoRec{pos: p, kind: EffCell, old: old})
	if rehash {
		h ^= cellKey(p, old) ^ cellKey(p, v)
	}
	s.Board[p] = v
	s.occ.change(s, p, old, v)
	return h
}

func (s *State) endTurn() {
	s.Partial, s.PartialType = NoPos, -1
	s.Turn = s.g.NextTurn(s.Turn)
}

func (s *State) isResetType(t int16) bool {
	return t >= 0 && s.pre.resetsQuiet[t]
}

// hasContinuation reports whether the piece of a partial move has a move of its
// continuation type.
func (s *State) hasContinuation(lv int) (bool, error) {
	ml := s.scratchAt(lv)
	ml.Reset()
	gn := s.genAt(lv)
	gn.ml, gn.err, gn.query = ml, nil, false
	s.runContinuation(gn, int32(s.g.TurnOrder[s.Turn].As))
	return len(ml.Moves) > 0, gn.err
}

// recordTaken notes the pieces m captures, as they stand before m is made:
// those its capture acts remove and those its moves land on, unless another
// act of m moves that piece away first (a king landing on its castling
// rook's square).
func (s *State) recordTaken(m *Move) {
	var buf actBuf
	acts := m.Actions(buf[:0])
	for _, a := range acts {
		var c Cell
		switch {
		case a.Kind == ActCapture && a.Type >= 0:
			c = s.Board[a.From]
		case a.Kind == ActMove && a.Captures && !movedAway(acts, a.To):
			c = s.Board[a.To]
		default:
			continue
		}
		if c != Empty {
			s.taken = append(s.taken, c)
		}
	}
}

// movedAway reports whether acts, a move's, move the piece that stood on p.
func movedAway(acts []Act, p int32) bool {
	for _, a := range acts {
		if a.Kind == ActMove && a.From == p {
			return true
		}
	}
	return false
}

// Unmake takes back the last move made.
func (s *State) Unmake() {
	n := len(s.hist) - 1
	h, hash := s.hist[n], s.hashes[n]
	s.seen[hash%uint64(len(s.seen))]--
	s.hist, s.hashes = s.hist[:n], s.hashes[:n]
	end := h.undoLen
	if h.moved {
		end += 2
	}
	for i := len(s.undo) - 1; i >= end; i-- {
		u := s.undo[i]
		if u.kind == EffCell {
			s.occ.change(s, u.pos, s.Board[u.pos], u.old)
			s.Board[u.pos] = u.old
		} else if u.kind == EffVar {
			s.Vars[u.pos] = int64(u.old)
		} else {
			s.Hands[u.pos] = int64(u.old)
		}
	}
	if h.moved { // moveCell's two records, the later taken back first
		f, t := s.undo[h.undoLen], s.undo[h.undoLen+1]
		s.occ.unmove(s, f.pos, t.pos, f.old, t.old, s.Board[t.pos])
		s.Board[f.pos], s.Board[t.pos] = f.old, t.old
	}
	s.undo = s.undo[:h.undoLen]
	s.taken = s.taken[:h.takenLen]
	s.Turn, s.LastFrom, s.LastTo = h.turn, h.lastFrom, h.lastTo
	s.Partial, s.PartialType, s.Quiet = h.partial, h.ptype, h.quiet
	s.hash, s.key = hash, h.key
	s.Ply--
}

// Depth returns how many moves can be unmade.
func (s *State) Depth() int { return len(s.hist) }
