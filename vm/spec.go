// This file defines specialised move programs: whole programs whose bytecode
// has one of a few exact shapes (a leap, a chain of leaps such as a pawn's
// push and double push, a slide) are recognised once per game and run by
// table-driven code instead of the interpreter. The recognition reads the
// instructions only (never a sample of positions), and a specialised run
// emits the same moves, in the same order, with the same effects and acts,
// as the interpreter; State.DisableSpecialised turns them off, and tests
// run both side by side (playout.CompareSpecialised over the perft
// positions of games/ and fmaxini/ and a corpus sample in zrf/; every
// playout of package playout). Programs of any other shape keep the
// interpreter.
//
// Why it pays: most pieces of most games are leapers and sliders whose
// programs run a handful of instructions per move, and the interpreter's
// per-run setup, per-instruction dispatch and general move assembly (an
// overlay of the board, stamps, program-order change lists) cost far more
// than the move itself. Attack tests (check detection) run the same
// programs in query mode and gain the same way.

package vm

// The shapes, as the ZRF and fmax.ini compilers write them (X: a jump that
// ends the run, to die or end directly or through jmps):
//
//	guards:   attr? A ->X if v                (on the start square)
//	hop:      [empty? ->X if false]            (hops after the first only)
//	          [in-zone? Z ->X if false]
//	          step d1 ... step dk              (k >= 1)
//	          landing
//	landing:  friend? ->X if true; branch      (empty or enemy: the branch)
//	        | empty? ->X if false; [branch]    (empty only; no branch: a square passed)
//	        | enemy? ->X if false; branch      (enemy only)
//	        | empty? ->E if true; [friend? ->S if true; [piece? T ->S if true]...; branch; S:] X;
//	          E: [branch]                      (fmax.ini: the capture branch ends the run)
//	branch:   set-attribute A v ...; add-form  (set-attributes at the cursor)
//	add-form: add [(T ...)]
//	        | in-zone? Z ->e if false; add (T ...); jmp ->j; e: add; j:
//	        | in-zone? Z ->p if true; add; jmp ->j; p: add (T ...); j:
//
//	specHops:  guards hop hop ... X
//	specSlide: guards slide d; landing X
//	specLoop:  guards step d; L: empty? ->C if false; sets; add; step d; jmp ->L; C: landing X
//	         | guards L: step d; empty? ->E if true; capture branch ... X; E: [sets; add]; jmp ->L
//
// A run of any of them has at most one piece in hand (the mover), no
// pending captures or creations and no position-attached changes except
// set-attributes at the landing square (or at squares passed that are
// empty, where they change nothing), so its moves are "the piece leaves its
// square and lands on another, maybe retyped and with attributes set".

type specKind uint8

const (
	specHops specKind = iota
	specSlide
	specLoop
)

type specSet struct{ attr, val int32 }

// specBranch is what a landing on one kind of square does.
type specBranch struct {
	emit bool      // an add runs
	cont bool      // the run goes on to the next hop after it
	sets []specSet // set-attributes at the landing square before the add
	// promo is the add's type list (Program.Lists index) or -1; with
	// promoZone >= 0 the list applies only inside that zone, a plain add
	// outside it.
	promo     int32
	promoZone int32
}

// specTail is a landing: what happens on an empty square and on an enemy
// piece (a friendly piece always ends the run).
type specTail struct {
	empty, enemy specBranch
	// iron lists types an enemy branch does not capture (fmax.ini).
	iron []int32
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
	// quiet is what specSlide and specLoop do on each empty square.
	quiet specBranch
	// tail is their landing on the first occupied square.
	tail specTail
	// noisyAt[pl][start], for a hop chain that takes nothing, says whether
	// a run from start may promote (prepareNoisy); nil otherwise.
	noisyAt [][]bool
	// maxSteps bounds the instructions the interpreter would execute, so a
	// specialised run is used only within the state's step budget (a run
	// the interpreter would stop with an error keeps the interpreter).
	maxSteps int
	// maxAdds bounds the moves a hop chain adds from a square (roomFor;
	// a leap group's is its members' sum).
	maxAdds int
	// push, for a hop chain that lands only on empty squares and adds a
	// plain move at each (a pawn's push), lists per player and start the
	// squares its hops land on, len(hops) to a start, ended by NoPos where
	// a zone test or the board ends the run; pushGeneric first where some
	// landing promotes (preparePush). nil for other programs.
	push []int32
	// judge says how an attack test may tell whether this program
	// captures on a target without running it (attackJudge).
	judge attackJudge
}

// attackJudge is how an attack test judges a specialised program (pieceHits).
type attackJudge uint8

const (
	// judgeRun: it runs the program.
	judgeRun attackJudge = iota
	// judgeLeap: one hop, taking an enemy piece where it lands, with no
	// guard, no zone, no empty start and no promotion or iron type: it
	// captures on the target exactly when its landing is the target.
	judgeLeap
	// judgeSlide: a slide or loop that takes the enemy piece it stops at,
	// with no guard, promotion or iron type: it captures on the target
	// exactly when the target is on its ray and no piece stands between.
	judgeSlide
)

// judgeOf classifies sp for attack tests (attackJudge) on board b, whose
// directions wrap says come back round from some square (loopDirs).
func judgeOf(sp *specProg, b *Board, wrap []bool) attackJudge {
	if len(sp.guards) > 0 {
		return judgeRun
	}
	takes := func(tl *specTail) bool { return tl.enemy.emit && tl.enemy.promo < 0 && len(tl.iron) == 0 }
	switch sp.kind {
	case specHops:
		if h := &sp.hops[0]; len(sp.hops) == 1 && !h.preEmpty && h.preZone < 0 && takes(&h.specTail) {
			return judgeLeap
		}
	case specSlide, specLoop:
		if b.N() > maxSetSquares || !takes(&sp.tail) {
			return judgeRun
		}
		for _, sym := range b.Symmetry {
			if wrap[sym[sp.dir]] {
				return judgeRun // its ray is no set of squares in a line
			}
		}
		return judgeSlide
	}
	return judgeRun
}

// pushGeneric marks a start whose push runs the general hop loop.
const pushGeneric = -2

// blockPre is what generation knows of a move block before running it:
// its specialised form, and the entry path of its program (its leading
// steps and tests of the cursor square, whose failure ends the run before
// it has done anything), so a run that would end there is not started.
type blockPre struct {
	spec  *specProg
	entry []Inst
	// last, when the entry path tests last-to? or last-from? (en passant),
	// is that test; lastAt[pl][start] the square it reads (NoPos: the path
	// leaves the board first), so most starts are refused by one compare
	// (quickRefuses) before the path is walked.
	last   *Inst
	lastAt [][]int32
	// lastFrom[pl][sq], where the test passes only when it reads the
	// last move's square (its Jt false) on a board a squareSet holds, is
	// the set of starts for pl from which it reads sq (nil otherwise):
	// generation skips such blocks from every other start at once
	// (generator.lastOK).
	lastFrom [][]squareSet
	// mustEmpty[pl][start], on a board a squareSet holds where the entry
	// path tests that squares are empty (castling's), is the set of them
	// from start for pl (nil otherwise): a start with a piece on one is
	// refused by one intersection (blocked) before the path is walked.
	mustEmpty [][]squareSet
	// skip: the regions an attack query skips (queryskip.go), or nil;
	// skipSpent: also after an add has spent its captures.
	skip      []int32
	skipSpent bool
}

// blockRun is a move block with a program, with what runMoves needs of it.
type blockRun struct {
	pre      *blockPre
	prog     *Program
	moveType int32
	// leaps or slides, on the first block of a group (groups.go), runs it
	// and the group's other blocks, which follow it.
	leaps  *leapGroup
	slides *slideGroup
	// kind says which of leaps, slides, pre.spec (in spec) or the
	// interpreter runs the block when the step budget lets every
	// specialised form run; skip is the number of blocks after it that
	// its group runs too (kindRuns).
	kind runKind
	skip int32
	spec *specProg
	// quietOnly: the program makes quiet moves alone (quietonly.go), so
	// captures-only generation does not run it.
	quietOnly bool
}

// runKind is how runBlocks runs a block (blockRun.kind).
type runKind uint8

const (
	runInterpreted runKind = iota
	runLeapGroup
	runSlideGroup
	runSpecialised
)

// kindRuns sets the kind, skip and spec of runs, once grouped.
func kindRuns(runs []blockRun) {
	for i := range runs {
		r := &runs[i]
		r.spec = r.pre.spec
		switch {
		case r.leaps != nil:
			r.kind, r.skip = runLeapGroup, int32(r.leaps.n-1)
		case r.slides != nil:
			r.kind, r.skip = runSlideGroup, int32(r.slides.n-1)
		case r.spec != nil:
			r.kind = runSpecialised
		default:
			r.kind = runInterpreted
		}
	}
}

// recogniseBlocks fills blocks[t][b] for block b of type t's moves.
func (g *Game) recogniseBlocks(p *prepared) [][]blockPre {
	b := g.Board
	n := b.N()
	if n == 0 {
		return nil
	}
	var rho, wrap []bool
	if n <= maxReachPositions {
		rho, wrap = b.loopDirs()
	}
	blocks := make([][]blockPre, len(g.Pieces))
	for t, pt := range g.Pieces {
		blocks[t] = make([]blockPre, len(pt.Moves))
		for bi, blk := range pt.Moves {
			bp := &blocks[t][bi]
			bp.entry = entryPath(blk.Prog)
			bp.prepareLast(p.plinks, int32(n))
			bp.prepareEmpty(p.plinks, int32(n))
			if blk.Prog != nil {
				bp.skip, bp.skipSpent = querySkips(blk.Prog.Code)
			}
			if rho == nil {
				continue
			}
			if sp := recogniseSpec(blk.Prog); sp != nil && sp.prepare(b, p, rho) {
				sp.judge = judgeOf(sp, b, wrap)
				bp.spec = sp
			}
		}
	}
	if rho != nil {
		p.specDistinct = g.specDistinct(blocks, p)
	}
	return blocks
}

// maxEntry bounds an entry path, well within the smallest step budget
// blockRows lets it run under.
const maxEntry = 16

// specDistinct reports whether no two moves the specialised programs of one
// piece emit from one square can be the same move: their landing squares
// (over all its blocks, for every player and start square) and promotion
// types are all different. Generation then needs no duplicate removal when
// every move came from a specialised program (moves from different squares
// differ: each empties its own). Boards too large to check in a bounded
// time count as not distinct.
func (g *Game) specDistinct(blocks [][]blockPre, p *prepared) bool {
	n := g.Board.N()
	budget := 1 << 22
	seen := make([]int32, n)
	stamp := int32(0)
	for t := range blocks {
		has := false
		for bi := range blocks[t] {
			sp := blocks[t][bi].spec
			if sp == nil {
				continue
			}
			has = true
			for _, br := range sp.branches() {
				if br.emit && br.promo >= 0 && !distinctTypes(sp.prog.Lists[br.promo]) {
					return false
				}
			}
		}
		if !has {
			continue
		}
		for pl, links := range p.plinks {
			for sq := int32(0); sq < int32(n); sq++ {
				stamp++
				visit := func(l int32) bool {
					budget--
					if seen[l] == stamp || budget < 0 {
						return false
					}
					seen[l] = stamp
					return true
				}
				for bi := range blocks[t] {
					sp := blocks[t][bi].spec
					if sp == nil {
						continue
					}
					if sp.kind == specHops {
						cur := sq
						for hi := range sp.hops {
							h := &sp.hops[hi]
							if cur = h.to[pl][cur]; cur < 0 {
								break
							}
							if (h.empty.emit || h.enemy.emit) && !visit(cur) {
								return false
							}
						}
						continue
					}
					off := sp.dir * int32(n)
					for l, i := links[off+sq], 0; l >= 0 && l != sq && i < n; l, i = links[off+l], i+1 {
						if !visit(l) {
							return false
						}
					}
				}
			}
		}
	}
	return true
}

// branches lists the landing branches of sp.
func (sp *specProg) branches() []*specBranch {
	out := []*specBranch{&sp.quiet, &sp.tail.empty, &sp.tail.enemy}
	for hi := range sp.hops {
		out = append(out, &sp.hops[hi].empty, &sp.hops[hi].enemy)
	}
	return out
}

func distinctTypes(list []int32) bool {
	for i := range list {
		for j := i + 1; j < len(list); j++ {
			if list[i] == list[j] {
				return false
			}
		}
	}
	return true
}

// entryPath returns the leading steps and cursor tests of prog whose
// failure (a step off the board, a test jumping to a die or end) ends the
// run before anything else happens. Running them again inside the run
// changes nothing: they have no effect but the cursor.
func entryPath(prog *Program) []Inst {
	if prog == nil {
		return nil
	}
	m := specMatcher{code: prog.Code}
	n := 0
	for _, in := range prog.Code {
		if n == maxEntry {
			break
		}
		if in.Op == OpStep {
			n++
			continue
		}
		if in.Loc != LocCursor || !m.ends(in.B) {
			break
		}
		switch in.Op {
		case OpEmpty, OpFriend, OpEnemy, OpPiece, OpAttr, OpInZone, OpLastFrom, OpLastTo:
			n++
			continue
		}
		break
	}
	// Trailing steps test nothing: the run itself finds them off the board.
	for n > 0 && prog.Code[n-1].Op == OpStep {
		n--
	}
	if n == 0 {
		return nil
	}
	return prog.Code[:n:n]
}

// admitsSelf reports whether the entry path's tests of the start square
// that no move of another piece can change pass: those before its first
// step, of the piece's own attributes, type and owner and of zones (not
// last-from?/last-to?, which the next move changes, nor empty?).
func (bp *blockPre) admitsSelf(s *State, pl int32, start int32) bool {
	c := s.Board[start]
	for i := range bp.entry {
		in := &bp.entry[i]
		var r bool
		switch in.Op {
		case OpStep:
			return true
		case OpFriend:
			r = c != Empty && int32(c.Owner()) == pl
		case OpEnemy:
			r = c != Empty && int32(c.Owner()) != pl
		case OpPiece:
			r = c != Empty && int32(c.Type()) == in.A
		case OpAttr:
			r = c != Empty && c.Attr(int(in.A))
		case OpInZone:
			r = s.g.Board.InZone(int(in.A), int(pl), int(start))
		default:
			continue
		}
		if r == in.Jt {
			return false
		}
	}
	return true
}

// prepareLast finds the entry path's first last-to?/last-from? test and the
// square it reads from every start, for each player's links.
func (bp *blockPre) prepareLast(plinks [][]int32, n int32) {
	for i := range bp.entry {
		if in := &bp.entry[i]; in.Op == OpLastTo || in.Op == OpLastFrom {
			bp.last = in
			break
		}
	}
	if bp.last == nil {
		return
	}
	bp.lastAt = make([][]int32, len(plinks))
	for pl, links := range plinks {
		at := make([]int32, n)
		for start := int32(0); start < n; start++ {
			at[start] = bp.walkEntry(links, n, start, func(in *Inst, _ int32) bool { return in != bp.last })
		}
		bp.lastAt[pl] = at
	}
	if bp.last.Jt || n > maxSetSquares {
		return
	}
	bp.lastFrom = make([][]squareSet, len(plinks))
	for pl, at := range bp.lastAt {
		bp.lastFrom[pl] = make([]squareSet, n)
		for start, sq := range at {
			if sq >= 0 {
				bp.lastFrom[pl][sq].add(int32(start))
			}
		}
	}
}

// prepareEmpty fills mustEmpty from the entry path's empty? tests.
func (bp *blockPre) prepareEmpty(plinks [][]int32, n int32) {
	tests := false
	for i := range bp.entry {
		if in := &bp.entry[i]; in.Op == OpEmpty && !in.Jt {
			tests = true
		}
	}
	if !tests || n > maxSetSquares {
		return
	}
	bp.mustEmpty = make([][]squareSet, len(plinks))
	for pl, links := range plinks {
		sets := make([]squareSet, n)
		for start := int32(0); start < n; start++ {
			// A path that leaves the board ends the walk: admits refuses
			// there, and no more is to be known.
			bp.walkEntry(links, n, start, func(in *Inst, cur int32) bool {
				if in.Op == OpEmpty && !in.Jt {
					sets[start].add(cur)
				}
				return true
			})
		}
		bp.mustEmpty[pl] = sets
	}
}

// walkEntry follows the entry path from start with a player's links (n
// squares), calling at with each test and the square it reads until at
// returns false, and returns the square the walk stopped on: NoPos when a
// step leaves the board (prepareLast, prepareEmpty).
func (bp *blockPre) walkEntry(links []int32, n, start int32, at func(in *Inst, cur int32) bool) int32 {
	cur := start
	for i := range bp.entry {
		in := &bp.entry[i]
		if in.Op == OpStep {
			if cur = links[in.A*n+cur]; cur < 0 {
				return cur
			}
			continue
		}
		if !at(in, cur) {
			return cur
		}
	}
	return cur
}

// blocked reports whether a piece stands on a square the entry path
// requires empty from start for pl (mustEmpty; occ: the squares of all
// pieces): admits would say false.
func (bp *blockPre) blocked(occ squareSet, pl int32, start int32) bool {
	return bp.mustEmpty != nil && !bp.mustEmpty[pl][start].and(occ).empty()
}

// lastTail is the index in runs of the first of the blocks that end the
// list and that pass only where their last-to?/last-from? test reads the
// last move's square (lastFrom), len(runs) if none: en passant comes last
// in a Pawn's moves.
func lastTail(runs []blockRun) int {
	i := len(runs)
	for i > 0 && runs[i-1].kind == runInterpreted && runs[i-1].pre.lastFrom != nil {
		i--
	}
	return i
}

// lastSet says, for the blocks of type t from its lastTail on (en
// passant), from which squares they may run after a given last move: their
// last-move tests refuse every other start. to[pl*n+sq] holds the starts of
// those blocks whose test reads the last move's To when that is sq, from
// those whose test reads its From.
type lastSet struct {
	t        int
	to, from []squareSet
}

// starts is the set of squares from which a piece of player pl may run the
// blocks after the last move from-to (NoPos: none), on a board of n
// squares.
func (ls *lastSet) starts(pl, n int, from, to int32) squareSet {
	var ok squareSet
	if to >= 0 {
		ok = ls.to[pl*n+int(to)]
	}
	if from >= 0 {
		ok = ok.or(ls.from[pl*n+int(from)])
	}
	return ok
}

func newLastSet(t int, tail []blockRun, nPlayers, n int) lastSet {
	ls := lastSet{t: t, to: make([]squareSet, nPlayers*n), from: make([]squareSet, nPlayers*n)}
	for _, r := range tail {
		bp := r.pre
		by := ls.to
		if bp.last.Op == OpLastFrom {
			by = ls.from
		}
		for pl, row := range bp.lastFrom {
			for sq, starts := range row {
				by[pl*n+sq] = by[pl*n+sq].or(starts)
			}
		}
	}
	return ls
}

// quickRefuses reports whether the entry path's last-to?/last-from? test
// fails for player pl's piece on start (or the path leaves the board
// before it): admits would say false.
func (bp *blockPre) quickRefuses(s *State, pl int32, start int32) bool {
	if bp.last == nil {
		return false
	}
	sq := bp.lastAt[pl][start]
	if sq < 0 {
		return true
	}
	want := s.LastTo
	if bp.last.Op == OpLastFrom {
		want = s.LastFrom
	}
	return (sq == want) == bp.last.Jt
}

// gate reports whether the entry path passes only where its
// last-to?/last-from? test reads the last move's square (en passant's
// test), and that square from start for player pl (NoPos: the path
// leaves the board first, and the block never runs from there).
func (bp *blockPre) gate(pl int, start int32) (sq int32, ok bool) {
	if bp.last == nil || bp.last.Jt {
		return 0, false
	}
	return bp.lastAt[pl][start], true
}

// admits reports whether the entry path passes for player pl's piece on
// start, reading the board as the run's tests would.
func (bp *blockPre) admits(s *State, pl int32, start int32) bool {
	if bp.entry == nil {
		return true
	}
	if bp.quickRefuses(s, pl, start) {
		return false
	}
	links := s.pre.plinks[pl]
	n := int32(len(s.Board))
	cur := start
	for i := range bp.entry {
		in := &bp.entry[i]
		if in.Op == OpStep {
			if cur = links[in.A*n+cur]; cur < 0 {
				return false
			}
			continue
		}
		c := s.Board[cur]
		var r bool
		switch in.Op {
		case OpEmpty:
			r = c == Empty
		case OpFriend:
			r = c != Empty && int32(c.Owner()) == pl
		case OpEnemy:
			r = c != Empty && int32(c.Owner()) != pl
		case OpPiece:
			r = c != Empty && int32(c.Type()) == in.A
		case OpAttr:
			r = c != Empty && c.Attr(int(in.A))
		case OpInZone:
			r = s.g.Board.InZone(int(in.A), int(pl), int(cur))
		case OpLastFrom:
			r = cur == s.LastFrom
		case OpLastTo:
			r = cur == s.LastTo
		}
		if r == in.Jt {
			return false
		}
	}
	return true
}

// loopDirs reports for each direction whether following it from some
// square comes back to a square other than the start (rho: an endless ray
// the interpreter would stop only by its step budget), and whether it
// comes back to any square, the start included (wrap: a ray that is no
// line from the square to the board's edge; every rho direction wraps).
func (b *Board) loopDirs() (rho, wrap []bool) {
	n := b.N()
	rho, wrap = make([]bool, len(b.Dirs)), make([]bool, len(b.Dirs))
	seen := make([]int32, n)
	stamp := int32(0)
	for d := range b.Dirs {
		for p := 0; p < n && !rho[d]; p++ {
			stamp++
			seen[p] = stamp
			for q := b.links[d*n+p]; q >= 0; q = b.links[d*n+int(q)] {
				if q == int32(p) {
					wrap[d] = true
					break
				}
				if seen[q] == stamp {
					rho[d], wrap[d] = true, true
					break
				}
				seen[q] = stamp
			}
		}
	}
	return rho, wrap
}

// prepare fills the per-player tables; it reports false when the program
// must keep the interpreter on this board.
func (sp *specProg) prepare(b *Board, p *prepared, rho []bool) bool {
	n := b.N()
	nd := int32(len(b.Dirs))
	switch sp.kind {
	case specHops:
		// A hop adds a move on each branch, or one per type its
		// promotion lists; twice that, to spare the argument.
		maxList := 0
		for _, l := range sp.prog.Lists {
			maxList = max(maxList, len(l))
		}
		sp.maxAdds = 4 * len(sp.hops) * (1 + maxList)
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
		if !sp.landingsDistinct(n) {
			return false
		}
		sp.prepareNoisy(b, len(p.plinks), n)
		sp.preparePush(b, len(p.plinks), n)
	default:
		if sp.dir < 0 || sp.dir >= nd {
			return false
		}
		for _, sym := range b.Symmetry {
			if rho[sym[sp.dir]] {
				return false
			}
		}
		// A slide visits each square at most once, running at most
		// about a dozen instructions there and its set-attributes.
		sp.maxSteps += (12 + len(sp.quiet.sets)) * n
	}
	return true
}

// preparePush fills push for a hop chain whose every hop lands only on
// an empty square (its enemy branch neither adds nor goes on) and adds a
// plain move there (at most one attribute set), each but the last going
// on, and whose first hop needs no empty start. What the general loop
// tests besides the landings' emptiness, the zones before hops and the
// board's edges, depends on the start alone: it is read here once.
func (sp *specProg) preparePush(b *Board, players, n int) {
	nh := len(sp.hops)
	for hi := range sp.hops {
		h := &sp.hops[hi]
		if h.enemy.emit || h.enemy.cont || !h.empty.emit || len(h.empty.sets) > 1 ||
			(hi == 0 && h.preEmpty) || (hi < nh-1 && !h.empty.cont) {
			return
		}
	}
	push := make([]int32, players*n*nh)
	for pl := range players {
		for sq := range n {
			row := push[(pl*n+sq)*nh : (pl*n+sq+1)*nh]
			for k := range row {
				row[k] = NoPos
			}
			cur := int32(sq)
			for hi := range sp.hops {
				h := &sp.hops[hi]
				if h.preZone >= 0 && !b.InZone(int(h.preZone), pl, int(cur)) {
					break
				}
				t := h.to[pl][cur]
				if t < 0 {
					break
				}
				if h.empty.promotesAt(b, pl, t) {
					row[0] = pushGeneric
					break
				}
				row[hi], cur = t, t
			}
		}
	}
	sp.push = push
}

// prepareNoisy fills noisyAt for a hop chain that can take nothing (no
// enemy branch emits): whether a run from a start could promote, its only
// noisy move. Noisy-only generation skips the other starts (a pawn's push
// away from the promotion zone). Tests before a hop are not read: the
// table may say yes where no move comes, never no where one could.
func (sp *specProg) prepareNoisy(b *Board, players, n int) {
	for hi := range sp.hops {
		if sp.hops[hi].enemy.emit {
			return
		}
	}
	sp.noisyAt = make([][]bool, players)
	for pl := range players {
		at := make([]bool, n)
		for start := range n {
			cur := int32(start)
			for hi := range sp.hops {
				h := &sp.hops[hi]
				if cur = h.to[pl][cur]; cur < 0 {
					break
				}
				if br := &h.empty; br.emit && br.promotesAt(b, pl, cur) {
					at[start] = true
				}
			}
		}
		sp.noisyAt[pl] = at
	}
}

// landingsDistinct reports whether a chain whose hops leave set-attributes
// pending (on an empty square) never lands twice on one square: there a
// later move would also take the earlier set-attributes. Only cyclic boards
// can fail it.
func (sp *specProg) landingsDistinct(n int) bool {
	pending := false
	for hi := range sp.hops[:len(sp.hops)-1] {
		if len(sp.hops[hi].empty.sets) > 0 || len(sp.hops[hi].enemy.sets) > 0 {
			pending = true
		}
	}
	if !pending {
		return true
	}
	for pl := range sp.hops[0].to {
		for sq := 0; sq < n; sq++ {
			var seen [8]int32
			cur := int32(sq)
			for hi := range sp.hops {
				cur = sp.hops[hi].to[pl][cur]
				if cur < 0 {
					break
				}
				if hi >= len(seen) {
					return false
				}
				for _, p := range seen[:hi] {
					if p == cur {
						return false
					}
				}
				seen[hi] = cur
			}
		}
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
	if in := &m.code[pc]; in.Op == OpSlide {
		sp.kind, sp.dir = specSlide, in.A
		sp.quiet = specBranch{emit: true, cont: true, promo: -1, promoZone: -1}
		tail, next, ok := m.landing(pc + 1)
		if !ok || !m.isEnd(next) {
			return nil
		}
		sp.tail = tail
		return sp
	}
	if m.loop(sp, pc) {
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
		tail, next, ok := m.landing(pc)
		if !ok {
			return nil
		}
		// Set-attributes stay pending for the rest of the run: on a square
		// a later move has left occupied they would change the piece
		// there. So a hop with them goes on only from an empty square.
		if prev := len(sp.hops) - 1; prev >= 0 {
			pt := &sp.hops[prev].specTail
			if (len(pt.empty.sets) > 0 || len(pt.enemy.sets) > 0) && pt.enemy.cont && !h.preEmpty {
				return nil
			}
		}
		h.specTail = tail
		sp.hops = append(sp.hops, h)
		pc = next
		if m.isEnd(pc) {
			return sp
		}
		if pc >= len(m.code) || (!tail.empty.cont && !tail.enemy.cont) {
			return nil
		}
	}
}

type specMatcher struct{ code []Inst }

// ends reports whether jumping to pc ends the run.
func (m *specMatcher) ends(pc int32) bool { return pc >= 0 && m.isEnd(int(pc)) }

// isEnd reports whether the instruction at pc ends the run: die, end, or
// jmps leading to one.
func (m *specMatcher) isEnd(pc int) bool {
	for i := 0; i < len(m.code) && pc >= 0 && pc < len(m.code); i++ {
		switch m.code[pc].Op {
		case OpDie, OpEnd:
			return true
		case OpJmp:
			pc = int(m.code[pc].B)
		default:
			return false
		}
	}
	return false
}

// loop matches the two loop shapes at pc.
func (m *specMatcher) loop(sp *specProg, pc int) bool {
	c := m.code
	if pc+2 >= len(c) || c[pc].Op != OpStep || c[pc+1].Op != OpEmpty || c[pc+1].Loc != LocCursor {
		return false
	}
	d := c[pc].A
	if !c[pc+1].Jt {
		// step d; L: empty? ->C if false; sets; add; step d; jmp ->L; C: landing
		sets, q := m.sets(pc + 2)
		if q+2 >= len(c) || c[q].Op != OpAdd || c[q].A >= 0 || c[q+1].Op != OpStep || c[q+1].A != d ||
			c[q+2].Op != OpJmp || int(c[q+2].B) != pc+1 || int(c[pc+1].B) != q+3 {
			return false
		}
		tail, next, ok := m.landing(q + 3)
		if !ok || !m.isEnd(next) {
			return false
		}
		sp.kind, sp.dir, sp.tail = specLoop, d, tail
		sp.quiet = specBranch{emit: true, cont: true, sets: sets, promo: -1, promoZone: -1}
		return true
	}
	// L: step d; empty? ->E if true; capture branch; X; E: [sets; add]; jmp ->L
	tail, next, ok := m.landing(pc + 1)
	if !ok || !tail.empty.cont || tail.empty.promoZone >= 0 || tail.empty.promo >= 0 ||
		next >= len(c) || c[next].Op != OpJmp || int(c[next].B) != pc {
		return false
	}
	sp.kind, sp.dir = specLoop, d
	sp.quiet = tail.empty
	sp.tail = specTail{empty: specBranch{promo: -1, promoZone: -1}, enemy: tail.enemy, iron: tail.iron}
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

// branch reads set-attributes and an add form from pc on.
func (m *specMatcher) branch(pc int) (specBranch, int, bool) {
	b := specBranch{emit: true, promo: -1, promoZone: -1}
	b.sets, pc = m.sets(pc)
	c := m.code
	switch {
	case pc < len(c) && c[pc].Op == OpAdd:
		b.promo = c[pc].A
		return b, pc + 1, true
	case pc+3 < len(c) && c[pc].Op == OpInZone && c[pc].Loc == LocCursor && int(c[pc].B) == pc+3 &&
		c[pc+2].Op == OpJmp && int(c[pc+2].B) == pc+4 && c[pc+1].Op == OpAdd && c[pc+3].Op == OpAdd:
		in, out := c[pc+1].A, c[pc+3].A // the adds inside and outside the zone
		if c[pc].Jt {
			in, out = out, in
		}
		if in < 0 || out >= 0 {
			return b, 0, false
		}
		b.promo, b.promoZone = in, c[pc].A
		return b, pc + 4, true
	}
	return b, 0, false
}

// landing reads a landing from pc on; next is where the run goes on after
// a branch that continues.
func (m *specMatcher) landing(pc int) (t specTail, next int, ok bool) {
	none := specBranch{promo: -1, promoZone: -1}
	t.empty, t.enemy = none, none
	if pc >= len(m.code) {
		return t, 0, false
	}
	in := &m.code[pc]
	if in.Loc != LocCursor {
		return t, 0, false
	}
	if in.Op == OpEmpty && in.Jt {
		// empty? ->E if true; [friend? ->S if true; [piece? T ->S if true]...; branch; S:] X; E: [branch]
		e := int(in.B)
		q := pc + 1
		if !m.isEnd(q) {
			f := &m.code[q]
			if f.Op != OpFriend || f.Loc != LocCursor || !f.Jt {
				return t, 0, false
			}
			skip := int(f.B)
			q++
			for q < len(m.code) && m.code[q].Op == OpPiece && m.code[q].Loc == LocCursor && m.code[q].Jt && int(m.code[q].B) == skip {
				t.iron = append(t.iron, m.code[q].A)
				q++
			}
			br, after, ok := m.branch(q)
			if !ok || after != skip || !m.isEnd(skip) {
				return t, 0, false
			}
			t.enemy = br
		}
		if e <= pc || e >= len(m.code) {
			return t, 0, false
		}
		if m.code[e].Op == OpSetAttr || m.code[e].Op == OpAdd || m.code[e].Op == OpInZone {
			br, after, ok := m.branch(e)
			if !ok {
				return t, 0, false
			}
			t.empty, e = br, after
		}
		t.empty.cont = true
		return t, e, true
	}
	if !m.ends(in.B) {
		return t, 0, false
	}
	var emptyOK, enemyOK bool
	switch {
	case in.Op == OpFriend && in.Jt:
		emptyOK, enemyOK = true, true
	case in.Op == OpEmpty && !in.Jt:
		emptyOK = true
	case in.Op == OpEnemy && !in.Jt:
		enemyOK = true
	default:
		return t, 0, false
	}
	br, next, ok := m.branch(pc + 1)
	if !ok {
		// A square the run passes only when it is empty (a lame leap's
		// first step, a pawn's double step).
		if in.Op != OpEmpty || pc+1 >= len(m.code) || m.code[pc+1].Op != OpStep {
			return t, 0, false
		}
		t.empty.cont = true
		return t, pc + 1, true
	}
	br.cont = true
	if emptyOK {
		t.empty = br
	}
	if enemyOK {
		t.enemy = br
	}
	return t, next, true
}

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
	if recycled {
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
// search's instructions (measured in session 19's review).
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
