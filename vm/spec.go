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
//
// This file holds the types and the per-game choice of which blocks run
// specialised; spec_recognise.go reads the shapes from the bytecode,
// spec_entry.go the tests on the start square, spec_prepare.go the tables,
// and spec_run.go the runs themselves.

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
