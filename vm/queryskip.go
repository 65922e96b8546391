// This file defines query skips: regions of a move program that an attack
// query (does some move capture on this square?) need not run. ZRF files
// often sweep the whole board in the middle of a move, "mark a0 (while
// (on-board? next) next ...) back", to set attributes or change owners
// elsewhere (Gwangsanghui's kill-general and clear-flags, run before every
// add). A query reads only where the run adds and what it captures, so such
// a sweep costs it hundreds of steps per candidate move for nothing; the
// legality filter runs thousands of queries per position.
//
// A region from an OpMark to an OpBack can be skipped when running it could
// not change the query's answer:
//   - control enters it only through the mark and leaves it only through
//     the back (every jump inside targets the region's inside or the back,
//     no jump from outside targets the inside);
//   - nothing inside can end the run: no die, end or add of any kind, no
//     move off the board (a step only right after the on-board? test of
//     its direction that leaves the region when false, and no other way
//     into the step), no location that may be off the board;
//   - nothing inside changes what later instructions read: no from, to,
//     cascade, capture or create (the pieces a query's add captures), no
//     run or position flags, no other mark (the back then restores the
//     cursor to where the mark found it);
//   - what remains are tests, jumps and position-attached changes
//     (attributes, type, owner), which a query never reads.
//
// A change after an add first drops the captures that add spent
// (dropSpent), so a skipped region may leave spent captures in place that
// the run would have dropped. That changes nothing: every later capture,
// create, change and add drops them first, as the region would have, and a
// query reads the captures only at an add. Only add-gate reads them
// without dropping (a gate move keeps its add's captures), so a program
// with an add-gate skips only while nothing is spent.
//
// Skipping sets the mark to the cursor and goes on after the back, the
// state the region would have left. (A region that would loop until the
// step budget runs out is skipped as if it ended: only a broken program
// tells the difference, and its generation still fails.) Generation (not a query) never skips:
// the changes are the move. State.DisableSpecialised turns skips off like
// the specialised programs, so the playout checker compares both.

package vm

import "slices"

// querySkips returns, for each pc of code, the pc a query run continues at
// when the OpMark there starts a skippable region, or -1; nil when the
// program has no such region. whileSpent says the skips hold after an add
// has spent its captures too (the program has no add-gate).
func querySkips(code []Inst) (skip []int32, whileSpent bool) {
	var into []int32 // jumpSources, made at the first mark
	for a := range code {
		if code[a].Op != OpMark {
			continue
		}
		if into == nil {
			into = jumpSources(code)
		}
		if e := skippableEnd(code, into, a); e > 0 {
			if skip == nil {
				skip = make([]int32, len(code))
				for i := range skip {
					skip[i] = -1
				}
			}
			skip[a] = int32(e + 1)
		}
	}
	return skip, !slices.ContainsFunc(code, func(in Inst) bool { return in.Op == OpAddGate })
}

// noSource marks a pc no jump targets in jumpSources' table.
const noSource = -1

// jumpSources returns, for each pc, the lowest and highest pc of the jumps
// that target it (into[2*pc], into[2*pc+1]; noSource when none).
func jumpSources(code []Inst) []int32 {
	into := make([]int32, 2*len(code))
	for i := range into {
		into[i] = noSource
	}
	for pc, in := range code {
		if in.Op != OpJmp && !in.Op.IsTest() {
			continue
		}
		t := int(in.B)
		if t < 0 || t >= len(code) {
			continue
		}
		if into[2*t] == noSource || int32(pc) < into[2*t] {
			into[2*t] = int32(pc)
		}
		if int32(pc) > into[2*t+1] {
			into[2*t+1] = int32(pc)
		}
	}
	return into
}

// skippableEnd returns the pc of the OpBack that closes a skippable region
// opened by the OpMark at a, or -1.
func skippableEnd(code []Inst, into []int32, a int) int {
	lo, hi := len(code), -1 // range of the jump targets seen inside
	for i := a + 1; i < len(code); i++ {
		in := &code[i]
		switch {
		case in.Op == OpBack:
			// A candidate end: every jump target seen inside must lie
			// within (a, i], and every jump into (a, i] come from (a, i).
			if lo > a && hi <= i && entersOnlyFrom(into, a, i) {
				return i
			}
		case in.Op.IsTest():
			lo, hi = min(lo, int(in.B)), max(hi, int(in.B))
		case in.Op == OpJmp:
			lo, hi = min(lo, int(in.B)), max(hi, int(in.B))
		case in.Op == OpNop, in.Op == OpJump:
		case in.Op == OpStep:
			// Safe only right after "on-board? d, leave when false" and
			// reached from nowhere else.
			p := &code[i-1]
			if i-1 <= a || p.Op != OpOnBoard || p.A != in.A || p.Jt || into[2*i] != noSource {
				return -1
			}
		case in.Op == OpChangeType, in.Op == OpChangeOwner, in.Op == OpFlip, in.Op == OpSetAttr:
			if in.Loc != LocCursor && in.Loc != LocPos {
				return -1
			}
		default:
			return -1
		}
	}
	return -1
}

// entersOnlyFrom reports whether every jump into (a, e] comes from (a, e).
func entersOnlyFrom(into []int32, a, e int) bool {
	for t := a + 1; t <= e; t++ {
		if s := into[2*t]; s != noSource && (int(s) <= a || int(into[2*t+1]) >= e) {
			return false
		}
	}
	return true
}
