// This file defines Mate: a forced win of the side to move (mate in N for
// chess) by proof-number search. The attacker's nodes are OR nodes (one
// winning move proves them), the defender's AND nodes (every reply must
// lose); each unexpanded node holds a proof and a disproof number (the
// fewest leaves still to prove or disprove it, first estimated by the
// number of moves), and the search always expands the most-proving node.
// The tree is depth-bounded: a position the attacker has not won by the
// bound's last ply is disproved. Depths 1, 2, ... N winner's moves are
// searched in turn, so the first proved is the shortest forced win, and
// every shorter depth was disproved.

package solve

import (
	"context"
	"fmt"

	"zrun/vm"
)

const pnInf = uint32(1) << 30

// mnode is a node of the proof-number tree.
type mnode struct {
	pn, dn uint32
	parent int32
	first  int32 // first child (children are consecutive); -1: not expanded
	kids   int32
	move   int32 // index of the move from parent in its legal moves
	ply    int32
	or     bool // the attacker moves here
	won    bool // a game end won by the attacker
}

// mateSearch is one depth's proof-number search.
type mateSearch struct {
	s        *vm.State
	attacker int
	maxPly   int32
	nodes    []mnode
	lists    []vm.MoveList // per ply: the moves of the node on the path
	scratch  vm.MoveList
	clk      *clock
	total    *int64
	exp      *int64
	depth    int
}

// Mate searches s for a forced win of the player to move in at most
// lim.Moves of its moves (default 3), shortest first. s is not changed
// (moves made are taken back).
func Mate(ctx context.Context, s *vm.State, lim Limits) (Result, error) {
	g := s.Game()
	if len(g.Players) < 2 {
		return Result{}, fmt.Errorf("%w: %q is a one-player game; the forced-win search is for two or more players", ErrNotSolvable, g.Title)
	}
	n := lim.Moves
	if n <= 0 {
		n = 3
	}
	clk := newClock(ctx, lim)
	var res Result
	work := s.Fork()
	if o, err := work.Outcome(nil); err != nil {
		return res, err
	} else if o.Over {
		res.Exhausted = true
		return res, nil
	}
	for k := 1; k <= n; k++ {
		ms := &mateSearch{s: work, attacker: work.Mover(), clk: clk, total: &res.Nodes, exp: &res.Expansions, depth: k}
		proved, why, err := ms.run(k)
		if err != nil {
			return res, err
		}
		if why != "" {
			res.Stopped, res.Elapsed = why, clk.elapsed()
			return res, nil
		}
		if proved {
			res.Found, res.Optimal = true, true
			res.Path = ms.mainLine()
			res.Elapsed = clk.elapsed()
			return res, nil
		}
	}
	res.Exhausted, res.Elapsed = true, clk.elapsed()
	return res, nil
}

// run searches for a win within k attacker moves: proved, or the reason it
// stopped early.
func (ms *mateSearch) run(k int) (bool, string, error) {
	// The last ply is the attacker's k-th move: plies 2k-1 when the
	// players alternate; count plies by the attacker's moves instead, so
	// turn orders with several moves a turn bound the same thing.
	ms.maxPly = int32(2*k - 1)
	ms.lists = make([]vm.MoveList, ms.maxPly+2)
	ms.nodes = append(ms.nodes[:0], mnode{parent: -1, first: -1, move: -1, or: true, pn: 1, dn: 1})
	path := make([]int32, 0, ms.maxPly+1)
	for {
		root := &ms.nodes[0]
		if root.pn == 0 {
			return true, "", nil
		}
		if root.dn == 0 {
			return false, "", nil
		}
		if why := ms.clk.stop(*ms.total, func() Progress {
			r := ms.nodes[0]
			return Progress{Bound: ms.depth, Proof: r.pn, Disproof: r.dn, Expansions: *ms.exp}
		}); why != "" {
			return false, why, nil
		}
		// Down to the most-proving node, making its moves.
		path = append(path[:0], 0)
		id := int32(0)
		for ms.nodes[id].first >= 0 {
			n := &ms.nodes[id]
			best := n.first
			for c := n.first; c < n.first+n.kids; c++ {
				if n.or && ms.nodes[c].pn < ms.nodes[best].pn || !n.or && ms.nodes[c].dn < ms.nodes[best].dn {
					best = c
				}
			}
			ml := &ms.lists[n.ply]
			if err := ms.s.Generate(ml); err != nil {
				return false, "", err
			}
			if err := ms.s.Make(&ml.Moves[ms.nodes[best].move]); err != nil {
				return false, "", err
			}
			id = best
			path = append(path, id)
		}
		if err := ms.expand(id); err != nil {
			return false, "", err
		}
		// Back up, recomputing the numbers along the path.
		for i := len(path) - 1; i >= 0; i-- {
			ms.update(path[i])
			if i > 0 {
				ms.s.Unmake()
			}
		}
	}
}

// expand creates the children of node id (the position on the board).
func (ms *mateSearch) expand(id int32) error {
	*ms.exp++
	n := ms.nodes[id]
	ml := &ms.lists[n.ply]
	if err := ms.s.Generate(ml); err != nil {
		return err
	}
	first := int32(len(ms.nodes))
	for k := range ml.Moves {
		if err := ms.s.Make(&ml.Moves[k]); err != nil {
			continue
		}
		c := mnode{parent: id, first: -1, move: int32(k), ply: n.ply + 1, or: ms.s.Mover() == ms.attacker}
		if err := ms.s.Generate(&ms.scratch); err != nil {
			ms.s.Unmake()
			return err
		}
		o, err := ms.s.Outcome(&ms.scratch)
		if err != nil {
			ms.s.Unmake()
			return err
		}
		moves := uint32(len(ms.scratch.Moves))
		switch {
		case o.Over && o.Winner == ms.attacker:
			c.pn, c.dn, c.won = 0, pnInf, true
		case o.Over, c.ply >= ms.maxPly:
			c.pn, c.dn = pnInf, 0
		case c.or:
			c.pn, c.dn = 1, max(moves, 1)
		default:
			c.pn, c.dn = max(moves, 1), 1
		}
		ms.nodes = append(ms.nodes, c)
		*ms.total++
		ms.s.Unmake()
	}
	ms.nodes[id].first = first
	ms.nodes[id].kids = int32(len(ms.nodes)) - first
	return nil
}

// update sets a node's numbers from its children's.
func (ms *mateSearch) update(id int32) {
	n := &ms.nodes[id]
	if n.first < 0 {
		return
	}
	if n.kids == 0 { // no legal move and not a game end: not a win
		n.pn, n.dn = pnInf, 0
		return
	}
	var sum, least uint32 = 0, pnInf
	for c := n.first; c < n.first+n.kids; c++ {
		k := &ms.nodes[c]
		a, b := k.pn, k.dn // OR: least pn, summed dn
		if !n.or {
			a, b = k.dn, k.pn
		}
		least = min(least, a)
		sum = min(sum+b, pnInf)
	}
	if n.or {
		n.pn, n.dn = least, sum
	} else {
		n.pn, n.dn = sum, least
	}
}

// mainLine returns the moves of the proved tree's main line: the attacker
// plays the proved move that wins soonest, the defender the one that holds
// out longest.
func (ms *mateSearch) mainLine() []int {
	var line []int
	id := int32(0)
	for {
		n := ms.nodes[id]
		if n.won || n.first < 0 || n.kids == 0 {
			return line
		}
		best, bestD := int32(-1), int32(0)
		for c := n.first; c < n.first+n.kids; c++ {
			if ms.nodes[c].pn != 0 {
				continue
			}
			d := ms.distance(c)
			if best < 0 || n.or && d < bestD || !n.or && d > bestD {
				best, bestD = c, d
			}
		}
		if best < 0 {
			return line
		}
		line = append(line, int(ms.nodes[best].move))
		id = best
	}
}

// distance is the plies to the win in the proved subtree of node id.
func (ms *mateSearch) distance(id int32) int32 {
	n := ms.nodes[id]
	if n.won || n.first < 0 {
		return 0
	}
	var d int32 = -1
	for c := n.first; c < n.first+n.kids; c++ {
		if ms.nodes[c].pn != 0 {
			continue
		}
		cd := ms.distance(c) + 1
		if d < 0 || n.or && cd < d || !n.or && cd > d {
			d = cd
		}
	}
	return max(d, 0)
}
