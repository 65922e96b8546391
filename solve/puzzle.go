// This file defines Puzzle: the shortest solution of a one-player game by
// A* (best first on f = g + h, g the moves made, h the goal-derived lower
// bound of heuristic.go), with a transposition table (each position is
// kept once, with the fewest moves it was reached in), a move-count bound
// and, optionally, a weight on h (weighted A*: a solution sooner, at most
// Weight times the shortest).

package solve

import (
	"context"
	"fmt"

	"zrun/vm"
)

// pnode is a position of the A* search.
type pnode struct {
	sn     snap
	hash   uint64
	parent int32
	move   int32 // index of the move from parent in its legal moves
	g, h   int32
	f      int32 // g + weight*h, in 1/16 moves
}

// Puzzle searches a one-player game from s for a shortest sequence of moves
// to a win of the player to move. s is not changed.
func Puzzle(ctx context.Context, s *vm.State, lim Limits) (Result, error) {
	g := s.Game()
	if len(g.Players) != 1 {
		return Result{}, fmt.Errorf("%w: %q has %d players; the puzzle solver is for one-player games", ErrNotSolvable, g.Title, len(g.Players))
	}
	pl := s.Mover()
	if !lim.Generic {
		if o, err := s.Goals(); err == nil && !o.Over {
			m, err := derivePushModel(ctx, s, pl)
			if ctx.Err() != nil {
				return Result{Stopped: "interrupted"}, nil
			}
			if err == nil {
				res, err := puzzlePush(ctx, s.Clone(), m, lim, Result{})
				// Where the model leaves moves out, its finding no
				// solution proves nothing: the rules' moves one at a
				// time take over.
				if err != nil || res.Found || !res.Exhausted || m.leftOut == 0 {
					return res, err
				}
			}
			if _, ok := err.(modelReject); err != nil && !ok {
				return Result{}, err
			}
		}
	}
	h := newHeuristic(s, pl, lim.Weight > 1)
	res := Result{Heuristic: h.what}
	weight := lim.Weight
	if weight < 1 {
		weight = 1
	}
	w16 := int32(weight*16 + 0.5)
	clk := newClock(ctx, lim)
	root := s.Clone()
	if o, err := root.Goals(); err != nil {
		return res, err
	} else if o.Over {
		if o.Winner == pl {
			res.Found, res.Optimal = true, true
		} else {
			res.Exhausted = true
		}
		return res, nil
	}
	if h.dist != nil && lim.Macro {
		return puzzleMacro(ctx, root, lim, h, res)
	}
	st := newStore(root)
	var nodes []pnode
	best := map[uint64]int32{} // hash -> fewest moves reached in
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
	before := h.count(root)
	bound := int32(lim.Moves)
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
			continue // reached again in fewer moves since
		}
		res.Expansions++
		st.restore(n.sn, work)
		before = h.count(work)
		if err := work.Generate(&ml); err != nil {
			return res, err
		}
		for k := range ml.Moves {
			if err := work.Make(&ml.Moves[k]); err != nil {
				continue
			}
			cg := n.g + 1
			hash := work.Hash()
			if b, ok := best[hash]; ok && b <= cg {
				work.Unmake()
				continue
			}
			o, err := work.Goals()
			if err != nil {
				return res, err
			}
			if o.Over {
				if o.Winner == pl {
					nodes = append(nodes, pnode{parent: id, move: int32(k), g: cg})
					res.Found = true
					res.Optimal = weight == 1 && h.limit <= 1 && !h.matching && !h.lossy
					res.Path = pathTo(nodes, int32(len(nodes)-1))
					res.Nodes, res.Elapsed = int64(len(nodes)), clk.elapsed()
					return res, nil
				}
				work.Unmake()
				continue
			}
			ch, ok := h.admit(work, before, cg, bound)
			if !ok {
				work.Unmake()
				continue
			}
			best[hash] = cg
			nodes = append(nodes, pnode{sn: st.take(work), hash: hash, parent: id, move: int32(k), g: cg, h: ch, f: 16*cg + w16*ch})
			open.push(int32(len(nodes) - 1))
			work.Unmake()
		}
	}
	res.Nodes, res.Elapsed = int64(len(nodes)), clk.elapsed()
	res.Exhausted = res.Stopped == ""
	return res, nil
}

// pathTo returns the move indices from the root to node id.
func pathTo(nodes []pnode, id int32) []int {
	var rev []int
	for ; nodes[id].parent >= 0; id = nodes[id].parent {
		rev = append(rev, int(nodes[id].move))
	}
	out := make([]int, len(rev))
	for i, m := range rev {
		out[len(rev)-1-i] = m
	}
	return out
}

// newOpenList is the open list over nodes: least f first, then most moves
// made (nearest the goal by the estimate), then first made.
func newOpenList(nodes *[]pnode) *minHeap[int32] {
	return &minHeap[int32]{less: func(a, b int32) bool {
		na, nb := &(*nodes)[a], &(*nodes)[b]
		if na.f != nb.f {
			return na.f < nb.f
		}
		if na.g != nb.g {
			return na.g > nb.g
		}
		return a < b
	}}
}
