// This file holds the corrals (Festival's and YASS's PI-corrals). The
// deadlock half: after a push, the squares the player could walk to with
// no box on the board but cannot now, next to the pushed box, are a corral;
// the boxes inside it and on its edge are searched alone on the board
// (clusterDead, pushpairs.go) for a position where they are all on targets
// or the corral is open. None: the position is dropped. A corral of more
// than maxCorral boxes is not searched. The pruning half (weighted searches):
// where the player is walled out of a corral that needs a box pushed in,
// and every push of its edge boxes goes into it, only those pushes are made.

package solve

// maxCorral bounds the boxes of a corral search, maxCorralSearch its
// positions (past them the corral is taken as alive: the dead ones are
// found in few).
const (
	maxCorral       = 10
	maxCorralSearch = 500
)

// worthSearching reports whether a corral (its squares fill marked, its
// boxes cl, pc.w's walk the player's) may be dead: a box off a target or a
// target free in it, and every push of its boxes the player can make goes
// into it (a PI-corral: a push out of it could lead anywhere, and the
// search would be long).
func (pc *pairCheck) worthSearching(cl, fill []int32) bool {
	m := pc.x.m
	w := &pc.w
	need := false
	for _, b := range cl {
		need = need || !m.target[b]
	}
	for _, p := range fill {
		need = need || m.target[p]
	}
	if !need {
		return false
	}
	for _, b := range cl {
		bb := pc.x.byBox[b]
		for i := 0; i < len(bb); i += 2 {
			e := &m.pushes[bb[i]][bb[i+1]]
			if w.stamp[bb[i]] != w.cur || !w.pushOK(e) {
				continue
			}
			if pc.mark[e.to] != pc.mcur || w.occ[e.to] >= 0 {
				return false // a push out of the corral
			}
		}
	}
	return true
}

// initCorral notes the squares the player reaches from its start with no
// box on the board, and each square's neighbours.
func (pc *pairCheck) initCorral() {
	m := pc.x.m
	w := &pc.w
	w.walk(m.player0)
	pc.free = make([]bool, m.n)
	for _, p := range w.order {
		pc.free[p] = true
	}
	pc.nfree = len(w.order)
	pc.mark = make([]uint32, m.n)
	// The steps: the walks whose only blocker is where they go (a walk
	// that slides over squares does not make them neighbours).
	pc.steps = make([][]int32, m.n)
	for p, ws := range m.walks {
		for _, e := range ws {
			if e.blkTo-e.blkOf == 1 && m.blk[e.blkOf] == e.to {
				pc.steps[p] = append(pc.steps[p], e.to)
			}
		}
	}
}

// deadCorral reports whether the box just pushed to q (boxes[bi] before the
// push, x.occ after it) closes a corral that is dead, the player on player.
func (pc *pairCheck) deadCorral(q, player int32, boxes []uint16, bi int32) bool {
	x := pc.x
	m := x.m
	w := &pc.w
	for i, b := range boxes {
		if int32(i) != bi {
			w.occ[b] = int32(i)
		}
	}
	w.occ[q] = bi
	w.walk(player)
	pc.mcur++
	if pc.mcur == 0 {
		clear(pc.mark)
		pc.mcur = 1
	}
	// The corral: the free squares next to q not reached, and those next
	// to them; its boxes: those next to its squares.
	cl := append(pc.cl[:0], q)
	fill := pc.fill[:0]
	pc.mark[q] = pc.mcur
	for _, r := range pc.steps[q] {
		if pc.free[r] && w.stamp[r] != w.cur && w.occ[r] < 0 && pc.mark[r] != pc.mcur {
			pc.mark[r] = pc.mcur
			fill = append(fill, r)
		}
	}
	over := false
	for i := 0; i < len(fill) && !over; i++ {
		for _, r := range pc.steps[fill[i]] {
			if pc.mark[r] == pc.mcur || !pc.free[r] {
				continue
			}
			switch {
			case w.occ[r] >= 0:
				pc.mark[r] = pc.mcur
				if len(cl) == maxCorral {
					over = true
				}
				cl = append(cl, r)
			case w.stamp[r] != w.cur:
				pc.mark[r] = pc.mcur
				fill = append(fill, r)
			}
		}
	}
	pc.fill = fill
	search := len(fill) > 0 && !over && len(cl) >= 2 && pc.worthSearching(cl, fill)
	if search {
		// The boxes in the way of the edge boxes' pushes (on the square
		// to stand on or to push to) are searched with them: without
		// them the edge might open where it cannot.
		edge := len(cl)
		for i := 0; i < edge && !over; i++ {
			bb := x.byBox[cl[i]]
			for j := 0; j < len(bb) && !over; j += 2 {
				e := &m.pushes[bb[j]][bb[j+1]]
				for _, r := range [2]int32{bb[j], e.to} {
					if w.occ[r] >= 0 && pc.mark[r] != pc.mcur {
						pc.mark[r] = pc.mcur
						if len(cl) == maxCorral {
							over = true
							break
						}
						cl = append(cl, r)
					}
				}
			}
		}
		search = !over
	}
	pc.cl = cl
	for _, b := range boxes {
		w.occ[b] = -1
	}
	w.occ[q] = -1
	if !search {
		return false
	}
	// The pushed box with each other one alone first: a dead pair is found
	// in few positions where the whole corral's search would give up.
	for _, r := range cl[1:] {
		if !(m.target[q] && m.target[r]) && pc.dead(q, r, player) {
			return true
		}
	}
	return pc.clusterDead(cl, player, maxCorralSearch)
}

// piCorral finds, in the position being expanded (x.occ its boxes, x's
// walk the player's reach), the PI-corrals (Festival's and YASS's move
// pruning): a part of the floor the player does not reach, with a box off
// a target on its edge or an empty target in it, every push of whose edge
// boxes the player can make goes into it. Such a corral must be entered
// before it can be solved and nothing outside opens it, so only its edge
// boxes' pushes are made: of the PI-corrals, the one with the fewest. The
// edge boxes are marked in x.only; false: none found.
func (x *searcher) piCorral(round int32) bool {
	m := x.m
	pc := &x.pairs
	if x.ccur > 1<<30 {
		clear(x.cmark)
		x.ccur = 0
	}
	base := x.ccur + 1
	bestCount := -1
	x.onlyList = x.onlyList[:0]
	for p := range m.n {
		if !pc.free[p] || x.occ[p] >= 0 || x.stamp[p] == x.cur || x.cmark[p] >= base {
			continue
		}
		x.ccur++
		id := x.ccur
		x.cmark[p] = id
		q := append(x.cq[:0], int32(p))
		edge := x.cedge[:0]
		need := false
		for i := 0; i < len(q); i++ {
			if m.target[q[i]] {
				need = true // an empty target in the corral
			}
			for _, r := range pc.steps[q[i]] {
				if x.cmark[r] == id || !pc.free[r] {
					continue
				}
				switch {
				case x.occ[r] >= 0:
					x.cmark[r] = id
					edge = append(edge, r)
					if !m.target[r] {
						need = true
					}
				case x.stamp[r] != x.cur:
					x.cmark[r] = id
					q = append(q, r)
				}
			}
		}
		x.cq, x.cedge = q, edge
		if !need {
			continue
		}
		// PI: every push of an edge box made from outside the corral goes
		// into it, from a square the player reaches (a push out, or one
		// the player cannot make yet, might be made after other pushes
		// elsewhere).
		count := 0
		pi := true
		for _, b := range edge {
			if x.isPacked(b, round) {
				continue
			}
			bb := x.byBox[b]
			for i := 0; i < len(bb) && pi; i += 2 {
				a, e := bb[i], &m.pushes[bb[i]][bb[i+1]]
				if x.dead[e.to] || x.cmark[a] == id {
					continue // into a dead square, or from inside the corral or an edge box's square
				}
				switch {
				case x.cmark[e.to] == id && x.occ[e.to] >= 0:
					// onto an edge box: made only once that one is pushed in
				case x.cmark[e.to] != id:
					pi = false
				case x.stamp[a] != x.cur || !x.pushOK(e):
					pi = false
				default:
					count++
				}
			}
			if !pi {
				break
			}
		}
		if pi && count > 0 && (bestCount < 0 || count < bestCount) {
			bestCount = count
			x.onlyList = append(x.onlyList[:0], edge...)
		}
	}
	for _, b := range x.onlyList {
		x.only[b] = true
	}
	return bestCount > 0
}
