// This file defines the check guard: which moves of the player to move
// could give check, known without making them. A searcher that skips quiet
// moves near the horizon unless they give check (futility pruning) then
// makes and takes back only those that might.

package vm

import "math/bits"

// CheckGuard holds what MayGiveCheck needs of a position: the opponent's
// royal square and the squares our attacks on it read (attackPaths). The
// zero value says nothing (every move may give check).
type CheckGuard struct {
	king  int32
	opp   int
	paths pathSets
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
	if s.pathsTo(k, opp, rows, &cg.paths) {
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
	if !cg.ok || m.Continue >= 0 || m.Pass || cg.paths.gated && onGate(cg.paths.all, m) {
		return true
	}
	k, words := cg.king, s.occ.words
	if m.derived {
		// Its effects (Move.landing) read in place: From emptied, then
		// unless it lands as it stood, land put on To; a square of
		// open neither (pathSets).
		from, to, open := m.From, m.To, cg.paths.open
		if from == k || has(open, from) {
			return true
		}
		if m.land == m.took {
			return false
		}
		if to == k || has(open, to) || m.land.Owner() == cg.opp {
			return true
		}
		return s.landingMayCheck(m.land, from, to, k, words)
	}
	paths := cg.paths.all
	var buf effectBuf
	for _, e := range m.Effects(buf[:0]) {
		if e.Kind != EffCell {
			continue
		}
		p := e.Pos
		if p == k || has(paths, p) {
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

// MayGiveChecks sets out[i] to MayGiveCheck(cg, ms[i]) for each move, with
// the common case (a derived move that ends the turn) written out in the
// loop instead of a call a move. It repeats MayGiveCheck's derived branch:
// that branch as one function for both does not inline, and cost 0.32% of
// a search's instructions (callgrind, BenchmarkSearch).
func (s *State) MayGiveChecks(cg *CheckGuard, ms []*Move, out []bool) {
	out = out[:len(ms)]
	if !cg.ok {
		for i := range out {
			out[i] = true
		}
		return
	}
	k, words, open := cg.king, s.occ.words, cg.paths.open
	for i, m := range ms {
		if !m.derived || m.Continue >= 0 || cg.paths.gated {
			out[i] = s.MayGiveCheck(cg, m)
			continue
		}
		from, to := m.From, m.To
		switch {
		case from == k || has(open, from):
			out[i] = true
		case m.land == m.took:
			out[i] = false
		case to == k || has(open, to) || m.land.Owner() == cg.opp:
			out[i] = true
		default:
			out[i] = s.landingMayCheck(m.land, from, to, k, words)
		}
	}
}

// landingMayCheck reports whether the piece land, moved from from to to
// (neither on an attack path to k), may attack the royal square k from
// there: by its type's reach, and where every block of it that could
// capture on k from to is judged as attack tests judge it (attackJudge),
// by the landing or by the ray's squares between, the move having emptied
// from. So a slider that lands on the king's line behind a piece is
// cleared, where the reach alone would make the searcher test it.
func (s *State) landingMayCheck(land Cell, from, to, k int32, words int) bool {
	r := s.pre.reach
	pl, t := land.Owner(), land.Type()
	tr := r.filled(pl, t)
	if tr == nil {
		tr = r.forType(pl, t)
	}
	if !tr.mayReachAny(words, int(to), int(k)) {
		return false
	}
	rows, _ := s.blockRows()
	if tr == nil || tr.hits == nil || rows == nil || s.pre.rays == nil {
		return true
	}
	n := tr.n
	var occ squareSet
	occDone := false
	for bs := tr.hits[int(to)*n+int(k)]; bs != 0; bs &= bs - 1 {
		sp := rows[t][bits.TrailingZeros16(bs)].spec
		if !s.judgeable(sp) {
			return true
		}
		if sp.judge == judgeLeap {
			if sp.hops[0].to[pl][to] == k {
				return true
			}
			continue
		}
		rays := s.pre.rays[pl] // as slideHits reads them
		ray := rays[int(sp.dir)*n+int(to)]
		if !ray.has(k) {
			continue
		}
		between := ray.andNot(rays[int(sp.dir)*n+int(k)])
		between.remove(k)
		if !occDone {
			occ, occDone = s.occ.all(), true
			occ.remove(from)
		}
		if between.and(occ).empty() {
			return true
		}
	}
	return false
}

// LegalGuard holds what SafeMove needs of a position: the mover's royal
// square and the squares the opponents' attacks on it read (attackPaths).
// The zero value says nothing (every move must be tested).
type LegalGuard struct {
	king int32
	// ok: not in check, safe holds the paths of the opponents' attacks
	// on king (SafeMove). evade: in check, paths are the squares of one
	// attacker of the royal piece, of what its capture there reads, and
	// the royal square (KeepsCheck, which reads paths alone).
	safe      pathSets
	paths     []uint64
	ok, evade bool
}

// GuardLegal prepares lg for the moves of the player to move, whose royal
// piece the caller knows to be unattacked or attacked (inCheck: InCheck's
// answer); with other than one royal piece lg says nothing. It is the
// check filter's shortcut (legal.go) for callers that generate
// pseudo-legal moves and test those they make: out of check SafeMove
// tells most legal moves, in check KeepsCheck most illegal ones.
func (s *State) GuardLegal(lg *LegalGuard, inCheck bool) {
	lg.ok, lg.evade = false, false
	rows, _ := s.blockRows()
	pl := s.Mover()
	if rows == nil || s.pre.reach == nil || len(s.occ.royal[pl]) != 1 {
		return
	}
	k := s.occ.royal[pl][0]
	if inCheck {
		s.guardEvasions(lg, k, pl, rows)
		return
	}
	if s.pathsTo(k, pl, rows, &lg.safe) {
		lg.king, lg.ok = k, true
	}
}

// guardEvasions prepares lg, with pl's royal piece on k attacked, for
// KeepsCheck: a move that completes the turn and changes neither the
// attacker's square, nor a square its capture on k reads (markPaths), nor
// k leaves that capture standing. It applies where turns alternate (such a
// move passes the turn, and LeftInCheck then tests it) and where every
// program of the attacker's that could capture on k is specialised, so
// that markPaths knows what they read.
func (s *State) guardEvasions(lg *LegalGuard, k int32, pl int, rows [][]blockPre) {
	if !s.pre.alternates {
		return
	}
	q, o := s.attackerOf(k, pl, true, s.Board[k], 0)
	if q < 0 {
		return // the caller's "in check" came from elsewhere (a spare royal piece)
	}
	lg.paths = wordsBuf(lg.paths, s.occ.words)
	clear(lg.paths)
	if !s.markPaths(q, k, o, s.pre.reach.forType(o, s.Board[q].Type()), rows, &pathSets{all: lg.paths}) {
		return
	}
	for _, p := range [2]int32{q, k} {
		mark(lg.paths, p)
	}
	lg.evade = true // KeepsCheck reads paths alone: k is in them
}

// KeepsCheck reports whether m, a move of this position, certainly leaves
// the mover's royal piece attacked as the turn passes (LeftInCheck would
// say true after it), by lg from GuardLegal in check: it completes the turn
// and changes no square of lg's. false: make it and test.
func (s *State) KeepsCheck(lg *LegalGuard, m *Move) bool {
	if !lg.evade || m.Continue >= 0 || m.Pass {
		return false
	}
	if m.derived {
		return lg.misses(m)
	}
	var buf effectBuf
	for _, e := range m.Effects(buf[:0]) {
		if e.Kind == EffCell && has(lg.paths, e.Pos) {
			return false
		}
	}
	return true
}

// misses reports whether derived move m changes no square of lg's paths,
// reading its effects (landing) without building them: From emptied, and
// To written unless the move leaves it as it was.
func (lg *LegalGuard) misses(m *Move) bool {
	return !has(lg.paths, m.From) && (m.land == m.took || !has(lg.paths, m.To))
}

// KeepEvasions drops from ms, moves of this position, those KeepsCheck
// rejects by lg, keeping the others in order; a derived move's squares are
// read here, without a call (a list in check is mostly such moves).
func (s *State) KeepEvasions(lg *LegalGuard, ms []*Move) []*Move {
	if !lg.evade {
		return ms
	}
	k := 0
	for _, m := range ms {
		if m.derived && m.Continue < 0 {
			if lg.misses(m) {
				continue // KeepsCheck's answer for it
			}
		} else if s.KeepsCheck(lg, m) {
			continue
		}
		ms[k] = m
		k++
	}
	return ms[:k]
}

// pathsTo is attackPaths into ps, whose bitsets are grown to the board's
// words once: the paths of the attacks of pl's opponents on k, and whether
// they say all (every program that could capture there is specialised or
// gated).
func (s *State) pathsTo(k int32, pl int, rows [][]blockPre, ps *pathSets) bool {
	ps.all = wordsBuf(ps.all, s.occ.words)
	ps.open = wordsBuf(ps.open, s.occ.words)
	return s.attackPaths(k, pl, rows, ps)
}

// wordsBuf is buf with room for a bitset of words words, grown only when
// it is too small (a guard's buffer, reused ply after ply).
func wordsBuf(buf []uint64, words int) []uint64 {
	if cap(buf) < words {
		return make([]uint64, words)
	}
	return buf[:words]
}

// SafeMove reports whether m, a move of this position, certainly leaves the
// mover's royal piece unattacked as the turn passes (LeftInCheck would say
// false after it), by lg from GuardLegal; false: make it and test.
func (s *State) SafeMove(lg *LegalGuard, m *Move) bool {
	return lg.ok && s.quickSafe(m, s.Mover(), lg.king, &lg.safe)
}
