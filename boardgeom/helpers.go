// This file decides which positions are a game's helpers rather than
// squares to play on: the turn markers, counters and stores a rule file
// keeps on its board, which Zillions never draws because its board
// picture shows no square there.

package boardgeom

import (
	"sync"

	"zrun/vm"
)

// Helpers returns the positions of g no visible piece can ever stand on:
// no piece is set up there, no move of any piece can land there and no
// drop can put one there; or only pieces that cannot be seen (visible
// reports false for their type, as for Splut's turn markers, whose
// bitmaps are pure green) can. visible may be nil (every type visible).
//
// How: each move and drop program of each type is run abstractly from
// every position for each player, over the board's links with every test
// that depends on the position taken both ways (as vm's reach tables do
// for captures), marking where the moving or dropped piece is put down
// (add, to, cascade; every square of a slide). That over-approximates the
// landings of any play, so a position it never marks is never landed on.
// Creating or capturing a piece elsewhere is not a landing: a rule that
// creates markers on helper squares does not make them squares. A program
// the analysis cannot follow (one that returns to a move's from or to
// square, or one past the state budget) may land anywhere, so the game
// then has no helpers: doubt draws a square. So has a game whose moves a
// MoveSource gives (Game.Moves: an Axiom script).
func Helpers(g *vm.Game, visible func(t int) bool) map[int]bool {
	n := g.Board.N()
	if n == 0 {
		return nil
	}
	if len(g.Setup) == 0 {
		// No set-up to grow from (a position given by FEN, a variant set
		// up by its moves): nothing is known to be a helper.
		return nil
	}
	if g.Moves != nil {
		// The moves come from elsewhere (an Axiom script), not from the
		// programs read here: Axiomatic Ur's track squares (l2 ...) were
		// taken for helpers and not drawn, so no move could be clicked.
		return nil
	}
	// occ[t][p]: a piece of type t may stand on p; grown from the set-up
	// squares (and the drops' targets) by the moves of each type from the
	// squares it may stand on, until nothing changes. A move counts only
	// from a square its piece can reach, else every corner square would be
	// a step from its neighbour; a piece created, promoted or retyped
	// stands on the square as the new type.
	nT := len(g.Pieces)
	occ := make([][]bool, nT)
	fresh := make([][]int32, nT)
	for t := range occ {
		occ[t] = make([]bool, n)
	}
	set := make([]bool, n)
	add := func(t, p int) {
		if !occ[t][p] {
			occ[t][p] = true
			fresh[t] = append(fresh[t], int32(p))
		}
	}
	for _, it := range g.Setup {
		if it.Pos >= 0 && it.Pos < n && it.Type >= 0 && it.Type < nT {
			set[it.Pos] = true
			add(it.Type, it.Pos)
		}
	}
	a := landAnalyser{b: g.Board, n: n, nT: nT}
	a.out = make([][]bool, nT+1)
	for t := range a.out {
		a.out[t] = make([]bool, n)
	}
	collect := func() {
		for t, m := range a.out[:nT] {
			for p, on := range m {
				if on {
					add(t, p)
				}
			}
			clear(m)
		}
		for p, on := range a.out[nT] { // any type (a promotion)
			if on {
				for t := range nT {
					add(t, p)
				}
			}
		}
		clear(a.out[nT])
	}
	// Drops are run from every square, as play runs them.
	all := make([]int32, n)
	for p := range all {
		all[p] = int32(p)
	}
	for t, pt := range g.Pieces {
		for pl := range g.Players {
			a.sym, a.typ = g.Board.Symmetry[pl], t
			if !a.runAll(pt.Drops, all) {
				return nil
			}
		}
	}
	collect()
	for {
		starts := fresh
		fresh = make([][]int32, nT)
		any := false
		for t, pt := range g.Pieces {
			if len(starts[t]) == 0 {
				continue
			}
			any = true
			for pl := range g.Players {
				a.sym, a.typ = g.Board.Symmetry[pl], t
				if !a.runAll(pt.Moves, starts[t]) {
					return nil
				}
			}
		}
		if !any {
			break
		}
		collect()
	}
	lands := make([][]int, n)
	for t := range occ {
		for p, on := range occ[t] {
			if on {
				lands[p] = append(lands[p], t)
			}
		}
	}
	seen := map[int]bool{}
	isVisible := func(t int) bool {
		if visible == nil {
			return true
		}
		v, ok := seen[t]
		if !ok {
			v = visible(t)
			seen[t] = v
		}
		return v
	}
	out := map[int]bool{}
	for p := range n {
		if set[p] || g.Board.Positions[p].Dummy {
			continue
		}
		helper := true
		for _, t := range lands[p] {
			if isVisible(t) {
				helper = false
				break
			}
		}
		if helper {
			out[p] = true
		}
	}
	return out
}

// runAll runs every block from every start square, marking landings;
// false when some block cannot be followed.
func (a *landAnalyser) runAll(blocks []vm.MoveBlock, starts []int32) bool {
	for _, blk := range blocks {
		if blk.Prog == nil {
			continue
		}
		// A state's landings do not depend on where the run began: one
		// seen set serves every start square.
		if !a.begin(blk.Prog) {
			return false
		}
		for _, from := range starts {
			if !a.run(blk.Prog, from) {
				return false
			}
		}
	}
	return true
}

// where is the square an action at in's location acts on.
func (a *landAnalyser) where(in *vm.Inst, st landState) (int32, bool) {
	var t int
	switch in.Loc {
	case vm.LocPos:
		return in.L, true
	case vm.LocDir:
		if int(in.L) >= len(a.sym) {
			return -1, false
		}
		t = a.b.Link(a.sym[in.L], int(st.cursor))
	case vm.LocOpposite:
		if int(in.L) >= len(a.b.Opposite) || a.b.Opposite[in.L] < 0 {
			return -1, false
		}
		t = a.b.Link(a.sym[a.b.Opposite[in.L]], int(st.cursor))
	default:
		return st.cursor, true
	}
	return int32(t), t >= 0
}

type landState struct{ pc, cursor, mark int32 }

type landAnalyser struct {
	b   *vm.Board
	sym []int
	n   int
	nT  int
	typ int // the type whose program runs
	// out[t][p]: a piece of type t may be put down on p (out[nT]: of any
	// type, a promotion).
	out [][]bool
	// seen has a bit per state (pc, cursor, mark) of the current block;
	// the mark is left out (always 0) when the program never reads it, so
	// most blocks have a state per instruction and square, not per pair
	// of squares.
	seen    []uint64
	useMark bool
	work    []landState
	states  int
}

// begin readies the analyser for a block: no state seen yet; false when
// its states are too many to keep (a block reading its mark on a board of
// thousands of squares).
func (a *landAnalyser) begin(prog *vm.Program) bool {
	a.useMark = false
	for _, in := range prog.Code {
		if in.Op == vm.OpBack || in.Op == vm.OpMarked || in.Op == vm.OpGo && in.A == vm.GoMark {
			a.useMark = true
		}
	}
	size := len(prog.Code) * a.n
	if a.useMark {
		size *= a.n
	}
	words := (size + 63) / 64
	if words > maxSeenWords {
		return false
	}
	if cap(a.seen) < words {
		a.seen = make([]uint64, words)
	}
	a.seen = a.seen[:words]
	clear(a.seen)
	a.states = 0
	return true
}

// maxSeenWords bounds the seen set: 8 MB.
const maxSeenWords = 1 << 20

// landBudget bounds the abstract states of one block over all its start
// squares (a block scanning the whole board under board tests from each
// square would take minutes); past it the game is taken to have no
// helpers.
const landBudget = 1 << 20

// run follows every path of prog from start, marking where a piece is put
// down; false when the program cannot be followed.
func (a *landAnalyser) run(prog *vm.Program, start int32) bool {
	out := a.out[a.typ]
	a.work = a.work[:0]
	push := func(s landState) {
		if !a.useMark {
			s.mark = 0
		}
		k := (int(s.pc)*a.n+int(s.cursor))*a.n + int(s.mark)
		if !a.useMark {
			k = int(s.pc)*a.n + int(s.cursor)
		}
		if k < 0 || k/64 >= len(a.seen) {
			return
		}
		if a.seen[k/64]&(1<<uint(k%64)) == 0 {
			a.seen[k/64] |= 1 << uint(k%64)
			a.work = append(a.work, s)
		}
	}
	link := func(d int, p int32) int32 {
		if d < 0 || d >= len(a.sym) {
			return -1
		}
		return int32(a.b.Link(a.sym[d], int(p)))
	}
	opp := func(d int32) int {
		if d < 0 || int(d) >= len(a.b.Opposite) {
			return -1
		}
		return a.b.Opposite[d]
	}
	// loc is where an instruction looks; false off the board.
	loc := func(in *vm.Inst, st landState) bool {
		switch in.Loc {
		case vm.LocDir:
			return link(int(in.L), st.cursor) >= 0
		case vm.LocOpposite:
			o := opp(in.L)
			return o >= 0 && link(o, st.cursor) >= 0
		}
		return true
	}
	push(landState{0, start, start})
	for len(a.work) > 0 {
		if a.states++; a.states > landBudget {
			return false
		}
		st := a.work[len(a.work)-1]
		a.work = a.work[:len(a.work)-1]
		if int(st.pc) >= len(prog.Code) {
			continue
		}
		in := &prog.Code[st.pc]
		next := st
		next.pc++
		if in.Op.IsTest() {
			jump := st
			jump.pc = in.B
			var r, known bool
			switch in.Op {
			case vm.OpConst:
				r, known = in.A != 0, true
			case vm.OpOnBoard:
				r, known = link(int(in.A), st.cursor) >= 0, true
			case vm.OpOnBoardO:
				o := opp(in.A)
				r, known = o >= 0 && link(o, st.cursor) >= 0, true
			case vm.OpPosition:
				r, known = st.cursor == in.A, true
			case vm.OpMarked:
				r, known = st.cursor == st.mark, true
			default:
				if !loc(in, st) {
					continue
				}
			}
			switch {
			case !known:
				push(next)
				push(jump)
			case r == in.Jt:
				push(jump)
			default:
				push(next)
			}
			continue
		}
		switch in.Op {
		case vm.OpStep, vm.OpOpposite:
			d := int(in.A)
			if in.Op == vm.OpOpposite {
				d = opp(in.A)
			}
			t := link(d, st.cursor)
			if t < 0 {
				continue
			}
			next.cursor = t
		case vm.OpJump:
			next.cursor = in.A
		case vm.OpMark:
			next.mark = st.cursor
		case vm.OpBack:
			next.cursor = st.mark
		case vm.OpGo:
			if in.A != vm.GoMark {
				// from, to, last-from, last-to: known only in play.
				return false
			}
			next.cursor = st.mark
		case vm.OpJmp:
			next.pc = in.B
		case vm.OpDie, vm.OpEnd:
			continue
		case vm.OpSlide:
			// "while empty? { add } step": a piece may be put down on
			// every square of the ray, and the code after it goes on from
			// any of them.
			p := st.cursor
			for i := 0; i < a.n; i++ {
				t := link(int(in.A), p)
				if t < 0 || t == st.cursor {
					break
				}
				p = t
				out[p] = true
				c := next
				c.cursor = p
				push(c)
			}
			continue
		case vm.OpAdd, vm.OpAddPartial, vm.OpAddCopy, vm.OpAddCopyPartial, vm.OpAddGate, vm.OpTo, vm.OpCascade:
			out[st.cursor] = true
			if in.A >= 0 && in.Op != vm.OpTo && in.Op != vm.OpCascade {
				a.out[a.nT][st.cursor] = true // promoted: a type of its list
			}
			if in.Op == vm.OpCascade || in.Op == vm.OpAddGate {
				// A cascade moves on another piece, a gate drops one:
				// of a type the program does not name.
				a.out[a.nT][st.cursor] = true
			}
		case vm.OpCreate, vm.OpChangeType:
			if p, ok := a.where(in, st); ok && in.A >= 0 && int(in.A) < a.nT {
				a.out[in.A][p] = true
			}
		default:
			if in.Loc != vm.LocCursor && in.Loc != vm.LocPos && !loc(in, st) {
				continue
			}
		}
		push(next)
	}
	return true
}

// helpersOf is Helpers with pics telling which types cannot be seen,
// remembered per game (a page lays out its board several times, and the
// analysis runs every program of the game).
func helpersOf(g *vm.Game, pics *PictureSet) map[int]bool {
	key := helperKey{g, pics != nil}
	helperCache.Lock()
	h, ok := helperCache.m[key]
	helperCache.Unlock()
	if ok {
		return h
	}
	var visible func(int) bool
	if pics != nil {
		visible = func(t int) bool { return !pics.Invisible(t) }
	}
	h = Helpers(g, visible)
	helperCache.Lock()
	if len(helperCache.m) >= 64 {
		// Games reloaded by --watch would pile up: start afresh.
		clear(helperCache.m)
	}
	helperCache.m[key] = h
	helperCache.Unlock()
	return h
}

type helperKey struct {
	g    *vm.Game
	pics bool
}

var helperCache = struct {
	sync.Mutex
	m map[helperKey]map[int]bool
}{m: map[helperKey]map[int]bool{}}
