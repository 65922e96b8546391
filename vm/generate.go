// This file defines move generation for the side to move: running every
// program, then move priorities, duplicate removal, maximal captures, the
// no-moving-into-check filter and passing.

package vm

import (
	"math/bits"
)

// Generate fills ml with the legal moves of the player to move. It returns an
// error (with the rule's position) when a program exceeds its step budget.
func (s *State) Generate(ml *MoveList) error { return s.generate(ml, 0, true) }

// GeneratePseudo fills ml with the moves before the check-legality filter.
func (s *State) GeneratePseudo(ml *MoveList) error { return s.generate(ml, 0, false) }

func (s *State) generate(ml *MoveList, lv int, legal bool) error {
	gn, pl := s.build(ml, lv)
	if gn.err != nil {
		return gn.err
	}
	g := s.g
	s.removeDuplicates(ml, gn.interp)
	if g.Options.MaximalCaptures > 0 {
		keepMaximal(ml, g.Options.MaximalCaptures)
	}
	if legal && len(s.pre.royal[pl]) > 0 {
		if err := s.filterIllegal(ml, lv, int(pl)); err != nil {
			return err
		}
	}
	s.addPass(ml)
	return nil
}

// build runs the turn's programs into ml at level lv and keeps the moves of
// the best-ranked move types: the list before duplicates are removed and
// legality is tested. It returns the generator (its err and interp) and
// the player the moves are made for.
func (s *State) build(ml *MoveList, lv int) (*generator, int32) {
	ml.Reset()
	gn := s.genAt(lv)
	gn.ml, gn.err, gn.query, gn.interp = ml, nil, false, false
	pl := s.runTurn(gn)
	if gn.err == nil {
		// Priorities before duplicates: a move that two blocks of different
		// types produce (Gwangsanghui's chariots have the same slides as
		// start-type and as normal-type moves, and its untyped turns run
		// both) must survive as the better-ranked one, which keeping the
		// first duplicate would not do.
		s.applyPriorities(ml)
	}
	return gn, pl
}

// runTurn runs the programs of the player to move into gn: the pending
// partial move's continuation, or every move and drop the turn allows. It
// returns the player the moves are made for.
func (s *State) runTurn(gn *generator) int32 {
	turn := s.g.TurnOrder[s.Turn]
	pl := int32(turn.As)
	if src := s.g.Moves; src != nil {
		gn.err = src.Generate(s, gn.ml)
		return pl
	}
	if s.Partial != NoPos {
		s.runContinuation(gn, pl)
	} else {
		s.runMoves(gn, pl, int32(turn.MoveType))
		s.runDrops(gn, pl, int32(turn.MoveType))
	}
	return pl
}

func (s *State) runContinuation(gn *generator, pl int32) {
	c := s.Board[s.Partial]
	if c == Empty || (int32(c.Owner()) != pl && !s.g.Options.SharedPieces) {
		return
	}
	for bi, b := range s.g.Pieces[c.Type()].Moves {
		if int32(b.Type) != s.PartialType || b.Prog == nil {
			continue
		}
		if sp := s.specFor(c.Type(), bi); sp != nil {
			gn.runSpec(sp, s.Partial, pl, int32(b.Type))
		} else {
			gn.run(b.Prog, s.Partial, pl, int32(b.Type), false, 0)
		}
		if gn.err != nil {
			return
		}
	}
}

func (s *State) runMoves(gn *generator, pl, only int32) {
	if _, ok := s.blockRows(); ok {
		s.runBlocks(gn, pl, only)
		return
	}
	shared := s.g.Options.SharedPieces
	for p, c := range s.Board {
		if c == Empty || (int32(c.Owner()) != pl && !shared) {
			continue
		}
		for _, b := range s.g.Pieces[c.Type()].Moves {
			if b.Prog == nil || (only != AnyMoveType && int32(b.Type) != only) {
				continue
			}
			gn.run(b.Prog, int32(p), pl, int32(b.Type), false, 0)
			if gn.err != nil {
				return
			}
		}
	}
}

// runBlocks is runMoves with the blocks' pre-knowledge: a specialised form
// tests its own way in; another program's entry path is checked before its
// run.
//
// The mover's pieces are visited in square order, as a scan of the board
// would, from the occupancy's bitset of them. Where the step budget lets
// every specialised form run and every move type may move (the common
// case, fast), each block's way to run is read off its kind; otherwise
// runLimited asks block by block. The choice is made once a piece (one
// loop asking which way at every block ran 1.2% slower), in one loop over
// the pieces written out: an iterator yielding each piece's runs to two
// loops (range over func) cost 0.5% more instructions.
func (s *State) runBlocks(gn *generator, pl, only int32) {
	limit := s.Limit.StepsPerRun
	if len(s.Board) <= maxSetSquares {
		gn.enemySet, gn.occSet = s.occ.sets(pl)
		gn.ownSet = gn.occSet.andNot(gn.enemySet)
		gn.worthSet = gn.enemySet
		if gn.worth != allTypes {
			gn.worthSet = s.occ.worthy(pl, gn.worth)
		}
		if gn.onto >= 0 {
			var one squareSet
			one.add(gn.onto)
			gn.worthSet = gn.worthSet.and(one)
		}
		if len(s.pre.lastSets) > 0 {
			if gn.lastOK == nil {
				gn.lastOK = make([]squareSet, len(s.pre.runs))
			}
			for i := range s.pre.lastSets {
				ls := &s.pre.lastSets[i]
				gn.lastOK[ls.t] = ls.starts(int(pl), len(s.Board), s.LastFrom, s.LastTo)
			}
		}
	}
	fast := only == AnyMoveType && limit >= s.pre.maxSpecSteps
	words := s.occ.words
	var ontoRev []uint64
	if gn.onto >= 0 { // the call, not inlined, only there
		ontoRev = s.ontoReachers(gn, pl)
	}
	for w, word := range s.occ.own[int(pl)*words : int(pl+1)*words] {
		if ontoRev != nil {
			word &= ontoRev[w]
		}
		for ; word != 0; word &= word - 1 {
			p := int32(w<<6 + bits.TrailingZeros64(word))
			t := s.Board[p].Type()
			tp := &s.pre.plans[t]
			if gn.countAll {
				gn.countQuiet = tp.allSpecialised
			}
			rs := tp.runs
			// The blocks that end the list and that the last move's
			// squares refuse from here (en passant, lastTail) are not
			// even visited.
			if tp.lastTail < len(rs) && !gn.lastOK[t].has(p) {
				rs = rs[:tp.lastTail]
			}
			// Captures alone: a piece with no enemy where it could
			// capture (none worth taking: GenerateCapturesOf), no en
			// passant and no promotion is not visited.
			if cs := tp.captures; gn.dropQuiet && cs != nil && len(rs) == tp.lastTail {
				at := int(pl)*len(s.Board) + int(p)
				if !cs.always[at] && gn.worthSet.and(cs.need[at]).empty() {
					continue
				}
			}
			if !fast {
				for i := 0; i < len(rs); i++ {
					if i += s.runLimited(gn, &rs[i], p, pl, only, limit); gn.err != nil {
						gn.countQuiet = false
						return
					}
				}
				continue
			}
			for i := 0; i < len(rs); i++ {
				r := &rs[i]
				switch r.kind {
				case runLeapGroup:
					// Most pawns' captures and, in captures-only
					// generation, most leapers have nothing to take:
					// told here without the call.
					if lg := r.leaps; !gn.skipsEmpty(lg) || !lg.nothingToTake(gn, pl, p) {
						gn.runLeaps(lg, p, pl, r.moveType)
					}
				case runSlideGroup:
					if !r.slides.hemmedIn(gn, pl, p) { // a rook in the corner before castling: no call
						gn.runSlides(r.slides, p, pl, r.moveType)
					}
				case runSpecialised:
					if r.spec.push != nil {
						gn.runPush(r.spec, p, pl, r.moveType)
					} else if gn.specFrom(r.spec, pl, p) {
						gn.runSpec(r.spec, p, pl, r.moveType)
					}
				default:
					// quickRefuses and blocked (inlined) turn most en
					// passant and castling blocks away without the call.
					if gn.dropQuiet && r.quietOnly {
						break
					}
					if pre := r.pre; !pre.quickRefuses(s, pl, p) && !pre.blocked(gn.occSet, pl, p) && pre.admits(s, pl, p) {
						gn.run(r.prog, p, pl, r.moveType, false, 0)
					}
				}
				if gn.err != nil {
					gn.countQuiet = false
					return
				}
				i += int(r.skip)
			}
		}
	}
	gn.countQuiet = false // drops and continuations run interpreted
}

// ontoReachers returns, in captures onto one square (gn.onto), the
// squares from which some type of pl's could capture there (the reach
// table's reverse reach, as an attack test reads it): runBlocks visits
// only pl's pieces there. Nil where every piece is visited.
func (s *State) ontoReachers(gn *generator, pl int32) []uint64 {
	if gn.onto < 0 || s.noReach {
		return nil
	}
	pr := s.playerReach(int(pl))
	if pr == nil || pr.rev == nil {
		return nil
	}
	words := s.occ.words
	return pr.rev[int(gn.onto)*words : int(gn.onto)*words+words]
}

// runLimited runs block r from p where some move types may not move
// (only) or the step budget (limit) is too small for some specialised
// forms, which then run in the interpreter (a group's members one by
// one). It returns the number of blocks after r that it ran too.
func (s *State) runLimited(gn *generator, r *blockRun, p, pl, only int32, limit int) int {
	if only != AnyMoveType && r.moveType != only {
		return 0
	}
	if lg := r.leaps; lg != nil && lg.maxSteps <= limit {
		if !gn.skipsEmpty(lg) || !lg.nothingToTake(gn, pl, p) {
			gn.runLeaps(lg, p, pl, r.moveType)
		}
		return lg.n - 1
	}
	if sg := r.slides; sg != nil && sg.maxSteps <= limit {
		gn.runSlides(sg, p, pl, r.moveType)
		return sg.n - 1
	}
	if sp := r.pre.spec; sp != nil && sp.maxSteps <= limit {
		if gn.specFrom(sp, pl, p) {
			gn.runSpec(sp, p, pl, r.moveType)
		}
		return 0
	}
	if gn.dropQuiet && r.quietOnly {
		return 0
	}
	if pre := r.pre; !pre.quickRefuses(s, pl, p) && !pre.blocked(gn.occSet, pl, p) && pre.admits(s, pl, p) {
		gn.run(r.prog, p, pl, r.moveType, false, 0)
	}
	return 0
}

// specFrom reports whether specialised form sp may add a move from p for
// pl: from squares where it adds only quiet moves, and those are dropped,
// it adds nothing.
func (gn *generator) specFrom(sp *specProg, pl, p int32) bool {
	return !gn.dropQuiet || sp.noisyAt == nil || sp.noisyAt[pl][p]
}

func (s *State) runDrops(gn *generator, pl, only int32) {
	nT := len(s.g.Pieces)
	for _, t := range s.pre.dropTypes {
		pt := s.g.Pieces[t]
		if s.Hands[int(pl)*nT+t] <= 0 && !s.g.HandUnlimited(int(pl), t) {
			continue
		}
		for _, b := range pt.Drops {
			if b.Prog == nil || (only != AnyMoveType && int32(b.Type) != only) {
				continue
			}
			for p := range s.Board {
				gn.run(b.Prog, int32(p), pl, int32(b.Type), true, int32(t))
				if gn.err != nil {
					return
				}
			}
		}
	}
}

// removeDuplicates removes the moves of a generation run that repeat an
// earlier one (dedup). Where specialised programs alone never list a move
// twice (specDistinct, spec.go) only a move an interpreted run built can
// repeat another, and a run that built none (interp false) needs nothing.
func (s *State) removeDuplicates(ml *MoveList, interp bool) {
	switch {
	case !s.pre.specDistinct:
		s.dedup(ml)
	case interp:
		s.dedupInterpreted(ml)
	}
}

// dedupInterpreted is dedup for a list in which two moves specialised
// programs built (simple ones) are never the same: each move is compared
// only with the kept moves an interpreted run built and, if it was built
// by one itself, with every kept move. Few moves are interpreted (castling,
// en passant), so this is far cheaper than hashing every move.
func (s *State) dedupInterpreted(ml *MoveList) {
	kept := s.dedupInterp[:0] // kept moves built by an interpreted run
	out := 0
	for i := range ml.Moves {
		m := &ml.Moves[i]
		dup := false
		if m.simple {
			for _, k := range kept {
				if s.sameMove(&ml.Moves[k], m) {
					dup = true
					break
				}
			}
		} else {
			for k := 0; k < out; k++ {
				if s.sameMove(&ml.Moves[k], m) {
					dup = true
					break
				}
			}
		}
		if dup {
			continue
		}
		if !m.simple {
			kept = append(kept, int32(out))
		}
		if out != i {
			ml.Moves[out] = *m
		}
		out++
	}
	ml.Moves = ml.Moves[:out]
	s.dedupInterp = kept
}

// dedup removes moves that change the position exactly as an earlier one does
// and are written the same (different definitions can produce the same move;
// Zillions lists it once). Two moves with the same effects whose text differs
// are both kept: a set-attribute that changes nothing still makes another
// move for Zillions. Its saved TransportChess game moves rooks that have moved
// along an empty rank once as "Rook e8 - d8" (the slide-join definition's
// move) and once as "Rook f8 - e8 @ e8 0 0" (rook-slide's).
func (s *State) dedup(ml *MoveList) {
	n := len(ml.Moves)
	if n < 2 {
		return
	}
	tab := emptyTable(&s.dedupTab, n)
	size := len(tab)
	keys := s.dedupKeys[:0] // keys[j]: the key of the move kept at j
	out := 0
	for i := 0; i < n; i++ {
		m := &ml.Moves[i]
		key := moveKey(m)
		slot := int(key & uint64(size-1))
		dup := false
		for tab[slot] >= 0 {
			o := &ml.Moves[tab[slot]]
			if keys[tab[slot]] == key && s.sameMove(o, m) {
				dup = true
				break
			}
			slot = (slot + 1) & (size - 1)
		}
		if dup {
			continue
		}
		if out != i {
			ml.Moves[out] = *m
		}
		tab[slot] = int32(out)
		keys = append(keys, key)
		out++
	}
	ml.Moves = ml.Moves[:out]
	s.dedupKeys = keys
}

// sameMove reports whether b repeats a: the same effects and the same
// written acts. SameAs requires the same From and To, which are compared
// first as the cheapest way to tell most moves apart.
func (s *State) sameMove(a, b *Move) bool {
	return a.From == b.From && a.To == b.To && a.SameAs(b) && s.sameWritten(a, b)
}

// sameWritten reports whether two moves with the same effects list the same
// written acts in the same order (the acts MoveString writes: all but a
// capture or creation repeated later in the move).
func (s *State) sameWritten(a, b *Move) bool {
	var ab, bb actBuf
	aa, ba := a.Actions(ab[:0]), b.Actions(bb[:0])
	i, j := 0, 0
	for {
		for i < len(aa) && !written(aa, i) {
			i++
		}
		for j < len(ba) && !written(ba, j) {
			j++
		}
		if i == len(aa) || j == len(ba) {
			return i == len(aa) && j == len(ba)
		}
		if aa[i] != ba[j] {
			return false
		}
		i++
		j++
	}
}

// written reports whether MoveString writes act i of acts, a move's.
func written(acts []Act, i int) bool {
	switch acts[i].Kind {
	case ActMove, ActDrop:
		return true
	}
	return !repeated(acts, i)
}

// emptyTable returns *buf resliced (grown when needed) to an open-addressing
// table for n entries: a power of two at least 2n long, every slot -1.
func emptyTable(buf *[]int32, n int) []int32 {
	size := 1
	for size < 2*n {
		size <<= 1
	}
	if cap(*buf) < size {
		*buf = make([]int32, size)
	}
	tab := (*buf)[:size]
	for i := range tab {
		tab[i] = -1
	}
	*buf = tab
	return tab
}

// moveKey hashes what SameAs compares, cheaply: the squares, the kind and
// the first and last effects. Moves SameAs accepts get equal keys; the rare
// moves that differ only in middle effects share a key and SameAs tells them
// apart. The parts are spread by multiplying each by an odd constant and
// the sum mixed once (mix64): the searcher's history reads a few bits of
// a key, and without the mix its searches took 5-10% more nodes to reach
// a depth (40 random chess and Capablanca positions, depths
// 10-12), though the buckets used were as many as a random hash's.
func moveKey(m *Move) uint64 {
	if m.derived {
		return derivedKey(m)
	}
	if eff := m.eff(); len(eff) > 0 {
		return effectsKey(m, len(eff), &eff[0], &eff[len(eff)-1])
	}
	return effectsKey(m, 0, nil, nil)
}

// derivedKey is effectsKey of a derived move's effects (Move.landing),
// computed from its fields without building them (most keys asked are a
// derived move's; Key calls it directly): the start emptied, then,
// unless the move leaves the board as it was, the landing cell put on To.
// A derived move is never a pass. An emptying effect's term is its square
// alone (Empty and EffCell are 0).
func derivedKey(m *Move) uint64 {
	f := uint64(uint32(m.From)) << 32
	n, l := uint64(2), uint64(m.land)^uint64(uint32(m.To))<<32
	if m.land == m.took {
		n, l = 1, f
	}
	return mix64(keyHead(m.From, m.To, m.Continue, n) ^ f*keyFirst ^ l*keyLast)
}

// effectsKey is moveKey of a move with n effects, f the first and l the
// last (nil when there are none).
func effectsKey(m *Move, n int, f, l *Effect) uint64 {
	h := keyHead(m.From, m.To, m.Continue, uint64(n))
	if m.Pass {
		h ^= 0x5555
	}
	if n > 0 {
		h ^= effectTerm(f)*keyFirst ^ effectTerm(l)*keyLast
	}
	return mix64(h)
}

// The odd multipliers of a key's parts.
const (
	keyFirst = 0xc2b2ae3d27d4eb4f
	keyLast  = 0x165667b19e3779f9
)

// keyHead is a key's part from the move's squares, continuation and
// number of effects.
func keyHead(from, to, cont int32, n uint64) uint64 {
	return (uint64(uint32(from)) | uint64(uint32(to))<<24 | n<<48 | uint64(uint32(cont+2))<<52) * 0x9e3779b97f4a7c15
}

// effectTerm packs an effect for its key part.
func effectTerm(e *Effect) uint64 {
	return uint64(e.Val) ^ uint64(uint32(e.Pos))<<32 ^ uint64(e.Kind)<<62
}

// applyPriorities keeps only the moves of the highest-priority move type
// present. Types not listed rank below every listed type.
func (s *State) applyPriorities(ml *MoveList) {
	pr := s.g.MovePriorities
	if len(pr) == 0 || len(ml.Moves) == 0 {
		return
	}
	rank := func(t int32) int {
		for i, x := range pr {
			if int32(x) == t {
				return i
			}
		}
		return len(pr)
	}
	best := len(pr) + 1
	for i := range ml.Moves {
		if r := rank(ml.Moves[i].Type); r < best {
			best = r
		}
	}
	out := ml.Moves[:0]
	for _, m := range ml.Moves {
		if rank(m.Type) == best {
			out = append(out, m)
		}
	}
	ml.Moves = out
}

// keepMaximal keeps only the moves that capture the most pieces (mode 2: the
// most royal pieces first, then the most pieces).
func keepMaximal(ml *MoveList, mode int) {
	if len(ml.Moves) == 0 {
		return
	}
	better := func(a, b *Move) int {
		if mode == 2 && a.Kings != b.Kings {
			return int(a.Kings) - int(b.Kings)
		}
		return int(a.Captures+a.Struck) - int(b.Captures+b.Struck)
	}
	best := &ml.Moves[0]
	for i := range ml.Moves {
		if better(&ml.Moves[i], best) > 0 {
			best = &ml.Moves[i]
		}
	}
	b := *best
	out := ml.Moves[:0]
	for _, m := range ml.Moves {
		// Moves that capture nothing stay (doc.go: Ossetian Checkers).
		if better(&m, &b) == 0 || m.Captures+m.Struck == 0 {
			out = append(out, m)
		}
	}
	ml.Moves = out
}

// filterIllegal removes the moves after which one of pl's royal pieces is
// attacked, when the turn passes to another player. While the same player
// keeps moving (partial moves, double moves) the test waits for the last move.
// A partial move is legal only when its turn can be finished legally: some
// continuation (or the pass of the rest, where allowed) passes this filter.
// Otherwise the player would be left with a pending part and no legal move
// (Gravity Chess: a pinned piece steps aside, and every fall of it leaves the
// king attacked), a position no goal expects.
func (s *State) filterIllegal(ml *MoveList, lv int, pl int) error {
	out := 0
	k, ps, quick := s.quickLegal(pl, lv)
	for i := range ml.Moves {
		m := &ml.Moves[i]
		if quick && s.quickSafe(m, pl, k, ps) {
			// Legal without being made (legal.go).
			if out != i {
				ml.Moves[out] = *m
			}
			out++
			continue
		}
		if err := s.makeAt(m, lv+1, false); err != nil {
			s.Unmake()
			return err
		}
		var bad bool
		if s.Partial != NoPos {
			cont := s.scratchAt(lv + 1)
			if err := s.generate(cont, lv+1, true); err != nil {
				s.Unmake()
				return err
			}
			bad = len(cont.Moves) == 0
		} else {
			bad = s.Mover() != pl && s.leftAttacked(pl, lv+1)
		}
		s.Unmake()
		if !bad {
			if out != i {
				ml.Moves[out] = *m
			}
			out++
		}
	}
	ml.Moves = ml.Moves[:out]
	return nil
}

// addPass adds the pass move the options allow.
func (s *State) addPass(ml *MoveList) {
	if s.passAllowed(len(ml.Moves) > 0) {
		ml.Moves = append(ml.Moves, PassMove())
	}
}

// passAllowed reports whether the options give the player to move a pass,
// when the other moves are (haveMoves) or are not there.
func (s *State) passAllowed(haveMoves bool) bool {
	o := &s.g.Options
	if s.Partial != NoPos {
		return o.PassPartial
	}
	return o.PassTurn == PassAlways || (o.PassTurn == PassForced && !haveMoves)
}

// PassMove is the move that passes the turn (or ends a partial move).
func PassMove() Move {
	return Move{Pass: true, Piece: -1, From: NoPos, To: NoPos, Continue: -1, Type: -1}
}
