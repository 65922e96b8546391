// This file derives a puzzle's distance estimate from its goal. A one-player
// game won by (pieces-remaining N T...) — Sokoban's (pieces-remaining 0 B):
// no box off a target; peg solitaire's pegs down to one — needs at least
// count-N more moves when a move removes at most one such piece. With N = 0
// the estimate is sharper: in a relaxed world with only one of the pieces
// on the board (the others lifted off, so nothing of theirs is in the way),
// the rules' own moves are enumerated from every square the piece may stand
// on, and a reverse search gives, for each square, the fewest moves that
// move that piece until it is gone (Sokoban: the fewest pushes of the box
// to a target, whatever the player walks meanwhile). Each piece needs at
// least that many moves of its own, so their sum is a lower bound; a square
// from which the piece can never go is a dead end (a box in a corner), and
// positions with a piece there are dropped. A weighted search (no longer
// bound to a lower bound) also assigns the pieces to distinct free targets
// (the squares where a gone piece left what it became, not taken by one
// already) at the least total distance, by the Hungarian method over
// per-target tables: that pushes boxes deep into a goal room first. Only
// positions whose board is
// the start's but for the piece and the moving pieces give a square its
// value (Sokoban's rules let a player standing on a target push a box away
// and leave a target behind where it stood; the relaxed world would
// otherwise count such made-up targets). Pairs of neighbouring pieces that
// together can never be gone (two boxes side by side along a wall) are
// found the same way, in the world of the two alone, and dropped too.

package solve

import (
	"fmt"
	"math"

	"zrun/vm"
)

const deadSquare = math.MaxInt32

// maxTargets bounds the targets that get their own distance tables.
const maxTargets = 64

// maxRelaxed bounds the relaxed world's positions (per goal piece type).
const maxRelaxed = 400000

// heuristic estimates the moves left to a puzzle's goal.
type heuristic struct {
	pl   int
	isX  []bool // isX[t]: pieces of type t count for the goal
	n    int    // the goal's N
	dist [][]int32
	// dead holds, per type, the neighbouring squares where two goal pieces
	// are frozen (pairKey).
	dead  []map[uint64]bool
	board *vm.Board
	// With matching (weighted searches only: it is not a lower bound),
	// the goal pieces are assigned to distinct free targets at the least
	// total distance: per[t][i] is the distance table of targets[t][i], a
	// target free where base holds what it holds (or a moving piece).
	matching bool
	targets  [][]int32
	per      [][][]int32
	base     []vm.Cell
	hung     hungarian
	what     string
	// lossy: the estimate left out positions that would have lowered it
	// (relaxed.lossy): a solution found is not proved shortest.
	lossy bool
	// limit is the most goal pieces one move was seen to remove: the
	// estimate counts one a move, so more makes it inadmissible.
	limit int
}

// pieceGoal finds the win goal of player pl of the form
// (pieces-remaining N types...), if it has one.
func pieceGoal(g *vm.Game, pl int) (*vm.Cond, bool) {
	for _, gl := range g.Goals {
		if gl.Kind != vm.WinGoal || gl.Cond == nil || gl.Cond.Op != vm.CondPiecesRemaining || len(gl.Cond.Types) == 0 {
			continue
		}
		for _, p := range gl.Players {
			if p == pl {
				return gl.Cond, true
			}
		}
	}
	return nil, false
}

// newHeuristic derives the estimate for player pl from s's game.
func newHeuristic(s *vm.State, pl int, matching bool) *heuristic {
	g := s.Game()
	h := &heuristic{pl: pl, isX: make([]bool, len(g.Pieces)), matching: matching}
	cond, ok := pieceGoal(g, pl)
	if !ok {
		h.what = "none (breadth-first: the goal is not a piece count)"
		return h
	}
	for _, t := range cond.Types {
		h.isX[t] = true
	}
	h.base = append([]vm.Cell(nil), s.Board...)
	for p, c := range h.base {
		if c != vm.Empty && c.Owner() == pl && h.isX[c.Type()] {
			h.base[p] = vm.Empty
		}
	}
	h.n = cond.N
	names := ""
	for _, t := range cond.Types {
		if names != "" {
			names += " "
		}
		names += g.Pieces[t].Name
	}
	h.what = fmt.Sprintf("pieces left over the goal's (pieces-remaining %d %s)", cond.N, names)
	if cond.N != 0 {
		return h
	}
	h.dist = make([][]int32, len(g.Pieces))
	h.dead = make([]map[uint64]bool, len(g.Pieces))
	h.board = g.Board
	for _, t := range cond.Types {
		r, ok := relaxedWorld(s, pl, t, h.isX)
		if !ok {
			continue
		}
		h.dist[t] = r.all
		h.lossy = h.lossy || r.lossy
		h.dead[t] = deadPairs(s, pl, t, h.isX, r.all)
		if h.targets == nil {
			h.targets = make([][]int32, len(g.Pieces))
			h.per = make([][][]int32, len(g.Pieces))
		}
		h.targets[t], h.per[t] = r.targets, r.per
	}
	for _, t := range cond.Types {
		if h.dist[t] != nil {
			h.what = fmt.Sprintf("sum over the goal's (pieces-remaining 0 %s) pieces of each one's fewest moves to be gone, alone on the board (dead squares and frozen pairs pruned)", names)
			if matching && len(h.per[t]) > 0 {
				h.what += ", or more: the least total over an assignment of the pieces to distinct free targets"
			}
			if h.lossy {
				h.what += "; the rules let moves leave new targets behind, which the estimate leaves out, so it is not a proved lower bound"
			}
			break
		}
	}
	return h
}

// estimate returns the lower bound for s, or deadSquare when a goal piece
// stands where it can never be gone, and how many goal pieces s has.
// admit estimates a child position s reached in cg moves, whose parent
// counted before goal pieces (the estimate's largest drop in one move is
// kept: it says whether the estimate stayed admissible), and says whether
// it may go on the open list: not dead, and within the move bound (0: none).
func (h *heuristic) admit(s *vm.State, before int, cg, bound int32) (int32, bool) {
	ch, cn := h.estimate(s)
	if before-cn > h.limit {
		h.limit = before - cn
	}
	return ch, ch != deadSquare && (bound <= 0 || cg+ch <= bound)
}

func (h *heuristic) estimate(s *vm.State) (int32, int) {
	var sum, count int32
	for p, c := range s.Board {
		if c == vm.Empty || c.Owner() != h.pl {
			continue
		}
		t := c.Type()
		if !h.isX[t] {
			continue
		}
		count++
		if d := h.dist[t]; d != nil {
			if d[p] == deadSquare || h.frozen(s, t, p) {
				return deadSquare, int(count)
			}
			sum += d[p]
		} else {
			sum++
		}
	}
	if h.dist == nil {
		return max(0, count-int32(h.n)), int(count)
	}
	if h.matching && len(h.per) > 0 {
		if m := h.match(s); m > sum {
			sum = m
		}
	}
	return sum, int(count)
}

// match assigns the goal pieces of s to distinct free targets at the least
// total distance (one piece type: the first with tables), or returns 0 when
// it cannot.
func (h *heuristic) match(s *vm.State) int32 {
	for t, per := range h.per {
		if len(per) == 0 {
			continue
		}
		hg := &h.hung
		hg.rows = hg.rows[:0]
		for p, c := range s.Board {
			if c != vm.Empty && c.Owner() == h.pl && c.Type() == t {
				hg.rows = append(hg.rows, int32(p))
			}
		}
		hg.cols = hg.cols[:0]
		for i, q := range h.targets[t] {
			if c := s.Board[q]; c == h.base[q] || c != vm.Empty && len(s.Game().Pieces[c.Type()].Moves) > 0 {
				hg.cols = append(hg.cols, int32(i))
			}
		}
		if len(hg.rows) == 0 || len(hg.rows) > len(hg.cols) {
			return 0
		}
		total := hg.solve(func(r, c int) int64 {
			d := per[hg.cols[c]][hg.rows[r]]
			if d == deadSquare {
				return 1 << 20
			}
			return int64(d)
		})
		if total >= 1<<20 {
			return 0
		}
		return int32(total)
	}
	return 0
}

// hungarian is the assignment problem's solver (Kuhn-Munkres with
// potentials, O(rows² cols)), its buffers kept between calls.
type hungarian struct {
	rows, cols []int32
	u, v, minv []int64
	p, way     []int
	used       []bool
}

// solve returns the least total cost of giving each row its own column.
func (hg *hungarian) solve(cost func(r, c int) int64) int64 {
	n, m := len(hg.rows), len(hg.cols)
	const inf = int64(1) << 60
	grow := func(b []int64, k int) []int64 {
		if cap(b) < k {
			return make([]int64, k)
		}
		b = b[:k]
		clear(b)
		return b
	}
	hg.u, hg.v, hg.minv = grow(hg.u, n+1), grow(hg.v, m+1), grow(hg.minv, m+1)
	if cap(hg.p) < m+1 {
		hg.p, hg.way, hg.used = make([]int, m+1), make([]int, m+1), make([]bool, m+1)
	}
	hg.p, hg.way, hg.used = hg.p[:m+1], hg.way[:m+1], hg.used[:m+1]
	clear(hg.p)
	clear(hg.way)
	u, v, p, way, minv, used := hg.u, hg.v, hg.p, hg.way, hg.minv, hg.used
	for i := 1; i <= n; i++ {
		p[0] = i
		j0 := 0
		for j := range minv {
			minv[j], used[j] = inf, false
		}
		for {
			used[j0] = true
			i0, delta, j1 := p[j0], inf, 0
			for j := 1; j <= m; j++ {
				if used[j] {
					continue
				}
				cur := cost(i0-1, j-1) - u[i0] - v[j]
				if cur < minv[j] {
					minv[j], way[j] = cur, j0
				}
				if minv[j] < delta {
					delta, j1 = minv[j], j
				}
			}
			for j := 0; j <= m; j++ {
				if used[j] {
					u[p[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
			if p[j0] == 0 {
				break
			}
		}
		for j0 != 0 {
			j1 := way[j0]
			p[j0] = p[j1]
			j0 = j1
		}
	}
	var total int64
	for j := 1; j <= m; j++ {
		if p[j] != 0 {
			total += cost(p[j]-1, j-1)
		}
	}
	return total
}

// frozen reports whether the goal piece of type t on p has a neighbour of
// its type with which it forms a dead pair.
func (h *heuristic) frozen(s *vm.State, t, p int) bool {
	dead := h.dead[t]
	if len(dead) == 0 {
		return false
	}
	for d := range h.board.Dirs {
		q := h.board.Link(d, p)
		if q < 0 || q == p {
			continue
		}
		if c := s.Board[q]; c != vm.Empty && c.Owner() == h.pl && c.Type() == t && dead[pairKey(int32(p), int32(q))] {
			return true
		}
	}
	return false
}

// count returns how many goal pieces s has.
func (h *heuristic) count(s *vm.State) int {
	n := 0
	for _, c := range s.Board {
		if c != vm.Empty && c.Owner() == h.pl && h.isX[c.Type()] {
			n++
		}
	}
	return n
}

// relaxedDistances enumerates the world of one piece of type t (the other
// goal pieces lifted off the board) and returns, for each square, the fewest
// moves of that piece until it is gone (deadSquare: never). ok is false when
// s has no piece of type t or the world is too large.
func relaxedDistances(s *vm.State, pl, t int, isX []bool) ([]int32, bool) {
	r, ok := relaxedWorld(s, pl, t, isX)
	if !ok {
		return nil, false
	}
	return r.all, true
}

// relaxed is what the relaxed world of one goal piece gives: for each
// square the fewest moves of the piece until gone (all), and the same to
// each target square apart (per[i] for targets[i]: the square where the
// piece, gone, left what it became — Sokoban's box on a target).
type relaxed struct {
	// lossy: leaving out the positions that are not clean raised some
	// square's value, so the sum may not be a lower bound.
	lossy   bool
	all     []int32
	targets []int32
	per     [][]int32
}

// emptiedOfGoalPieces returns a copy of s with every goal piece of player
// pl removed (the relaxed worlds put back the one or two they study), and
// the cell of a piece of type t among them (Empty when there is none).
func emptiedOfGoalPieces(s *vm.State, pl, t int, isX []bool) (base *vm.State, xc vm.Cell) {
	base = s.Clone()
	for p, c := range base.Board {
		if c != vm.Empty && c.Owner() == pl && isX[c.Type()] {
			if c.Type() == t && xc == vm.Empty {
				xc = c
			}
			base.Board[p] = vm.Empty
		}
	}
	return base, xc
}

// relaxedWorld enumerates the world of one piece of type t and returns
// its tables; ok is false when s has no piece of type t or the world is
// too large.
func relaxedWorld(s *vm.State, pl, t int, isX []bool) (*relaxed, bool) {
	base, xc := emptiedOfGoalPieces(s, pl, t, isX)
	if xc == vm.Empty {
		return nil, false
	}
	base.Rehash()
	st := newStore(base)
	type rnode struct {
		sn   snap
		xpos int32 // -1: gone
		// at: where a gone piece left what it became (-1: not known)
		at int32
		// clean: the board is the start's but for the piece and the
		// pieces that move (nothing the moves left behind).
		clean bool
	}
	g := s.Game()
	mover := func(c vm.Cell) bool { return c != vm.Empty && len(g.Pieces[c.Type()].Moves) > 0 }
	isClean := func(w *vm.State, xpos int32) bool {
		for q, c := range w.Board {
			if int32(q) != xpos && c != base.Board[q] && !mover(c) && !mover(base.Board[q]) {
				return false
			}
		}
		return true
	}
	// landing finds, in a position where the piece is gone, the square of
	// what it became: a square that is not the start's, holding a piece
	// that does not move, of a type the start does not have there.
	landing := func(w *vm.State) int32 {
		first := int32(-1)
		for q, c := range w.Board {
			if c == base.Board[q] || c == vm.Empty || mover(c) {
				continue
			}
			if first < 0 {
				first = int32(q)
			}
			if b := base.Board[q]; b == vm.Empty || b.Type() != c.Type() {
				return int32(q)
			}
		}
		return first
	}
	var nodes []rnode
	ids := map[uint64]int32{}
	type edge struct{ from, to, cost int32 }
	var edges []edge
	where := func(w *vm.State) int32 {
		for p, c := range w.Board {
			if c == xc || (c != vm.Empty && c.Owner() == pl && c.Type() == t) {
				return int32(p)
			}
		}
		return -1
	}
	w := base.Clone()
	add := func(w *vm.State, xpos int32) (int32, bool) {
		if id, ok := ids[w.Hash()]; ok {
			return id, false
		}
		id := int32(len(nodes))
		ids[w.Hash()] = id
		at := int32(-1)
		if xpos < 0 {
			at = landing(w)
		}
		nodes = append(nodes, rnode{st.take(w), xpos, at, xpos >= 0 && isClean(w, xpos)})
		return id, true
	}
	for p, c := range base.Board {
		if c != vm.Empty {
			continue
		}
		w.Clear()
		copy(w.Board, base.Board)
		copy(w.Hands, base.Hands)
		copy(w.Vars, base.Vars)
		w.Turn = base.Turn
		w.Board[p] = xc
		w.Rehash()
		add(w, int32(p))
	}
	var ml vm.MoveList
	for i := 0; i < len(nodes); i++ {
		if len(nodes) > maxRelaxed {
			return nil, false
		}
		if nodes[i].xpos < 0 {
			continue
		}
		st.restore(nodes[i].sn, w)
		if err := w.Generate(&ml); err != nil {
			return nil, false
		}
		for k := range ml.Moves {
			if err := w.Make(&ml.Moves[k]); err != nil {
				continue
			}
			xp := where(w)
			id, _ := add(w, xp)
			cost := int32(0)
			if xp != nodes[i].xpos {
				cost = 1
			}
			edges = append(edges, edge{int32(i), id, cost})
			w.Unmake()
		}
	}
	// Reverse 0-1 breadth-first searches from the positions where the
	// piece is gone (all of them, then those of each target apart).
	start := make([]int32, len(nodes)+1)
	for _, e := range edges {
		start[e.to+1]++
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	rev := make([]edge, len(edges))
	fill := append([]int32(nil), start[:len(nodes)]...)
	for _, e := range edges {
		rev[fill[e.to]] = e
		fill[e.to]++
	}
	dist := make([]int32, len(nodes))
	lossy := false
	search := func(from func(i int) bool) []int32 {
		var cur, next []int32
		for i := range dist {
			dist[i] = deadSquare
			if nodes[i].xpos < 0 && from(i) {
				dist[i] = 0
				cur = append(cur, int32(i))
			}
		}
		for d := int32(0); len(cur) > 0; d++ {
			for k := 0; k < len(cur); k++ {
				v := cur[k]
				if dist[v] != d {
					continue
				}
				for _, e := range rev[start[v]:start[v+1]] {
					nd := d + e.cost
					if nd < dist[e.from] {
						dist[e.from] = nd
						if e.cost == 0 {
							cur = append(cur, e.from)
						} else {
							next = append(next, e.from)
						}
					}
				}
			}
			cur, next = next, cur[:0]
		}
		out := make([]int32, len(s.Board))
		for i := range out {
			out[i] = deadSquare
		}
		for i, n := range nodes {
			if n.clean && dist[i] < out[n.xpos] {
				out[n.xpos] = dist[i]
			}
		}
		for i, n := range nodes {
			if !n.clean && n.xpos >= 0 && dist[i] < out[n.xpos] {
				lossy = true // a made-up target would make it shorter
			}
		}
		return out
	}
	r := &relaxed{all: search(func(int) bool { return true })}
	r.lossy = lossy
	seenAt := map[int32]bool{}
	for _, n := range nodes {
		if n.xpos < 0 && n.at >= 0 && !seenAt[n.at] {
			seenAt[n.at] = true
			r.targets = append(r.targets, n.at)
		}
	}
	if len(r.targets) <= maxTargets {
		for _, q := range r.targets {
			r.per = append(r.per, search(func(i int) bool { return nodes[i].at == q }))
		}
	}
	return r, true
}

// pairKey names two neighbouring squares (lower first).
func pairKey(p, q int32) uint64 {
	if q < p {
		p, q = q, p
	}
	return uint64(p)<<32 | uint64(uint32(q))
}

// maxPairStates bounds the search of one pair's world: a pair that takes
// more is taken as alive.
const maxPairStates = 20000

// deadPairs finds the pairs of neighbouring squares where two goal pieces
// of type t, alone on the board, can never be gone, neither of them (two
// boxes side by side against a wall in Sokoban: frozen). Each pair's world
// is searched best first toward a piece gone (by dist); one found, the
// pair lives. A position with such a pair is dropped.
func deadPairs(s *vm.State, pl, t int, isX []bool, dist []int32) map[uint64]bool {
	g := s.Game()
	b := g.Board
	base, xc := emptiedOfGoalPieces(s, pl, t, isX)
	if xc == vm.Empty {
		return nil
	}
	base.Rehash()
	dead := map[uint64]bool{}
	w := base.Clone()
	st := newStore(base)
	var ml vm.MoveList
	type item struct {
		sn  snap
		est int32
	}
	pieces := func(w *vm.State) (n int, est int32) {
		est = deadSquare
		for p, c := range w.Board {
			if c != vm.Empty && c.Owner() == pl && c.Type() == t {
				n++
				est = min(est, dist[p])
			}
		}
		return n, est
	}
	for p := range base.Board {
		if base.Board[p] != vm.Empty || dist[p] == deadSquare {
			continue
		}
		for d := range b.Dirs {
			q := b.Link(d, p)
			if q < 0 || q == p || base.Board[q] != vm.Empty || dist[q] == deadSquare {
				continue
			}
			key := pairKey(int32(p), int32(q))
			if _, done := dead[key]; done {
				continue
			}
			st.diffs, st.ints = st.diffs[:0], st.ints[:0]
			w.Clear()
			copy(w.Board, base.Board)
			copy(w.Hands, base.Hands)
			copy(w.Vars, base.Vars)
			w.Turn = base.Turn
			w.Board[p], w.Board[q] = xc, xc
			w.Rehash()
			seen := map[uint64]bool{w.Hash(): true}
			open := []item{{st.take(w), min(dist[p], dist[q])}}
			alive := false
			for len(open) > 0 && !alive {
				if len(seen) > maxPairStates {
					alive = true
					break
				}
				// Pop the least estimate (a linear scan: the lists are short
				// for dead pairs, and alive ones end soon).
				bi := 0
				for i := range open {
					if open[i].est < open[bi].est {
						bi = i
					}
				}
				it := open[bi]
				open[bi] = open[len(open)-1]
				open = open[:len(open)-1]
				st.restore(it.sn, w)
				if w.Generate(&ml) != nil {
					alive = true
					break
				}
				for k := range ml.Moves {
					if w.Make(&ml.Moves[k]) != nil {
						continue
					}
					if !seen[w.Hash()] {
						seen[w.Hash()] = true
						n, est := pieces(w)
						if n < 2 {
							alive = true
							w.Unmake()
							break
						}
						if est != deadSquare {
							open = append(open, item{st.take(w), est})
						}
					}
					w.Unmake()
				}
			}
			dead[key] = !alive
		}
	}
	for k, v := range dead {
		if !v {
			delete(dead, k)
		}
	}
	return dead
}
