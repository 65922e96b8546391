// This file defines the tables a specialised program (spec.go) is prepared
// with once per game: its rays and landings per square and player, which
// directions loop, and which pushes and captures it can make.

package vm

// loopDirs reports for each direction whether following it from some
// square comes back to a square other than the start (rho: an endless ray
// the interpreter would stop only by its step budget), and whether it
// comes back to any square, the start included (wrap: a ray that is no
// line from the square to the board's edge; every rho direction wraps).
func (b *Board) loopDirs() (rho, wrap []bool) {
	n := b.N()
	rho, wrap = make([]bool, len(b.Dirs)), make([]bool, len(b.Dirs))
	seen := make([]int32, n)
	stamp := int32(0)
	for d := range b.Dirs {
		for p := 0; p < n && !rho[d]; p++ {
			stamp++
			seen[p] = stamp
			for q := b.links[d*n+p]; q >= 0; q = b.links[d*n+int(q)] {
				if q == int32(p) {
					wrap[d] = true
					break
				}
				if seen[q] == stamp {
					rho[d], wrap[d] = true, true
					break
				}
				seen[q] = stamp
			}
		}
	}
	return rho, wrap
}

// prepare fills the per-player tables; it reports false when the program
// must keep the interpreter on this board.
func (sp *specProg) prepare(b *Board, p *prepared, rho []bool) bool {
	n := b.N()
	nd := int32(len(b.Dirs))
	switch sp.kind {
	case specHops:
		// A hop adds a move on each branch, or one per type its
		// promotion lists; twice that, to spare the argument.
		maxList := 0
		for _, l := range sp.prog.Lists {
			maxList = max(maxList, len(l))
		}
		sp.maxAdds = 4 * len(sp.hops) * (1 + maxList)
		for hi := range sp.hops {
			h := &sp.hops[hi]
			h.to = make([][]int32, len(p.plinks))
			for pl, links := range p.plinks {
				to := make([]int32, n)
				for sq := range to {
					c := int32(sq)
					for _, d := range h.dirs {
						if d < 0 || d >= nd {
							return false
						}
						c = links[d*int32(n)+c]
						if c < 0 {
							break
						}
					}
					to[sq] = c
				}
				h.to[pl] = to
			}
		}
		if !sp.landingsDistinct(n) {
			return false
		}
		sp.prepareNoisy(b, len(p.plinks), n)
		sp.preparePush(b, len(p.plinks), n)
	default:
		if sp.dir < 0 || sp.dir >= nd {
			return false
		}
		for _, sym := range b.Symmetry {
			if rho[sym[sp.dir]] {
				return false
			}
		}
		// A slide visits each square at most once, running at most
		// about a dozen instructions there and its set-attributes.
		sp.maxSteps += (12 + len(sp.quiet.sets)) * n
	}
	return true
}

// preparePush fills push for a hop chain whose every hop lands only on
// an empty square (its enemy branch neither adds nor goes on) and adds a
// plain move there (at most one attribute set), each but the last going
// on, and whose first hop needs no empty start. What the general loop
// tests besides the landings' emptiness, the zones before hops and the
// board's edges, depends on the start alone: it is read here once.
func (sp *specProg) preparePush(b *Board, players, n int) {
	nh := len(sp.hops)
	for hi := range sp.hops {
		h := &sp.hops[hi]
		if h.enemy.emit || h.enemy.cont || !h.empty.emit || len(h.empty.sets) > 1 ||
			(hi == 0 && h.preEmpty) || (hi < nh-1 && !h.empty.cont) {
			return
		}
	}
	push := make([]int32, players*n*nh)
	for pl := range players {
		for sq := range n {
			row := push[(pl*n+sq)*nh : (pl*n+sq+1)*nh]
			for k := range row {
				row[k] = NoPos
			}
			cur := int32(sq)
			for hi := range sp.hops {
				h := &sp.hops[hi]
				if h.preZone >= 0 && !b.InZone(int(h.preZone), pl, int(cur)) {
					break
				}
				t := h.to[pl][cur]
				if t < 0 {
					break
				}
				if h.empty.promotesAt(b, pl, t) {
					row[0] = pushGeneric
					break
				}
				row[hi], cur = t, t
			}
		}
	}
	sp.push = push
}

// prepareNoisy fills noisyAt for a hop chain that can take nothing (no
// enemy branch emits): whether a run from a start could promote, its only
// noisy move. Noisy-only generation skips the other starts (a pawn's push
// away from the promotion zone). Tests before a hop are not read: the
// table may say yes where no move comes, never no where one could.
func (sp *specProg) prepareNoisy(b *Board, players, n int) {
	for hi := range sp.hops {
		if sp.hops[hi].enemy.emit {
			return
		}
	}
	sp.noisyAt = make([][]bool, players)
	for pl := range players {
		at := make([]bool, n)
		for start := range n {
			cur := int32(start)
			for hi := range sp.hops {
				h := &sp.hops[hi]
				if cur = h.to[pl][cur]; cur < 0 {
					break
				}
				if br := &h.empty; br.emit && br.promotesAt(b, pl, cur) {
					at[start] = true
				}
			}
		}
		sp.noisyAt[pl] = at
	}
}

// landingsDistinct reports whether a chain whose hops leave set-attributes
// pending (on an empty square) never lands twice on one square: there a
// later move would also take the earlier set-attributes. Only cyclic boards
// can fail it.
func (sp *specProg) landingsDistinct(n int) bool {
	pending := false
	for hi := range sp.hops[:len(sp.hops)-1] {
		if len(sp.hops[hi].empty.sets) > 0 || len(sp.hops[hi].enemy.sets) > 0 {
			pending = true
		}
	}
	if !pending {
		return true
	}
	for pl := range sp.hops[0].to {
		for sq := 0; sq < n; sq++ {
			var seen [8]int32
			cur := int32(sq)
			for hi := range sp.hops {
				cur = sp.hops[hi].to[pl][cur]
				if cur < 0 {
					break
				}
				if hi >= len(seen) {
					return false
				}
				for _, p := range seen[:hi] {
					if p == cur {
						return false
					}
				}
				seen[hi] = cur
			}
		}
	}
	return true
}
