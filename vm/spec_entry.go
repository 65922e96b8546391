// This file defines the entry checks of specialised programs (spec.go):
// what a block tests on its start square before it moves, read once from
// the bytecode, so a run that cannot start is refused without running it.

package vm

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
		case OpFriend, OpEnemy, OpPiece, OpAttr:
			r = occupantTest(in.Op, c, pl, in.A)
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
		case OpEmpty, OpFriend, OpEnemy, OpPiece, OpAttr:
			r = occupantTest(in.Op, c, pl, in.A)
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
