package forth

import "encoding/binary"

// The inner interpreter's fast path. Every word still has its primitive in
// the table (m.prims), which the slow path calls; the words a script's
// thread runs most (measured on QXO, Afrika and Splut's move generation:
// EXIT, @, the colon and variable code actions, 0BRANCH, DUP, AND, the
// comparisons, LIT account for four words in five) are done in line by
// dispatch, with the same checks and the same errors, so that they cost no
// call through the table.

// An op is what dispatch does in line for a primitive (opCall: call it).
type op uint8

const (
	opCall op = iota
	opColon
	opCreate
	opConst
	opExit
	opLit
	opBranch
	op0Branch
	opFetch
	opStore
	opDup
	opDrop
	opSwap
	opOver
	opAnd
	opOr
	opPlus
	opMinus
	opTimes
	opEq
	opNe
	opLess
	opGreater
	opLessEq
	opGreaterEq
	opNot
	opZeroLess
	opZeroGreater
	opOnePlus
	opOneMinus
	opTrue
	opFalse
	opI
	opLoop
)

// inlineOps names the kernel words dispatch runs in line.
var inlineOps = map[string]op{
	"EXIT": opExit, "LIT": opLit, "BRANCH": opBranch, "0BRANCH": op0Branch,
	"@": opFetch, "!": opStore, "DUP": opDup, "DROP": opDrop, "SWAP": opSwap, "OVER": opOver,
	"AND": opAnd, "OR": opOr, "+": opPlus, "-": opMinus, "*": opTimes,
	"=": opEq, "<>": opNe, "<": opLess, ">": opGreater, "<=": opLessEq, ">=": opGreaterEq,
	"NOT": opNot, "0=": opNot, "0<": opZeroLess, "0>": opZeroGreater,
	"1+": opOnePlus, "1-": opOneMinus, "TRUE": opTrue, "FALSE": opFalse,
	"I": opI, "(LOOP)": opLoop,
}

// setOps fills the table of in-line operations once the kernel's words
// are defined (host natives, added later, are always called).
func (m *Machine) setOps() {
	m.ops = make([]op, len(m.prims))
	m.ops[codeColon] = opColon
	m.ops[codeCreate] = opCreate
	m.ops[codeConst] = opConst
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

// dispatch runs the word whose code field is at cfa: a primitive runs to
// completion; a colon or DOES> word saves ip on the return stack and
// points ip at its thread, which the loop in run then follows. EXECUTE
// and the threads themselves dispatch, so Forth calling Forth never
// recurses in Go.
func (m *Machine) dispatch(cfa int32) {
	m.steps++
	if m.steps > m.cfg.StepLimit {
		m.failWord(m.peekString(m.peek(cfa-hdrCode+hdrName)), nil, "step budget of %d exceeded: endless loop?", m.cfg.StepLimit)
	}
	if cfa < nativeStart || int(cfa) > len(m.mem)-cell {
		// every word's header is in the native area or the dictionary
		m.fail("address %d is not an executable word", cfa)
	}
	code := int32(binary.LittleEndian.Uint32(m.mem[cfa:]))
	if code >= 0 && int(code) < len(m.prims) {
		saved := m.cur
		m.w, m.cur = cfa, code
		if int(code) >= len(m.ops) || m.ops[code] == opCall || !m.inlineOp(m.ops[code], cfa) {
			m.prims[code].fn(m)
		}
		m.cur = saved
		return
	}
	if code >= dictStart && int(code) <= len(m.mem)-2*cell {
		// A DOES> word. CORE.4TH's CONSTANT is "<BUILDS , DOES> @": a
		// body of "@ EXIT" is done at once (the two words counted).
		if m.xFetch > 0 && int32(binary.LittleEndian.Uint32(m.mem[code:])) == m.xFetch &&
			int32(binary.LittleEndian.Uint32(m.mem[code+cell:])) == m.xExit {
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

// inlineOp does operation o of the word at cfa; false means the primitive
// must run instead (a case the fast path leaves to it, such as an error).
func (m *Machine) inlineOp(o op, cfa int32) bool {
	ds := m.ds
	n := len(ds)
	switch o {
	case opColon:
		// The framework's commonest words are one value: ": CELLSIZE 4 ;"
		// (LIT 4 EXIT), ": here $pos @ ;" (a variable, @, EXIT). They are
		// done at once, their words counted.
		if b := cfa + cell; int(b) <= len(m.mem)-3*cell && int32(binary.LittleEndian.Uint32(m.mem[b+2*cell:])) == m.xExit {
			c0 := int32(binary.LittleEndian.Uint32(m.mem[b:]))
			c1 := int32(binary.LittleEndian.Uint32(m.mem[b+cell:]))
			if c0 == m.xLit {
				m.steps += 2
				m.Push(c1)
				return true
			}
			if c1 == m.xFetch && c0 >= nativeStart && int(c0) <= len(m.mem)-2*cell && binary.LittleEndian.Uint32(m.mem[c0:]) == codeCreate {
				m.steps += 3
				m.Push(m.fetch(c0 + cell))
				return true
			}
		}
		m.rpush(m.ip)
		m.ip = cfa + cell
	case opCreate:
		m.Push(cfa + cell)
	case opConst:
		m.Push(m.fetch(cfa + cell))
	case opExit:
		m.ip = m.rpop()
	case opLit:
		if m.ip <= 0 {
			return false
		}
		m.Push(m.fetch(m.ip))
		m.ip += cell
	case opBranch:
		if m.ip <= 0 {
			return false
		}
		m.ip = m.fetch(m.ip)
	case op0Branch:
		if m.ip <= 0 || n < 1 {
			return false
		}
		t := m.fetch(m.ip)
		m.ip += cell
		m.ds = ds[:n-1]
		if ds[n-1] == 0 {
			m.ip = t
		}
	case opFetch:
		if n < 1 {
			return false
		}
		a := ds[n-1]
		if a < 0 || int(a) > len(m.mem)-cell {
			return false
		}
		ds[n-1] = int32(binary.LittleEndian.Uint32(m.mem[a:]))
	case opStore:
		if n < 2 {
			return false
		}
		a := ds[n-1]
		if a < 0 || int(a) > len(m.mem)-cell {
			return false
		}
		binary.LittleEndian.PutUint32(m.mem[a:], uint32(ds[n-2]))
		m.ds = ds[:n-2]
	case opDup:
		if n < 1 {
			return false
		}
		m.Push(ds[n-1])
	case opDrop:
		if n < 1 {
			return false
		}
		m.ds = ds[:n-1]
	case opSwap:
		if n < 2 {
			return false
		}
		ds[n-1], ds[n-2] = ds[n-2], ds[n-1]
	case opOver:
		if n < 2 {
			return false
		}
		m.Push(ds[n-2])
	case opNot:
		if n < 1 {
			return false
		}
		ds[n-1] = flagOf(ds[n-1] == 0)
	case opZeroLess:
		if n < 1 {
			return false
		}
		ds[n-1] = flagOf(ds[n-1] < 0)
	case opZeroGreater:
		if n < 1 {
			return false
		}
		ds[n-1] = flagOf(ds[n-1] > 0)
	case opOnePlus:
		if n < 1 {
			return false
		}
		ds[n-1]++
	case opOneMinus:
		if n < 1 {
			return false
		}
		ds[n-1]--
	case opTrue:
		m.Push(-1)
	case opFalse:
		m.Push(0)
	case opI:
		r := len(m.rs)
		if r < 1 {
			return false
		}
		m.Push(m.rs[r-1])
	case opLoop:
		r := len(m.rs)
		if m.ip <= 0 || r < 2 {
			return false
		}
		t := m.fetch(m.ip)
		m.ip += cell
		i := int64(m.rs[r-1]) + 1
		if i < int64(m.rs[r-2]) {
			m.rs[r-1] = int32(i)
			m.ip = t
		} else {
			m.rs = m.rs[:r-2]
		}
	default:
		// the binary operators ( a b -- c )
		if n < 2 {
			return false
		}
		a, b := ds[n-2], ds[n-1]
		var c int32
		switch o {
		case opAnd:
			c = a & b
		case opOr:
			c = a | b
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
		default:
			return false
		}
		ds[n-2] = c
		m.ds = ds[:n-1]
	}
	return true
}
