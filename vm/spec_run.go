// This file runs specialised programs (spec.go) in the generator: the
// table-driven walks and the move assembly that must produce exactly what the
// interpreter (exec.go) would, move for move.

package vm

// blockRows returns the blocks' pre-knowledge by type (nil: the
// interpreter alone) and whether specialised forms fit the step budget.
// Entry tests take a few instructions: with a step budget that small the
// interpreter runs everything, to fail as it would.
func (s *State) blockRows() ([][]blockPre, bool) {
	if s.DisableSpecialised || s.pre.blocks == nil || s.Limit.StepsPerRun < 64 {
		return nil, false
	}
	return s.pre.blocks, true
}

// specFor returns the specialised form of block bi of type t, or nil.
func (s *State) specFor(t, bi int) *specProg {
	rows, _ := s.blockRows()
	if rows == nil {
		return nil
	}
	sp := rows[t][bi].spec
	if sp == nil || sp.maxSteps > s.Limit.StepsPerRun {
		return nil
	}
	return sp
}

// runSpec runs a specialised program from start for player pl, as run
// does the program itself.
func (gn *generator) runSpec(sp *specProg, start, pl, moveType int32) {
	board := gn.s.Board
	hand := board[start]
	for _, gd := range sp.guards {
		if (hand != Empty && hand.Attr(int(gd.attr))) != gd.want {
			return
		}
	}
	gn.prog, gn.player = sp.prog, pl
	if sp.kind == specHops {
		roomy := !gn.query && gn.roomFor(sp.maxAdds) // as runSlides' roomy (a query builds no list)
		cur := start
		for hi := range sp.hops {
			h := &sp.hops[hi]
			if h.preEmpty && board[cur] != Empty {
				return
			}
			if h.preZone >= 0 && !gn.g.Board.InZone(int(h.preZone), int(pl), int(cur)) {
				return
			}
			t := h.to[pl][cur]
			if t < 0 {
				return
			}
			cur = t
			// A landing that goes only onto empty squares (a pawn's
			// push), where it adds a plain quiet move: specLand's
			// commonest case, without the call.
			if br := &h.empty; !h.enemy.emit && !h.enemy.cont && !gn.query {
				if board[t] != Empty {
					return
				}
				if br.emit && gn.promoAt(br, t) < 0 && gn.plainLanding(br.sets) {
					if roomy {
						gn.newSimple(start, t, hand, Empty, moveType).derive(hand, br.sets)
					} else {
						gn.emitQuiet(start, t, hand, moveType, br.sets)
					}
					if gn.err != nil || !br.cont {
						return
					}
					continue
				}
			}
			if !gn.specLand(&h.specTail, start, t, hand, moveType) {
				return
			}
		}
		return
	}
	links := gn.pre.plinks[pl]
	off := sp.dir * gn.n
	t := links[off+start]
	for t >= 0 {
		if board[t] != Empty {
			gn.specLand(&sp.tail, start, t, hand, moveType)
			return
		}
		// While a query runs the target holds a piece: a quiet landing
		// is never on it.
		if sp.quiet.emit && !gn.query && !(gn.dropQuiet && sp.quiet.promo < 0) {
			gn.emitSpec(start, t, hand, -1, sp.quiet.sets, moveType)
			if gn.err != nil {
				return
			}
		}
		t = links[off+t]
	}
}

// runPush runs sp, a hop chain with a push table (preparePush), from start
// for player pl in generation: runSpec's hop loop with its tests of the
// start read off the table, so that only the landings' emptiness is left
// to test; where the table cannot tell (a landing promotes) or the
// generation is not a plain one, it runs runSpec. It is apart from runSpec
// to keep this commonest run's frame small.
func (gn *generator) runPush(sp *specProg, start, pl, moveType int32) {
	if gn.query || gn.dropQuiet || gn.skipQuiet || len(sp.guards) > 0 {
		if gn.specFrom(sp, pl, start) {
			gn.runSpec(sp, start, pl, moveType)
		}
		return
	}
	nh := len(sp.hops)
	at := (int(pl)*int(gn.n) + int(start)) * nh
	row := sp.push[at : at+nh]
	if row[0] == pushGeneric {
		gn.runSpec(sp, start, pl, moveType)
		return
	}
	board := gn.s.Board
	hand := board[start]
	gn.prog, gn.player = sp.prog, pl
	roomy := gn.roomFor(sp.maxAdds)
	for k, t := range row {
		if t < 0 || board[t] != Empty {
			return
		}
		if roomy {
			gn.newSimple(start, t, hand, Empty, moveType).derive(hand, sp.hops[k].empty.sets)
		} else if gn.emitQuiet(start, t, hand, moveType, sp.hops[k].empty.sets); gn.err != nil {
			return
		}
	}
}

// specLand runs a landing at the square to; it reports whether the run
// goes on (the branch continues, no query hit, no error).
func (gn *generator) specLand(tl *specTail, start, to int32, hand Cell, moveType int32) bool {
	c := gn.s.Board[to]
	br := &tl.empty
	if c != Empty {
		if int32(c.Owner()) == gn.player {
			return false
		}
		for _, t := range tl.iron {
			if int32(c.Type()) == t {
				return false
			}
		}
		br = &tl.enemy
	}
	if !br.emit {
		return br.cont
	}
	promo := gn.promoAt(br, to)
	if gn.query {
		if to == gn.target && !gn.specSameType(promo) {
			gn.hit = true
			return false
		}
		return br.cont
	}
	if c != Empty && promo < 0 && gn.worth>>uint(c.Type()&63)&1 == 0 {
		return br.cont // a capture not worth building (GenerateCapturesOf)
	}
	if promo < 0 {
		switch {
		case c == Empty && gn.plainLanding(br.sets):
			gn.emitQuiet(start, to, hand, moveType, br.sets)
		case c != Empty && len(br.sets) == 0 && !gn.g.Options.RecycleCaptures:
			gn.emitTake(start, to, hand, c, moveType)
		default:
			gn.emitSpec(start, to, hand, -1, br.sets, moveType)
		}
	} else {
		for _, t := range gn.prog.Lists[promo] {
			gn.emitSpec(start, to, hand, t, br.sets, moveType)
			if gn.err != nil {
				break
			}
		}
	}
	return gn.err == nil && br.cont
}

// promoAt is the promotion list (a Program.Lists index) that branch br
// adds with when it lands on to for the run's player: br.promo, or -1
// outside its promotion zone.
func (gn *generator) promoAt(br *specBranch, to int32) int32 {
	if !br.promotesAt(gn.g.Board, int(gn.player), to) {
		return -1
	}
	return br.promo
}

// promotesAt reports whether br's add promotes when player pl lands on t:
// promoAt's test, and that of the tables prepare reads it into.
func (br *specBranch) promotesAt(b *Board, pl int, t int32) bool {
	return br.promo >= 0 && (br.promoZone < 0 || b.InZone(int(br.promoZone), pl, int(t)))
}

// specSameType reports whether the piece on the target is of every type in
// list types (none: -1): landsSameType's test once the piece in hand is on
// the target, as in a specialised run.
func (gn *generator) specSameType(types int32) bool {
	if types < 0 {
		return false
	}
	want := int32(gn.s.Board[gn.target].Type())
	for _, t := range gn.prog.Lists[types] {
		if t != want {
			return false
		}
	}
	return true
}

// emitSpec appends the move of a specialised run: the piece hand leaves
// start and lands on to (retyped to promo when promo >= 0), then the
// set-attributes apply to it. It builds exactly what emit builds for such a
// run (effects in the order emit touches squares: start, then to; acts: the
// set-attributes, then the move).
func (gn *generator) emitSpec(start, to int32, hand Cell, promo int32, sets []specSet, moveType int32) {
	ml := gn.ml
	if gn.atLimit() {
		return
	}
	old := gn.s.Board[to]
	if gn.dropQuiet && old == Empty && promo < 0 {
		return // neither takes nor retypes: quiet, whatever it sets
	}
	if gn.skipQuiet && old == Empty && promo < 0 && len(sets) <= 1 {
		// Noisy-only generation records a simple quiet move by its
		// signature, as emit's skipSimpleQuiet does (noisy.go).
		// Where countQuiet says so it is only counted (atLimit passed
		// above).
		sig := quietSig{from: start, src: start, to: to, cont: -1, hand: -1, cell: hand}
		ok := true
		if len(sets) == 1 {
			st := sets[0]
			sig.cell = hand.WithAttr(int(st.attr), st.val != 0)
			sig.attr, ok = packAttr(Act{Kind: ActSetAttr, From: to, To: NoPos, Type: int16(st.attr), Arg: int16(st.val)}, start, to)
		}
		if ok {
			if gn.countQuiet {
				gn.quietCount++
			} else {
				gn.quietSigs = append(gn.quietSigs, sig)
			}
			return
		}
	}
	nc := hand
	m := gn.newSimple(start, to, hand, old, moveType)
	if old != Empty {
		m.takes(old, gn.pre.isRoyal)
	}
	if promo >= 0 {
		nc = MakeCell(int(promo), hand.Owner(), gn.pre.defaults[promo])
		m.retype = int16(promo)
	}
	recycled := old != Empty && gn.g.Options.RecycleCaptures
	if len(sets) <= 1 && !recycled {
		// Its effects and acts follow from the squares and the one
		// attribute it may set (Move.Effects, Move.Actions).
		m.derive(nc, sets)
		return
	}
	// Stored: the set-attributes, then the move's own act and effects
	// (Move.landing; the attributes leave the landing type as it is).
	actStart := len(ml.acts)
	for _, st := range sets {
		ml.acts = append(ml.acts, Act{Kind: ActSetAttr, From: to, To: NoPos, Type: int16(st.attr), Arg: int16(st.val)})
		nc = nc.WithAttr(int(st.attr), st.val != 0)
	}
	m.land = nc
	ml.acts = append(ml.acts, m.landingAct())
	effStart := len(ml.effs)
	f, l, n := m.landing()
	ml.effs = append(ml.effs, f)
	if n == 2 {
		ml.effs = append(ml.effs, l)
	}
	if recycled && !gn.g.HandUnlimited(old.Owner(), old.Type()) {
		nT := int32(len(gn.g.Pieces))
		ml.effs = append(ml.effs, Effect{Pos: int32(old.Owner())*nT + int32(old.Type()), Kind: EffHand, Val: 1})
	}
	ml.store(m, effStart, actStart)
}

// plainQuiet reports whether a landing on an empty square by branch br
// builds a plain quiet move (emitQuiet): the branch emits, does not
// promote, sets at most one attribute, and the generation keeps quiet moves
// as moves (not dropped, nor recorded by signature, nor a query, which
// never lands on an empty square).
func (gn *generator) plainQuiet(br *specBranch) bool {
	return br.emit && br.promo < 0 && !gn.query && gn.plainLanding(br.sets)
}

// countsQuiet reports whether a landing on an empty square by branch br is
// a simple quiet move noisy-only generation only counts (countQuiet): what
// emitSpec's signature path takes, with an attribute set packAttr packs.
func (gn *generator) countsQuiet(br *specBranch) bool {
	if !gn.countQuiet || !br.emit || br.promo >= 0 || len(br.sets) > 1 {
		return false
	}
	return len(br.sets) == 0 || packableAttr(int16(br.sets[0].attr))
}

// plainLanding reports whether an empty landing that does not promote, with
// the set-attributes sets, builds a plain quiet move (emitQuiet).
func (gn *generator) plainLanding(sets []specSet) bool {
	return len(sets) <= 1 && !gn.dropQuiet && !gn.skipQuiet
}

// emitQuiet appends the move emitSpec builds when the piece hand goes from
// start to the empty square to with no promotion, setting at most one
// attribute (sets): a derived simple move that takes nothing. It spares the
// runs' commonest move emitSpec's tests for the other cases. Loops that
// asked roomFor once write out its body, without the limit's test: as a
// function of its own that body does not inline, and cost 2.5% of a
// search's instructions (callgrind, BenchmarkSearch).
func (gn *generator) emitQuiet(start, to int32, hand Cell, moveType int32, sets []specSet) {
	if gn.atLimit() {
		return
	}
	gn.newSimple(start, to, hand, Empty, moveType).derive(hand, sets)
}

// emitTake appends the move emitSpec builds when the piece hand goes from
// start to to, taking the enemy piece old there, with no promotion, no
// attribute set and the captured piece not recycled: a derived simple
// capture. It spares captures emitSpec's tests for the other cases.
func (gn *generator) emitTake(start, to int32, hand, old Cell, moveType int32) {
	if gn.atLimit() {
		return
	}
	m := gn.newSimple(start, to, hand, old, moveType)
	m.takes(old, gn.pre.isRoyal)
	m.derive(hand, nil)
}

// newSimple appends the simple move of the piece hand from start to to,
// landing on old (Empty, or an enemy piece it takes: see takes), that
// emitSpec, emitQuiet and emitTake build, its landing yet to be set
// (derive, or emitSpec's stored lists).
func (gn *generator) newSimple(start, to int32, hand, old Cell, moveType int32) *Move {
	ml := gn.ml
	ml.Moves = append(ml.Moves, Move{})
	m := &ml.Moves[len(ml.Moves)-1]
	m.Type, m.Piece, m.From, m.To, m.Continue = moveType, int16(hand.Type()), start, to, -1
	m.simple, m.took, m.retype = true, old, -1
	return m
}

// takes records on m, a simple move, the capture of old (not Empty).
func (m *Move) takes(old Cell, royal [][]bool) {
	m.Captures = 1
	if royal[old.Owner()][old.Type()] {
		m.Kings = 1
	}
}

// derive makes m a derived move landing as land with the one attribute of
// sets (none or one) set on it: Actions writes the set-attribute first.
func (m *Move) derive(land Cell, sets []specSet) {
	if len(sets) == 1 {
		st := sets[0]
		land = land.WithAttr(int(st.attr), st.val != 0)
		m.setAttr, m.setArg = int16(st.attr)+1, int16(st.val)
	}
	m.derived, m.land = true, land
}

// Specialised names the specialised form that block b of piece type t runs
// with ("hops", "slide" or "loop", spec.go), or "" when it runs in the
// interpreter. Tests and reports use it.
func (g *Game) Specialised(t, b int) string {
	blocks := g.prep().blocks
	if blocks == nil || blocks[t][b].spec == nil {
		return ""
	}
	return [...]string{"hops", "slide", "loop"}[blocks[t][b].spec.kind]
}
