// This file defines noisy-only generation: the moves of a generation that
// remove or take over an enemy piece or change the type of the mover's piece
// (what a searcher's quiescence plays), together with the number of moves
// the full generation would have listed (its mobility term), without
// building most quiet moves.

package vm

// IsNoisy reports whether m, a move of this position, removes an enemy piece
// or takes it over (a cell effect on a square an enemy piece held that leaves
// it empty or another player's), or changes the type of a piece of the
// player to move (an ActMove or ActChangeType naming a new type for a piece
// of the mover's standing on its From square): captures and promotions.
func (s *State) IsNoisy(m *Move) bool {
	if m.Pass {
		return false
	}
	mover := s.Mover()
	if took, retype, ok := m.Simple(); ok {
		return took != Empty && took.Owner() != mover || retype >= 0 && retype != int(m.Piece)
	}
	for _, e := range m.Effects(nil) { // not derived: Simple answered those
		if _, ok := s.Taken(e, mover); ok {
			return true
		}
	}
	for _, a := range m.Actions(nil) {
		if _, ok := s.Retyped(a, mover); ok {
			return true
		}
	}
	return false
}

// Taken returns the piece of a player other than mover that the effect e, of
// a move of this position, removes or takes over (leaves empty or another
// player's): a capture for IsNoisy and the searcher's move values.
func (s *State) Taken(e Effect, mover int) (Cell, bool) {
	if e.Kind != EffCell {
		return Empty, false
	}
	old := s.Board[e.Pos]
	return old, old != Empty && old.Owner() != mover && (e.Val == Empty || e.Val.Owner() != old.Owner())
}

// Retyped returns the piece of mover that the act a, of a move of this
// position, moves or changes into another type: a promotion.
func (s *State) Retyped(a Act, mover int) (Cell, bool) {
	if a.Kind != ActMove && a.Kind != ActChangeType {
		return Empty, false
	}
	orig := s.Board[a.From]
	return orig, orig != Empty && orig.Owner() == mover && int(a.Type) != orig.Type()
}

// GenerateNoisy fills ml with the moves of GeneratePseudo (legal: of
// Generate) that IsNoisy accepts, in the same order, and returns how many
// moves that full generation lists.
//
// Most quiet moves are never built: a run's add that moves one of the
// mover's pieces to an empty square (or drops one there) with nothing else
// pending is quiet and its move is fully known from a few registers (see
// simpleSig), so emit records only that signature. The count still equals
// the full list's: such moves are deduplicated by signature, and a built
// quiet move with the same effects and writing is a duplicate of one
// (dedup compares nothing else). The other moves are built as usual and the
// quiet ones among them dropped after dedup, which is why the noisy moves
// keep the full generation's order and representatives (duplicates are
// either all noisy or all quiet: IsNoisy reads only effects and written
// moves and retypes).
//
// Where the list depends on moves it would not build, it generates in full
// and filters: move priorities and maximal captures compare all moves, and
// the legality filter of a game with royal pieces would have to test every
// quiet move for the count.
func (s *State) GenerateNoisy(ml *MoveList, legal bool) (int, error) {
	if s.noisyNeedsAll(legal) {
		if err := s.generate(ml, 0, legal); err != nil {
			return 0, err
		}
		n := len(ml.Moves)
		s.keepNoisy(ml)
		return n, nil
	}
	gn := s.runSkippingQuiet(ml, false, s.mayCountQuiet())
	if gn.err != nil {
		gn.quietSigs = gn.quietSigs[:0]
		return 0, gn.err
	}
	n := gn.quietCount
	gn.quietCount = 0
	if gn.interp || !s.pre.specDistinct {
		s.removeDuplicates(ml, gn.interp)
		n += gn.countSigs()
	} else {
		// Specialised programs alone never emit one move twice
		// (spec.go): every signature counts, and no built move
		// repeats one.
		n += len(gn.quietSigs)
		gn.sigTab = gn.sigTab[:0]
	}
	out := 0
	for i := range ml.Moves {
		m := &ml.Moves[i]
		if !s.IsNoisy(m) {
			if sig, ok := s.sigOf(m); !ok || !gn.sigSeen(sig) {
				n++
			}
			continue
		}
		if out != i {
			ml.Moves[out] = *m
		}
		out++
	}
	n += out
	ml.Moves = ml.Moves[:out]
	gn.quietSigs = gn.quietSigs[:0] // emit's move limit counts them
	// The pass addPass would append is quiet: only the count changes.
	if s.passAllowed(n > 0) {
		n++
	}
	return n, nil
}

// GenerateCaptures fills ml with the moves of GeneratePseudo (legal: of
// Generate) that IsNoisy accepts, in the same order, as GenerateNoisy does
// but without counting the others: simple quiet moves are dropped where
// GenerateNoisy records their signatures. A searcher that takes its
// mobility term from elsewhere saves that work.
func (s *State) GenerateCaptures(ml *MoveList, legal bool) error {
	return s.GenerateCapturesOf(ml, legal, allTypes)
}

// allTypes is a worth that leaves no capture out.
const allTypes = ^uint64(0)

// GenerateCapturesOf is GenerateCaptures that may leave out a move whose
// only noisy act is taking one piece of a type not in worth (bit t: type
// t; types past 63 always count): a searcher that would skip such captures
// unsearched (delta pruning) spares building them, and visiting the
// pieces whose only captures they are. A move that promotes, or that
// takes a piece of a type in worth, is always listed; the moves listed
// keep their order.
func (s *State) GenerateCapturesOf(ml *MoveList, legal bool, worth uint64) error {
	return s.generateCaptures(ml, legal, worth, -1)
}

// GenerateCapturesOnto is GenerateCapturesOf that may also leave out the
// captures that do not land on square to: the mover's pieces that could
// not capture there (by the squares their captures can land on) are not
// visited, so a static exchange asks for the few captures onto one square
// without building the rest. Every capture that lands on to and takes a
// piece of a type in worth is listed, as GenerateCapturesOf lists it; the
// caller keeps those it wants (the list may hold others).
func (s *State) GenerateCapturesOnto(ml *MoveList, legal bool, worth uint64, to int32) error {
	if to < 0 || int(to) >= len(s.Board) {
		return s.generateCaptures(ml, legal, worth, -1)
	}
	return s.generateCaptures(ml, legal, worth, to)
}

// generateCaptures is GenerateCapturesOf restricted to captures onto the
// square onto when it is not -1 (GenerateCapturesOnto).
func (s *State) generateCaptures(ml *MoveList, legal bool, worth uint64, onto int32) error {
	if s.noisyNeedsAll(legal) {
		if err := s.generate(ml, 0, legal); err != nil {
			return err
		}
		s.keepNoisy(ml)
		return nil
	}
	gn := s.genAt(0)
	if len(s.g.Pieces) > 64 || len(s.Board) > maxSetSquares {
		worth = allTypes
	}
	gn.worth, gn.onto = worth, onto
	s.runSkippingQuiet(ml, true, false)
	gn.worth, gn.onto = allTypes, -1
	if gn.err != nil {
		return gn.err
	}
	s.removeDuplicates(ml, gn.interp)
	s.keepNoisy(ml)
	return nil
}

// noisyNeedsAll reports whether noisy-only generation must generate every
// move and filter (GenerateNoisy says why).
func (s *State) noisyNeedsAll(legal bool) bool {
	g := s.g
	pl := g.TurnOrder[s.Turn].As
	// A MoveSource's moves are built whole (no quiet signatures).
	return g.Moves != nil || len(g.MovePriorities) > 0 || g.Options.MaximalCaptures > 0 || (legal && len(s.pre.royal[pl]) > 0)
}

// runSkippingQuiet runs the turn's programs into ml with emit skipping
// simple quiet moves: recording their signatures, or with drop not even
// that. It returns the generator (its err, interp and signatures).
func (s *State) runSkippingQuiet(ml *MoveList, drop, count bool) *generator {
	ml.Reset()
	gn := s.genAt(0)
	gn.ml, gn.err, gn.query, gn.interp = ml, nil, false, false
	gn.quietSigs, gn.skipQuiet, gn.dropQuiet = gn.quietSigs[:0], true, drop
	gn.countAll, gn.countQuiet, gn.quietCount = count, false, 0
	s.runTurn(gn)
	gn.skipQuiet, gn.dropQuiet, gn.countAll, gn.countQuiet = false, false, false, false
	return gn
}

// mayCountQuiet reports whether noisy-only generation may count the simple
// quiet moves of pieces whose blocks all run specialised instead of
// recording their signatures (generator.countAll): their moves never
// repeat one another (specDistinct) nor an interpreted run's, which starts
// on another square (a signature names its start), and the step budget
// lets every specialised form run.
func (s *State) mayCountQuiet() bool {
	return s.pre.specDistinct && s.pre.runs != nil && s.Limit.StepsPerRun >= s.pre.maxSpecSteps
}

// keepNoisy removes the quiet moves of ml, keeping the order of the others.
func (s *State) keepNoisy(ml *MoveList) {
	out := 0
	for i := range ml.Moves {
		if s.IsNoisy(&ml.Moves[i]) {
			if out != i {
				ml.Moves[out] = ml.Moves[i]
			}
			out++
		}
	}
	ml.Moves = ml.Moves[:out]
}

// quietSig identifies a quiet move of the simple shape emit skips: the
// piece on src (one of the mover's) moves to the empty square to, or (src
// NoPos) a piece from hand entry hand is dropped on the empty square to,
// possibly with attributes set on it (a chess rook or king losing its
// castling right). Such a move's effects are {src: Empty, to: cell} or {to:
// cell, hand -1}, its written acts a set-attribute (attr) if any and the
// move or drop, not a capture; with its From (from), To (to) and
// Continue these are all dedup compares.
type quietSig struct {
	from, src, to int32
	cont, hand    int32
	attr          int32 // the written set-attribute, packed (packAttr), or 0
	cell          Cell
}

// packAttr packs a written set-attribute act of a simple quiet move into a
// signature word: its square (to or src, the only squares one can be written
// on), attribute and value. ok is false for an act no simple move writes.
func packAttr(a Act, src, to int32) (int32, bool) {
	if a.Kind != ActSetAttr || a.To != NoPos || a.Captures || !packableAttr(a.Type) || (a.From != to && a.From != src) {
		return 0, false
	}
	w := 1 | int32(uint16(a.Type))<<2 | int32(uint16(a.Arg))<<15
	if a.From == to {
		w |= 2
	}
	return w, true
}

// packableAttr reports whether attribute number t fits packAttr's word.
func packableAttr(t int16) bool { return t >= 0 && t < 1<<13 }

// skipSimpleQuiet is emit's early exit in noisy-only generation: when the
// add about to be emitted is a simple quiet move (see quietSig), it records
// the move's signature instead of building it and reports true.
func (gn *generator) skipSimpleQuiet(promo, cont int32, copyMove bool) bool {
	if !gn.hasHand || promo >= 0 || copyMove || gn.gateType >= 0 || gn.mainTo >= 0 ||
		len(gn.vacate) != 0 || len(gn.changes) != 0 || len(gn.acts) > 1 {
		return false
	}
	board := gn.s.Board
	to := gn.cursor
	if board[to] != Empty {
		return false
	}
	sig := quietSig{from: gn.start, src: gn.handFrom, to: to, cont: cont, hand: -1, cell: gn.hand}
	// Set-attributes apply to what stands on their squares at the end: the
	// landed piece on to, nothing on src or a square empty before (and
	// after) the move. Elsewhere they would change another piece.
	for i := range gn.attach {
		ch := &gn.attach[i]
		switch {
		case ch.kind != chSetAttr:
			return false
		case ch.pos == to:
			sig.cell = sig.cell.WithAttr(int(ch.a), ch.b != 0)
		case ch.pos != gn.handFrom && board[ch.pos] != Empty:
			return false
		}
	}
	if len(gn.acts) == 1 {
		// Notation writes every set-attribute an add has not spent, on
		// an empty square too (MoveString): one on a square other than
		// src and to makes the move no simple one.
		w, ok := packAttr(gn.acts[0], gn.handFrom, to)
		if !ok {
			return false
		}
		sig.attr = w
	}
	switch {
	case gn.isDrop && gn.handFrom < 0:
		sig.from, sig.hand = NoPos, gn.player*int32(len(gn.g.Pieces))+gn.dropType
	case !gn.isDrop && gn.handFrom >= 0 && gn.handFrom != to && gn.hand != Empty && int32(gn.hand.Owner()) == gn.player:
	default:
		return false
	}
	if !gn.dropQuiet {
		gn.quietSigs = append(gn.quietSigs, sig)
	}
	return true
}

// sigOf returns the signature of a built move whose effects and written acts
// are those of a simple quiet move (see quietSig), so that a duplicate of a
// skipped move is not counted twice.
func (s *State) sigOf(m *Move) (quietSig, bool) {
	var eb effectBuf
	eff := m.Effects(eb[:0])
	if !m.Pass && len(eff) == 1 && m.From == NoPos && eff[0].Kind == EffCell && eff[0].Val != Empty {
		// A drop from an unlimited hand changes no count (emit): the
		// same signature as a drop that takes one from the hand.
		c := eff[0].Val
		if pl := s.Mover(); c.Owner() == pl && s.g.HandUnlimited(pl, c.Type()) {
			eff = append(eff, Effect{Pos: int32(pl*len(s.g.Pieces) + c.Type()), Kind: EffHand, Val: Cell(^uint64(0))})
		}
	}
	if m.Pass || len(eff) != 2 {
		return quietSig{}, false
	}
	e0, e1 := eff[0], eff[1]
	var sig quietSig
	var want Act
	switch {
	case e0.Kind == EffCell && e0.Val == Empty && e1.Kind == EffCell && e1.Val != Empty && m.From != NoPos:
		sig = quietSig{from: m.From, src: e0.Pos, to: e1.Pos, cont: m.Continue, hand: -1, cell: e1.Val}
		want = Act{Kind: ActMove, From: e0.Pos, To: e1.Pos, Type: int16(e1.Val.Type())}
	case e0.Kind == EffCell && e0.Val != Empty && e1.Kind == EffHand && e1.Val == Cell(^uint64(0)) && m.From == NoPos:
		sig = quietSig{from: NoPos, src: NoPos, to: e0.Pos, cont: m.Continue, hand: e1.Pos, cell: e0.Val}
		want = Act{Kind: ActDrop, From: NoPos, To: e0.Pos, Type: int16(e0.Val.Type())}
	default:
		return quietSig{}, false
	}
	if m.To != sig.to {
		return quietSig{}, false
	}
	// The written acts (as dedup compares them): an optional
	// set-attribute, then the move or drop.
	var w [2]Act
	n := 0
	var ab actBuf
	acts := m.Actions(ab[:0])
	for i := range acts {
		if !written(acts, i) {
			continue
		}
		if n == len(w) {
			return quietSig{}, false
		}
		w[n] = acts[i]
		n++
	}
	switch {
	case n == 1 && w[0] == want:
	case n == 2 && w[1] == want:
		a, ok := packAttr(w[0], sig.src, sig.to)
		if !ok {
			return quietSig{}, false
		}
		sig.attr = a
	default:
		return quietSig{}, false
	}
	return sig, true
}

// countSigs returns how many distinct signatures emit recorded, and leaves
// them in gn.sigTab for sigSeen.
func (gn *generator) countSigs() int {
	emptyTable(&gn.sigTab, len(gn.quietSigs))
	n := 0
	for i := range gn.quietSigs {
		if slot, seen := gn.sigSlot(&gn.quietSigs[i]); !seen {
			gn.sigTab[slot] = int32(i)
			n++
		}
	}
	return n
}

// sigSeen reports whether countSigs met sig.
func (gn *generator) sigSeen(sig quietSig) bool {
	if len(gn.sigTab) == 0 {
		return false
	}
	_, seen := gn.sigSlot(&sig)
	return seen
}

// sigSlot finds sig in gn.sigTab: its slot, or the empty slot where it goes.
func (gn *generator) sigSlot(sig *quietSig) (uint64, bool) {
	tab := gn.sigTab
	mask := uint64(len(tab) - 1)
	slot := sigHash(sig) & mask
	for tab[slot] >= 0 {
		if gn.quietSigs[tab[slot]] == *sig {
			return slot, true
		}
		slot = (slot + 1) & mask
	}
	return slot, false
}

func sigHash(q *quietSig) uint64 {
	h := uint64(uint32(q.src))<<32 ^ uint64(uint32(q.to)) ^ uint64(q.cell)*0x9e3779b97f4a7c15
	h ^= uint64(uint32(q.from))<<20 ^ uint64(uint32(q.cont))<<48 ^ uint64(uint32(q.hand))<<8 ^ uint64(uint32(q.attr))*0xc2b2ae3d27d4eb4f
	return mix64(h)
}
