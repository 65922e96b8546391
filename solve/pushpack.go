// This file is the weighted push search's packing mode (Festival's and
// Rolling Stone's goal macros, on the filling order of pushorder.go): where
// every target has a round in the filling order, a box on a target is
// packed when every target of an earlier round holds a box, and a packed
// box is never pushed again (it is a wall); the targets of the first round
// not yet full are the open ones, and from each position every unpacked box
// that can be pushed alone (the other boxes where they stand) onto an open
// target is, in one macro move: the fewest pushes there, found by a
// breadth-first search on that box's pushes, costed by its walks and
// pushes. Where a box can be packed, the position's other pushes are not
// made (Rolling Stone's goal cut). The open list takes the positions with
// the most boxes packed first: each packed box makes the rest of the search smaller, as a level
// with a goal room is solved by filling the room from its back.

package solve

// maxMacroStates bounds one box's search for a macro move.
const maxMacroStates = 20000

// packer holds the packing mode's state.
type packer struct {
	on bool
	w  walker
	// steps holds the macro moves' pushes, (stand, edge) pairs; a macro
	// node's stand is its first pair's index and its edge -1 - the count.
	steps []int32
	st    []macroState
	seen  map[uint64]struct{}
	open  []bool  // open[p]: an open target, while a position's macros are found
	goals []int32 // the open targets' indices in targets
	chain []int32
}

// macroState is a state of one box's macro search: its square, the
// player's, the push that led there and the moves made.
type macroState struct {
	box, player   int32
	parent        int32
	stand, edge   int32
	moves, pushes int32
}

// newPacker sets the packing mode up when every target has a round.
func newPacker(x *searcher) packer {
	pk := packer{}
	if x.fill == nil {
		return pk
	}
	for _, t := range x.m.targets {
		if x.fill[t] < 0 {
			return pk
		}
	}
	pk.on = true
	pk.w = newWalker(x.m)
	pk.seen = map[uint64]struct{}{}
	pk.open = make([]bool, x.m.n)
	return pk
}

// packRound returns the first round with a target that holds no box (1<<30:
// none) and how many boxes are packed.
func (x *searcher) packRound(boxes []uint16) (round, packed int32) {
	m := x.m
	for _, b := range boxes {
		x.filled[b] = true
	}
	round = 1 << 30
	for _, t := range m.targets {
		if !x.filled[t] {
			round = min(round, x.fill[t])
		}
	}
	for _, b := range boxes {
		x.filled[b] = false
		if m.target[b] && x.fill[b] <= round {
			packed++
		}
	}
	return round, packed
}

// isPacked reports whether a box on p is packed in a position whose first
// round not full is round.
func (x *searcher) isPacked(p int32, round int32) bool {
	return x.pk.on && x.m.target[p] && x.fill[p] <= round
}

// macros finds, for the unpacked box boxes[bi] with the player on player,
// the fewest pushes of it alone onto each open target of round, and calls
// emit with each: the target, the player's square after, the moves made
// and the pushes' index in steps. The search's walker is its own.
func (x *searcher) macros(boxes []uint16, bi int, player, round int32, emit func(to, player, moves, first, count int32) bool) {
	pk := &x.pk
	m := x.m
	goals := pk.goals[:0]
	for ti, t := range m.targets {
		pk.open[t] = false
		if x.fill[t] == round {
			goals = append(goals, int32(ti))
			pk.open[t] = true
		}
	}
	for _, b := range boxes {
		if pk.open[b] {
			pk.open[b] = false
		}
	}
	pk.goals = goals
	w := &pk.w
	for i, b := range boxes {
		if i != bi {
			w.occ[b] = int32(i)
		}
	}
	defer func() {
		for _, b := range boxes {
			w.occ[b] = -1
		}
		for _, t := range m.targets {
			pk.open[t] = false
		}
	}()
	// reachable reports whether a box on p with the player on a may still
	// reach an open target (the box alone on the board).
	reachable := func(p, a int32) bool {
		c := x.comp[p][a]
		if c < 0 {
			return false
		}
		st := x.base[p] + int32(c)
		for _, ti := range pk.goals {
			if x.tdist[ti][st] != deadSquare {
				return true
			}
		}
		return false
	}
	b0 := int32(boxes[bi])
	if !reachable(b0, player) {
		return
	}
	clear(pk.seen)
	pk.st = append(pk.st[:0], macroState{box: b0, player: player, parent: -1, stand: -1, edge: -1})
	left := 0
	for _, t := range m.targets {
		if pk.open[t] {
			left++
		}
	}
	for i := 0; i < len(pk.st) && i < maxMacroStates && left > 0; i++ {
		s := pk.st[i]
		w.occ[s.box] = int32(bi)
		w.walk(s.player)
		canon := s.player
		for _, p := range w.order {
			canon = min(canon, p)
		}
		k := x.zb[s.box] ^ x.zp[canon]
		if _, ok := pk.seen[k]; ok {
			w.occ[s.box] = -1
			continue
		}
		pk.seen[k] = struct{}{}
		for _, a := range w.order {
			for ei := range m.pushes[a] {
				e := &m.pushes[a][ei]
				if e.box != s.box || !w.pushOK(e) || x.dead[e.to] || !reachable(e.to, e.player) {
					continue
				}
				ns := macroState{box: e.to, player: e.player, parent: int32(i), stand: a, edge: int32(ei),
					moves: s.moves + w.dist[a] + 1, pushes: s.pushes + 1}
				if pk.open[e.to] {
					pk.open[e.to] = false
					left--
					first, count := x.macroSteps(ns)
					w.occ[s.box] = -1
					if !emit(e.to, e.player, ns.moves, first, count) {
						return
					}
					w.occ[s.box] = int32(bi)
				}
				pk.st = append(pk.st, ns)
			}
		}
		w.occ[s.box] = -1
	}
}

// macroSteps appends the pushes leading to s to steps.
func (x *searcher) macroSteps(s macroState) (first, count int32) {
	pk := &x.pk
	chain := append(pk.chain[:0], s.stand, s.edge)
	for p := s.parent; p > 0; p = pk.st[p].parent {
		chain = append(chain, pk.st[p].stand, pk.st[p].edge)
	}
	pk.chain = chain
	first = int32(len(pk.steps))
	for i := len(chain) - 2; i >= 0; i -= 2 {
		pk.steps = append(pk.steps, chain[i], chain[i+1])
	}
	return first, int32(len(chain) / 2)
}
