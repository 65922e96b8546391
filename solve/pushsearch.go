// This file searches a push model (pushmodel.go) by A* on pushes: a node is
// the boxes and the player's square right after a push; expanding it walks
// the player (a breadth-first search over the model's walks, boxes in the
// way) and makes each push from each square reached, at the cost of the walk
// plus one move. The estimate is the least total, over the assignments of
// the boxes to distinct targets, of each box's fewest pushes to its target
// alone on the board (Hungarian method): every push is a move, so it is a
// lower bound on the moves left and plain A* (weight 1) finds a solution of
// fewest moves. Positions are dropped when a box stands where it can never
// reach a target (dead squares) or when boxes are frozen: a box none of
// whose pushes can ever be made (the square to stand on or to push to holds
// a box that is itself frozen, or the push leads to a dead square), not on
// a target. A weighted search (Limits.Weight > 1) merges the positions
// whose player may walk to the same squares (the key is the boxes and the
// least square the player reaches) and stops at the first solution made.

package solve

import (
	"context"
	"fmt"
	"math/rand/v2"

	"zrun/vm"
)

// xnode is a node of the push search; its boxes are in searcher.boxes at
// id*nb.
type xnode struct {
	key, bkey uint64 // the boxes and player; the boxes alone
	parent    int32
	stand     int32 // the square the push was made from
	edge      int32 // its index in pushes[stand]
	player    int32
	g, h      int32
	pushes    int32
	packed    int32 // boxes packed (packing mode, pushpack.go)
	f         int64
}

type searcher struct {
	m      *pushModel
	nb     int
	nodes  []xnode
	boxes  []uint16
	open   minHeap[int32]
	fess   *fessOpen // weighted searches: the feature-space open list (pushfess.go)
	weight int64     // in 1/16
	zb, zp []uint64
	walker
	pairs pairCheck
	// fill is the targets' filling order (pushorder.go), for weighted
	// searches; filled marks the boxes' squares while it is counted.
	fill   []int32
	filled []bool
	// estimate
	tdist [][]int32 // tdist[i][state]: fewest pushes from a state to targets[i]
	// comp[p][a] is the part of the floor the player on a is in when a box
	// alone stands on p (-1: none); a box's state is base[p] + that.
	comp      [][]int16
	base      []int32
	deadState []bool
	dead      []bool // every state of a box on p is dead
	rowState  []int32
	hung      hungarian
	rowBuf    []int32
	// frozen boxes
	byBox  [][]int32 // byBox[p]: (stand, edge) pairs of the pushes of a box on p
	wall   []bool
	frozen []int32
	// pk is the packing mode (pushpack.go), weighted searches only;
	// round is the expanded position's first round not full.
	pk    packer
	round int32
	// PI-corral pruning (pushcorral.go): the corral marks and their count,
	// a flood fill's queue and edge boxes, the boxes whose pushes are made
	only      []bool
	onlyList  []int32
	cmark     []uint32
	ccur      uint32
	cq, cedge []int32
}

func newSearcher(m *pushModel, weight float64) *searcher {
	n := m.n
	x := &searcher{m: m, nb: len(m.boxes0), weight: int64(weight*16 + 0.5),
		zb: make([]uint64, n), zp: make([]uint64, n),
		walker: newWalker(m),
		dead:   make([]bool, n), byBox: make([][]int32, n), wall: make([]bool, n),
		only: make([]bool, n), cmark: make([]uint32, n)}
	r := rand.New(rand.NewPCG(0x50c0ba4, uint64(n)))
	for p := range x.zb {
		x.zb[p], x.zp[p] = r.Uint64(), r.Uint64()
	}
	for a, ps := range m.pushes {
		for i, e := range ps {
			x.byBox[e.box] = append(x.byBox[e.box], int32(a), int32(i))
		}
	}
	x.boxDistances()
	x.pairs = newPairCheck(x)
	if weight > 1 {
		x.fill, x.filled = x.fillOrder(), make([]bool, n)
		x.pk = newPacker(x)
		x.fess = newFessOpen(x)
	}
	return x
}

// boxDistances fills the estimate's tables: for a box alone on the board,
// a state is its square and the part of the floor the player is in (the
// squares it walks between with the box in the way); tdist[i][state] is the
// fewest pushes from that state to targets[i].
func (x *searcher) boxDistances() {
	m := x.m
	n := m.n
	x.comp = make([][]int16, n)
	x.base = make([]int32, n)
	states := int32(0)
	occ := x.occ
	for p := range n {
		if !m.boxOK[p] {
			continue
		}
		c := make([]int16, n)
		for i := range c {
			c[i] = -1
		}
		occ[p] = 0
		k := int16(0)
		for a := range n {
			if !m.stand[a] || a == p || c[a] >= 0 {
				continue
			}
			x.walk(int32(a))
			for _, q := range x.order {
				c[q] = k
			}
			k++
		}
		occ[p] = -1
		x.comp[p], x.base[p] = c, states
		states += int32(k)
	}
	// The pushes between states, reversed.
	type edge struct{ from, to int32 }
	var edges []edge
	for p := range n {
		if x.comp[p] == nil {
			continue
		}
		bb := x.byBox[p]
		for i := 0; i < len(bb); i += 2 {
			a, e := bb[i], &m.pushes[bb[i]][bb[i+1]]
			ca, ct := x.comp[p][a], x.comp[e.to][e.player]
			if ca < 0 || ct < 0 {
				continue
			}
			edges = append(edges, edge{x.base[p] + int32(ca), x.base[e.to] + int32(ct)})
		}
	}
	start := make([]int32, states+1)
	for _, e := range edges {
		start[e.to+1]++
	}
	for i := int32(1); i <= states; i++ {
		start[i] += start[i-1]
	}
	rev := make([]int32, len(edges))
	fill := append([]int32(nil), start[:states]...)
	for _, e := range edges {
		rev[fill[e.to]] = e.from
		fill[e.to]++
	}
	x.deadState = make([]bool, states)
	for i := range x.deadState {
		x.deadState[i] = true
	}
	for _, t := range m.targets {
		d := make([]int32, states)
		for i := range d {
			d[i] = deadSquare
		}
		var q []int32
		for c := int32(0); x.base[t]+c < states && (t == int32(n-1) || x.base[t]+c < x.nextBase(t)); c++ {
			d[x.base[t]+c] = 0
			q = append(q, x.base[t]+c)
		}
		for len(q) > 0 {
			v := q[0]
			q = q[1:]
			for _, u := range rev[start[v]:start[v+1]] {
				if d[u] == deadSquare {
					d[u] = d[v] + 1
					q = append(q, u)
				}
			}
		}
		for i, v := range d {
			if v != deadSquare {
				x.deadState[i] = false
			}
		}
		x.tdist = append(x.tdist, d)
	}
	for p := range n {
		x.dead[p] = true
		if x.comp[p] == nil {
			continue
		}
		for s := x.base[p]; s < x.nextBase(int32(p)); s++ {
			if !x.deadState[s] {
				x.dead[p] = false
				break
			}
		}
	}
}

// nextBase is the first state after those of a box on p.
func (x *searcher) nextBase(p int32) int32 {
	k := int16(-1)
	for _, c := range x.comp[p] {
		k = max(k, c)
	}
	return x.base[p] + int32(k) + 1
}

// boxesOf returns node id's boxes.
func (x *searcher) boxesOf(id int32) []uint16 {
	return x.boxes[int(id)*x.nb : int(id+1)*x.nb]
}

// estimate is the least total of pushes over the assignments of the boxes
// to distinct targets, each box alone with the player on player, or
// deadSquare when some box can reach none.
func (x *searcher) estimate(boxes []uint16, player int32) int32 {
	hg := &x.hung
	hg.rows = hg.rows[:0]
	x.rowState = x.rowState[:0]
	for _, b := range boxes {
		c := x.comp[b][player]
		if c < 0 {
			return deadSquare
		}
		st := x.base[b] + int32(c)
		if x.deadState[st] {
			return deadSquare
		}
		hg.rows = append(hg.rows, int32(b))
		x.rowState = append(x.rowState, st)
	}
	if len(hg.cols) != len(x.tdist) {
		hg.cols = hg.cols[:0]
		for i := range x.tdist {
			hg.cols = append(hg.cols, int32(i))
		}
	}
	total := hg.solve(x.cost)
	if total >= 1<<20 {
		return deadSquare
	}
	return int32(total)
}

func (x *searcher) cost(r, c int) int64 {
	d := x.tdist[c][x.rowState[r]]
	if d == deadSquare {
		return 1 << 20
	}
	return int64(d)
}

// walker finds the squares the player reaches with boxes in the way.
type walker struct {
	m     *pushModel
	occ   []int32 // box index on a square, or -1
	dist  []int32 // walk distance, valid where stamp == cur
	from  []int32 // the square the walk came from
	stamp []uint32
	cur   uint32
	order []int32
}

func newWalker(m *pushModel) walker {
	w := walker{m: m, occ: make([]int32, m.n), dist: make([]int32, m.n), from: make([]int32, m.n), stamp: make([]uint32, m.n)}
	for p := range w.occ {
		w.occ[p] = -1
	}
	return w
}

// walk finds the squares the player reaches from p with the boxes of occ
// in the way: dist and from where stamp == cur, in order.
func (x *walker) walk(p int32) {
	x.cur++
	if x.cur == 0 {
		clear(x.stamp)
		x.cur = 1
	}
	m := x.m
	x.order = append(x.order[:0], p)
	x.stamp[p], x.dist[p], x.from[p] = x.cur, 0, -1
	for i := 0; i < len(x.order); i++ {
		v := x.order[i]
	edges:
		for _, e := range m.walks[v] {
			if x.stamp[e.to] == x.cur {
				continue
			}
			for _, r := range m.blk[e.blkOf:e.blkTo] {
				if x.occ[r] >= 0 {
					continue edges
				}
			}
			x.stamp[e.to], x.dist[e.to], x.from[e.to] = x.cur, x.dist[v]+1, v
			x.order = append(x.order, e.to)
		}
	}
}

// pushOK reports whether push e may be made with the boxes of occ.
func (x *walker) pushOK(e *pushEdge) bool {
	if x.occ[e.box] < 0 {
		return false
	}
	for _, r := range x.m.blk[e.blkOf:e.blkTo] {
		if x.occ[r] >= 0 {
			return false
		}
	}
	return true
}

// isFrozen reports whether the box on p can never be pushed again (with the
// boxes of occ, those marked wall taken as walls); the boxes found frozen
// are appended to x.frozen.
func (x *searcher) isFrozen(p int32, depth int) bool {
	if depth > 64 {
		return false
	}
	x.wall[p] = true
	mark := len(x.frozen)
	stuck := func(q int32) bool {
		if x.occ[q] < 0 {
			return false
		}
		return x.wall[q] || x.isPacked(q, x.round) || x.isFrozen(q, depth+1)
	}
	frozen := true
	bb := x.byBox[p]
	for i := 0; i < len(bb) && frozen; i += 2 {
		a, e := bb[i], &x.m.pushes[bb[i]][bb[i+1]]
		if x.dead[e.to] {
			continue
		}
		blocked := stuck(a)
		for _, r := range x.m.blk[e.blkOf:e.blkTo] {
			if blocked {
				break
			}
			blocked = stuck(r)
		}
		if !blocked {
			frozen = false
		}
	}
	x.wall[p] = false
	if !frozen {
		x.frozen = x.frozen[:mark]
		return false
	}
	x.frozen = append(x.frozen, p)
	return true
}

// deadlocked reports whether the box just pushed to p is frozen with a box
// of its group off a target.
func (x *searcher) deadlocked(p int32) bool {
	if x.dead[p] {
		return true
	}
	x.frozen = x.frozen[:0]
	if !x.isFrozen(p, 0) {
		return false
	}
	for _, q := range x.frozen {
		if !x.m.target[q] {
			return true
		}
	}
	return false
}

// f is the open list's order: moves made plus weight times the estimate
// (in 1/16 moves). (Counting pushes instead of moves in a weighted search
// was tried: level 1 of the corpus's Sokoban came out at 377 moves instead
// of 177, and level 2 went unsolved.)
func (x *searcher) f(g, h int32) int64 {
	return 16*int64(g) + x.weight*int64(h)
}

// less orders the open list: least f, then least estimate, then last made.
func (x *searcher) less(a, b int32) bool {
	na, nb := &x.nodes[a], &x.nodes[b]
	if na.packed != nb.packed {
		return na.packed > nb.packed
	}
	if na.f != nb.f {
		return na.f < nb.f
	}
	if na.h != nb.h {
		return na.h < nb.h
	}
	return a > b // the newest: on along the line being followed
}

// onTargets counts the boxes not on a target.
func (x *searcher) offTargets(boxes []uint16) int {
	k := 0
	for _, b := range boxes {
		if !x.m.target[b] {
			k++
		}
	}
	return k
}

// puzzlePush is Puzzle's search on the push model m from root.
func puzzlePush(ctx context.Context, root *vm.State, m *pushModel, lim Limits, res Result) (Result, error) {
	weight := max(lim.Weight, 1)
	x := newSearcher(m, weight)
	res.Heuristic = fmt.Sprintf("pushes on a model of the rules (%s): least total of each box's fewest pushes to a distinct target, by assignment; dead squares and frozen boxes pruned", m)
	optimal := weight == 1
	if !optimal {
		res.Heuristic += "; positions merged by the least square the player reaches; only a PI-corral's pushes where there is one"
	}
	if x.pk.on {
		res.Heuristic += "; targets packed in a filling order (a box pushed onto the next target in one macro move, the other pushes cut; packed boxes are walls)"
	}
	if m.leftOut > 0 {
		res.Heuristic += "; the model leaves out the rules' moves to positions it cannot hold, so a solution is not proved shortest"
	}
	clk := newClock(ctx, lim)
	bound := int32(lim.Moves)
	root16 := make([]uint16, x.nb)
	var bkey uint64
	for i, b := range m.boxes0 {
		root16[i] = uint16(b)
		bkey ^= x.zb[b]
	}
	h0 := x.estimate(root16, m.player0)
	if h0 != deadSquare {
		h0 += x.orderPenalty(root16)
	}
	if h0 == deadSquare {
		res.Exhausted = true
		return res, nil
	}
	x.nodes = append(x.nodes, xnode{key: bkey ^ x.zp[m.player0], bkey: bkey, parent: -1, stand: -1, edge: -1, player: m.player0, h: h0, f: x.weight * int64(h0)})
	x.boxes = append(x.boxes, root16...)
	best := map[uint64]int32{x.nodes[0].key: 0}
	closed := map[uint64]struct{}{}
	x.open = minHeap[int32]{less: x.less}
	x.openPush(0, root16)
	child := make([]uint16, x.nb)
	found := int32(-1)
	for x.openLen() > 0 && found < 0 {
		if why := clk.stop(int64(len(x.nodes)), func() Progress {
			top := x.nodes[x.openTop()]
			return Progress{Bound: int(top.g + top.h), Open: x.openLen(), Expansions: res.Expansions, Made: int(top.g), Left: int(top.h)}
		}); why != "" {
			res.Stopped = why
			break
		}
		id := x.openPop()
		n := x.nodes[id]
		if x.offTargets(x.boxesOf(id)) == 0 {
			found = id
			break
		}
		if b := best[n.key]; x.nodes[b].g < n.g {
			continue // reached again in fewer moves since
		}
		boxes := x.boxesOf(id)
		for i, b := range boxes {
			x.occ[b] = int32(i)
		}
		x.walk(n.player)
		if !optimal {
			canon := n.player
			for _, p := range x.order {
				canon = min(canon, p)
			}
			ck := n.bkey ^ x.zp[canon]
			if _, ok := closed[ck]; ok {
				for _, b := range boxes {
					x.occ[b] = -1
				}
				continue
			}
			closed[ck] = struct{}{}
		}
		res.Expansions++
		round := int32(-1)
		if x.pk.on {
			round, _ = x.packRound(boxes)
		}
		x.round = round
		// add makes the child where box bi went from its square to to and
		// the player to player, by the push (stand, edge) or a macro
		// move, cg moves in; false when it solves the puzzle.
		add := func(bi, to, player, stand, edge, cg, pushes int32) bool {
			from := int32(x.boxesOf(id)[bi])
			x.occ[from], x.occ[to] = -1, bi
			dl := x.deadlocked(to)
			x.occ[from], x.occ[to] = bi, -1
			if !dl {
				dl = x.pairs.deadNear(to, player, x.boxesOf(id), bi)
			}
			if !dl {
				x.occ[from], x.occ[to] = -1, bi
				dl = x.pairs.deadCluster(to, player, x.boxesOf(id), bi)
				x.occ[from], x.occ[to] = bi, -1
			}
			if !dl {
				dl = x.pairs.deadCorral(to, player, x.boxesOf(id), bi)
			}
			if dl {
				return true
			}
			copy(child, x.boxesOf(id)) // x.boxes may have grown
			child[bi] = uint16(to)
			cb := n.bkey ^ x.zb[from] ^ x.zb[to]
			key := cb ^ x.zp[player]
			if b, ok := best[key]; ok && x.nodes[b].g <= cg {
				return true
			}
			ch := x.estimate(child, player)
			if ch != deadSquare {
				ch += x.orderPenalty(child)
			}
			if ch == deadSquare || bound > 0 && cg+ch > bound {
				return true
			}
			packed := int32(0)
			if x.pk.on {
				_, packed = x.packRound(child)
			}
			cid := int32(len(x.nodes))
			best[key] = cid
			x.nodes = append(x.nodes, xnode{key: key, bkey: cb, parent: id, stand: stand, edge: edge, player: player,
				g: cg, h: ch, pushes: n.pushes + pushes, packed: packed, f: x.f(cg, ch)})

			x.boxes = append(x.boxes, child...)
			if !optimal && x.offTargets(child) == 0 {
				found = cid
				return false
			}
			x.openPush(cid, child)
			return true
		}
		// Packing mode: the macro moves first; where a box can be packed,
		// the position's other pushes are not made (Rolling Stone's goal
		// cut).
		cut := false
		if x.pk.on {
			mark := len(x.nodes)
			for bi := range x.nb {
				b := int32(x.boxesOf(id)[bi])
				if x.isPacked(b, round) {
					continue
				}
				x.macros(x.boxesOf(id), bi, n.player, round, func(to, player, moves, first, count int32) bool {
					return add(int32(bi), to, player, first, -1-count, n.g+moves, count)
				})
				if found >= 0 {
					break
				}
			}
			cut = len(x.nodes) > mark
		}
		only := !optimal && !cut && found < 0 && x.piCorral(round)
	pushes:
		for _, a := range x.order {
			if cut || found >= 0 {
				break
			}
			for ei := range m.pushes[a] {
				e := &m.pushes[a][ei]
				if !x.pushOK(e) || x.dead[e.to] || x.isPacked(e.box, round) || only && !x.only[e.box] {
					continue
				}
				if !add(x.occ[e.box], e.to, e.player, a, int32(ei), n.g+x.dist[a]+1, 1) {
					break pushes
				}
			}
		}
		for _, b := range x.onlyList {
			x.only[b] = false
		}
		x.onlyList = x.onlyList[:0]
		for _, b := range x.boxesOf(id) {
			x.occ[b] = -1
		}
	}
	res.Nodes, res.Elapsed = int64(len(x.nodes)), clk.elapsed()
	if found < 0 {
		res.Exhausted = res.Stopped == ""
		return res, nil
	}
	path, err := x.path(root, found)
	if err != nil {
		return res, err
	}
	res.Found, res.Optimal, res.Path = true, optimal && m.leftOut == 0, path
	res.Elapsed = clk.elapsed()
	return res, nil
}

// path replays the pushes to node id on the rules, walks included, and
// returns the vm's move indices; an error when the rules disagree with the
// model.
func (x *searcher) path(root *vm.State, id int32) ([]int, error) {
	var chain []int32
	for ; id > 0; id = x.nodes[id].parent {
		chain = append(chain, id)
	}
	m := x.m
	w := root.Clone()
	want := make([]vm.Cell, m.n)
	var ml vm.MoveList
	var out []int
	// step plays the move leading to boxes and player.
	step := func(boxes []uint16, player int32) error {
		copy(want, m.floor)
		for _, b := range boxes {
			want[b] = m.boxCell[b]
		}
		want[player] = m.playerCell[player]
		if err := w.Generate(&ml); err != nil {
			return err
		}
		for k := range ml.Moves {
			if w.Make(&ml.Moves[k]) != nil {
				continue
			}
			same := true
			for p, c := range w.Board {
				if c != want[p] {
					same = false
					break
				}
			}
			if same {
				out = append(out, k)
				return nil
			}
			w.Unmake()
		}
		return fmt.Errorf("solve: the rules have no move the push model made (move %d)", len(out)+1)
	}
	player := x.m.player0
	boxes := append([]uint16(nil), x.boxesOf(0)...)
	var squares []int32
	// push walks the player to stand and makes the push (stand, edge).
	push := func(stand, edge int32) error {
		for j := range x.occ {
			x.occ[j] = -1
		}
		for bi, b := range boxes {
			x.occ[b] = int32(bi)
		}
		x.walk(player)
		if x.stamp[stand] != x.cur {
			return fmt.Errorf("solve: the push model's walk does not reach its push")
		}
		squares = squares[:0]
		for q := stand; q != player; q = x.from[q] {
			squares = append(squares, q)
		}
		for k := len(squares) - 1; k >= 0; k-- {
			if err := step(boxes, squares[k]); err != nil {
				return err
			}
		}
		e := &m.pushes[stand][edge]
		boxes[x.occ[e.box]] = uint16(e.to)
		player = e.player
		return step(boxes, player)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		n := x.nodes[chain[i]]
		if n.edge >= 0 {
			if err := push(n.stand, n.edge); err != nil {
				return nil, err
			}
		} else {
			// A macro move: its pushes in steps.
			steps := x.pk.steps[n.stand : n.stand+2*(-1-n.edge)]
			for k := 0; k < len(steps); k += 2 {
				if err := push(steps[k], steps[k+1]); err != nil {
					return nil, err
				}
			}
		}
		if i > 0 {
			if o, err := w.Goals(); err != nil || o.Over {
				return nil, fmt.Errorf("solve: the game ended before the push model's solution did")
			}
		}
	}
	for j := range x.occ {
		x.occ[j] = -1
	}
	o, err := w.Goals()
	if err != nil {
		return nil, err
	}
	if !o.Over || o.Winner != root.Mover() {
		return nil, fmt.Errorf("solve: the push model's solution does not win by the rules")
	}
	return out, nil
}
