// This file recognises the shapes of spec.go in a move program's bytecode:
// the instructions alone are read, never a sample of positions.

package vm

// recogniseSpec matches prog against the shapes; nil when none fits.
func recogniseSpec(prog *Program) *specProg {
	if prog == nil || len(prog.Code) == 0 {
		return nil
	}
	m := specMatcher{code: prog.Code}
	sp := &specProg{prog: prog, maxSteps: len(prog.Code) + 1}
	pc := 0
	for pc < len(m.code) {
		in := &m.code[pc]
		if in.Op != OpAttr || in.Loc != LocCursor || !m.ends(in.B) {
			break
		}
		sp.guards = append(sp.guards, specGuard{attr: in.A, want: !in.Jt})
		pc++
	}
	if pc >= len(m.code) {
		return nil
	}
	if in := &m.code[pc]; in.Op == OpSlide {
		sp.kind, sp.dir = specSlide, in.A
		sp.quiet = specBranch{emit: true, cont: true, promo: -1, promoZone: -1}
		tail, next, ok := m.landing(pc + 1)
		if !ok || !m.isEnd(next) {
			return nil
		}
		sp.tail = tail
		return sp
	}
	if m.loop(sp, pc) {
		return sp
	}
	sp.kind = specHops
	for {
		var h specHop
		h.preZone = -1
		if len(sp.hops) > 0 {
			if in := &m.code[pc]; in.Op == OpEmpty && in.Loc == LocCursor && !in.Jt && m.ends(in.B) {
				h.preEmpty = true
				pc++
			}
		}
		if pc < len(m.code) {
			if in := &m.code[pc]; in.Op == OpInZone && in.Loc == LocCursor && !in.Jt && m.ends(in.B) {
				h.preZone = in.A
				pc++
			}
		}
		for pc < len(m.code) && m.code[pc].Op == OpStep {
			h.dirs = append(h.dirs, m.code[pc].A)
			pc++
		}
		if len(h.dirs) == 0 {
			return nil
		}
		tail, next, ok := m.landing(pc)
		if !ok {
			return nil
		}
		// Set-attributes stay pending for the rest of the run: on a square
		// a later move has left occupied they would change the piece
		// there. So a hop with them goes on only from an empty square.
		if prev := len(sp.hops) - 1; prev >= 0 {
			pt := &sp.hops[prev].specTail
			if (len(pt.empty.sets) > 0 || len(pt.enemy.sets) > 0) && pt.enemy.cont && !h.preEmpty {
				return nil
			}
		}
		h.specTail = tail
		sp.hops = append(sp.hops, h)
		pc = next
		if m.isEnd(pc) {
			return sp
		}
		if pc >= len(m.code) || (!tail.empty.cont && !tail.enemy.cont) {
			return nil
		}
	}
}

type specMatcher struct{ code []Inst }

// ends reports whether jumping to pc ends the run.
func (m *specMatcher) ends(pc int32) bool { return pc >= 0 && m.isEnd(int(pc)) }

// isEnd reports whether the instruction at pc ends the run: die, end, or
// jmps leading to one.
func (m *specMatcher) isEnd(pc int) bool {
	for i := 0; i < len(m.code) && pc >= 0 && pc < len(m.code); i++ {
		switch m.code[pc].Op {
		case OpDie, OpEnd:
			return true
		case OpJmp:
			pc = int(m.code[pc].B)
		default:
			return false
		}
	}
	return false
}

// loop matches the two loop shapes at pc.
func (m *specMatcher) loop(sp *specProg, pc int) bool {
	c := m.code
	if pc+2 >= len(c) || c[pc].Op != OpStep || c[pc+1].Op != OpEmpty || c[pc+1].Loc != LocCursor {
		return false
	}
	d := c[pc].A
	if !c[pc+1].Jt {
		// step d; L: empty? ->C if false; sets; add; step d; jmp ->L; C: landing
		sets, q := m.sets(pc + 2)
		if q+2 >= len(c) || c[q].Op != OpAdd || c[q].A >= 0 || c[q+1].Op != OpStep || c[q+1].A != d ||
			c[q+2].Op != OpJmp || int(c[q+2].B) != pc+1 || int(c[pc+1].B) != q+3 {
			return false
		}
		tail, next, ok := m.landing(q + 3)
		if !ok || !m.isEnd(next) {
			return false
		}
		sp.kind, sp.dir, sp.tail = specLoop, d, tail
		sp.quiet = specBranch{emit: true, cont: true, sets: sets, promo: -1, promoZone: -1}
		return true
	}
	// L: step d; empty? ->E if true; capture branch; X; E: [sets; add]; jmp ->L
	tail, next, ok := m.landing(pc + 1)
	if !ok || !tail.empty.cont || tail.empty.promoZone >= 0 || tail.empty.promo >= 0 ||
		next >= len(c) || c[next].Op != OpJmp || int(c[next].B) != pc {
		return false
	}
	sp.kind, sp.dir = specLoop, d
	sp.quiet = tail.empty
	sp.tail = specTail{empty: specBranch{promo: -1, promoZone: -1}, enemy: tail.enemy, iron: tail.iron}
	return true
}

// sets reads set-attributes at the cursor from pc on.
func (m *specMatcher) sets(pc int) ([]specSet, int) {
	var out []specSet
	for pc < len(m.code) {
		in := &m.code[pc]
		if in.Op != OpSetAttr || in.Loc != LocCursor {
			break
		}
		out = append(out, specSet{attr: in.A, val: in.B})
		pc++
	}
	return out, pc
}

// branch reads set-attributes and an add form from pc on.
func (m *specMatcher) branch(pc int) (specBranch, int, bool) {
	b := specBranch{emit: true, promo: -1, promoZone: -1}
	b.sets, pc = m.sets(pc)
	c := m.code
	switch {
	case pc < len(c) && c[pc].Op == OpAdd:
		b.promo = c[pc].A
		return b, pc + 1, true
	case pc+3 < len(c) && c[pc].Op == OpInZone && c[pc].Loc == LocCursor && int(c[pc].B) == pc+3 &&
		c[pc+2].Op == OpJmp && int(c[pc+2].B) == pc+4 && c[pc+1].Op == OpAdd && c[pc+3].Op == OpAdd:
		in, out := c[pc+1].A, c[pc+3].A // the adds inside and outside the zone
		if c[pc].Jt {
			in, out = out, in
		}
		if in < 0 || out >= 0 {
			return b, 0, false
		}
		b.promo, b.promoZone = in, c[pc].A
		return b, pc + 4, true
	}
	return b, 0, false
}

// landing reads a landing from pc on; next is where the run goes on after
// a branch that continues.
func (m *specMatcher) landing(pc int) (t specTail, next int, ok bool) {
	none := specBranch{promo: -1, promoZone: -1}
	t.empty, t.enemy = none, none
	if pc >= len(m.code) {
		return t, 0, false
	}
	in := &m.code[pc]
	if in.Loc != LocCursor {
		return t, 0, false
	}
	if in.Op == OpEmpty && in.Jt {
		// empty? ->E if true; [friend? ->S if true; [piece? T ->S if true]...; branch; S:] X; E: [branch]
		e := int(in.B)
		q := pc + 1
		if !m.isEnd(q) {
			f := &m.code[q]
			if f.Op != OpFriend || f.Loc != LocCursor || !f.Jt {
				return t, 0, false
			}
			skip := int(f.B)
			q++
			for q < len(m.code) && m.code[q].Op == OpPiece && m.code[q].Loc == LocCursor && m.code[q].Jt && int(m.code[q].B) == skip {
				t.iron = append(t.iron, m.code[q].A)
				q++
			}
			br, after, ok := m.branch(q)
			if !ok || after != skip || !m.isEnd(skip) {
				return t, 0, false
			}
			t.enemy = br
		}
		if e <= pc || e >= len(m.code) {
			return t, 0, false
		}
		if m.code[e].Op == OpSetAttr || m.code[e].Op == OpAdd || m.code[e].Op == OpInZone {
			br, after, ok := m.branch(e)
			if !ok {
				return t, 0, false
			}
			t.empty, e = br, after
		}
		t.empty.cont = true
		return t, e, true
	}
	if !m.ends(in.B) {
		return t, 0, false
	}
	var emptyOK, enemyOK bool
	switch {
	case in.Op == OpFriend && in.Jt:
		emptyOK, enemyOK = true, true
	case in.Op == OpEmpty && !in.Jt:
		emptyOK = true
	case in.Op == OpEnemy && !in.Jt:
		enemyOK = true
	default:
		return t, 0, false
	}
	br, next, ok := m.branch(pc + 1)
	if !ok {
		// A square the run passes only when it is empty (a lame leap's
		// first step, a pawn's double step).
		if in.Op != OpEmpty || pc+1 >= len(m.code) || m.code[pc+1].Op != OpStep {
			return t, 0, false
		}
		t.empty.cont = true
		return t, pc + 1, true
	}
	br.cont = true
	if emptyOK {
		t.empty = br
	}
	if enemyOK {
		t.enemy = br
	}
	return t, next, true
}
