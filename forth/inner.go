package forth

import "encoding/binary"

// The inner interpreter. Every word has its primitive in the table
// (m.prims), which the slow path calls; the words a script's thread runs
// most (measured on Ordo's, QXO's, Afrika's and Splut's move generation:
// EXIT, @, the colon and variable code actions, 0BRANCH, DUP, LIT, the
// comparisons and arithmetic, EXECUTE and the array and DOES> words
// account for nearly all) are done in line by loop, which follows a
// thread with its instruction pointer, data and return stacks and step
// count in local variables, and hands them back to the machine only
// around a primitive it calls. A word done in line has the same checks
// and the same errors as its primitive: where a check fails (a stack
// empty or full, an address outside memory) loop calls the primitive,
// which fails with its own message.

// An op is what loop does in line for a primitive (opCall: call it).
type op uint8

const (
	opCall op = iota
	opColon
	opCreate
	opConst
	opDefer
	opArray
	opDoes      // decoded: a DOES> word (arg: its code field address)
	opPushImm   // decoded: push arg (a variable's address, a one-value word)
	opPushFetch // decoded: push the cell at arg (a constant, ": here $pos @ ;")
	opIndex     // decoded: an array word (arg: its first cell)
	opTimesImm  // decoded: multiply by arg (CORE.4TH's CELLS)
	opCellSize
	opExit
	opLit
	opBranch
	op0Branch
	opExecute
	opFetch
	opStore
	opPlusStore
	opIncr
	opDecr
	opDup
	opDrop
	op2Drop
	opSwap
	opOver
	opRot
	op2Dup
	opQDup
	opToR
	opFromR
	opRFetch
	opNot
	opZeroLess
	opZeroGreater
	opZeroNe
	opOnePlus
	opOneMinus
	opNegate
	opCells
	opTrue
	opFalse
	opI
	opDo
	opLoop
	// the binary operators ( a b -- c )
	opAnd
	opOr
	opXor
	opPlus
	opMinus
	opTimes
	opEq
	opNe
	opLess
	opGreater
	opLessEq
	opGreaterEq
	opMin
	opMax
)

// inlineOps names the kernel words loop runs in line.
var inlineOps = map[string]op{
	"EXIT": opExit, "LIT": opLit, "BRANCH": opBranch, "0BRANCH": op0Branch, "EXECUTE": opExecute,
	"@": opFetch, "!": opStore, "+!": opPlusStore, "++": opIncr, "--": opDecr,
	"DUP": opDup, "DROP": opDrop, "2DROP": op2Drop, "SWAP": opSwap, "OVER": opOver, "ROT": opRot,
	"2DUP": op2Dup, "?DUP": opQDup, ">R": opToR, "R>": opFromR, "R@": opRFetch,
	"NOT": opNot, "0=": opNot, "0<": opZeroLess, "0>": opZeroGreater, "0<>": opZeroNe,
	"1+": opOnePlus, "1-": opOneMinus, "NEGATE": opNegate, "CELLS": opCells, "CELLSIZE": opCellSize,
	"TRUE": opTrue, "FALSE": opFalse, "I": opI, "(DO)": opDo, "(LOOP)": opLoop,
	"AND": opAnd, "OR": opOr, "XOR": opXor, "+": opPlus, "-": opMinus, "*": opTimes,
	"=": opEq, "<>": opNe, "<": opLess, ">": opGreater, "<=": opLessEq, ">=": opGreaterEq,
	"MIN": opMin, "MAX": opMax,
}

// setOps fills the table of in-line operations once the kernel's words
// are defined (host natives, added later, are always called).
func (m *Machine) setOps() {
	m.ops = make([]op, len(m.prims))
	m.ops[codeColon] = opColon
	m.ops[codeCreate] = opCreate
	m.ops[codeConst] = opConst
	m.ops[codeDefer] = opDefer
	m.ops[codeArray] = opArray
	for i, p := range m.prims {
		if o, ok := inlineOps[p.name]; ok && i >= numCodeActions {
			m.ops[i] = o
		}
	}
	m.xFetch = -1
	if nfa := m.find("@"); nfa != 0 {
		m.xFetch = nfa + hdrCode
	}
}

func flagOf(b bool) int32 {
	if b {
		return -1
	}
	return 0
}

// le reads the little-endian cell at a (which the caller has checked).
func le(mem []byte, a int32) int32 { return int32(binary.LittleEndian.Uint32(mem[a:])) }

// maxChain bounds how many EXECUTEs and deferred words loop follows in
// line one after another; past it they run through their primitives,
// whose nesting is bounded by maxNest with its own error.
const maxChain = 8

// dispatch runs the word whose code field is at cfa: a primitive runs to
// completion; a colon or DOES> word saves ip on the return stack and
// points ip at its thread, which loop then follows. It is how the host
// and the primitives that execute words (EXECUTE through the slow path, a
// deferred word) start a word; threads run in loop.
func (m *Machine) dispatch(cfa int32) {
	m.steps++
	if m.steps > m.cfg.StepLimit {
		m.failWord(m.peekString(m.peek(cfa-hdrCode+hdrName)), nil, "step budget of %d exceeded: endless loop?", m.cfg.StepLimit)
	}
	if cfa < nativeStart || int(cfa) > len(m.mem)-cell {
		// every word's header is in the native area or the dictionary
		m.fail("address %d is not an executable word", cfa)
	}
	code := le(m.mem, cfa)
	if code >= 0 && int(code) < len(m.prims) {
		saved := m.cur
		m.w, m.cur = cfa, code
		if int(code) < len(m.ops) && m.ops[code] == opColon {
			m.rpush(m.ip)
			m.ip = cfa + cell
		} else {
			m.prims[code].fn(m)
		}
		m.cur = saved
		return
	}
	if code >= dictStart && int(code) <= len(m.mem)-2*cell {
		// A DOES> word. CORE.4TH's CONSTANT is "<BUILDS , DOES> @": a
		// body of "@ EXIT" is done at once (the two words counted).
		if m.xFetch > 0 && le(m.mem, code) == m.xFetch && le(m.mem, code+cell) == m.xExit {
			m.steps += 2
			m.Push(m.fetch(cfa + cell))
			return
		}
		m.Push(cfa + cell)
		m.rpush(m.ip)
		m.ip = code
		return
	}
	if code >= dictStart && int(code) < len(m.mem) {
		m.Push(cfa + cell)
		m.rpush(m.ip)
		m.ip = code
		return
	}
	m.fail("address %d is not an executable word (code field %d)", cfa, code)
}

// loop follows the thread at m.ip until it ends (ip 0: the EXIT of the
// word run or RunThread began) or an Exit unwinds to its Catch.
func (m *Machine) loop() {
	if m.exiting {
		return
	}
	mem, dec := m.mem, m.dec
	ip, ds, rs := m.ip, m.ds, m.rs
	steps, limit := m.steps, m.cfg.StepLimit
	dsMax, rsMax := m.cfg.StackDepth, m.cfg.ReturnDepth
	memEnd := int32(len(mem) - cell) // the last address a cell is read at
	for ip != 0 {
		var x int32
		var d inst
		if ip < 0 || ip > memEnd {
			m.ip, m.ds, m.rs, m.steps = ip, ds, rs, steps
			m.badAddress(ip, cell)
		}
		x = le(mem, ip)
		ip += cell
		chain := 0
	word:
		steps++
		if steps > limit {
			m.ip, m.ds, m.rs, m.steps = ip, ds, rs, steps
			m.failWord(m.peekString(m.peek(x-hdrCode+hdrName)), nil, "step budget of %d exceeded: endless loop?", limit)
		}
		if ux := uint32(x); ux-nativeStart <= uint32(memEnd-nativeStart) && ux%cell == 0 {
			d = dec[ux/cell]
		}
		if d == 0 {
			if d = m.decoded(x); d == 0 {
				goto slow
			}
		}
		{
			n := len(ds)
			switch d.op() {
			case opColon:
				if len(rs) >= rsMax {
					goto slow
				}
				rs = append(rs, ip)
				ip = d.arg()
			case opDoes:
				if n >= dsMax || len(rs) >= rsMax {
					goto slow
				}
				ds = append(ds, x+cell)
				rs = append(rs, ip)
				ip = le(mem, x)
			case opPushImm:
				if n >= dsMax {
					goto slow
				}
				steps += d.extra()
				ds = append(ds, d.arg())
			case opPushFetch:
				a := d.arg()
				if n >= dsMax || a > memEnd {
					goto slow
				}
				steps += d.extra()
				ds = append(ds, le(mem, a))
			case opIndex:
				if n < 1 {
					goto slow
				}
				steps += d.extra()
				ds[n-1] = d.arg() + ds[n-1]*cell
			case opTimesImm:
				if n < 1 {
					goto slow
				}
				steps += d.extra()
				ds[n-1] *= d.arg()
			case opDefer, opExecute:
				// The word to run next is the deferred word's or the one
				// on the stack: run it here, as the primitive would.
				var t int32
				if d.op() == opDefer {
					if x+cell > memEnd {
						goto slow
					}
					t = le(mem, x+cell)
				} else {
					if n < 1 {
						goto slow
					}
					t = ds[n-1]
				}
				if chain >= maxChain || m.decoded(t) == 0 {
					goto slow
				}
				if d.op() == opExecute {
					ds = ds[:n-1]
				}
				x = t
				chain++
				goto word
			case opExit:
				r := len(rs)
				if r < 1 {
					goto slow
				}
				ip = rs[r-1]
				rs = rs[:r-1]
			case opLit:
				if ip > memEnd || n >= dsMax {
					goto slow
				}
				ds = append(ds, le(mem, ip))
				ip += cell
			case opBranch:
				if ip > memEnd {
					goto slow
				}
				ip = le(mem, ip)
			case op0Branch:
				if ip > memEnd || n < 1 {
					goto slow
				}
				if ds[n-1] == 0 {
					ip = le(mem, ip)
				} else {
					ip += cell
				}
				ds = ds[:n-1]
			case opFetch:
				if n < 1 {
					goto slow
				}
				a := ds[n-1]
				if a < 0 || a > memEnd {
					goto slow
				}
				ds[n-1] = le(mem, a)
			case opStore, opPlusStore:
				if n < 2 {
					goto slow
				}
				a := ds[n-1]
				if a < 0 || a > memEnd {
					goto slow
				}
				v := ds[n-2]
				if d.op() == opPlusStore {
					v += le(mem, a)
				}
				binary.LittleEndian.PutUint32(mem[a:], uint32(v))
				m.wroteCell(a)
				ds = ds[:n-2]
			case opIncr, opDecr:
				if n < 1 {
					goto slow
				}
				a := ds[n-1]
				if a < 0 || a > memEnd {
					goto slow
				}
				v := int32(1)
				if d.op() == opDecr {
					v = -1
				}
				binary.LittleEndian.PutUint32(mem[a:], uint32(le(mem, a)+v))
				m.wroteCell(a)
				ds = ds[:n-1]
			case opDup:
				if n < 1 || n >= dsMax {
					goto slow
				}
				ds = append(ds, ds[n-1])
			case opDrop:
				if n < 1 {
					goto slow
				}
				ds = ds[:n-1]
			case op2Drop:
				if n < 2 {
					goto slow
				}
				ds = ds[:n-2]
			case opSwap:
				if n < 2 {
					goto slow
				}
				ds[n-1], ds[n-2] = ds[n-2], ds[n-1]
			case opOver:
				if n < 2 || n >= dsMax {
					goto slow
				}
				ds = append(ds, ds[n-2])
			case opRot:
				if n < 3 {
					goto slow
				}
				ds[n-3], ds[n-2], ds[n-1] = ds[n-2], ds[n-1], ds[n-3]
			case op2Dup:
				if n < 2 || n+2 > dsMax {
					goto slow
				}
				ds = append(ds, ds[n-2], ds[n-1])
			case opQDup:
				if n < 1 || n >= dsMax {
					goto slow
				}
				if v := ds[n-1]; v != 0 {
					ds = append(ds, v)
				}
			case opToR:
				if n < 1 || len(rs) >= rsMax {
					goto slow
				}
				rs = append(rs, ds[n-1])
				ds = ds[:n-1]
			case opFromR:
				r := len(rs)
				if r < 1 || n >= dsMax {
					goto slow
				}
				ds = append(ds, rs[r-1])
				rs = rs[:r-1]
			case opRFetch, opI:
				r := len(rs)
				if r < 1 || n >= dsMax {
					goto slow
				}
				ds = append(ds, rs[r-1])
			case opNot:
				if n < 1 {
					goto slow
				}
				ds[n-1] = flagOf(ds[n-1] == 0)
			case opZeroLess:
				if n < 1 {
					goto slow
				}
				ds[n-1] = flagOf(ds[n-1] < 0)
			case opZeroGreater:
				if n < 1 {
					goto slow
				}
				ds[n-1] = flagOf(ds[n-1] > 0)
			case opZeroNe:
				if n < 1 {
					goto slow
				}
				ds[n-1] = flagOf(ds[n-1] != 0)
			case opOnePlus:
				if n < 1 {
					goto slow
				}
				ds[n-1]++
			case opOneMinus:
				if n < 1 {
					goto slow
				}
				ds[n-1]--
			case opNegate:
				if n < 1 {
					goto slow
				}
				ds[n-1] = -ds[n-1]
			case opCells:
				if n < 1 {
					goto slow
				}
				ds[n-1] *= cell
			case opTrue, opFalse:
				if n >= dsMax {
					goto slow
				}
				ds = append(ds, flagOf(d.op() == opTrue))
			case opDo:
				if n < 2 || len(rs)+2 > rsMax {
					goto slow
				}
				rs = append(rs, ds[n-2], ds[n-1])
				ds = ds[:n-2]
			case opLoop:
				r := len(rs)
				if ip > memEnd || r < 2 {
					goto slow
				}
				if i := int64(rs[r-1]) + 1; i < int64(rs[r-2]) {
					rs[r-1] = int32(i)
					ip = le(mem, ip)
				} else {
					rs = rs[:r-2]
					ip += cell
				}
			case opAnd, opOr, opXor, opPlus, opMinus, opTimes, opEq, opNe, opLess, opGreater, opLessEq, opGreaterEq, opMin, opMax:
				if n < 2 {
					goto slow
				}
				a, b := ds[n-2], ds[n-1]
				var c int32
				switch d.op() {
				case opAnd:
					c = a & b
				case opOr:
					c = a | b
				case opXor:
					c = a ^ b
				case opPlus:
					c = a + b
				case opMinus:
					c = a - b
				case opTimes:
					c = a * b
				case opEq:
					c = flagOf(a == b)
				case opNe:
					c = flagOf(a != b)
				case opLess:
					c = flagOf(a < b)
				case opGreater:
					c = flagOf(a > b)
				case opLessEq:
					c = flagOf(a <= b)
				case opGreaterEq:
					c = flagOf(a >= b)
				case opMin:
					c = min(a, b)
				case opMax:
					c = max(a, b)
				}
				ds[n-2] = c
				ds = ds[:n-1]
			default:
				goto slow
			}
			continue
		}
	slow:
		// The word as dispatch runs it: a primitive (its own checks and
		// errors), a colon or DOES> word begun, an address rejected. The
		// machine's state is handed over and taken back (the primitive
		// may have moved ip, the stacks, the steps).
		m.ip, m.ds, m.rs, m.steps = ip, ds, rs, steps-1
		m.dispatch(x)
		ip, ds, rs, steps = m.ip, m.ds, m.rs, m.steps
		if m.exiting {
			break
		}
	}
	m.ip, m.ds, m.rs, m.steps = ip, ds, rs, steps
}
