// This file finds corral deadlocks (Festival's and YASS's PI-corrals, their
// deadlock half): after a push, the squares the player could walk to with
// no box on the board but cannot now, next to the pushed box, are a corral;
// the boxes inside it and on its edge are searched alone on the board
// (clusterDead, pushpairs.go) for a position where they are all on targets
// or the corral is open. None: the position is dropped. A corral of more
// than maxCorral boxes is not searched.

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
// box on the board.
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
	for _, e := range m.walks[q] {
		r := e.to
		if pc.free[r] && w.stamp[r] != w.cur && w.occ[r] < 0 && pc.mark[r] != pc.mcur {
			pc.mark[r] = pc.mcur
			fill = append(fill, r)
		}
	}
	over := false
	for i := 0; i < len(fill) && !over; i++ {
		for _, e := range m.walks[fill[i]] {
			r := e.to
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
	pc.cl = cl
	search := len(fill) > 0 && !over && len(cl) >= 2 && pc.worthSearching(cl, fill)
	for _, b := range boxes {
		w.occ[b] = -1
	}
	w.occ[q] = -1
	return search && pc.clusterDead(cl, player, maxCorralSearch)
}
