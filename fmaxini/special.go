// This file defines the virgin-only rays (last mode digit 4): pawn double and
// triple pushes, E4/F4 jumps, castling (section 6), and en-passant capture.

package fmaxini

import (
	"zrun/vm"
)

// virginRay compiles a ray whose first step exists only for a never-moved
// piece (section 5.4).
func (c *rayComp) virginRay(step, m int32) error {
	if !c.pawn && m&0x80 == 0 {
		c.castling(step, m)
		return nil
	}
	a := c.a
	moved := a.label()
	a.test(vm.OpAttr, c.virgin, vm.LocCursor, 0, false, moved)
	rg := int((m >> 10) & 3)
	passes := rg + 1
	wildebeest := c.pawn && rg == 3
	if wildebeest {
		passes = 2 // C24: a triple push for a virgin pawn (fmaxini.md 5.4)
	}
	jump := m&0xC0 == 0xC0 // E4/F4: the first square may be occupied
	mm := m
	if m&0x40 != 0 {
		mm = m & 63 // no e.p. rights; the vector toggle still uses m
	}
	s2 := step ^ (m >> 12)
	m2 := mm ^ ((mm >> 4) & 15)
	d := c.dir(step, m)
	for i := 0; i < passes; i++ {
		a.op(vm.Inst{Op: vm.OpStep, A: d})
		if !jump {
			a.test(vm.OpEmpty, 0, vm.LocCursor, 0, false, a.end)
		}
	}
	if err := c.stage(s2, m2, false, 1); err != nil {
		return err
	}
	a.bind(moved)
	if !wildebeest {
		a.jmp(a.end)
		return nil
	}
	// A moved C24 pawn on its own 3rd rank may still double-push.
	a.test(vm.OpInZone, c.third, vm.LocCursor, 0, false, a.end)
	a.op(vm.Inst{Op: vm.OpStep, A: d})
	a.test(vm.OpEmpty, 0, vm.LocCursor, 0, false, a.end)
	return c.stage(s2, m2, false, 1)
}

// castling compiles a `34` ray of a non-pawn (section 6): the king steps
// STEP then STEP2; the never-moved corner piece in the direction of STEP
// goes to the square next to the king on the origin side.
func (c *rayComp) castling(step, m int32) {
	a := c.a
	s2 := step ^ (m >> 12)
	dx, dy := vec(step)
	ds, dback := c.dirFor(dx, dy, false), c.dirFor(-dx, -dy, false)
	d2 := c.dir(s2, 0)
	a.test(vm.OpAttr, c.virgin, vm.LocCursor, 0, false, a.end)
	a.op(vm.Inst{Op: vm.OpMark})
	c.toEdge(ds)
	a.test(vm.OpAttr, c.virgin, vm.LocCursor, 0, false, a.end)
	// corner-STEP and corner-2*STEP must be empty.
	a.test(vm.OpEmpty, 0, vm.LocDir, dback, false, a.end)
	a.op(vm.Inst{Op: vm.OpStep, A: dback})
	a.test(vm.OpEmpty, 0, vm.LocDir, dback, false, a.end)
	a.op(vm.Inst{Op: vm.OpBack})
	// Not out of check, not through or into an attacked square.
	a.test(vm.OpAttacked, 0, vm.LocCursor, 0, true, a.end)
	a.op(vm.Inst{Op: vm.OpStep, A: ds})
	a.test(vm.OpEmpty, 0, vm.LocCursor, 0, false, a.end)
	a.test(vm.OpAttacked, 0, vm.LocCursor, 0, true, a.end)
	a.test(vm.OpEmpty, 0, vm.LocDir, ds, false, a.end)
	x2, y2 := vec(s2)
	if n, ok := multiple(x2, y2, dx, dy); ok {
		for i := 0; i < n; i++ {
			a.op(vm.Inst{Op: vm.OpStep, A: ds})
			a.test(vm.OpAttacked, 0, vm.LocCursor, 0, true, a.end)
		}
	} else {
		a.op(vm.Inst{Op: vm.OpStep, A: d2})
		a.test(vm.OpAttacked, 0, vm.LocCursor, 0, true, a.end)
	}
	// The destination and the corner piece's destination must be empty.
	a.test(vm.OpEmpty, 0, vm.LocCursor, 0, false, a.end)
	a.test(vm.OpEmpty, 0, vm.LocDir, dback, false, a.end)
	a.op(vm.Inst{Op: vm.OpTo})
	a.op(vm.Inst{Op: vm.OpSetAttr, A: c.virgin, B: 0, Loc: vm.LocCursor})
	a.op(vm.Inst{Op: vm.OpStep, A: dback})
	a.op(vm.Inst{Op: vm.OpMark})
	c.toEdge(ds)
	a.op(vm.Inst{Op: vm.OpFrom})
	a.op(vm.Inst{Op: vm.OpBack})
	a.op(vm.Inst{Op: vm.OpTo})
	a.op(vm.Inst{Op: vm.OpSetAttr, A: c.virgin, B: 0, Loc: vm.LocCursor})
	a.op(vm.Inst{Op: vm.OpAdd, A: -1})
	if c.gates != nil {
		// Seirawan: gate on the king's square or on the rook's.
		c.gateAt(vm.GateStart)
		c.gateAt(vm.GateFrom)
	}
	a.jmp(a.end)
}

// toEdge moves the cursor in direction d to the last square on the board.
func (c *rayComp) toEdge(d int32) {
	a := c.a
	loop, done := a.label(), a.label()
	a.bind(loop)
	a.test(vm.OpOnBoard, d, vm.LocCursor, 0, false, done)
	a.op(vm.Inst{Op: vm.OpStep, A: d})
	a.jmp(loop)
	a.bind(done)
}

// multiple returns n when (x, y) = n*(dx, dy) with n >= 1.
func multiple(x, y, dx, dy int) (int, bool) {
	for n := 1; n <= 16; n++ {
		if x == n*dx && y == n*dy {
			return n, true
		}
	}
	return 0, false
}

// epPattern says where the previous move started and ended, relative to the
// e.p. square, when it was a pawn push that created e.p. rights there.
type epPattern struct{ fx, fy, tx, ty int }

// epPatterns lists the e.p. squares the other pawn type's pushes create
// (section 5.5): the skipped square of a double push, the square behind the
// pawn after a triple push, and on 10-rank boards with a triple first ray
// both skipped squares.
func (c *rayComp) epPatterns() []epPattern {
	o := 1 - c.t
	var out []epPattern
	seen := map[epPattern]bool{}
	addP := func(p epPattern) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, r := range c.sec.Pieces[o].Rays {
		m := r.Mode
		if m&15 != 4 || m&0x40 != 0 {
			continue
		}
		dx, dy := vec(r.Step)
		rg := (m >> 10) & 3
		addP(epPattern{-dx, -dy, dx, dy})
		if rg == 0 {
			continue
		}
		addP(epPattern{-2 * dx, -2 * dy, dx, dy})
		if c.sec.H == 10 && c.tripleFirst() {
			addP(epPattern{-dx, -dy, 2 * dx, 2 * dy})
		}
		if rg != 3 {
			// only C24 also double-pushes from the 3rd rank (pattern above)
			out = removePattern(out, epPattern{-dx, -dy, dx, dy}, r, c.sec.Pieces[o].Rays)
		}
	}
	return out
}

// removePattern drops the plain double-push pattern added for a triple-push
// ray when no ray of the piece double-pushes in that direction.
func removePattern(ps []epPattern, p epPattern, r Ray, rays []Ray) []epPattern {
	for _, q := range rays {
		if q.Step == r.Step && q.Mode&15 == 4 && (q.Mode>>10)&3 == 0 {
			return ps
		}
	}
	var out []epPattern
	for _, x := range ps {
		if x != p {
			out = append(out, x)
		}
	}
	return out
}

// enPassant emits, at an empty cursor square reached by a pawn capture
// step, the capture of the enemy pawn that just skipped this square.
func (c *rayComp) enPassant() {
	a := c.a
	o := 1 - c.t
	for _, p := range c.epPatterns() {
		next := a.label()
		from, to := c.dirFor(p.fx, p.fy, false), c.dirFor(p.tx, p.ty, false)
		a.test(vm.OpOnBoard, to, vm.LocCursor, 0, false, next)
		a.test(vm.OpOnBoard, from, vm.LocCursor, 0, false, next)
		a.test(vm.OpLastTo, 0, vm.LocDir, to, false, next)
		a.test(vm.OpLastFrom, 0, vm.LocDir, from, false, next)
		a.test(vm.OpPiece, o, vm.LocDir, to, false, next)
		a.test(vm.OpEnemy, 0, vm.LocDir, to, false, next)
		a.op(vm.Inst{Op: vm.OpCapture, Loc: vm.LocDir, L: to})
		c.add()
		a.jmp(a.end)
		a.bind(next)
	}
}

// tripleFirst reports whether piece 1's first ray is a -16 triple push, the
// switch for two e.p. squares on 10-rank boards.
func (c *rayComp) tripleFirst() bool {
	rays := c.sec.Pieces[0].Rays
	return len(rays) > 0 && rays[0].Step == -16 && rays[0].Mode&15 == 4 && (rays[0].Mode>>10)&3 != 0
}
