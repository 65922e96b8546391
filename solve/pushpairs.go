// This file finds deadlocks of two boxes on a push model: after a push, the
// pushed box and each box near it (two steps or fewer by the board's
// directions) are searched alone on the board with the player where it
// stands; when no sequence of walks and pushes puts both on targets, the
// position is dropped (two boxes walling the player out of the pocket from
// which one of them must be pushed; two boxes side by side along a wall).
// Taking the other boxes off only makes room, so a pair that is dead alone
// is dead in the position. The answers are kept by the two squares and the
// least square the player reaches; a pair whose search grows past
// maxPairSearch positions is taken as alive.

package solve

// maxPairSearch bounds one pair's search.
const maxPairSearch = 4000

type pairCheck struct {
	x    *searcher
	w    walker
	near [][]int32 // near[p]: the squares a box may stand on within two steps
	memo map[uint64]bool
	seen map[uint64]struct{}
	heap minHeap[pairState]
	cl   []int32
	ord  []int32
	cq   []clusterState
	// corral search (pushcorral.go): the squares reached with no box on
	// the board, and a mark for the walled-off squares
	free  []bool
	nfree int
	steps [][]int32
	mark  []uint32
	mcur  uint32
	fill  []int32
}

type pairState struct {
	a, b, player int32
	est          int32
}

func newPairCheck(x *searcher) pairCheck {
	m := x.m
	pc := pairCheck{x: x, w: newWalker(m), near: make([][]int32, m.n), memo: map[uint64]bool{}, seen: map[uint64]struct{}{},
		heap: minHeap[pairState]{less: func(a, b pairState) bool { return a.est < b.est }}}
	b := m.base.Game().Board
	for p := range m.n {
		if !m.boxOK[p] {
			continue
		}
		mark := map[int]bool{p: true}
		ring := []int{p}
		for step := 0; step < 2; step++ {
			var next []int
			for _, q := range ring {
				for d := range b.Dirs {
					r := b.Link(d, q)
					if r >= 0 && r < m.n && !mark[r] {
						mark[r] = true
						next = append(next, r)
						if m.boxOK[r] {
							pc.near[p] = append(pc.near[p], int32(r))
						}
					}
				}
			}
			ring = next
		}
	}
	pc.initCorral()
	return pc
}

// deadNear reports whether the box pushed to q (boxes[bi], before the push)
// makes a dead pair with a box near it, the player on player.
func (pc *pairCheck) deadNear(q, player int32, boxes []uint16, bi int32) bool {
	x := pc.x
	for _, r := range pc.near[q] {
		j := x.occ[r]
		if j < 0 || j == bi || int32(boxes[j]) != r {
			continue
		}
		if x.m.target[q] && x.m.target[r] {
			continue
		}
		if pc.dead(q, r, player) {
			return true
		}
	}
	return false
}

// key names two boxes and the player's part of the floor.
func (pc *pairCheck) key(a, b, player int32) uint64 {
	x := pc.x
	w := &pc.w
	w.occ[a], w.occ[b] = 0, 1
	w.walk(player)
	w.occ[a], w.occ[b] = -1, -1
	canon := player
	for _, p := range w.order {
		canon = min(canon, p)
	}
	return x.zb[a] ^ x.zb[b] ^ x.zp[canon]
}

// stateEst is a box's fewest pushes to any target from its state with the
// player on player (deadSquare: none).
func (pc *pairCheck) stateEst(b, player int32) int32 {
	x := pc.x
	c := x.comp[b][player]
	if c < 0 {
		return deadSquare
	}
	st := x.base[b] + int32(c)
	best := int32(deadSquare)
	for _, d := range x.tdist {
		best = min(best, d[st])
	}
	return best
}

// dead searches the two boxes on a and b alone with the player on player.
func (pc *pairCheck) dead(a, b, player int32) bool {
	k0 := pc.key(a, b, player)
	if v, ok := pc.memo[k0]; ok {
		return v
	}
	m := pc.x.m
	clear(pc.seen)
	pc.heap.items = pc.heap.items[:0]
	pc.seen[k0] = struct{}{}
	pc.heap.push(pairState{a, b, player, 0})
	dead := true
	w := &pc.w
	for pc.heap.len() > 0 && dead {
		if len(pc.seen) > maxPairSearch {
			dead = false
			break
		}
		s := pc.heap.pop()
		if m.target[s.a] && m.target[s.b] {
			dead = false
			break
		}
		w.occ[s.a], w.occ[s.b] = 0, 1
		w.walk(s.player)
		order := append([]int32(nil), w.order...)
		for _, st := range order {
			for ei := range m.pushes[st] {
				e := &m.pushes[st][ei]
				if !w.pushOK(e) {
					continue
				}
				na, nb := s.a, s.b
				if e.box == na {
					na = e.to
				} else {
					nb = e.to
				}
				ea, eb := pc.stateEst(na, e.player), pc.stateEst(nb, e.player)
				if ea == deadSquare || eb == deadSquare {
					continue
				}
				w.occ[s.a], w.occ[s.b] = -1, -1
				k := pc.key(na, nb, e.player)
				w.occ[s.a], w.occ[s.b] = 0, 1
				if _, ok := pc.seen[k]; ok {
					continue
				}
				pc.seen[k] = struct{}{}
				pc.heap.push(pairState{na, nb, e.player, ea + eb})
			}
		}
		w.occ[s.a], w.occ[s.b] = -1, -1
	}
	for _, s := range pc.heap.items {
		w.occ[s.a], w.occ[s.b] = -1, -1
	}
	pc.memo[k0] = dead
	return dead
}

// maxCluster bounds the boxes of a cluster search around a pushed box.
const maxCluster = 5

// clusterState is a position of a cluster search: the boxes and the player.
type clusterState struct {
	boxes  [maxCorral]int32
	player int32
}

// deadCluster searches the box pushed to q with the boxes near it (at most
// maxCluster in all) alone on the board, the player on player, for a
// position where they are all on targets or wall no part of the floor off
// from the player (the player walks wherever it could with none of them
// there). None found: the position is dropped. This finds the boxes that
// shut the player out of a pocket from which one of them must be pushed.
func (pc *pairCheck) deadCluster(q, player int32, boxes []uint16, bi int32) bool {
	x := pc.x
	cl := append(pc.cl[:0], q)
	for _, r := range pc.near[q] {
		j := x.occ[r]
		if j < 0 || j == bi || int32(boxes[j]) != r || len(cl) == maxCluster {
			continue
		}
		cl = append(cl, r)
	}
	pc.cl = cl
	if len(cl) < 2 {
		return false
	}
	return pc.clusterDead(cl, player, maxPairSearch)
}

// clusterDead searches the boxes of cl (at most maxCorral) alone on the
// board, the player on player, for a position where they are all on
// targets or wall no part of the floor off from the player; none found:
// they are dead (taking the other boxes off only makes room). A search
// past limit positions takes them as alive.
func (pc *pairCheck) clusterDead(cl []int32, player int32, limit int) bool {
	x := pc.x
	k0, open := pc.clusterReach(cl, player)
	if open {
		return false // the common case: nothing walled off
	}
	all := true
	for _, b := range cl {
		all = all && x.m.target[b]
	}
	if all {
		return false // on targets already (a box pushed onto the last one)
	}
	if v, ok := pc.memo[k0]; ok {
		return v
	}
	m := x.m
	clear(pc.seen)
	pc.seen[k0] = struct{}{}
	st := clusterState{player: player}
	copy(st.boxes[:], cl)
	queue := append(pc.cq[:0], st)
	n := len(cl)
	dead := true
	w := &pc.w
	for len(queue) > 0 && dead {
		if len(pc.seen) > limit {
			dead = false
			break
		}
		s := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for i := range n {
			w.occ[s.boxes[i]] = int32(i)
		}
		w.walk(s.player)
		order := append(pc.ord[:0], w.order...)
		pc.ord = order
		for _, a := range order {
			for ei := range m.pushes[a] {
				e := &m.pushes[a][ei]
				if !w.pushOK(e) {
					continue
				}
				ns := s
				ns.player = e.player
				ns.boxes[w.occ[e.box]] = e.to
				if pc.stateEst(e.to, e.player) == deadSquare {
					continue
				}
				for i := range n {
					w.occ[s.boxes[i]] = -1
				}
				all := true
				for i := range n {
					all = all && m.target[ns.boxes[i]]
				}
				k, open := pc.clusterReach(ns.boxes[:n], ns.player)
				_, seen := pc.seen[k]
				alive := !seen && (all || open)
				for i := range n {
					w.occ[s.boxes[i]] = int32(i)
				}
				if alive {
					dead = false
					break
				}
				if !seen {
					pc.seen[k] = struct{}{}
					queue = append(queue, ns)
				}
			}
			if !dead {
				break
			}
		}
		for i := range n {
			w.occ[s.boxes[i]] = -1
		}
	}
	pc.cq = queue[:0]
	pc.memo[k0] = dead
	return dead
}

// clusterReach walks the player on player with the boxes of cl alone on
// the board: the key of the boxes and the player's part of the floor, and
// whether the player walks everywhere it would with none of them there.
func (pc *pairCheck) clusterReach(cl []int32, player int32) (uint64, bool) {
	x := pc.x
	w := &pc.w
	var k uint64
	free := pc.nfree
	for _, b := range cl {
		w.occ[b] = 0
		k ^= x.zb[b]
		if pc.free[b] {
			free--
		}
	}
	w.walk(player)
	for _, b := range cl {
		w.occ[b] = -1
	}
	canon := player
	for _, p := range w.order {
		canon = min(canon, p)
	}
	return k ^ x.zp[canon] ^ uint64(len(cl))*0x9e3779b97f4a7c15, len(w.order) == free
}
