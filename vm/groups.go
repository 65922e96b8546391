// This file defines block groups: consecutive move blocks of one piece type
// that are each a single specialised leap (a knight's eight, a king's eight
// steps) run as one loop over a per-square table of their landings, and
// consecutive slides (a queen's eight rays) as one loop over their
// directions, instead of one specialised run per block.

package vm

import "slices"

// leapGroup stands for n consecutive blocks of a type whose specialised
// forms are single hops with no guard and no test before the hop, the same
// landing and the same move type. Running it lands on member 0's square,
// then member 1's, ..., as running the members one after another does. A
// landing that promotes names its types by an index into the program's
// lists: the same index in every member (sameTail), read in each member's
// own program (progs).
type leapGroup struct {
	n        int
	maxSteps int // the largest member's: the group runs only within the step budget
	tail     specTail
	progs    []*Program
	// to[pl][sq*n+i] is member i's landing from sq for player pl, or NoPos.
	to [][]int32
	// lands[pl*nSquares+sq] is the set of the members' landings from sq
	// for player pl, on boards a squareSet holds (nil on others): a piece
	// none of whose landings holds an enemy has no capture to make.
	lands []squareSet
	// maxAdds bounds the moves the group adds from a square (roomFor).
	maxAdds int
}

// leapMember reports whether sp can join a leap group.
func leapMember(sp *specProg) bool {
	if sp == nil || sp.kind != specHops || len(sp.hops) != 1 || len(sp.guards) != 0 {
		return false
	}
	h := &sp.hops[0]
	return !h.preEmpty && h.preZone < 0
}

// sameTail reports whether two landings behave alike.
func sameTail(a, b *specTail) bool {
	return sameBranch(&a.empty, &b.empty) && sameBranch(&a.enemy, &b.enemy) && slices.Equal(a.iron, b.iron)
}

func sameBranch(a, b *specBranch) bool {
	return a.emit == b.emit && a.cont == b.cont && a.promo == b.promo && a.promoZone == b.promoZone && slices.Equal(a.sets, b.sets)
}

// groupBlocks sets the leap or slide group of the first block of every run
// of two or more consecutive blocks of runs that can be grouped.
func groupBlocks(runs []blockRun, nPlayers, nSquares int, plinks [][]int32) {
	for i := 0; i < len(runs); {
		j := i + 1
		first := runs[i].pre.spec
		joins := func(sp *specProg) bool { return false }
		switch {
		case leapMember(first):
			joins = func(sp *specProg) bool {
				return leapMember(sp) && sameTail(&sp.hops[0].specTail, &first.hops[0].specTail)
			}
		case slideMember(first):
			joins = func(sp *specProg) bool {
				return slideMember(sp) && sameBranch(&sp.quiet, &first.quiet) && sameTail(&sp.tail, &first.tail)
			}
		}
		for j < len(runs) && runs[j].moveType == runs[i].moveType && joins(runs[j].pre.spec) {
			j++
		}
		if j-i >= 2 {
			if first.kind == specHops {
				runs[i].leaps = newLeapGroup(runs[i:j], nPlayers, nSquares)
			} else {
				runs[i].slides = newSlideGroup(runs[i:j], plinks, nSquares)
			}
		}
		i = j
	}
}

func newLeapGroup(members []blockRun, nPlayers, nSquares int) *leapGroup {
	n := len(members)
	lg := &leapGroup{n: n, tail: members[0].pre.spec.hops[0].specTail, to: make([][]int32, nPlayers)}
	for _, m := range members {
		lg.maxSteps = max(lg.maxSteps, m.pre.spec.maxSteps)
		lg.maxAdds += m.pre.spec.maxAdds // each member a one-hop chain
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
	if nSquares <= maxSetSquares {
		lg.lands = make([]squareSet, nPlayers*nSquares)
		for pl, row := range lg.to {
			for i, t := range row {
				if t >= 0 {
					lg.lands[pl*nSquares+i/n].add(t)
				}
			}
		}
	}
	return lg
}

// skipsEmpty reports whether the group's landings on empty squares add
// nothing in this generation: noisy-only generation drops them unless they
// promote, and a pawn's captures add none.
func (gn *generator) skipsEmpty(lg *leapGroup) bool {
	return gn.dropQuiet && lg.tail.empty.promo < 0 || !lg.tail.empty.emit
}

// nothingToTake reports whether no landing of the group from start holds an
// enemy piece (one worth taking, GenerateCapturesOf, unless a capture may
// promote), on a board a squareSet holds (false elsewhere).
func (lg *leapGroup) nothingToTake(gn *generator, pl, start int32) bool {
	if lg.lands == nil {
		return false
	}
	enemies := gn.worthSet
	if lg.tail.enemy.promo >= 0 {
		enemies = gn.enemySet
	}
	return enemies.and(lg.lands[pl*gn.n+start]).empty()
}

// runLeaps runs the group's members from start for player pl. Its callers
// (runBlocks, runLimited) ask skipsEmpty and nothingToTake first, so that
// most pawns' captures cost no call (both inline; one function asking both
// would not).
func (gn *generator) runLeaps(lg *leapGroup, start, pl, moveType int32) {
	board := gn.s.Board
	hand := board[start]
	gn.player = pl
	n := int32(lg.n)
	// Noisy-only generation drops a landing on an empty square that does
	// not promote: it is not even visited.
	// A landing on an empty square that adds nothing (a pawn's capture)
	// does nothing either: each member is one hop, so whether the run
	// would go on does not matter.
	skipEmpty := gn.skipsEmpty(lg)
	plain := gn.plainQuiet(&lg.tail.empty)
	counts := gn.countsQuiet(&lg.tail.empty)
	roomy := plain && gn.roomFor(lg.maxAdds) // as runSlides' roomy
	// gn.prog is set to the member's program where specLand reads it; a
	// plain quiet move reads it only to name a program if the list
	// overflows (the group's first).
	gn.prog = lg.progs[0]
	for i, t := range lg.to[pl][start*n : start*n+n] {
		if t < 0 {
			continue
		}
		c := board[t]
		if c == Empty {
			if skipEmpty {
				continue
			}
			if roomy {
				gn.newSimple(start, t, hand, Empty, moveType).derive(hand, lg.tail.empty.sets)
				continue
			}
			if plain {
				gn.emitQuiet(start, t, hand, moveType, lg.tail.empty.sets)
				if gn.err != nil {
					return
				}
				continue
			}
			if counts {
				if gn.countQuietMove(); gn.err != nil {
					return
				}
				continue
			}
		} else if int32(c.Owner()) == pl {
			continue // specLand's first test, without the call
		}
		gn.prog = lg.progs[i]
		gn.specLand(&lg.tail, start, t, hand, moveType)
		if gn.err != nil {
			return
		}
	}
}

// slideGroup stands for n consecutive blocks of a type whose specialised
// forms are slides (or loops) with no guard, the same squares passed and
// landing, and the same move type. Running it slides along member 0's
// direction, then member 1's, ..., as running the members one after
// another does.
type slideGroup struct {
	n        int
	maxSteps int
	dirs     []int32
	quiet    specBranch
	tail     specTail
	progs    []*Program
	// firsts[pl*n+sq], on a board a squareSet holds, is the set of the
	// squares one step from sq along the group's directions (hemmedIn).
	firsts []squareSet
	// rays[pl][i] is player pl's link table along dirs[i] (plinks'
	// part for that direction, one entry a square): runSlides walks it
	// with one unsigned test a step, which lets the compiler drop the
	// bounds checks of the step's two reads.
	rays [][][]int32
}

// slideMember reports whether sp can join a slide group.
func slideMember(sp *specProg) bool {
	return sp != nil && sp.kind != specHops && len(sp.guards) == 0 &&
		sp.quiet.promo < 0 && sp.tail.empty.promo < 0 && sp.tail.enemy.promo < 0
}

func newSlideGroup(members []blockRun, plinks [][]int32, nSquares int) *slideGroup {
	first := members[0].pre.spec
	sg := &slideGroup{n: len(members), quiet: first.quiet, tail: first.tail}
	for _, m := range members {
		sg.maxSteps = max(sg.maxSteps, m.pre.spec.maxSteps)
		sg.dirs = append(sg.dirs, m.pre.spec.dir)
		sg.progs = append(sg.progs, m.pre.spec.prog)
	}
	sg.rays = make([][][]int32, len(plinks))
	for pl, links := range plinks {
		for _, d := range sg.dirs {
			sg.rays[pl] = append(sg.rays[pl], links[int(d)*nSquares:int(d+1)*nSquares])
		}
	}
	if nSquares <= maxSetSquares {
		sg.firsts = make([]squareSet, len(plinks)*nSquares)
		for pl, links := range plinks {
			for sq := range nSquares {
				for _, d := range sg.dirs {
					if t := links[int(d)*nSquares+sq]; t >= 0 {
						sg.firsts[pl*nSquares+sq].add(t)
					}
				}
			}
		}
	}
	return sg
}

// hemmedIn reports whether every first square of the group's slides from
// start holds one of the mover's own pieces (or is off the board): then it
// has no move at all (firsts; false on boards a squareSet does not hold).
func (sg *slideGroup) hemmedIn(gn *generator, pl, start int32) bool {
	return sg.firsts != nil && sg.firsts[pl*gn.n+start].andNot(gn.ownSet).empty()
}

// runSlides runs the group's members from start for player pl.
func (gn *generator) runSlides(sg *slideGroup, start, pl, moveType int32) {
	board := gn.s.Board
	hand := board[start]
	gn.player = pl
	quiet := sg.quiet.emit && !gn.dropQuiet // a member's quiet branch never promotes
	plain := gn.plainQuiet(&sg.quiet)
	counts := gn.countsQuiet(&sg.quiet)
	// Where the list has room for every move the group could add from
	// here (a landing adds one move, no member promotes; twice that, to
	// spare the argument), its plain quiet moves skip the limit's test.
	roomy := plain && gn.roomFor(2*len(sg.dirs)*int(gn.n+1))
	// gn.prog (the member's program, which specLand and emitSpec read) is
	// set where they are called: most steps add a plain quiet move, whose
	// only use of it is naming a program if the list overflows (the
	// group's first, a block of the same piece type).
	gn.prog = sg.progs[0]
	if !roomy && !plain && !counts && !quiet {
		gn.runSlidesToBlockers(sg, start, pl, moveType)
		return
	}
	for i, ray := range sg.rays[pl] {
		// The board cut to the ray's length (the board's): a step's
		// test that the link is a square of it (links hold -1 off the
		// board) then bounds both reads.
		bd := board[:len(ray)]
		for ti := int(ray[start]); uint(ti) < uint(len(ray)); ti = int(ray[ti]) {
			t := int32(ti)
			if c := bd[ti]; c != Empty {
				if int32(c.Owner()) != pl { // specLand's first test, without the call
					gn.prog = sg.progs[i]
					gn.specLand(&sg.tail, start, t, hand, moveType)
				}
				break
			}
			if roomy {
				gn.newSimple(start, t, hand, Empty, moveType).derive(hand, sg.quiet.sets)
				continue
			}
			if plain {
				gn.emitQuiet(start, t, hand, moveType, sg.quiet.sets)
			} else if counts {
				gn.countQuietMove()
			} else if quiet {
				gn.prog = sg.progs[i]
				gn.emitSpec(start, t, hand, -1, sg.quiet.sets, moveType)
			}
			if gn.err != nil {
				return
			}
		}
		if gn.err != nil {
			return
		}
	}
}

// runSlidesToBlockers is runSlides where an empty square adds nothing
// (captures-only generation): each slide walks its empty squares in a
// loop that tests nothing else, and lands on the piece that stops it.
func (gn *generator) runSlidesToBlockers(sg *slideGroup, start, pl, moveType int32) {
	board := gn.s.Board
	hand := board[start]
	for i, ray := range sg.rays[pl] {
		bd := board[:len(ray)] // as runSlides reads it
		t := int(ray[start])
		for uint(t) < uint(len(ray)) && bd[t] == Empty {
			t = int(ray[t])
		}
		if uint(t) >= uint(len(ray)) || int32(bd[t].Owner()) == pl { // specLand's first test, without the call
			continue
		}
		gn.prog = sg.progs[i]
		if gn.specLand(&sg.tail, start, int32(t), hand, moveType); gn.err != nil {
			return
		}
	}
}

// BlockGroups lists the sizes of type t's leap and slide groups, in block
// order (tests and reports use it).
func (g *Game) BlockGroups(t int) []int {
	p := g.prep()
	if p.runs == nil {
		return nil
	}
	var out []int
	for _, r := range p.runs[t] {
		switch {
		case r.leaps != nil:
			out = append(out, r.leaps.n)
		case r.slides != nil:
			out = append(out, r.slides.n)
		}
	}
	return out
}
