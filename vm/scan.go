// This file fuses board scans: the loop "(while (on-board? d) d (if TEST
// ...))" that walks a direction to the next square passing a test of the
// cursor square. Corpus games sweep their whole board this way, often
// many times a move (MarGo's flood fills scan next-all for a position
// flag), and the interpreter then spends four dispatches a square on
// the walk. OpScan runs the walk in one dispatch.

package vm

import "sync"

// fusedCode is a program's code with its scans fused (OpScan at each
// loop head), computed once; the code itself stays as compiled, for the
// analyses and for State.DisableSpecialised.
type fusedCode struct {
	once sync.Once
	code []Inst
}

// runCode returns the code exec runs: the fused form, or the compiled
// code when nothing fuses or specialised forms are off.
func (p *Program) runCode(plain bool) []Inst {
	if plain {
		return p.Code
	}
	p.fused.once.Do(func() { p.fused.code = fuseScans(p.Code) })
	return p.fused.code
}

// fuseScans returns code with OpScan at the head of each scan loop, or
// code itself when it has none. A scan is
//
//	pc:   on-board? d ->X if false
//	pc+1: step d
//	pc+2: TEST (at the cursor) ->Y if R
//
// where Y is pc, or a "jmp ->pc" (one more instruction a square): the
// loop goes on while the test gives R. OpScan at pc keeps the on-board?
// operands (A = d, B = X) and takes L, the instructions a square costs
// beyond the three; pc+1 and pc+2 stay, so jumps into the loop still
// find them.
func fuseScans(code []Inst) []Inst {
	var out []Inst
	for pc := 0; pc+2 < len(code); pc++ {
		extra, ok := scanAt(code, pc)
		if !ok {
			continue
		}
		if out == nil {
			out = append([]Inst(nil), code...)
		}
		out[pc] = Inst{Op: OpScan, A: code[pc].A, B: code[pc].B, L: extra}
	}
	if out == nil {
		return code
	}
	return out
}

// scanAt reports whether a scan loop starts at pc, and the instructions
// its loop-back costs (0 or 1).
func scanAt(code []Inst, pc int) (extra int32, ok bool) {
	ob, st, t := &code[pc], &code[pc+1], &code[pc+2]
	if ob.Op != OpOnBoard || ob.Jt || st.Op != OpStep || st.A != ob.A {
		return 0, false
	}
	if !scanTestable(t) {
		return 0, false
	}
	y := int(t.B)
	switch {
	case y == pc:
		return 0, true
	case y >= 0 && y < len(code) && code[y].Op == OpJmp && int(code[y].B) == pc:
		return 1, true
	}
	return 0, false
}

// scanTestable reports whether OpScan evaluates the test itself: one of
// the common tests of the cursor square.
func scanTestable(t *Inst) bool {
	if t.Loc != LocCursor {
		return false
	}
	switch t.Op {
	case OpEmpty, OpFriend, OpEnemy, OpPiece, OpPosFlag:
		return true
	}
	return false
}

// scanOccupant evaluates a scan's test of the occupant of square p
// (empty?, friend?, enemy?, piece?), as exec's cases do; exec's OpScan
// reads a position-flag test itself.
func (gn *generator) scanOccupant(t *Inst, p int32) bool {
	return occupantTest(t.Op, gn.s.Board[p], gn.player, t.A)
}
