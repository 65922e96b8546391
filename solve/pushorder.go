// This file finds an order in which to fill a push model's targets (weighted
// searches only): with a box on every target, the boxes are taken off in
// rounds, each round every one that can be pulled (a push undone) from its
// target to a square that is no target with the others still in place, the
// player starting where it starts; the reverse of the rounds is an order in
// which the targets can be filled (the deepest of a goal room first, the
// targets of one round in any order). The weighted search adds to its estimate one move per box on a
// target filled before its turn (a target earlier in the order still
// empty): it then fills a goal room from the back instead of closing its
// entrance with the first boxes.

package solve

// fillOrder returns, for each square, its target's round in the filling
// order (0 first; -1: no target, or a target never pulled off). Where there
// are more targets than boxes, the targets left empty when no box could be
// pulled off come last.
func (x *searcher) fillOrder() []int32 {
	m := x.m
	order := make([]int32, m.n)
	for p := range order {
		order[p] = -1
	}
	// pulls[q]: the (stand, edge) pairs of the pushes that bring a box to q.
	pulls := make([][]int32, m.n)
	for a, ps := range m.pushes {
		for i, e := range ps {
			pulls[e.to] = append(pulls[e.to], int32(a), int32(i))
		}
	}
	w := newWalker(m)
	on := map[int32]bool{}
	for _, t := range m.targets {
		on[t] = true
		w.occ[t] = 0
	}
	if w.occ[m.player0] >= 0 {
		return order
	}
	type st struct{ box, player int32 }
	// pullable reports whether the box of t can be pulled off to a square
	// that is no target, the other boxes in place.
	pullable := func(t int32) bool {
		w.occ[t] = -1
		defer func() { w.occ[t] = 0 }()
		seen := map[st]bool{{t, m.player0}: true}
		queue := []st{{t, m.player0}}
		for len(queue) > 0 {
			s := queue[0]
			queue = queue[1:]
			w.occ[s.box] = 0
			w.walk(s.player)
			inReach := map[int32]bool{}
			for _, q := range w.order {
				inReach[q] = true
			}
			for i := 0; i < len(pulls[s.box]); i += 2 {
				a, e := pulls[s.box][i], &m.pushes[pulls[s.box][i]][pulls[s.box][i+1]]
				if !inReach[e.player] || w.occ[a] >= 0 || w.occ[e.box] >= 0 {
					continue
				}
				free := true
				for _, r := range m.blk[e.blkOf:e.blkTo] {
					if r != s.box && w.occ[r] >= 0 {
						free = false
					}
				}
				if !free {
					continue
				}
				if !m.target[e.box] {
					w.occ[s.box] = -1
					return true
				}
				ns := st{e.box, a}
				if !seen[ns] {
					seen[ns] = true
					queue = append(queue, ns)
				}
			}
			w.occ[s.box] = -1
		}
		return false
	}
	pass := make([]int32, m.n)
	var rem, spared []int32
	passes := int32(0)
	// spare: the targets that stay empty in a solution (more targets than
	// boxes); when no box can be pulled off, one of them is taken off as
	// left empty, the one that lets the most be pulled off next.
	spare := len(m.targets) - len(m.boxes0)
	for {
		rem = rem[:0]
		for _, t := range m.targets {
			if on[t] && pullable(t) {
				rem = append(rem, t)
			}
		}
		if len(rem) == 0 {
			if spare == 0 {
				break
			}
			bestT, bestK := int32(-1), 0
			for _, t := range m.targets {
				if !on[t] {
					continue
				}
				on[t], w.occ[t] = false, -1
				k := 0
				for _, u := range m.targets {
					if on[u] && pullable(u) {
						k++
					}
				}
				on[t], w.occ[t] = true, 0
				if k > bestK {
					bestT, bestK = t, k
				}
			}
			if bestT < 0 {
				break
			}
			on[bestT], w.occ[bestT] = false, -1
			spared = append(spared, bestT)
			spare--
			continue
		}
		for _, t := range rem {
			on[t] = false
			w.occ[t] = -1
			pass[t] = passes
		}
		passes++
	}
	isSpared := map[int32]bool{}
	for _, t := range spared {
		isSpared[t] = true
	}
	for _, t := range m.targets {
		switch {
		case isSpared[t]:
			// Left empty: filled last, never in a solution.
			order[t] = passes
		case !on[t]:
			order[t] = passes - 1 - pass[t]
		}
	}
	return order
}

// orderPenalty counts the boxes on targets filled before their turn.
func (x *searcher) orderPenalty(boxes []uint16) int32 {
	if x.fill == nil {
		return 0
	}
	m := x.m
	for _, b := range boxes {
		x.filled[b] = true
	}
	first := int32(1 << 30)
	for _, t := range m.targets {
		if !x.filled[t] && x.fill[t] >= 0 {
			first = min(first, x.fill[t])
		}
	}
	pen := int32(0)
	for _, b := range boxes {
		x.filled[b] = false
		if m.target[b] && x.fill[b] > first {
			pen++
		}
	}
	return pen
}
