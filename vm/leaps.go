// This file defines leap groups: consecutive move blocks of one piece type
// that are each a single specialised leap (a knight's eight, a king's eight
// steps) run as one loop over a per-square table of their landings, instead
// of one specialised run per block.

package vm

import "slices"

// leapGroup stands for n consecutive blocks of a type whose specialised
// forms are single hops with no guard and no test before the hop, the same
// landing and the same move type. Running it lands on member 0's square,
// then member 1's, ..., as running the members one after another does.
type leapGroup struct {
	n        int
	maxSteps int // the largest member's: the group runs only within the step budget
	tail     specTail
	progs    []*Program
	// to[pl][sq*n+i] is member i's landing from sq for player pl, or NoPos.
	to [][]int32
}

// leapMember reports whether sp can join a leap group.
func leapMember(sp *specProg) bool {
	if sp == nil || sp.kind != specHops || len(sp.hops) != 1 || len(sp.guards) != 0 {
		return false
	}
	h := &sp.hops[0]
	return !h.preEmpty && h.preZone < 0 && h.empty.promo < 0 && h.enemy.promo < 0
}

// sameTail reports whether two landings behave alike.
func sameTail(a, b *specTail) bool {
	return sameBranch(&a.empty, &b.empty) && sameBranch(&a.enemy, &b.enemy) && slices.Equal(a.iron, b.iron)
}

func sameBranch(a, b *specBranch) bool {
	return a.emit == b.emit && a.cont == b.cont && a.promo == b.promo && a.promoZone == b.promoZone && slices.Equal(a.sets, b.sets)
}

// groupLeaps sets the leap group of the first block of every run of two or
// more consecutive blocks of runs that can be grouped.
func groupLeaps(runs []blockRun, nPlayers, nSquares int) {
	for i := 0; i < len(runs); {
		j := i + 1
		if first := runs[i].pre.spec; leapMember(first) {
			for j < len(runs) && runs[j].moveType == runs[i].moveType && leapMember(runs[j].pre.spec) &&
				sameTail(&runs[j].pre.spec.hops[0].specTail, &first.hops[0].specTail) {
				j++
			}
		}
		if j-i >= 2 {
			runs[i].leaps = newLeapGroup(runs[i:j], nPlayers, nSquares)
		}
		i = j
	}
}

func newLeapGroup(members []blockRun, nPlayers, nSquares int) *leapGroup {
	n := len(members)
	lg := &leapGroup{n: n, tail: members[0].pre.spec.hops[0].specTail, to: make([][]int32, nPlayers)}
	for _, m := range members {
		lg.maxSteps = max(lg.maxSteps, m.pre.spec.maxSteps)
		lg.progs = append(lg.progs, m.pre.spec.prog)
	}
	for pl := range lg.to {
		row := make([]int32, nSquares*n)
		for sq := range nSquares {
			for i, m := range members {
				row[sq*n+i] = m.pre.spec.hops[0].to[pl][sq]
			}
		}
		lg.to[pl] = row
	}
	return lg
}

// runLeaps runs the group's members from start for player pl.
func (gn *generator) runLeaps(lg *leapGroup, start, pl, moveType int32) {
	hand := gn.s.Board[start]
	gn.player = pl
	n := int32(lg.n)
	for i, t := range lg.to[pl][start*n : start*n+n] {
		if t < 0 {
			continue
		}
		gn.prog = lg.progs[i]
		gn.specLand(&lg.tail, start, t, hand, moveType)
		if gn.err != nil {
			return
		}
	}
}

// LeapGroups lists the sizes of type t's leap groups, in block order (tests
// and reports use it).
func (g *Game) LeapGroups(t int) []int {
	p := g.prep()
	if p.runs == nil {
		return nil
	}
	var out []int
	for _, r := range p.runs[t] {
		if r.leaps != nil {
			out = append(out, r.leaps.n)
		}
	}
	return out
}
