// This file defines specialised move programs: whole programs whose bytecode
// has one of a few exact shapes (a leap, a chain of leaps such as a pawn's
// push and double push, a slide) are recognised once per game and run by
// table-driven code instead of the interpreter. The recognition reads the
// instructions only (never a sample of positions), and a specialised run
// emits the same moves, in the same order, with the same effects and acts,
// as the interpreter; tests run both side by side (spec_test.go,
// State.DisableSpecialised). Programs of any other shape keep the
// interpreter.
//
// Why it pays: most pieces of most games are leapers and sliders whose
// programs run a handful of instructions per move, and the interpreter's
// per-run setup, per-instruction dispatch and general move assembly (an
// overlay of the board, stamps, program-order change lists) cost far more
// than the move itself. Attack tests (check detection) run the same
// programs in query mode and gain the same way.

package vm

// The shapes, as the ZRF and fmax.ini compilers write them:
//
//	guards:  attr? A ->X if v            (on the start square; X a die or end)
//	hop:     [empty? ->X if false]        (only on hops after the first)
//	         [in-zone? Z ->X if false]
//	         step d1 ... step dk          (k >= 1)
//	         landing test                 friend? ->X if true | empty? ->X if false | enemy? ->X if false
//	         set-attribute A v ...        (at the cursor; only on the last hop)
//	         add [(T ...)]  |  in-zone? Z ->e if false; add (T ...); jmp ->j; e: add; j:
//	specHops:  guards hop hop ... end
//	specSlide: guards slide d; landing test; sets; add form; end
//	specLoop:  guards step d; L: empty? ->C if false; sets; add; step d; jmp ->L;
//	           C: landing test; sets; add form; end
//
// A run of any of them has at most one piece in hand (the mover), no
// pending captures or creations and no position-attached changes except
// set-attributes at the landing square (or, in specLoop, at empty squares
// passed, where they change nothing), so its moves are "the piece leaves
// its square and lands on another, maybe retyped and with attributes set".

type specKind uint8

const (
	specHops specKind = iota
	specSlide
	specLoop
)

type landTest uint8

const (
	landNotFriend landTest = iota // friend? ->X if true
	landEmpty                     // empty? ->X if false
	landEnemy                     // enemy? ->X if false
)

type specSet struct{ attr, val int32 }

// specTail is a landing test, the set-attributes at the landing square and
// the add.
type specTail struct {
	land landTest
	sets []specSet
	// promo is the add's type list (Program.Lists index) or -1; with
	// promoZone >= 0 the list applies only inside that zone, a plain add
	// outside it.
	promo     int32
	promoZone int32
}

type specHop struct {
	preEmpty bool
	preZone  int32 // -1: none
	dirs     []int32
	// to[pl][sq]: the square the steps lead to from sq for player pl, NoPos
	// when a step leaves the board.
	to [][]int32
	specTail
}

type specGuard struct {
	attr int32
	want bool // the run goes on when the start piece's attribute equals want
}

// specProg is a recognised program.
type specProg struct {
	kind   specKind
	prog   *Program
	guards []specGuard
	hops   []specHop // specHops
	dir    int32     // specSlide, specLoop
	// loopSets are the set-attributes before each quiet add of specLoop.
	loopSets []specSet
	tail     specTail // specSlide, specLoop
	// maxSteps bounds the instructions the interpreter would execute, so a
	// specialised run is used only within the state's step budget (a run
	// the interpreter would stop with an error keeps the interpreter).
	maxSteps int
}

// recogniseSpecs finds the specialised programs of every piece's moves:
// specs[t][b] for block b of type t, nil when the block keeps the
// interpreter.
func (g *Game) recogniseSpecs(p *prepared) [][]*specProg {
	b := g.Board
	n := b.N()
	if n == 0 || n > maxReachPositions {
		return nil
	}
	rho := b.rhoDirs()
	specs := make([][]*specProg, len(g.Pieces))
	for t, pt := range g.Pieces {
		for bi, blk := range pt.Moves {
			sp := recogniseSpec(blk.Prog)
			if sp == nil {
				continue
			}
			if !sp.prepare(b, p, rho) {
				continue
			}
			if specs[t] == nil {
				specs[t] = make([]*specProg, len(pt.Moves))
			}
			specs[t][bi] = sp
		}
	}
	return specs
}

// rhoDirs reports for each direction whether following it from some square
// comes back to a square other than the start (an endless ray the
// interpreter would stop only by its step budget).
func (b *Board) rhoDirs() []bool {
	n := b.N()
	out := make([]bool, len(b.Dirs))
	seen := make([]int32, n)
	stamp := int32(0)
	for d := range b.Dirs {
		for p := 0; p < n && !out[d]; p++ {
			stamp++
			seen[p] = stamp
			for q := b.links[d*n+p]; q >= 0; q = b.links[d*n+int(q)] {
				if q == int32(p) {
					break
				}
				if seen[q] == stamp {
					out[d] = true
					break
				}
				seen[q] = stamp
			}
		}
	}
	return out
}

// prepare fills the per-player tables; it reports false when the program
// must keep the interpreter on this board.
func (sp *specProg) prepare(b *Board, p *prepared, rho []bool) bool {
	n := b.N()
	nd := int32(len(b.Dirs))
	switch sp.kind {
	case specHops:
		for hi := range sp.hops {
			h := &sp.hops[hi]
			h.to = make([][]int32, len(p.plinks))
			for pl, links := range p.plinks {
				to := make([]int32, n)
				for sq := range to {
					c := int32(sq)
					for _, d := range h.dirs {
						if d < 0 || d >= nd {
							return false
						}
						c = links[d*int32(n)+c]
						if c < 0 {
							break
						}
					}
					to[sq] = c
				}
				h.to[pl] = to
			}
		}
	default:
		if sp.dir < 0 || sp.dir >= nd {
			return false
		}
		for _, sym := range b.Symmetry {
			if rho[sym[sp.dir]] {
				return false
			}
		}
		// A slide visits each square at most once; specLoop runs empty?,
		// the sets, add, step and jmp on each.
		sp.maxSteps += (5 + len(sp.loopSets)) * n
	}
	return true
}

// recogniseSpec matches prog against the shapes; nil when none fits.
func recogniseSpec(prog *Program) *specProg {
	if prog == nil || len(prog.Code) == 0 {
		return nil
	}
	m := specMatcher{code: prog.Code}
	sp := &specProg{prog: prog, maxSteps: len(prog.Code) + 1}
	pc := 0
	for pc < len(m.code) {
		in := &m.code[pc]
		if in.Op != OpAttr || in.Loc != LocCursor || !m.ends(in.B) {
			break
		}
		sp.guards = append(sp.guards, specGuard{attr: in.A, want: !in.Jt})
		pc++
	}
	if pc >= len(m.code) {
		return nil
	}
	switch in := &m.code[pc]; {
	case in.Op == OpSlide:
		sp.kind, sp.dir = specSlide, in.A
		tail, next, ok := m.tail(pc + 1)
		if !ok || !m.isEnd(next) {
			return nil
		}
		sp.tail = tail
		return sp
	case in.Op == OpStep && m.isLoop(pc):
		// step d; L: empty? ->C if false; sets; add; step d; jmp ->L; C: tail
		sp.kind, sp.dir = specLoop, in.A
		var q int
		sp.loopSets, q = m.sets(pc + 2)
		tail, next, ok := m.tail(q + 3)
		if !ok || !m.isEnd(next) {
			return nil
		}
		sp.tail = tail
		return sp
	}
	sp.kind = specHops
	for {
		var h specHop
		h.preZone = -1
		if len(sp.hops) > 0 {
			if in := &m.code[pc]; in.Op == OpEmpty && in.Loc == LocCursor && !in.Jt && m.ends(in.B) {
				h.preEmpty = true
				pc++
			}
		}
		if pc < len(m.code) {
			if in := &m.code[pc]; in.Op == OpInZone && in.Loc == LocCursor && !in.Jt && m.ends(in.B) {
				h.preZone = in.A
				pc++
			}
		}
		for pc < len(m.code) && m.code[pc].Op == OpStep {
			h.dirs = append(h.dirs, m.code[pc].A)
			pc++
		}
		if len(h.dirs) == 0 {
			return nil
		}
		tail, next, ok := m.tail(pc)
		if !ok {
			return nil
		}
		h.specTail = tail
		// Set-attributes of an earlier hop would stay pending for the
		// later ones (on a square they may have left occupied): only the
		// last hop may have them.
		if len(sp.hops) > 0 && len(sp.hops[len(sp.hops)-1].sets) > 0 {
			return nil
		}
		sp.hops = append(sp.hops, h)
		pc = next
		if m.isEnd(pc) {
			return sp
		}
		if pc >= len(m.code) {
			return nil
		}
	}
}

type specMatcher struct{ code []Inst }

// ends reports whether jumping to pc ends the run (die or end).
func (m *specMatcher) ends(pc int32) bool { return pc >= 0 && m.isEnd(int(pc)) }

// isEnd reports whether the instruction at pc ends the run.
func (m *specMatcher) isEnd(pc int) bool {
	return pc < len(m.code) && (m.code[pc].Op == OpDie || m.code[pc].Op == OpEnd)
}

// isLoop reports whether pc starts "step d; empty? ->C if false; sets; add;
// step d; jmp ->pc+1".
func (m *specMatcher) isLoop(pc int) bool {
	c := m.code
	if pc+4 >= len(c) || c[pc+1].Op != OpEmpty || c[pc+1].Loc != LocCursor || c[pc+1].Jt {
		return false
	}
	_, q := m.sets(pc + 2)
	if q+2 >= len(c) || c[q].Op != OpAdd || c[q].A >= 0 || c[q+1].Op != OpStep || c[q+1].A != c[pc].A ||
		c[q+2].Op != OpJmp || int(c[q+2].B) != pc+1 || int(c[pc+1].B) != q+3 {
		return false
	}
	return true
}

// sets reads set-attributes at the cursor from pc on.
func (m *specMatcher) sets(pc int) ([]specSet, int) {
	var out []specSet
	for pc < len(m.code) {
		in := &m.code[pc]
		if in.Op != OpSetAttr || in.Loc != LocCursor {
			break
		}
		out = append(out, specSet{attr: in.A, val: in.B})
		pc++
	}
	return out, pc
}

// tail reads a landing test, set-attributes and an add form from pc on.
func (m *specMatcher) tail(pc int) (specTail, int, bool) {
	var t specTail
	t.promo, t.promoZone = -1, -1
	if pc >= len(m.code) {
		return t, 0, false
	}
	in := &m.code[pc]
	if in.Loc != LocCursor || !m.ends(in.B) {
		return t, 0, false
	}
	switch {
	case in.Op == OpFriend && in.Jt:
		t.land = landNotFriend
	case in.Op == OpEmpty && !in.Jt:
		t.land = landEmpty
	case in.Op == OpEnemy && !in.Jt:
		t.land = landEnemy
	default:
		return t, 0, false
	}
	t.sets, pc = m.sets(pc + 1)
	c := m.code
	switch {
	case pc < len(c) && c[pc].Op == OpAdd:
		t.promo = c[pc].A
		return t, pc + 1, true
	case pc+3 < len(c) && c[pc].Op == OpInZone && c[pc].Loc == LocCursor && !c[pc].Jt && int(c[pc].B) == pc+3 &&
		c[pc+1].Op == OpAdd && c[pc+1].A >= 0 && c[pc+2].Op == OpJmp && int(c[pc+2].B) == pc+4 &&
		c[pc+3].Op == OpAdd && c[pc+3].A < 0:
		t.promo, t.promoZone = c[pc+1].A, c[pc].A
		return t, pc + 4, true
	}
	return t, 0, false
}

// specFor returns the specialised form of block bi of type t, or nil.
func (s *State) specFor(t, bi int) *specProg {
	if s.DisableSpecialised || s.pre.specs == nil {
		return nil
	}
	row := s.pre.specs[t]
	if row == nil {
		return nil
	}
	sp := row[bi]
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
		if gn.query {
			// The target holds a piece while a query runs: a quiet
			// landing is never on it.
		} else {
			gn.emitSpec(start, t, hand, -1, sp.loopSets, moveType)
			if gn.err != nil {
				return
			}
		}
		t = links[off+t]
	}
}

// specLand runs a tail at the landing square to; it reports whether the run
// goes on (the test passed, no query hit, no error).
func (gn *generator) specLand(tl *specTail, start, to int32, hand Cell, moveType int32) bool {
	c := gn.s.Board[to]
	switch tl.land {
	case landNotFriend:
		if c != Empty && int32(c.Owner()) == gn.player {
			return false
		}
	case landEmpty:
		if c != Empty {
			return false
		}
	default:
		if c == Empty || int32(c.Owner()) == gn.player {
			return false
		}
	}
	promo := tl.promo
	if tl.promoZone >= 0 && !gn.g.Board.InZone(int(tl.promoZone), int(gn.player), int(to)) {
		promo = -1
	}
	if gn.query {
		if to == gn.target && !gn.specSameType(promo) {
			gn.hit = true
			return false
		}
		return true
	}
	if promo < 0 {
		gn.emitSpec(start, to, hand, -1, tl.sets, moveType)
	} else {
		for _, t := range gn.prog.Lists[promo] {
			gn.emitSpec(start, to, hand, t, tl.sets, moveType)
			if gn.err != nil {
				break
			}
		}
	}
	return gn.err == nil
}

// specSameType is landsSameType for a specialised run, whose piece is in
// hand and on the target.
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
	if len(ml.Moves)+len(gn.quietSigs) >= gn.s.Limit.MovesPerGen {
		gn.fail(0, "too many moves generated (limit reached)")
		return
	}
	old := gn.s.Board[to]
	nc := hand
	var typed int16
	if promo >= 0 {
		nc = MakeCell(int(promo), hand.Owner(), gn.pre.defaults[promo])
		typed = ActMoveTyped
	}
	landed := nc
	actStart := len(ml.acts)
	for _, st := range sets {
		ml.acts = append(ml.acts, Act{Kind: ActSetAttr, From: to, To: NoPos, Type: int16(st.attr), Arg: int16(st.val)})
		nc = nc.WithAttr(int(st.attr), st.val != 0)
	}
	ml.acts = append(ml.acts, Act{Kind: ActMove, From: start, To: to, Type: int16(landed.Type()),
		Captures: old != Empty && to != start, Arg: typed})
	effStart := len(ml.effs)
	ml.effs = append(ml.effs, Effect{Pos: start, Kind: EffCell, Val: Empty})
	if nc != old {
		ml.effs = append(ml.effs, Effect{Pos: to, Kind: EffCell, Val: nc})
	}
	var captures, kings int16
	if old != Empty {
		captures = 1
		if gn.pre.isRoyal[old.Owner()][old.Type()] {
			kings = 1
		}
		if gn.g.Options.RecycleCaptures {
			nT := int32(len(gn.g.Pieces))
			ml.effs = append(ml.effs, Effect{Pos: int32(old.Owner())*nT + int32(old.Type()), Kind: EffHand, Val: 1})
		}
	}
	ml.Moves = append(ml.Moves, Move{})
	m := &ml.Moves[len(ml.Moves)-1]
	m.Eff = ml.effs[effStart:len(ml.effs):len(ml.effs)]
	m.Acts = ml.acts[actStart:len(ml.acts):len(ml.acts)]
	m.Type, m.Piece, m.From, m.To, m.Continue = moveType, int16(hand.Type()), start, to, -1
	m.Captures, m.Kings = captures, kings
}
