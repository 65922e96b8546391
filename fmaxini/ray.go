// This file defines the ray compiler: one vm.Program per ray, built from the
// stages the mode word goes through (section 5 of fmaxini.md).

package fmaxini

import (
	"fmt"

	"zrun/vm"
)

// asm assembles one program. Jump targets are labels, resolved by finish.
type asm struct {
	code   []vm.Inst
	src    []string
	lists  [][]int32
	at     string
	labels []int // label -> pc (-1 while unbound)
	fix    []int // instructions whose B is a label
	end    int   // the label of the final end
}

func newAsm(at string) *asm {
	a := &asm{at: at}
	a.end = a.label()
	return a
}

func (a *asm) label() int {
	a.labels = append(a.labels, -1)
	return len(a.labels) - 1
}

func (a *asm) bind(lb int) { a.labels[lb] = len(a.code) }

func (a *asm) op(in vm.Inst) {
	a.code = append(a.code, in)
	a.src = append(a.src, a.at)
}

// test emits a test that jumps to label lb when its result is jt.
func (a *asm) test(op vm.Op, arg int32, loc vm.Loc, l int32, jt bool, lb int) {
	a.fix = append(a.fix, len(a.code))
	a.op(vm.Inst{Op: op, A: arg, Loc: loc, L: l, Jt: jt, B: int32(lb)})
}

func (a *asm) jmp(lb int) {
	a.fix = append(a.fix, len(a.code))
	a.op(vm.Inst{Op: vm.OpJmp, B: int32(lb)})
}

func (a *asm) finish(name string) *vm.Program {
	a.bind(a.end)
	a.op(vm.Inst{Op: vm.OpEnd})
	for _, pc := range a.fix {
		a.code[pc].B = int32(a.labels[a.code[pc].B])
	}
	return &vm.Program{Name: name, Code: a.code, Src: vm.SrcRuns(a.src), Lists: a.lists}
}

// rayComp compiles the rays of one piece type.
type rayComp struct {
	*lowering
	a    *asm
	t    int32 // piece type (0-based)
	pawn bool
}

// programs compiles every ray of every piece into a move block.
func (l *lowering) programs() error {
	for t, p := range l.sec.Pieces {
		pt := l.g.Pieces[t]
		for i, r := range p.Rays {
			at := fmt.Sprintf("%s:%d", l.file, r.Line)
			c := &rayComp{lowering: l, a: newAsm(at), t: int32(t), pawn: t < 2}
			c.gatePrologue()
			if err := c.ray(r); err != nil {
				return &Error{l.file, r.Line, err.Error()}
			}
			prog := c.a.finish(fmt.Sprintf("%s ray %d (%d,%X)", pt.Name, i+1, r.Step, uint32(r.Mode)))
			pt.Moves = append(pt.Moves, vm.MoveBlock{Type: 0, Prog: prog, Source: at})
		}
	}
	return nil
}

func (c *rayComp) ray(r Ray) error {
	m := r.Mode
	switch {
	case m&15 == 4:
		return c.virginRay(r.Step, m)
	default:
		return c.stage(r.Step, m, true, 0)
	}
}

// toggle is Fairy-Max's TOGGLE: the vector XOR the vector toggle, the rights
// XOR the toggle mask.
func toggle(step, m int32) (int32, int32) {
	return step ^ (m >> 12), m ^ ((m >> 4) & 15)
}

func (c *rayComp) dir(step int32, m int32) int32 {
	dx, dy := vec(step)
	return c.dirFor(dx, dy, m&0x100 != 0)
}

// stage compiles the ray from the cursor with vector step and mode m.
// delay says the delayed toggle of non-hoppers is still pending.
func (c *rayComp) stage(step, m int32, delay bool, depth int) error {
	if depth > 3 {
		return fmt.Errorf("mode %X toggles too often", uint32(m))
	}
	switch {
	case m&8 != 0:
		return c.hopper(step, m, depth)
	case m&4 != 0:
		c.steps(step, m, 1)
		c.a.jmp(c.a.end)
		return nil
	case delay && m&0x80 == 0:
		s2, m2 := toggle(step, m)
		if s2 != step || m2&15 != m&15 {
			c.steps(step, m, int((m>>10)&3)+1)
			return c.stage(s2, m2, false, depth+1)
		}
	}
	c.slide(step, m)
	return nil
}

// steps emits n single steps with the rights of m; an occupied square ends
// the ray (after a capture when allowed).
func (c *rayComp) steps(step, m int32, n int) {
	a := c.a
	d := c.dir(step, m)
	for i := 0; i < n; i++ {
		if m&0x200 != 0 {
			c.multiPath(step, m)
		}
		a.op(vm.Inst{Op: vm.OpStep, A: d})
		empty := a.label()
		a.test(vm.OpEmpty, 0, vm.LocCursor, 0, true, empty)
		c.occupied(m)
		a.jmp(a.end)
		a.bind(empty)
		c.onEmpty(m)
	}
}

// slide emits an unbounded ray with the rights of m.
func (c *rayComp) slide(step, m int32) {
	a := c.a
	d := c.dir(step, m)
	// OpSlide is not used on cylinder directions: vm's reach analysis follows
	// an OpSlide ray until it leaves the board, which a cycle never does.
	if m&2 != 0 && m&0x100 == 0 && !c.track[c.t] && !c.pawn {
		a.op(vm.Inst{Op: vm.OpSlide, A: d})
		c.occupied(m)
		a.jmp(a.end)
		return
	}
	loop, empty := a.label(), a.label()
	a.bind(loop)
	a.op(vm.Inst{Op: vm.OpStep, A: d})
	a.test(vm.OpEmpty, 0, vm.LocCursor, 0, true, empty)
	c.occupied(m)
	a.jmp(a.end)
	a.bind(empty)
	c.onEmpty(m)
	a.jmp(loop)
}

// occupied emits the capture on an occupied cursor square when m allows it.
// The caller ends the ray afterwards (or hops).
func (c *rayComp) occupied(m int32) {
	if m&1 == 0 {
		return
	}
	a := c.a
	skip := a.label()
	a.test(vm.OpFriend, 0, vm.LocCursor, 0, true, skip)
	for _, t := range c.iron {
		a.test(vm.OpPiece, t, vm.LocCursor, 0, true, skip)
	}
	c.add()
	a.bind(skip)
}

// onEmpty emits the non-capture move on an empty cursor square, and for
// pawn capture rights the en-passant capture.
func (c *rayComp) onEmpty(m int32) {
	if m&2 != 0 {
		c.add()
	}
	if m&1 != 0 && c.pawn {
		c.enPassant()
	}
}

// add emits the move to the cursor: never-moved tracking, and for pawns the
// promotion when the cursor is in the promotion zone.
func (c *rayComp) add() {
	a := c.a
	if c.track[c.t] {
		a.op(vm.Inst{Op: vm.OpSetAttr, A: c.virgin, B: 0, Loc: vm.LocCursor})
	}
	if !c.pawn {
		a.op(vm.Inst{Op: vm.OpAdd, A: -1})
		c.addGates()
		return
	}
	if c.fileLists != nil {
		c.addByFile()
		return
	}
	list := c.promoLists[c.t]
	if len(list) == 0 {
		a.op(vm.Inst{Op: vm.OpAdd, A: -1})
		return
	}
	promo, done := a.label(), a.label()
	a.test(vm.OpInZone, c.promo, vm.LocCursor, 0, true, promo)
	a.op(vm.Inst{Op: vm.OpAdd, A: -1})
	a.jmp(done)
	a.bind(promo)
	a.lists = append(a.lists, list)
	a.op(vm.Inst{Op: vm.OpAdd, A: int32(len(a.lists) - 1)})
	a.bind(done)
}

// addByFile promotes on the last rank to the file's piece (pawns on the 4th
// rank, section 8).
func (c *rayComp) addByFile() {
	a := c.a
	rank := c.promoRank
	if c.t == 1 {
		rank = c.sec.H + 1 - c.promoRank
	}
	done := a.label()
	for f, list := range c.fileLists {
		if list == nil {
			continue
		}
		next := a.label()
		a.test(vm.OpPosition, int32(c.sq(f, rank)), vm.LocCursor, 0, false, next)
		a.lists = append(a.lists, list)
		a.op(vm.Inst{Op: vm.OpAdd, A: int32(len(a.lists) - 1)})
		a.jmp(done)
		a.bind(next)
	}
	a.op(vm.Inst{Op: vm.OpAdd, A: -1})
	a.bind(done)
}

// hopper compiles a hopper stage: slide with the pre-hop rights; the first
// occupied square is the platform (only a friendly one with rg&2), where the
// ray toggles and goes on (from the square before it with rg&1).
func (c *rayComp) hopper(step, m int32, depth int) error {
	a := c.a
	d := c.dir(step, m)
	rg := (m >> 10) & 3
	loop, occ := a.label(), a.label()
	a.bind(loop)
	a.op(vm.Inst{Op: vm.OpStep, A: d})
	a.test(vm.OpEmpty, 0, vm.LocCursor, 0, false, occ)
	c.onEmpty(m)
	if m&4 != 0 {
		a.jmp(a.end)
	} else {
		a.jmp(loop)
	}
	a.bind(occ)
	if m&1 != 0 {
		a.test(vm.OpFriend, 0, vm.LocCursor, 0, true, a.end)
		c.occupied(m)
	}
	if rg&2 != 0 {
		a.test(vm.OpFriend, 0, vm.LocCursor, 0, false, a.end)
	}
	if rg&1 != 0 {
		dx, dy := vec(step)
		a.op(vm.Inst{Op: vm.OpStep, A: c.dirFor(-dx, -dy, m&0x100 != 0)})
	}
	s2, m2 := toggle(step, m)
	return c.stage(s2, m2, false, depth+1)
}

// multiPath emits the Falcon test (section 5.7) from the cursor x before a
// leap of vector step: blocked only when all three two-square paths are.
func (c *rayComp) multiPath(step, m int32) {
	a := c.a
	tx, ty := vec(m >> 12)
	sx, sy := vec(step)
	d := func(x, y int) int32 { return c.dirFor(x, y, false) }
	A, B := d(tx, ty), d(2*tx, 2*ty)
	C, D := d(sx-tx, sy-ty), d(sx-2*tx, sy-2*ty)
	p3, ok := a.label(), a.label()
	a.test(vm.OpOnBoard, c.dir(step, m), vm.LocCursor, 0, false, a.end)
	a.test(vm.OpEmpty, 0, vm.LocDir, A, false, p3)
	a.test(vm.OpEmpty, 0, vm.LocDir, B, true, ok)
	a.test(vm.OpEmpty, 0, vm.LocDir, C, true, ok)
	a.jmp(a.end)
	a.bind(p3)
	a.test(vm.OpEmpty, 0, vm.LocDir, D, false, a.end)
	a.test(vm.OpEmpty, 0, vm.LocDir, C, false, a.end)
	a.bind(ok)
}
