// This file defines the reach table: for each player, piece type, move block
// and start square, the squares on which that block could possibly capture.
// It is computed by abstract interpretation of the program over the board's
// links with every board-dependent test taken both ways, so it is an
// over-approximation for any program. Attack tests skip the blocks that cannot
// reach the target, which makes them cheap without special-casing any piece.

package vm

import "sync/atomic"

type reachTable struct {
	g      *Game
	n      int
	words  int
	nTypes int // len(g.Pieces)
	// types[pl*nTypes+t] holds the reach of type t played by pl once computed.
	// Computing is idempotent, so concurrent first uses only duplicate work.
	types []atomic.Pointer[typeReach]
	// players[pl] is pl's reach over all types, once computed.
	players []atomic.Pointer[playerReach]
}

// playerReach is the reach of the piece types of one player that have
// stood on the board (covered: bit t for type t; games of at most
// maxPresentTypes types).
type playerReach struct {
	covered uint64
	types   []*typeReach // nil for a type not covered
	// rev[target*words + from/64] has the squares from which some covered
	// type could capture on target: the union of the types' rev, nil when
	// a type has none. An attack test intersects it with the player's
	// pieces, so it visits the few that could hit instead of looping
	// over the types.
	rev []uint64
}

// maxPresentTypes is the most piece types a game may have for attack tests
// to use a player's reach over its types (playerReach), which tracks them
// by a bit each.
const maxPresentTypes = 64

// typeReach is the reach of one piece type for one player.
type typeReach struct {
	// any is the union over blocks, or nil when some block is unanalysable.
	any []uint64
	// blocks[b] is block b's bitsets (start*words + target/64), nil when unanalysable.
	blocks [][]uint64
	// rev is any transposed (target*words + from/64), nil when any is nil:
	// the squares from which the type could capture on a target.
	rev []uint64
	// hits[from*n+to] has bit b set when block b could capture on to from
	// from (an unanalysable block's bit everywhere), so an attack test
	// visits the one or two blocks that may hit instead of asking every
	// block; nil on boards above maxHitPositions squares or for types with
	// more than maxHitBlocks blocks. 16 bits keep the table small enough
	// to stay in the caches (a chess board's is 8 KiB).
	hits []uint16
	n    int // the board's squares: hits' stride
}

// maxHitPositions bounds the boards typeReach.hits is built for: it takes
// 2 bytes per pair of squares (32 KiB a type and player at the bound).
const maxHitPositions = 128

// maxHitBlocks is the most blocks a type may have for typeReach.hits.
const maxHitBlocks = 16

// maxReachPositions bounds the boards the table is built for; larger boards
// run every block in attack tests.
const maxReachPositions = 1024

func (g *Game) computeReach() *reachTable {
	n := g.Board.N()
	if n == 0 || n > maxReachPositions {
		return nil
	}
	r := &reachTable{g: g, n: n, words: (n + 63) / 64, nTypes: len(g.Pieces)}
	r.types = make([]atomic.Pointer[typeReach], len(g.Players)*len(g.Pieces))
	r.players = make([]atomic.Pointer[playerReach], len(g.Players))
	return r
}

// forPlayer returns the reach of pl's types, covering at least those of
// present (the types pl has had on the board, occupancy.present): a type is
// computed only once a piece of it stands on the board, since the reach
// analysis of a type costs far more than a game's first moves (a file of
// many games and types would spend most of its time on types it never
// plays). The table grows, never shrinks.
func (r *reachTable) forPlayer(pl int, present uint64) *playerReach {
	old := r.players[pl].Load()
	if old != nil && present&^old.covered == 0 {
		return old
	}
	pr := &playerReach{covered: present, types: make([]*typeReach, r.nTypes), rev: make([]uint64, r.n*r.words)}
	if old != nil {
		pr.covered |= old.covered
	}
	for t := range pr.types {
		if pr.covered&(1<<uint(t)) == 0 {
			continue
		}
		tr := r.forType(pl, t)
		pr.types[t] = tr
		if tr.rev == nil {
			pr.rev = nil
		} else if pr.rev != nil {
			for i, w := range tr.rev {
				pr.rev[i] |= w
			}
		}
	}
	r.players[pl].Store(pr)
	return pr
}

// forType returns the reach of type t played by pl (nil: no table); the
// first use of a type computes it (fill). Its call to fill keeps it from
// inlining: hot callers ask filled first.
func (r *reachTable) forType(pl, t int) *typeReach {
	if p := r.filled(pl, t); p != nil {
		return p
	}
	return r.fill(pl, t)
}

// filled is forType where the reach is computed already, and nil where
// it is not (or there is no table): it inlines, where forType's call to
// fill keeps forType from inlining.
func (r *reachTable) filled(pl, t int) *typeReach {
	if r == nil {
		return nil
	}
	return r.types[pl*r.nTypes+t].Load()
}

// fill computes and keeps the reach of type t played by pl (nil without
// a table).
func (r *reachTable) fill(pl, t int) *typeReach {
	if r == nil {
		return nil
	}
	tr := r.compute(pl, t)
	r.types[pl*r.nTypes+t].Store(tr)
	return tr
}

func (r *reachTable) compute(pl, t int) *typeReach {
	moves := r.g.Pieces[t].Moves
	tr := &typeReach{blocks: make([][]uint64, len(moves)), any: make([]uint64, r.n*r.words), n: r.n}
	a := reachAnalyser{g: r.g, sym: r.g.Board.Symmetry[pl], n: r.n}
	for b, blk := range moves {
		if !analysable(blk.Prog) {
			tr.any = nil
			continue
		}
		set := make([]uint64, r.n*r.words)
		a.prog, a.states = blk.Prog, 0
		ok := true
		for from := 0; from < r.n && ok; from++ {
			ok = a.run(int32(from), set[from*r.words:(from+1)*r.words])
		}
		if !ok {
			// Too many paths to follow (whole-board scans from a fixed
			// square, as in Gwangsanghui): attack tests run this block.
			tr.any = nil
			continue
		}
		tr.blocks[b] = set
		if tr.any != nil {
			for i, w := range set {
				tr.any[i] |= w
			}
		}
	}
	if r.n <= maxHitPositions && len(moves) <= maxHitBlocks {
		tr.hits = make([]uint16, r.n*r.n)
		for b, blk := range moves {
			if blk.Prog == nil {
				continue
			}
			set := tr.blocks[b]
			for from := 0; from < r.n; from++ {
				for to := 0; to < r.n; to++ {
					if set == nil || set[from*r.words+to/64]&(1<<uint(to%64)) != 0 {
						tr.hits[from*r.n+to] |= 1 << uint(b)
					}
				}
			}
		}
	}
	if tr.any != nil {
		tr.rev = make([]uint64, r.n*r.words)
		for from := 0; from < r.n; from++ {
			for to := 0; to < r.n; to++ {
				if tr.any[from*r.words+to/64]&(1<<uint(to%64)) != 0 {
					tr.rev[to*r.words+from/64] |= 1 << uint(from%64)
				}
			}
		}
	}
	return tr
}

// mayReachAny reports whether some block of the type could capture on to
// when played from from.
func (tr *typeReach) mayReachAny(words, from, to int) bool {
	if tr == nil || tr.any == nil {
		return true
	}
	return tr.any[from*words+to/64]&(1<<uint(to%64)) != 0
}

// mayReach reports whether block b could capture on to when played from from.
func (tr *typeReach) mayReach(words, b, from, to int) bool {
	if tr == nil || tr.blocks[b] == nil {
		return true
	}
	return tr.blocks[b][from*words+to/64]&(1<<uint(to%64)) != 0
}

// analysable reports whether the program only uses instructions whose effect
// on the cursor is known without the board: go (from/to/last-*) depends on
// the history of the move, so such programs are not analysed.
func analysable(p *Program) bool {
	if p == nil {
		return false
	}
	for _, in := range p.Code {
		if in.Op == OpGo && in.A != GoMark {
			return false
		}
	}
	return true
}

type reachState struct {
	pc           int32
	cursor, mark int32
}

type reachAnalyser struct {
	g    *Game
	prog *Program
	sym  []int
	n    int
	seen map[uint64]bool
	work []reachState
	// states counts the states explored for the current block, over all
	// start squares.
	states int
}

// reachStateBudget bounds the abstract states one block may explore over all
// its start squares. Ordinary pieces need tens per square; a block that
// scans the whole board from a fixed square under board-dependent tests needs
// instructions x squares states per start, and analysing it would cost more
// than it saves (minutes for Gwangsanghui).
const reachStateBudget = 1 << 18

// reachStartBudget bounds the states of one start square, so such a block is
// given up on at its first square.
const reachStartBudget = 1 << 12

// run explores every path of the program from start and sets in out the
// squares where some path could capture. It reports false, leaving out
// incomplete, when the paths exceed the budgets.
func (a *reachAnalyser) run(start int32, out []uint64) bool {
	if a.seen == nil {
		a.seen = map[uint64]bool{}
	}
	clear(a.seen)
	a.work = a.work[:0]
	a.push(reachState{0, start, start})
	mark := func(p int32) { out[p/64] |= 1 << uint(p%64) }
	b := a.g.Board
	for len(a.work) > 0 {
		if a.states++; a.states > reachStateBudget || len(a.seen) > reachStartBudget {
			return false
		}
		st := a.work[len(a.work)-1]
		a.work = a.work[:len(a.work)-1]
		in := &a.prog.Code[st.pc]
		next := st
		next.pc++
		if in.Op.IsTest() {
			jump := st
			jump.pc = in.B
			r, known, alive := a.staticTest(in, st)
			if !alive {
				continue
			}
			if !known {
				a.push(next)
				a.push(jump)
			} else if r == in.Jt {
				a.push(jump)
			} else {
				a.push(next)
			}
			continue
		}
		switch in.Op {
		case OpStep, OpOpposite:
			d := int(in.A)
			if in.Op == OpOpposite {
				d = b.Opposite[in.A]
				if d < 0 {
					continue
				}
			}
			t := b.Link(a.sym[d], int(st.cursor))
			if t < 0 {
				continue
			}
			next.cursor = int32(t)
		case OpJump:
			next.cursor = in.A
		case OpMark:
			next.mark = st.cursor
		case OpBack:
			next.cursor = st.mark
		case OpGo: // GoMark only (analysable)
			next.cursor = st.mark
		case OpJmp:
			next.pc = in.B
		case OpDie, OpEnd:
			continue
		case OpSlide:
			// The slide stops on the first occupied square, which may be any
			// square of the ray; code after it continues from there.
			// A ray has at most n squares; on a cyclic board (cylinder) it
			// comes back to where it started.
			p := st.cursor
			for i := 0; i < a.n; i++ {
				t := b.Link(a.sym[in.A], int(p))
				if t < 0 || int32(t) == st.cursor {
					break
				}
				p = int32(t)
				c := next
				c.cursor = p
				a.push(c)
			}
			continue
		case OpAdd, OpAddPartial, OpAddCopy, OpAddCopyPartial, OpAddGate, OpTo, OpCascade:
			mark(st.cursor)
		case OpCapture, OpCreate:
			p, ok := a.loc(in, st)
			if !ok {
				continue
			}
			mark(p)
		case OpChangeType, OpChangeOwner, OpFlip, OpSetAttr, OpSetPosFlag:
			if _, ok := a.loc(in, st); !ok {
				continue
			}
		}
		a.push(next)
	}
	return true
}

func (a *reachAnalyser) push(s reachState) {
	// A packed key hashes much faster than the struct (positions < 2^21).
	k := uint64(uint32(s.pc))<<42 | uint64(uint32(s.cursor))<<21 | uint64(uint32(s.mark))
	if !a.seen[k] {
		a.seen[k] = true
		a.work = append(a.work, s)
	}
}

func (a *reachAnalyser) loc(in *Inst, st reachState) (int32, bool) {
	b := a.g.Board
	switch in.Loc {
	case LocCursor:
		return st.cursor, true
	case LocPos:
		return in.L, true
	case LocDir:
		t := b.Link(a.sym[in.L], int(st.cursor))
		return int32(t), t >= 0
	default:
		o := b.Opposite[in.L]
		if o < 0 {
			return NoPos, false
		}
		t := b.Link(a.sym[o], int(st.cursor))
		return int32(t), t >= 0
	}
}

// staticTest evaluates the tests that do not depend on the board. alive is
// false when the test's location is off the board (the run dies).
func (a *reachAnalyser) staticTest(in *Inst, st reachState) (r, known, alive bool) {
	b := a.g.Board
	switch in.Op {
	case OpConst:
		return in.A != 0, true, true
	case OpOnBoard:
		return b.Link(a.sym[in.A], int(st.cursor)) >= 0, true, true
	case OpOnBoardO:
		o := b.Opposite[in.A]
		return o >= 0 && b.Link(a.sym[o], int(st.cursor)) >= 0, true, true
	case OpPosition:
		return st.cursor == in.A, true, true
	case OpMarked:
		return st.cursor == st.mark, true, true
	case OpFlag:
		return false, false, true
	}
	if _, ok := a.loc(in, st); !ok {
		return false, false, false
	}
	if in.Op == OpInZone {
		return false, false, true
	}
	return false, false, true
}
