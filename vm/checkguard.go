// This file defines the check guard: which moves of the player to move
// could give check, known without making them. A searcher that skips quiet
// moves near the horizon unless they give check (futility pruning) then
// makes and takes back only those that might.

package vm

// CheckGuard holds what MayGiveCheck needs of a position: the opponent's
// royal square and the squares our attacks on it read (attackPaths). The
// zero value says nothing (every move may give check).
type CheckGuard struct {
	king  int32
	opp   int
	paths []uint64
	ok    bool
}

// GuardChecks prepares cg for the moves of the player to move. It applies
// when the turn then passes to the other player of a two-player game, who
// has one royal piece (no spare), not attacked now, and every program of
// ours that could capture on it is specialised; otherwise cg says every
// move may give check. "Not attacked now" is tested unless turns alternate
// (then the opponent's last move left it safe).
func (s *State) GuardChecks(cg *CheckGuard) {
	cg.ok = false
	rows, _ := s.blockRows()
	g := s.g
	if rows == nil || s.pre.reach == nil || len(g.Players) != 2 || g.Options.SpareRoyals || s.Partial != NoPos {
		return
	}
	me, opp := s.Mover(), g.TurnOrder[g.NextTurn(s.Turn)].As
	if opp == me || len(s.occ.royal[opp]) != 1 {
		return
	}
	k := s.occ.royal[opp][0]
	// Where turns alternate the opponent has just moved and left its
	// royal piece safe; elsewhere (double moves) our first move may have
	// attacked it, and every move would then "give" check.
	if !s.pre.alternates && s.attackedBy(k, opp, true, s.Board[k], 0) {
		return
	}
	var ok bool
	if cg.paths, ok = s.pathsTo(k, opp, rows, cg.paths); ok {
		cg.king, cg.opp, cg.ok = k, opp, true
	}
}

// MayGiveCheck reports whether m, a move of this position, could leave the
// opponent's royal piece attacked (false: it certainly does not), by cg
// from GuardChecks. A move that completes the turn and changes no square on
// our attack paths to the royal square, nor that square, and puts down only
// our own pieces where their type cannot reach that square by the reach
// table, changes no attack on it; and there was none before.
func (s *State) MayGiveCheck(cg *CheckGuard, m *Move) bool {
	if !cg.ok || m.Continue >= 0 || m.Pass {
		return true
	}
	k, words := cg.king, s.occ.words
	if m.derived {
		// Its effects (Move.landing) read in place: From emptied, then
		// unless it lands as it stood, land put on To.
		from, to := m.From, m.To
		if from == k || cg.paths[from>>6]&(1<<uint(from&63)) != 0 {
			return true
		}
		if m.land == m.took {
			return false
		}
		if to == k || cg.paths[to>>6]&(1<<uint(to&63)) != 0 || m.land.Owner() == cg.opp {
			return true
		}
		return s.pre.reach.forType(m.land.Owner(), m.land.Type()).mayReachAny(words, int(to), int(k))
	}
	var buf effectBuf
	for _, e := range m.Effects(buf[:0]) {
		if e.Kind != EffCell {
			continue
		}
		p := e.Pos
		if p == k || cg.paths[p>>6]&(1<<uint(p&63)) != 0 {
			return true
		}
		v := e.Val
		if v == Empty {
			continue
		}
		if v.Owner() == cg.opp {
			return true
		}
		if tr := s.pre.reach.forType(v.Owner(), v.Type()); tr.mayReachAny(words, int(p), int(k)) {
			return true
		}
	}
	return false
}

// LegalGuard holds what SafeMove needs of a position: the mover's royal
// square and the squares the opponents' attacks on it read (attackPaths).
// The zero value says nothing (every move must be tested).
type LegalGuard struct {
	king  int32
	paths []uint64
	ok    bool
}

// GuardLegal prepares lg for the moves of the player to move, whose royal
// piece the caller knows to be unattacked (inCheck false: InCheck's
// answer); in check, or with other than one royal piece, lg says nothing.
// It is the check filter's shortcut (legal.go) for callers that generate
// pseudo-legal moves and test those they make.
func (s *State) GuardLegal(lg *LegalGuard, inCheck bool) {
	lg.ok = false
	rows, _ := s.blockRows()
	pl := s.Mover()
	if inCheck || rows == nil || s.pre.reach == nil || len(s.occ.royal[pl]) != 1 {
		return
	}
	k := s.occ.royal[pl][0]
	var ok bool
	if lg.paths, ok = s.pathsTo(k, pl, rows, lg.paths); ok {
		lg.king, lg.ok = k, true
	}
}

// pathsTo is attackPaths into buf (grown to the board's words once): the
// squares the attacks of pl's opponents on k read, and whether they say
// all (every program that could capture there is specialised).
func (s *State) pathsTo(k int32, pl int, rows [][]blockPre, buf []uint64) ([]uint64, bool) {
	words := s.occ.words
	if cap(buf) < words {
		buf = make([]uint64, words)
	}
	buf = buf[:words]
	return buf, s.attackPaths(k, pl, rows, buf)
}

// SafeMove reports whether m, a move of this position, certainly leaves the
// mover's royal piece unattacked as the turn passes (LeftInCheck would say
// false after it), by lg from GuardLegal; false: make it and test.
func (s *State) SafeMove(lg *LegalGuard, m *Move) bool {
	return lg.ok && s.quickSafe(m, s.Mover(), lg.king, lg.paths)
}
