// This file defines the macro-move form of the puzzle search (Limits.Macro),
// for goals that name pieces (Sokoban's boxes): a node is a position right after a
// move that moved or removed a goal piece (a push), and expanding it runs a
// breadth-first search over the moves that leave every goal piece where it
// is and change no square but the moving piece's two (the player's walks:
// not a push of a box already on a target either), each position of that walk closure then giving
// its goal-piece moves as children, at the cost of the walk plus one. Every
// solution is walks and pushes in turn, and the walks are counted exactly,
// so A* on these nodes still finds a shortest solution in moves; but the
// open list holds one position per push instead of one per square the player
// may stand on. (On the corpus's Sokoban level 1 it expands fewer positions
// but each costs a whole closure; the move-by-move search found a solution
// sooner there, so this one is not the default.)

package solve

import (
	"context"

	"zrun/vm"
)

// maxClosure bounds one walk closure.
const maxClosure = 1 << 16

// cnode is a position of a walk closure.
type cnode struct {
	sn     snap
	parent int32
	move   int32
	walk   int32
}

// xKey sums a mix of the squares of s's goal pieces: equal before and after
// a move that leaves them all where they are.
func (h *heuristic) xKey(s *vm.State) uint64 {
	var k uint64
	for p, c := range s.Board {
		if c != vm.Empty && c.Owner() == h.pl && h.isX[c.Type()] {
			x := uint64(p)*0x9e3779b97f4a7c15 + uint64(c)
			x ^= x >> 29
			k += x * 0xbf58476d1ce4e5b9
		}
	}
	return k
}

// changedAtMost reports whether at most n squares differ between a and b.
func changedAtMost(a, b []vm.Cell, n int) bool {
	for p := range a {
		if a[p] != b[p] {
			if n == 0 {
				return false
			}
			n--
		}
	}
	return true
}

// puzzleMacro is Puzzle's search on push nodes (see the file comment).
func puzzleMacro(ctx context.Context, root *vm.State, lim Limits, h *heuristic, res Result) (Result, error) {
	pl := root.Mover()
	weight := max(lim.Weight, 1)
	w16 := int32(weight*16 + 0.5)
	clk := newClock(ctx, lim)
	st := newStore(root)
	cst := newStore(root)
	var nodes []pnode
	var steps []int32 // the moves from a node's parent to it
	best := map[uint64]int32{}
	open := newOpenList(&nodes)
	h0, _ := h.estimate(root)
	if h0 == deadSquare {
		res.Exhausted = true
		return res, nil
	}
	nodes = append(nodes, pnode{sn: st.take(root), hash: root.Hash(), parent: -1, move: -1, h: h0, f: w16 * h0})
	best[root.Hash()] = 0
	open.push(0)
	work := root.Clone()
	var ml vm.MoveList
	var closure []cnode
	var boardBefore []vm.Cell
	seen := map[uint64]struct{}{}
	bound := int32(lim.Moves)
	// walkTo appends the moves from the closure's start to closure node c.
	walkTo := func(c int32) []int32 {
		var rev []int32
		for ; closure[c].parent >= 0; c = closure[c].parent {
			rev = append(rev, closure[c].move)
		}
		out := make([]int32, len(rev))
		for i, m := range rev {
			out[len(rev)-1-i] = m
		}
		return out
	}
	finish := func(id int32, walk []int32, last int32) {
		var path []int
		for n := id; n >= 0 && nodes[n].parent >= 0; n = nodes[n].parent {
			seg := steps[nodes[n].move : nodes[n].move+int32(nodes[n].g-nodes[nodes[n].parent].g)]
			for i := len(seg) - 1; i >= 0; i-- {
				path = append(path, int(seg[i]))
			}
		}
		for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
			path[i], path[j] = path[j], path[i]
		}
		for _, m := range walk {
			path = append(path, int(m))
		}
		if last >= 0 {
			path = append(path, int(last))
		}
		res.Found = true
		res.Optimal = weight == 1 && h.limit <= 1 && !h.matching && !h.lossy
		res.Path = path
	}
	for open.len() > 0 {
		if why := clk.stop(int64(len(nodes)), func() Progress {
			top := nodes[open.items[0]]
			return Progress{Bound: int(top.g + top.h), Open: open.len(), Expansions: res.Expansions, Made: int(top.g), Left: int(top.h)}
		}); why != "" {
			res.Stopped = why
			break
		}
		id := open.pop()
		n := nodes[id]
		if best[n.hash] < n.g {
			continue
		}
		res.Expansions++
		st.restore(n.sn, work)
		x0 := h.xKey(work)
		before := h.count(work)
		cst.diffs, cst.ints = cst.diffs[:0], cst.ints[:0]
		closure = append(closure[:0], cnode{sn: cst.take(work), parent: -1, move: -1})
		clear(seen)
		seen[work.Hash()] = struct{}{}
		for ci := 0; ci < len(closure) && ci < maxClosure; ci++ {
			c := closure[ci]
			cst.restore(c.sn, work)
			boardBefore = append(boardBefore[:0], work.Board...)
			if err := work.Generate(&ml); err != nil {
				return res, err
			}
			for k := range ml.Moves {
				if err := work.Make(&ml.Moves[k]); err != nil {
					continue
				}
				hash := work.Hash()
				o, err := work.Goals()
				if err != nil {
					return res, err
				}
				if o.Over && o.Winner == pl {
					finish(id, walkTo(int32(ci)), int32(k))
					res.Nodes, res.Elapsed = int64(len(nodes)), clk.elapsed()
					return res, nil
				}
				if o.Over {
					work.Unmake()
					continue
				}
				if h.xKey(work) == x0 && changedAtMost(boardBefore, work.Board, 2) {
					if _, ok := seen[hash]; !ok {
						seen[hash] = struct{}{}
						closure = append(closure, cnode{sn: cst.take(work), parent: int32(ci), move: int32(k), walk: c.walk + 1})
					}
					work.Unmake()
					continue
				}
				cg := n.g + c.walk + 1
				if b, ok := best[hash]; ok && b <= cg {
					work.Unmake()
					continue
				}
				ch, ok := h.admit(work, before, cg, bound)
				if !ok {
					work.Unmake()
					continue
				}
				best[hash] = cg
				off := int32(len(steps))
				steps = append(steps, walkTo(int32(ci))...)
				steps = append(steps, int32(k))
				nodes = append(nodes, pnode{sn: st.take(work), hash: hash, parent: id, move: off, g: cg, h: ch, f: 16*cg + w16*ch})
				open.push(int32(len(nodes) - 1))
				work.Unmake()
			}
		}
	}
	res.Nodes, res.Elapsed = int64(len(nodes)), clk.elapsed()
	res.Exhausted = res.Stopped == ""
	return res, nil
}
