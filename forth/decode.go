package forth

// The decoded words. What a word does when a thread runs it depends on
// its code field and, for the short words done at once, on a few cells of
// its body: loop reads them once, when it first meets the word, and keeps
// the result (an inst) by the word's code field address, so that running a
// word is one look-up and one switch. The cells a decoding read are
// watched: a store to one of them (a redefinition over FORGETten words, a
// script patching a code field or a body) drops every decoded word, and
// they are decoded again as they are met. Values the words push or read
// (a variable's cell, a constant's, a deferred word's target) are read
// when the word runs, never decoded.

// An inst is a decoded word: its op (bits 0-7), the words it stands for
// beyond the one dispatched (bits 8-15: a short colon word done at once
// counts its body's words, as the thread would) and an argument (bits
// 32-63: an address or a value, by op). Zero is "not decoded".
type inst uint64

func mkInst(o op, extra int, arg int32) inst {
	return inst(o) | inst(uint8(extra))<<8 | inst(uint32(arg))<<32
}

func (d inst) op() op       { return op(d) }
func (d inst) extra() int64 { return int64(uint8(d >> 8)) }
func (d inst) arg() int32   { return int32(uint32(d >> 32)) }

// initDecode makes the tables of decoded words and watched cells.
func (m *Machine) initDecode() {
	m.dec = make([]inst, len(m.mem)/cell)
	m.watched = make([]uint64, (len(m.mem)/cell+63)/64)
	m.decLo, m.decHi = len(m.dec), 0
}

// watch marks the cell at a as read by a decoding.
func (m *Machine) watch(a int32) {
	i := a / cell
	m.watched[i/64] |= 1 << (uint(i) % 64)
	m.watchAny = true
}

// wrote tells the decoded words that the n bytes at a (checked to be in
// memory) were written: a watched cell among them drops them all.
func (m *Machine) wrote(a, n int32) {
	if !m.watchAny || n <= 0 {
		return
	}
	for i := a / cell; i <= (a+n-1)/cell; i++ {
		if m.watched[i/64]&(1<<(uint(i)%64)) != 0 {
			m.dropDecoded()
			return
		}
	}
}

// wroteCell is wrote for one cell, the common case, kept small enough to
// be inlined into the stores.
func (m *Machine) wroteCell(a int32) {
	if m.watchAny {
		i, j := a/cell, (a+cell-1)/cell
		if (m.watched[i/64]>>(uint(i)%64))&1 != 0 || (m.watched[j/64]>>(uint(j)%64))&1 != 0 {
			m.dropDecoded()
		}
	}
}

// dropDecoded forgets every decoded word and watched cell.
func (m *Machine) dropDecoded() {
	if m.decLo < m.decHi {
		clear(m.dec[m.decLo:m.decHi])
	}
	m.decLo, m.decHi = len(m.dec), 0
	clear(m.watched)
	m.watchAny = false
}

// decoded is the inst of the word at cfa x, decoding it when it is met
// first; 0 when x is no word loop can run itself (dispatch then runs or
// rejects it, with its errors).
func (m *Machine) decoded(x int32) inst {
	if x < nativeStart || int(x) > len(m.mem)-cell {
		return 0
	}
	if x%cell != 0 {
		return m.decodeWord(x, 0)
	}
	i := int(x / cell)
	if d := m.dec[i]; d != 0 {
		return d
	}
	d := m.decodeWord(x, 0)
	if d != 0 {
		m.dec[i] = d
		m.decLo, m.decHi = min(m.decLo, i), max(m.decHi, i+1)
	}
	return d
}

// readWatched reads the cell at a for a decoding, or reports that it is
// outside memory.
func (m *Machine) readWatched(a int32) (int32, bool) {
	if a < 0 || int(a) > len(m.mem)-cell {
		return 0, false
	}
	m.watch(a)
	if a%cell != 0 {
		m.watch(a + cell - 1)
	}
	return le(m.mem, a), true
}

// body reads a thread of n cells at b for a decoding; ok is false when
// they are not all in memory or the thread ends (EXIT) elsewhere than at
// the n-th. It reads no cell past an EXIT: what follows a short word is
// often HERE, which a host rewrites (the code a move COMPILEs).
func (m *Machine) body(b int32, n int) (cells [4]int32, ok bool) {
	for k := 0; k < n; k++ {
		c, in := m.readWatched(b + int32(k)*cell)
		if !in {
			return cells, false
		}
		cells[k] = c
		if c == m.xExit {
			return cells, k == n-1
		}
	}
	return cells, false
}

// decodeWord works out what the word at cfa x does (x in memory). depth
// bounds the look into the words a short body names.
func (m *Machine) decodeWord(x int32, depth int) inst {
	code, _ := m.readWatched(x)
	switch {
	case code >= 0 && int(code) < len(m.ops):
		o := m.ops[code]
		switch o {
		case opColon:
			if depth < 2 {
				if d := m.shortColon(x+cell, depth); d != 0 {
					return d
				}
			}
			return mkInst(opColon, 0, x+cell)
		case opCreate:
			return mkInst(opPushImm, 0, x+cell)
		case opConst:
			return mkInst(opPushFetch, 0, x+cell)
		case opArray:
			return mkInst(opIndex, 0, x+cell)
		case opCellSize:
			return mkInst(opPushImm, 0, cell)
		case opCall:
			return mkInst(opCall, 0, x)
		}
		return mkInst(o, 0, x)
	case code >= 0 && int(code) < len(m.prims):
		return mkInst(opCall, 0, x) // a host native
	case code >= dictStart && int(code) < len(m.mem):
		// A DOES> word. CORE.4TH's CONSTANT is "<BUILDS , DOES> @" and
		// its [] "<BUILDS CELLS ALLOT DOES> SWAP CELLS +".
		if c, ok := m.body(code, 2); ok && c[0] == m.xFetch {
			return mkInst(opPushFetch, 2, x+cell)
		}
		if c, ok := m.body(code, 4); ok && depth < 2 && c[1] >= nativeStart {
			if sw, _ := m.readWatched(c[0]); sw >= 0 && int(sw) < len(m.ops) && m.ops[sw] == opSwap {
				if pl, _ := m.readWatched(c[2]); pl >= 0 && int(pl) < len(m.ops) && m.ops[pl] == opPlus {
					if s := m.scale(c[1], depth+1); s != 0 && s.arg() == cell {
						return mkInst(opIndex, 4+int(s.extra()), x+cell)
					}
				}
			}
		}
		return mkInst(opDoes, 0, x)
	}
	return 0
}

// shortColon decodes the colon body at b when it is one of the short
// forms done at once: "LIT n EXIT" (": CELLSIZE 4 ;"), "var @ EXIT" (":
// here $pos @ ;"), "k * EXIT" with k a word pushing a value (CORE.4TH's
// ": CELLS CELLSIZE * ;"); else 0.
func (m *Machine) shortColon(b int32, depth int) inst {
	c, ok := m.body(b, 3)
	if !ok {
		return 0
	}
	if c[0] == m.xLit {
		return mkInst(opPushImm, 2, c[1])
	}
	if c[1] == m.xFetch && c[0] >= nativeStart {
		if v, in := m.readWatched(c[0]); in && v == codeCreate && c[0]+cell <= int32(len(m.mem)-cell) {
			return mkInst(opPushFetch, 3, c[0]+cell)
		}
	}
	if c[0] >= nativeStart && c[1] >= nativeStart {
		if t, in := m.readWatched(c[1]); in && t >= 0 && int(t) < len(m.ops) && m.ops[t] == opTimes {
			if k := m.decodeWord(c[0], depth+1); k.op() == opPushImm {
				return mkInst(opTimesImm, 3+int(k.extra()), k.arg())
			}
		}
	}
	return 0
}

// scale is the decoded word at x when it multiplies the top of the stack
// by a constant (the kernel's CELLS, or a colon word as shortColon's
// "k *"); else 0.
func (m *Machine) scale(x int32, depth int) inst {
	if x < nativeStart || int(x) > len(m.mem)-cell {
		return 0
	}
	d := m.decodeWord(x, depth)
	switch d.op() {
	case opCells:
		return mkInst(opTimesImm, 0, cell)
	case opTimesImm:
		return d
	}
	return 0
}
