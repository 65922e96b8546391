// This file defines how a run's pending changes become a Move at add.

package vm

// atLimit reports whether the list holds as many moves as one generation
// may build (Limit.MovesPerGen, with the quiet moves noisy-only generation
// records by signature or counts), and then fails the generation.
func (gn *generator) atLimit() bool {
	return gn.built() >= gn.s.Limit.MovesPerGen && gn.failLimit()
}

// built is how many moves this generation holds against its limit: those
// in the list, and the quiet ones noisy-only generation records by
// signature or counts.
func (gn *generator) built() int { return len(gn.ml.Moves) + len(gn.quietSigs) + gn.quietCount }

// roomFor reports whether k more moves fit before atLimit would fail, so
// that a loop adding at most k may leave the test out.
func (gn *generator) roomFor(k int) bool {
	return gn.built()+k < gn.s.Limit.MovesPerGen
}

// failLimit is atLimit's failure, apart (and not inlined) so that atLimit,
// asked for every move, inlines.
//
//go:noinline
func (gn *generator) failLimit() bool {
	gn.fail(0, "too many moves generated (limit reached)")
	return true
}

// countQuietMove counts a simple quiet move of a specialised run in
// noisy-only generation (countQuiet), within the generation's limit.
func (gn *generator) countQuietMove() {
	if !gn.atLimit() {
		gn.quietCount++
	}
}

// emit assembles the move the run has built so far and appends it to the list.
// promo >= 0 retypes the piece in hand; cont >= 0 makes it a partial move; a
// copy move leaves the piece in hand on its square.
//
// Order of application, decided from the corpus (see doc.go): squares left by
// moving pieces are emptied first; then captures, placements and creations
// happen in program order (so a placement on a vacated square wins); then the
// position-attached changes (attributes, type, owner) apply to whatever stands
// on their square at the end.
func (gn *generator) emit(promo int32, cont int32, copyMove bool) {
	ml := gn.ml
	gn.interp = true
	if gn.atLimit() {
		return
	}
	if gn.skipQuiet && gn.skipSimpleQuiet(promo, cont, copyMove) {
		return // noisy-only generation: recorded, not built (noisy.go)
	}
	board := gn.s.Board
	gn.stamp++
	if gn.stamp == 0 { // wrapped: clear the stamps
		for i := range gn.ovStamp {
			gn.ovStamp[i], gn.ovHit[i], gn.ovVac[i], gn.ovFull[i] = 0, 0, 0, 0
		}
		gn.stamp = 1
	}
	gn.touched = gn.touched[:0]
	actStart := len(ml.acts)
	ml.acts = append(ml.acts, gn.acts...)

	for _, v := range gn.vacate {
		gn.set(v, Empty)
		gn.ovVac[v] = gn.stamp
	}
	handTo, handCell := gn.takeUpHand(promo, copyMove)
	// The piece still in hand lands before the captures, placements and
	// creations of the run: Zillions applies the move's main part first (a
	// create on the landing square replaces the piece, a capture there
	// removes it).
	if handTo >= 0 {
		gn.set(handTo, handCell)
		gn.ovHit[handTo] = gn.stamp
	}
	gn.reCaught = gn.reCaught[:0]
	emptyCaptures := false
	for i := range gn.changes {
		ch := &gn.changes[i]
		if ch.kind == chCapture {
			c := gn.get(ch.pos)
			if c != Empty && gn.ovHit[ch.pos] == gn.stamp {
				gn.reCaught = append(gn.reCaught, c)
			}
			if c == Empty && board[ch.pos] == Empty {
				emptyCaptures = true
			} else {
				gn.ovFull[ch.pos] = gn.stamp
			}
			gn.set(ch.pos, Empty)
		} else {
			// A create on a piece this move put down replaces it: with
			// "recycle captures" it goes back to its hand like a captured
			// one (MarGo's stone drop, replaced by a create on its square).
			if c := gn.get(ch.pos); c != Empty && gn.ovHit[ch.pos] == gn.stamp {
				gn.reCaught = append(gn.reCaught, c)
			}
			gn.set(ch.pos, ch.cell)
		}
		gn.ovHit[ch.pos] = gn.stamp
	}
	if emptyCaptures {
		ml.acts = dropEmptyCaptures(ml.acts, actStart, gn.ovFull, gn.stamp)
	}
	if handTo < 0 && promo >= 0 {
		gn.retypePutDown(ml.acts[actStart:], promo)
	}
	if gn.gateType >= 0 && !gn.placeGate() {
		ml.acts = ml.acts[:actStart]
		return
	}
	for i := range gn.attach {
		gn.applyAttached(&gn.attach[i])
	}

	effStart := len(ml.effs)
	var captures, kings, struck int16
	nT := int32(len(gn.g.Pieces))
	recycle := gn.g.Options.RecycleCaptures
	for _, p := range gn.touched {
		nc := gn.ov[p]
		old := board[p]
		if nc != old {
			ml.effs = append(ml.effs, Effect{Pos: p, Kind: EffCell, Val: nc})
		}
		if old != Empty && gn.ovHit[p] == gn.stamp && gn.ovVac[p] != gn.stamp {
			captures++
			if gn.pre.isRoyal[old.Owner()][old.Type()] {
				kings++
			}
			if recycle && !gn.g.HandUnlimited(old.Owner(), old.Type()) {
				ml.effs = append(ml.effs, Effect{Pos: int32(old.Owner())*nT + int32(old.Type()), Kind: EffHand, Val: 1})
			}
		} else if old != Empty && nc != Empty && nc != old && int32(old.Owner()) != gn.player && gn.ovVac[p] != gn.stamp {
			struck++
		}
	}
	if recycle {
		// Bolotoudou's Lock is dropped on the enemy man and captured there
		// by its own drop: Zillions gives both back to their hands (the
		// saved game drops the one Lock again).
		for _, c := range gn.reCaught {
			if gn.g.HandUnlimited(c.Owner(), c.Type()) {
				continue
			}
			ml.effs = append(ml.effs, Effect{Pos: int32(c.Owner())*nT + int32(c.Type()), Kind: EffHand, Val: 1})
		}
	}
	// An unlimited hand (Options.UnlimitedHand) keeps its count.
	if gn.gateType >= 0 && !gn.g.HandUnlimited(int(gn.player), int(gn.gateType)) {
		ml.effs = append(ml.effs, Effect{Pos: gn.player*nT + gn.gateType, Kind: EffHand, Val: Cell(^uint64(0))})
	}
	if gn.isDrop && gn.hasHand && !gn.g.HandUnlimited(int(gn.player), int(gn.dropType)) {
		ml.effs = append(ml.effs, Effect{Pos: gn.player*nT + gn.dropType, Kind: EffHand, Val: Cell(^uint64(0))})
	}

	from, piece, to := gn.start, int16(board[gn.start].Type()), gn.mainTo
	if gn.isDrop {
		from, piece = NoPos, int16(gn.dropType)
	}
	if to < 0 {
		to = handTo
	}
	if to < 0 {
		to = gn.cursor
	}
	// Built in place: copying a Move into the list costs more than filling it.
	ml.Moves = append(ml.Moves, Move{})
	m := &ml.Moves[len(ml.Moves)-1]
	ml.store(m, effStart, actStart)
	m.Type, m.Piece, m.From, m.To, m.Continue = gn.moveType, piece, from, to, cont
	m.Drop, m.Captures, m.Kings, m.Struck = gn.isDrop, captures, kings, struck
	if gn.gateType >= 0 {
		m.gateAt = gn.gatePos + 1
	}
}

// takeUpHand readies the piece in hand of emit's move (none: handTo is
// NoPos): retyped by promo, its square left unless copyMove, and its act
// (a move or a drop) written; it lands later, after the vacated squares.
func (gn *generator) takeUpHand(promo int32, copyMove bool) (handTo int32, handCell Cell) {
	if !gn.hasHand {
		return NoPos, 0
	}
	ml, board := gn.ml, gn.s.Board
	handCell = gn.hand
	if promo >= 0 {
		handCell = gn.retype(handCell, promo)
	}
	handTo = gn.cursor
	if gn.handFrom >= 0 && !copyMove {
		gn.set(gn.handFrom, Empty)
		gn.ovVac[gn.handFrom] = gn.stamp
	}
	occ := board[handTo]
	if gn.handFrom >= 0 {
		var typed int16 // notation writes "= T" when add names a type, even the piece's own
		if promo >= 0 {
			typed = ActMoveTyped
		}
		// "x" when the square was occupied as the move began, even if
		// another piece of this move has left it (Zillions' Chase save:
		// "... p1 A9 x A1" ends a ring of bumps on the start square);
		// emit's capture count still ignores such a square.
		ml.acts = append(ml.acts, Act{Kind: ActMove, From: gn.handFrom, To: handTo, Type: int16(handCell.Type()),
			Captures: occ != Empty && handTo != gn.handFrom, Arg: typed})
	} else {
		ml.acts = append(ml.acts, Act{Kind: ActDrop, From: NoPos, To: handTo, Type: int16(handCell.Type()), Captures: occ != Empty})
	}
	return handTo, handCell
}

// dropEmptyCaptures removes from this move's acts (acts[start:]) the
// captures of squares that held a piece neither before the move nor when any
// capture of them applied (full[p] != stamp): Zillions writes no "x sq" for
// those. KoShogi.zsg's "E 10J x 15O x 15O": the Elephant's g-slide captures
// each square next to a fire demon as it passes, so its move to 15O also
// captured the empty 14N, which is not written. It writes a capture of the
// square the moving piece left (KoShogi.zsg's "EN 16M - 15N x 15O x 16M x
// 14O = PF on 15N") and of a square the move has just put a piece on
// (Luzhanqi's "South Start c5 x c5").
func dropEmptyCaptures(acts []Act, start int, full []uint32, stamp uint32) []Act {
	out := start
	for i := start; i < len(acts); i++ {
		if a := acts[i]; a.Kind == ActCapture && full[a.From] != stamp {
			continue
		}
		acts[out] = acts[i]
		out++
	}
	return acts[:out]
}

// retypePutDown handles an add naming a type when the moving piece is no
// longer in hand (to or cascade put it down): the piece the start square's
// move put down takes the type, written "= T on sq". Zillions' saved
// Soulbringer game (ResurrectionChess.zrf's resurrect-slide: "... to ... back
// (create Bishop) ... (add Knight)") writes "Bishop f1a x d3a White Bishop f1a
// = Knight on d3a".
func (gn *generator) retypePutDown(acts []Act, promo int32) {
	for i := len(acts) - 1; i >= 0; i-- {
		a := &acts[i]
		if a.Kind != ActMove || a.From != gn.start {
			continue
		}
		if c := gn.get(a.To); c != Empty {
			gn.set(a.To, gn.retype(c, promo))
			a.Type, a.Arg = int16(promo), ActMoveTyped
		}
		return
	}
}

// set writes the overlay slot of p.
func (gn *generator) set(p int32, c Cell) {
	if gn.ovStamp[p] != gn.stamp {
		gn.ovStamp[p] = gn.stamp
		gn.touched = append(gn.touched, p)
	}
	gn.ov[p] = c
}

// get reads the overlay slot of p, falling back to the snapshot board.
func (gn *generator) get(p int32) Cell {
	if gn.ovStamp[p] == gn.stamp {
		return gn.ov[p]
	}
	return gn.s.Board[p]
}

// retype changes a piece's type; it takes the new type's default attributes.
func (gn *generator) retype(c Cell, t int32) Cell {
	return MakeCell(int(t), c.Owner(), gn.pre.defaults[t])
}

func (gn *generator) applyAttached(ch *change) {
	c := gn.get(ch.pos)
	if c == Empty {
		return
	}
	switch ch.kind {
	case chSetAttr:
		c = c.WithAttr(int(ch.a), ch.b != 0)
	case chChangeType:
		c = gn.retype(c, ch.a)
	case chChangeOwner:
		c = c.WithOwner(int(ch.a))
	case chFlip:
		c = c.WithOwner(flipOwner(c.Owner(), len(gn.g.Players)))
	}
	gn.set(ch.pos, c)
}

// flipOwner is the owner after flip: the other player in two-player games, the
// next player in turn otherwise.
func flipOwner(o, nPlayers int) int {
	return (o + 1) % nPlayers
}
