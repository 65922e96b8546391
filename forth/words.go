package forth

import (
	"io"
	"math"
	"strconv"
	"strings"
	"time"
)

// The code actions: what a code field makes a non-primitive word do. They
// come first in the primitive table and have no dictionary entry.
const (
	codeColon  = iota // a colon definition: follow the thread after the code field
	codeCreate        // CREATE, VARIABLE, <BUILDS (until DOES>): push the PFA
	codeConst         // CONSTANT: push the cell at the PFA
	codeDefer         // DEFER: execute the word whose CFA is at the PFA
	codeArray         // [] ( index -- addr ): PFA + index cells
	numCodeActions
)

// maxNest bounds Go recursion through primitives that execute words
// (EXECUTE of a deferred word that executes itself): colon words never
// recurse in Go, but a chain of primitives would, and must stop with an
// error rather than exhaust the Go stack.
const maxNest = 1000

// installKernel defines the language: every word below is standard Forth
// or fig-Forth behaviour as Axiom's framework files (CORE.4TH, axiom.4th)
// use it. CORE.4TH redefines many of them (IF, DO, CONSTANT, ...) in Forth
// on top of COMPILE, 0BRANCH, (DO), <BUILDS ... DOES>; the built-in ones
// lay down the same cells, so code compiled by either works with the
// other, and the language is complete without CORE.4TH.
func (m *Machine) installKernel() {
	m.cDocol = m.addPrim("(colon)", func(m *Machine) {
		m.rpush(m.ip)
		m.ip = m.w + cell
	})
	m.cDovar = m.addPrim("(create)", func(m *Machine) { m.Push(m.w + cell) })
	m.cDocon = m.addPrim("(constant)", func(m *Machine) { m.Push(m.fetch(m.w + cell)) })
	m.cDodefer = m.addPrim("(defer)", func(m *Machine) { m.execute(m.fetch(m.w + cell)) })
	m.addPrim("([])", func(m *Machine) { m.Push(m.w + cell + m.Pop()*cell) })

	def := func(name string, fn func(*Machine)) int32 {
		return m.header(name, m.addPrim(name, fn), 0)
	}
	imm := func(name string, fn func(*Machine)) int32 {
		return m.header(name, m.addPrim(name, fn), flagImmediate)
	}

	// ---- stack ----
	def("DUP", func(m *Machine) { m.need(1); m.Push(m.ds[len(m.ds)-1]) })
	def("DROP", func(m *Machine) { m.Pop() })
	def("SWAP", func(m *Machine) { m.need(2); n := len(m.ds); m.ds[n-1], m.ds[n-2] = m.ds[n-2], m.ds[n-1] })
	def("OVER", func(m *Machine) { m.need(2); m.Push(m.ds[len(m.ds)-2]) })
	def("ROT", func(m *Machine) {
		m.need(3)
		n := len(m.ds)
		m.ds[n-3], m.ds[n-2], m.ds[n-1] = m.ds[n-2], m.ds[n-1], m.ds[n-3]
	})
	def("-ROT", func(m *Machine) {
		m.need(3)
		n := len(m.ds)
		m.ds[n-3], m.ds[n-2], m.ds[n-1] = m.ds[n-1], m.ds[n-3], m.ds[n-2]
	})
	def("NIP", func(m *Machine) { b := m.Pop(); m.Pop(); m.Push(b) })
	def("TUCK", func(m *Machine) { b, a := m.Pop(), m.Pop(); m.Push(b); m.Push(a); m.Push(b) })
	// PICK and ROLL count from 0 (Forth-83/2012: 0 PICK is DUP), not
	// from 1 as fig-Forth did: CORE.4TH's .S ("DEPTH BEGIN DUP PICK . 1-
	// DUP 0= UNTIL") prints the stack bottom first only with 0-based PICK.
	def("PICK", func(m *Machine) {
		i := m.Pop()
		if i < 0 || int(i) >= len(m.ds) {
			m.fail("PICK index %d with %d cells on the stack", i, len(m.ds))
		}
		m.Push(m.ds[len(m.ds)-1-int(i)])
	})
	def("ROLL", func(m *Machine) {
		i := m.Pop()
		if i < 0 || int(i) >= len(m.ds) {
			m.fail("ROLL index %d with %d cells on the stack", i, len(m.ds))
		}
		n := len(m.ds)
		v := m.ds[n-1-int(i)]
		copy(m.ds[n-1-int(i):], m.ds[n-int(i):])
		m.ds[n-1] = v
	})
	def("2DUP", func(m *Machine) { m.need(2); n := len(m.ds); a, b := m.ds[n-2], m.ds[n-1]; m.Push(a); m.Push(b) })
	def("2DROP", func(m *Machine) { m.need(2); m.ds = m.ds[:len(m.ds)-2] })
	def("2SWAP", func(m *Machine) {
		m.need(4)
		n := len(m.ds)
		m.ds[n-4], m.ds[n-3], m.ds[n-2], m.ds[n-1] = m.ds[n-2], m.ds[n-1], m.ds[n-4], m.ds[n-3]
	})
	def("2OVER", func(m *Machine) { m.need(4); n := len(m.ds); a, b := m.ds[n-4], m.ds[n-3]; m.Push(a); m.Push(b) })
	def("?DUP", func(m *Machine) {
		m.need(1)
		if v := m.ds[len(m.ds)-1]; v != 0 {
			m.Push(v)
		}
	})
	def("DEPTH", func(m *Machine) { m.Push(int32(len(m.ds))) })
	def(">R", func(m *Machine) { m.rpush(m.Pop()) })
	def("R>", func(m *Machine) { m.Push(m.rpop()) })
	def("R@", func(m *Machine) { m.Push(m.rpeek(0)) })

	// ---- integer arithmetic (32-bit cells, wrapping as the C kernel's) ----
	bin := func(name string, f func(a, b int32) int32) {
		def(name, func(m *Machine) { b, a := m.Pop(), m.Pop(); m.Push(f(a, b)) })
	}
	un := func(name string, f func(a int32) int32) {
		def(name, func(m *Machine) { m.Push(f(m.Pop())) })
	}
	flag := func(b bool) int32 {
		if b {
			return -1
		}
		return 0
	}
	bin("+", func(a, b int32) int32 { return a + b })
	bin("-", func(a, b int32) int32 { return a - b })
	bin("*", func(a, b int32) int32 { return a * b })
	// Division truncates toward zero (symmetric division: -7 2 / is -3,
	// -7 2 MOD is -1), what fig-Forth's M/ and the C "/" of the Windows
	// kernel Axiom is built on both do; Forth-2012 (6.1.0240 "/") leaves
	// the choice to the system. No corpus script divides a negative number
	// in a way that reveals Axiom's choice (the framework's "/" and /MOD
	// take board indices and cell counts).
	divide := func(a, b int32) (int32, int32) {
		if b == 0 {
			m.fail("division by zero")
		}
		if a == math.MinInt32 && b == -1 {
			return a, 0 // the one quotient that does not fit wraps
		}
		return a / b, a % b
	}
	bin("/", func(a, b int32) int32 { q, _ := divide(a, b); return q })
	bin("MOD", func(a, b int32) int32 { _, r := divide(a, b); return r })
	def("/MOD", func(m *Machine) { b, a := m.Pop(), m.Pop(); q, r := divide(a, b); m.Push(r); m.Push(q) })
	def("*/", func(m *Machine) {
		c, b, a := m.Pop(), m.Pop(), m.Pop()
		if c == 0 {
			m.fail("division by zero")
		}
		m.Push(int32(int64(a) * int64(b) / int64(c)))
	})
	un("NEGATE", func(a int32) int32 { return -a })
	un("ABS", func(a int32) int32 {
		if a < 0 {
			return -a
		}
		return a
	})
	bin("MIN", func(a, b int32) int32 { return min(a, b) })
	bin("MAX", func(a, b int32) int32 { return max(a, b) })
	un("1+", func(a int32) int32 { return a + 1 })
	un("1-", func(a int32) int32 { return a - 1 })
	un("2+", func(a int32) int32 { return a + 2 })
	un("2-", func(a int32) int32 { return a - 2 })
	un("2*", func(a int32) int32 { return a * 2 })
	un("2/", func(a int32) int32 { return a >> 1 }) // arithmetic shift, Forth-2012 6.1.0330
	bin("AND", func(a, b int32) int32 { return a & b })
	bin("OR", func(a, b int32) int32 { return a | b })
	bin("XOR", func(a, b int32) int32 { return a ^ b })
	un("INVERT", func(a int32) int32 { return ^a })
	// NOT is logical (0=), not bitwise: the framework's "verify" is
	// "NOT IF $Exit ENDIF" on any nonzero truth value, and "enemy?" ANDs
	// "friend? NOT" with another flag.
	un("NOT", func(a int32) int32 { return flag(a == 0) })
	bin("LSHIFT", func(a, b int32) int32 {
		if b < 0 || b >= 32 {
			return 0
		}
		return int32(uint32(a) << uint(b))
	})
	bin("RSHIFT", func(a, b int32) int32 {
		if b < 0 || b >= 32 {
			return 0
		}
		return int32(uint32(a) >> uint(b))
	})
	// Truth is -1 (all bits set), Forth-83 and Forth-2012 style, so that
	// AND/OR/XOR combine flags and masks alike.
	bin("=", func(a, b int32) int32 { return flag(a == b) })
	bin("<>", func(a, b int32) int32 { return flag(a != b) })
	bin("<", func(a, b int32) int32 { return flag(a < b) })
	bin(">", func(a, b int32) int32 { return flag(a > b) })
	bin("<=", func(a, b int32) int32 { return flag(a <= b) })
	bin(">=", func(a, b int32) int32 { return flag(a >= b) })
	bin("U<", func(a, b int32) int32 { return flag(uint32(a) < uint32(b)) })
	bin("U>", func(a, b int32) int32 { return flag(uint32(a) > uint32(b)) })
	un("0=", func(a int32) int32 { return flag(a == 0) })
	un("0<", func(a int32) int32 { return flag(a < 0) })
	un("0>", func(a int32) int32 { return flag(a > 0) })
	un("0<>", func(a int32) int32 { return flag(a != 0) })
	def("TRUE", func(m *Machine) { m.Push(-1) })
	def("FALSE", func(m *Machine) { m.Push(0) })

	// ---- memory ----
	def("@", func(m *Machine) { m.Push(m.fetch(m.Pop())) })
	def("!", func(m *Machine) { a, v := m.Pop(), m.Pop(); m.store(a, v) })
	def("C@", func(m *Machine) { a := m.Pop(); m.check(a, 1); m.Push(int32(m.mem[a])) })
	def("C!", func(m *Machine) { a, v := m.Pop(), m.Pop(); m.check(a, 1); m.mem[a] = byte(v); m.wrote(a, 1) })
	def("+!", func(m *Machine) { a, v := m.Pop(), m.Pop(); m.store(a, m.fetch(a)+v) })
	// ++ and -- ( addr -- ) step a variable: the framework's
	// "$directionCount ++", lib.4th's "++ ( ' -- )".
	def("++", func(m *Machine) { a := m.Pop(); m.store(a, m.fetch(a)+1) })
	def("--", func(m *Machine) { a := m.Pop(); m.store(a, m.fetch(a)-1) })
	def("HERE", func(m *Machine) { m.Push(m.here()) })
	def(",", func(m *Machine) { m.comma(m.Pop()) })
	def("C,", func(m *Machine) {
		v, h := m.Pop(), m.here()
		m.check(h, 1)
		m.mem[h] = byte(v)
		m.wrote(h, 1)
		m.store(addrDP, h+1)
	})
	def("ALLOT", func(m *Machine) { m.allot(int64(m.Pop())) })
	def("CELLSIZE", func(m *Machine) { m.Push(cell) })
	un("CELLS", func(a int32) int32 { return a * cell })
	un("CELL+", func(a int32) int32 { return a + cell })
	def("FILL", func(m *Machine) {
		c, n, a := m.Pop(), m.Pop(), m.Pop()
		if n <= 0 {
			return
		}
		m.check(a, n)
		for i := a; i < a+n; i++ {
			m.mem[i] = byte(c)
		}
		m.wrote(a, n)
	})
	def("ERASE", func(m *Machine) {
		n, a := m.Pop(), m.Pop()
		if n <= 0 {
			return
		}
		m.check(a, n)
		clear(m.mem[a : a+n])
		m.wrote(a, n)
	})
	move := func(m *Machine) {
		n, dst, src := m.Pop(), m.Pop(), m.Pop()
		if n <= 0 {
			return
		}
		m.check(src, n)
		m.check(dst, n)
		copy(m.mem[dst:dst+n], m.mem[src:src+n])
		m.wrote(dst, n)
	}
	def("MOVE", move)
	def("CMOVE", move)
	def("STATE", func(m *Machine) { m.Push(addrState) })
	def("BASE", func(m *Machine) { m.Push(addrBase) })
	def("DP", func(m *Machine) { m.Push(addrDP) })
	def("CURRENT", func(m *Machine) { m.Push(addrCur) })
	def("CONTEXT", func(m *Machine) { m.Push(addrCtx) })
	def("PAD", func(m *Machine) { m.Push(addrPad) })
	def("HEX", func(m *Machine) { m.store(addrBase, 16) })
	def("DECIMAL", func(m *Machine) { m.store(addrBase, 10) })
	def("OCTAL", func(m *Machine) { m.store(addrBase, 8) })
	def("BINARY", func(m *Machine) { m.store(addrBase, 2) })
	def("ON", func(m *Machine) { m.store(m.Pop(), -1) })
	def("OFF", func(m *Machine) { m.store(m.Pop(), 0) })

	// ---- dictionary and header fields (CORE.4TH's layout) ----
	def("LATEST", func(m *Machine) { m.Push(m.latest()) })
	un("NFA>CFA", func(a int32) int32 { return a + hdrCode })
	un("NFA>PFA", func(a int32) int32 { return a + hdrCode + cell })
	un("NFA>LFA", func(a int32) int32 { return a + hdrLink })
	un("CFA>PFA", func(a int32) int32 { return a + cell })
	un("CFA>NFA", func(a int32) int32 { return a - hdrCode })
	un("CFA>LFA", func(a int32) int32 { return a - cell })
	un("PFA>NFA", func(a int32) int32 { return a - hdrCode - cell })

	// ---- the compiler ----
	m.xExit = def("EXIT", func(m *Machine) { m.ip = m.rpop() })
	m.header(";S", m.fetch(m.xExit), 0)
	m.xLit = def("LIT", func(m *Machine) { m.Push(m.inline()) })
	def("COMPILE", func(m *Machine) { m.comma(m.inline()) })
	def(":", func(m *Machine) {
		m.colon = m.header(m.name(), m.cDocol, flagSmudge) - hdrCode
		m.colonSrc, m.colonTok = nil, 0
		if n := len(m.srcs); n > 0 {
			m.colonSrc, m.colonTok = m.srcs[n-1], m.srcs[n-1].tok
		}
		m.store(addrState, -1)
	})
	imm(";", func(m *Machine) {
		if !m.state() {
			m.fail("; outside a definition")
		}
		m.comma(m.xExit)
		// unhide the word ":" began (not LATEST: a native Resolve
		// supplied meanwhile may be newer)
		nfa := m.colon
		if nfa == 0 {
			nfa = m.latest()
		}
		m.colon = 0
		m.store(nfa+hdrFlags, m.fetch(nfa+hdrFlags)&^flagSmudge)
		m.store(addrState, 0)
	})
	def("IMMEDIATE", func(m *Machine) {
		nfa := m.latest()
		m.store(nfa+hdrFlags, m.fetch(nfa+hdrFlags)|flagImmediate)
	})
	def("SMUDGE", func(m *Machine) {
		nfa := m.latest()
		m.store(nfa+hdrFlags, m.fetch(nfa+hdrFlags)^flagSmudge)
	})
	imm("[", func(m *Machine) { m.store(addrState, 0) })
	def("]", func(m *Machine) { m.store(addrState, -1) })
	imm("LITERAL", func(m *Machine) {
		if m.state() {
			m.comma(m.xLit)
			m.comma(m.Pop())
		}
	})
	imm("RECURSE", func(m *Machine) { m.comma(m.latest() + hdrCode) })
	def("CREATE", func(m *Machine) { m.header(m.name(), m.cDovar, 0) })
	// <BUILDS is CREATE: the DOES> code address goes in the code field, so
	// the parameter field starts right after it and "CFA>PFA !" (CORE.4TH's
	// (IS)) stores where DOES> code reads.
	def("<BUILDS", func(m *Machine) { m.header(m.name(), m.cDovar, 0) })
	// HEADER ( nameAddr -- ) is <BUILDS taking the name from a string: the
	// framework names positions and directions it computes this way.
	def("HEADER", func(m *Machine) { m.header(m.cstring(m.Pop()), m.cDovar, 0) })
	def("DOES>", func(m *Machine) {
		if m.ip == 0 {
			m.fail("DOES> outside a colon definition")
		}
		m.store(m.latest()+hdrCode, m.ip)
		m.ip = m.rpop()
	})
	def("VARIABLE", func(m *Machine) { m.header(m.name(), m.cDovar, 0); m.comma(0) })
	def("CONSTANT", func(m *Machine) { v := m.Pop(); m.header(m.name(), m.cDocon, 0); m.comma(v) })
	// [] ( n -- ) makes an array of n cells; the array word turns an index
	// into an address, with no bounds check (CORE.4TH: "<BUILDS CELLS
	// ALLOT DOES> SWAP CELLS +").
	def("[]", func(m *Machine) {
		n := m.Pop()
		m.header(m.name(), codeArray, 0)
		m.allot(int64(n) * cell)
	})
	abort := def("ABORT", func(m *Machine) { m.fail("ABORT") })
	def("DEFER", func(m *Machine) { m.header(m.name(), m.cDodefer, 0); m.comma(abort) })
	xIs := def("(IS)", func(m *Machine) { a := m.Pop(); m.store(a+cell, m.Pop()) })
	imm("IS", func(m *Machine) {
		cfa := m.tick()
		if m.state() {
			m.comma(m.xLit)
			m.comma(cfa)
			m.comma(xIs)
			return
		}
		m.store(cfa+cell, m.Pop())
	})
	def("EXECUTE", func(m *Machine) { m.execute(m.Pop()) })
	def("'", func(m *Machine) { m.Push(m.tick()) })
	imm("[']", func(m *Machine) {
		cfa := m.tick()
		if m.state() {
			m.comma(m.xLit)
			m.comma(cfa)
		} else {
			m.Push(cfa)
		}
	})
	imm("[COMPILE]", func(m *Machine) {
		cfa := m.tick()
		if m.state() {
			m.comma(cfa)
		}
	})
	// -FIND ( -- nfa | 0 ) reads a word into PAD and looks it up; the
	// framework's {link} creates a direction when the lookup fails.
	def("-FIND", func(m *Machine) {
		w := m.word2pad(' ')
		if w == "" {
			m.Push(0)
			return
		}
		m.Push(m.find(w))
	})
	// WORD ( c -- ) parses up to the delimiter c into PAD, NUL-terminated
	// (CORE.4TH: "34 WORD PAD" then "HERE "MOVE"; "BL WORD PAD C@").
	def("WORD", func(m *Machine) { m.word2pad(byte(m.Pop())) })
	def("UNDEFINED", func(m *Machine) {
		w := m.cstring(m.Pop())
		m.failWord(w, &UnknownWord{Name: w}, "unknown word")
	})
	def("ERROR", func(m *Machine) { m.failWord("ABORT\"", nil, "%s", m.cstring(m.Pop())) })
	def("LOAD", func(m *Machine) {
		w := m.name()
		m.load(w)
	})

	// ---- control structures ----
	// Branch targets are absolute addresses in the cell after BRANCH,
	// 0BRANCH, (LOOP) and (+LOOP), as CORE.4TH's IF/ENDIF ("HERE SWAP !")
	// and UNTIL ("COMPILE 0BRANCH ,") lay them down.
	m.xBranch = def("BRANCH", func(m *Machine) { m.ip = m.inline() })
	m.x0Branch = def("0BRANCH", func(m *Machine) {
		t := m.inline()
		if m.Pop() == 0 {
			m.ip = t
		}
	})
	m.xDo = def("(DO)", func(m *Machine) {
		start, limit := m.Pop(), m.Pop()
		m.rpush(limit)
		m.rpush(start)
	})
	// (LOOP) and (+LOOP) follow fig-Forth, whose DO ... LOOP CORE.4TH
	// copies: the loop goes on while index < limit (for a negative step
	// of +LOOP, while index > limit), so "0 0 DO" runs once rather than
	// 2^32 times as Forth-2012's boundary-crossing rule (6.1.0140) would.
	m.xLoop = def("(LOOP)", func(m *Machine) {
		t := m.inline()
		n := len(m.rs)
		if n < 2 {
			m.fail("LOOP without DO parameters on the return stack")
		}
		i := int64(m.rs[n-1]) + 1
		if i < int64(m.rs[n-2]) {
			m.rs[n-1] = int32(i)
			m.ip = t
			return
		}
		m.rs = m.rs[:n-2]
	})
	m.xPLoop = def("(+LOOP)", func(m *Machine) {
		t := m.inline()
		step := m.Pop()
		n := len(m.rs)
		if n < 2 {
			m.fail("+LOOP without DO parameters on the return stack")
		}
		i := int64(m.rs[n-1]) + int64(step)
		lim := int64(m.rs[n-2])
		if i >= math.MinInt32 && i <= math.MaxInt32 && ((step >= 0 && i < lim) || (step < 0 && i > lim)) {
			m.rs[n-1] = int32(i)
			m.ip = t
			return
		}
		m.rs = m.rs[:n-2]
	})
	// (?DO) skips the loop when limit = start. It finds the loop's end at
	// run time, from the (LOOP)/(+LOOP) whose target is this loop's start,
	// so it works with CORE.4TH's LOOP too, which knows nothing of ?DO.
	m.xQDo = def("(?DO)", func(m *Machine) {
		start, limit := m.Pop(), m.Pop()
		if start != limit {
			m.rpush(limit)
			m.rpush(start)
			return
		}
		if m.ip == 0 {
			m.fail("used outside a colon definition")
		}
		body, h := m.ip, m.here()
		for a := body; a+2*cell <= h; a += cell {
			x := m.fetch(a)
			if (x == m.xLoop || x == m.xPLoop) && m.fetch(a+cell) == body {
				m.ip = a + 2*cell
				return
			}
		}
		m.fail("?DO without its LOOP")
	})
	def("I", func(m *Machine) { m.Push(m.rpeek(0)) })
	def("J", func(m *Machine) { m.Push(m.rpeek(2)) })
	// LEAVE ends the loop at its next LOOP test by setting the limit to
	// the index (fig-Forth's LEAVE; CORE.4TH's DO keeps no exit address
	// for Forth-2012's immediate exit).
	def("LEAVE", func(m *Machine) {
		n := len(m.rs)
		if n < 2 {
			m.fail("LEAVE outside DO ... LOOP")
		}
		m.rs[n-2] = m.rs[n-1]
	})
	def("UNLOOP", func(m *Machine) { m.rpop(); m.rpop() })
	orig := func() int32 {
		a := m.Pop()
		if a < dictStart || a > m.here() {
			m.fail("unbalanced control structure")
		}
		return a
	}
	imm("IF", func(m *Machine) { m.comma(m.x0Branch); m.Push(m.here()); m.comma(0) })
	imm("ELSE", func(m *Machine) {
		a := orig()
		m.comma(m.xBranch)
		h := m.here()
		m.comma(0)
		m.store(a, m.here())
		m.Push(h)
	})
	then := func(m *Machine) { m.store(orig(), m.here()) }
	imm("ENDIF", then)
	imm("THEN", then)
	imm("BEGIN", func(m *Machine) { m.Push(m.here()) })
	imm("UNTIL", func(m *Machine) { a := orig(); m.comma(m.x0Branch); m.comma(a) })
	imm("AGAIN", func(m *Machine) { a := orig(); m.comma(m.xBranch); m.comma(a) })
	imm("WHILE", func(m *Machine) { m.comma(m.x0Branch); m.Push(m.here()); m.comma(0) })
	imm("REPEAT", func(m *Machine) {
		w, b := orig(), orig()
		m.comma(m.xBranch)
		m.comma(b)
		m.store(w, m.here())
	})
	imm("DO", func(m *Machine) { m.comma(m.xDo); m.Push(m.here()) })
	imm("?DO", func(m *Machine) { m.comma(m.xQDo); m.Push(m.here()) })
	imm("LOOP", func(m *Machine) { a := orig(); m.comma(m.xLoop); m.comma(a) })
	imm("+LOOP", func(m *Machine) { a := orig(); m.comma(m.xPLoop); m.comma(a) })

	// ---- comments, strings, output ----
	imm("(", func(m *Machine) { m.parse(')') })
	imm("\\", func(m *Machine) { m.parse('\n') })
	def("BL", func(m *Machine) { m.Push(' ') })
	un("\"COUNT", func(a int32) int32 { return int32(len(m.cstring(a))) })
	un("\"SIZE", func(a int32) int32 { return strSize(len(m.cstring(a))) })
	def("\"MOVE", func(m *Machine) { dst, src := m.Pop(), m.Pop(); m.putString(dst, m.cstring(src)) })
	def("\"=", func(m *Machine) { b, a := m.Pop(), m.Pop(); m.Push(flag(m.cstring(a) == m.cstring(b))) })
	def("TYPE", func(m *Machine) { m.emit(m.cstring(m.Pop())) })
	def("EMIT", func(m *Machine) { m.emit(string(rune(byte(m.Pop())))) })
	def("CR", func(m *Machine) { m.emit("\n") })
	def("SPACE", func(m *Machine) { m.emit(" ") })
	def("SPACES", func(m *Machine) {
		if n := m.Pop(); n > 0 {
			m.emit(strings.Repeat(" ", int(min(n, 1024))))
		}
	})
	def(".", func(m *Machine) { m.emit(m.format(m.Pop()) + " ") })
	// (NUMBER) ( n -- ) writes n in BASE to PAD: the framework builds
	// position names ("a1") with it.
	def("(NUMBER)", func(m *Machine) { m.putString(addrPad, m.format(m.Pop())) })
	inlineStr := func(m *Machine) int32 {
		if m.ip == 0 {
			m.fail("used outside a colon definition")
		}
		a := m.ip
		m.ip += strSize(len(m.cstring(a)))
		return a
	}
	m.xSQuote = def("(S\")", func(m *Machine) { m.Push(inlineStr(m)) })
	m.xDotQuote = def("(.\")", func(m *Machine) { m.emit(m.cstring(inlineStr(m))) })
	m.xAbortQuote = def("(ABORT\")", func(m *Machine) {
		a := inlineStr(m)
		if m.Pop() != 0 {
			m.failWord("ABORT\"", nil, "%s", m.cstring(a))
		}
	})
	// S" ." ABORT" keep CORE.4TH's behaviour: the string is parsed into
	// PAD; compiled, it is laid inline after (S") and the like; S" at
	// interpretation leaves the PAD address (a C string, no count).
	strWord := func(name string, x *int32, interp func(m *Machine, s string)) {
		imm(name, func(m *Machine) {
			s := m.word2pad('"')
			if m.state() {
				m.comma(*x)
				h := m.here()
				m.putString(h, s)
				m.store(addrDP, h+strSize(len(s)))
				return
			}
			interp(m, s)
		})
	}
	strWord("S\"", &m.xSQuote, func(m *Machine, s string) { m.Push(addrPad) })
	strWord(".\"", &m.xDotQuote, func(m *Machine, s string) { m.emit(s) })
	strWord("ABORT\"", &m.xAbortQuote, func(m *Machine, s string) {
		if m.Pop() != 0 {
			m.failWord("ABORT\"", nil, "%s", s)
		}
	})
	imm("ASCII", func(m *Machine) {
		w := m.name()
		m.literal(int32(w[0]))
	})

	// ---- floating point: 32-bit floats, one per cell ----
	f := func(v int32) float64 { return float64(math.Float32frombits(uint32(v))) }
	fc := func(x float64) int32 { return int32(math.Float32bits(float32(x))) }
	fbin := func(name string, g func(a, b float64) float64) {
		def(name, func(m *Machine) { b, a := m.Pop(), m.Pop(); m.Push(fc(g(f(a), f(b)))) })
	}
	fcmp := func(name string, g func(a, b float64) bool) {
		def(name, func(m *Machine) { b, a := m.Pop(), m.Pop(); m.Push(flag(g(f(a), f(b)))) })
	}
	fbin("F+", func(a, b float64) float64 { return a + b })
	fbin("F-", func(a, b float64) float64 { return a - b })
	fbin("F*", func(a, b float64) float64 { return a * b })
	fbin("F/", func(a, b float64) float64 { return a / b }) // IEEE: x/0 is ±Inf, as the FPU gives
	fcmp("F<", func(a, b float64) bool { return a < b })
	fcmp("F>", func(a, b float64) bool { return a > b })
	fcmp("F=", func(a, b float64) bool { return a == b })
	def("F0<", func(m *Machine) { m.Push(flag(f(m.Pop()) < 0)) })
	def("F0=", func(m *Machine) { m.Push(flag(f(m.Pop()) == 0)) })
	def("F0>", func(m *Machine) { m.Push(flag(f(m.Pop()) > 0)) })
	// The float stack is the data stack, so the F stack words are the
	// cell ones (CORE.4TH's FMIN uses DROP and SWAP on floats).
	def("FDUP", func(m *Machine) { m.need(1); m.Push(m.ds[len(m.ds)-1]) })
	def("FDROP", func(m *Machine) { m.Pop() })
	def("FSWAP", func(m *Machine) { m.need(2); n := len(m.ds); m.ds[n-1], m.ds[n-2] = m.ds[n-2], m.ds[n-1] })
	def("FOVER", func(m *Machine) { m.need(2); m.Push(m.ds[len(m.ds)-2]) })
	def("F2DUP", func(m *Machine) { m.need(2); n := len(m.ds); a, b := m.ds[n-2], m.ds[n-1]; m.Push(a); m.Push(b) })
	def("F@", func(m *Machine) { m.Push(m.fetch(m.Pop())) })
	def("F!", func(m *Machine) { a, v := m.Pop(), m.Pop(); m.store(a, v) })
	def("S>F", func(m *Machine) { m.Push(fc(float64(m.Pop()))) })
	def("F>S", func(m *Machine) {
		x := math.Trunc(f(m.Pop()))
		if math.IsNaN(x) || x < math.MinInt32 || x > math.MaxInt32 {
			m.fail("float %v does not fit in a cell", x)
		}
		m.Push(int32(x))
	})
	def("FNEGATE", func(m *Machine) { m.Push(fc(-f(m.Pop()))) })
	def("FABS", func(m *Machine) { m.Push(fc(math.Abs(f(m.Pop())))) })
	def("F.", func(m *Machine) { m.emit(strconv.FormatFloat(f(m.Pop()), 'g', -1, 32) + " ") })

	// ---- random numbers and time: kernel words with no game meaning ----
	// RAND-WITHIN ( lo hi -- n ) draws from lo..hi inclusive: the
	// framework's random engine asks for "0 move-count-1" to index moves.
	rand := func(stream int) {
		def([]string{"RAND-WITHIN", "RAND-WITHIN2"}[stream], func(m *Machine) {
			hi, lo := m.Pop(), m.Pop()
			if hi <= lo {
				m.Push(lo)
				return
			}
			span := uint64(int64(hi)-int64(lo)) + 1
			m.Push(int32(int64(lo) + int64(m.next(stream)%span)))
		})
		def([]string{"SEED!", "SEED2!"}[stream], func(m *Machine) { m.seed(stream, uint64(uint32(m.Pop()))) })
	}
	rand(0)
	rand(1)
	def("SYSTEM-TIME", func(m *Machine) { m.Push(int32(time.Now().UnixMilli())) })
	// $Rand64! ( addr -- ) fills two cells with random bits: the
	// framework's Zobrist tables.
	def("$Rand64!", func(m *Machine) {
		a := m.Pop()
		v := m.next(0)
		m.store(a, int32(uint32(v)))
		m.store(a+cell, int32(uint32(v>>32)))
	})
}

// execute dispatches a word from inside a primitive (EXECUTE, a deferred
// word), bounding how deep primitives may nest.
func (m *Machine) execute(cfa int32) {
	m.nest++
	if m.nest > maxNest {
		m.fail("EXECUTE nested more than %d deep", maxNest)
	}
	m.dispatch(cfa)
	m.nest--
}

// name reads the next blank-delimited word of the input: the name a
// defining word (: CREATE VARIABLE ...) or ' needs.
func (m *Machine) name() string {
	w := m.word2pad(' ')
	if w == "" {
		m.fail("missing name at end of input")
	}
	return w
}

// parse skips input up to the delimiter c without touching PAD.
func (m *Machine) parse(c byte) string {
	if n := len(m.srcs); n > 0 {
		return m.srcs[n-1].parseDelim(c)
	}
	return ""
}

// word2pad is WORD: the text up to c, also left in PAD (truncated to
// PAD's size, as a fixed buffer must).
func (m *Machine) word2pad(c byte) string {
	s := m.parse(c)
	if len(s) > padSize-1 {
		s = s[:padSize-1]
	}
	m.putString(addrPad, s)
	return s
}

// tick is ': the code field address of the next word of the input.
func (m *Machine) tick() int32 {
	w := m.name()
	nfa := m.find(w)
	if nfa == 0 {
		m.failWord(w, &UnknownWord{Name: w}, "unknown word")
	}
	return nfa + hdrCode
}

// allot moves HERE by n bytes, keeping it inside the dictionary space.
func (m *Machine) allot(n int64) {
	n += int64(m.here())
	if n < dictStart || n > int64(len(m.mem)) {
		m.fail("ALLOT moves HERE to %d, outside the dictionary [%d,%d]", n, dictStart, len(m.mem))
	}
	m.store(addrDP, int32(n))
}

func (m *Machine) emit(s string) { _, _ = io.WriteString(m.out, s) }

// format writes n in BASE, as . does.
func (m *Machine) format(n int32) string {
	b := m.fetch(addrBase)
	if b < 2 || b > 36 {
		m.fail("BASE %d is not a number base", b)
	}
	return strings.ToUpper(strconv.FormatInt(int64(n), int(b)))
}

// next is splitmix64: small, fast, and the same sequence for a seed on
// every platform, so runs with a fixed seed are reproducible.
func (m *Machine) next(stream int) uint64 {
	m.rng[stream] += 0x9e3779b97f4a7c15
	z := m.rng[stream]
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (m *Machine) seed(stream int, s uint64) { m.rng[stream] = s*0x2545f4914f6cdd1d + 1 }
