package forth

// Catch runs the word at cfa (from inside a native, as Call does) and
// reports whether it ended by Exit. Axiom's "verify" is "NOT IF $Exit
// ENDIF": a failed condition abandons the whole move word being generated,
// from however deep inside its colon definitions and EXECUTEs, which a
// threaded EXIT cannot do. Catch marks where that unwinding stops: the
// return stack, the EXECUTE nesting and the thread are restored to what
// they were, and the data stack is cut back to its depth at the call.
//
// Exit unwinds without a Go panic (a failed verify is the commonest way a
// move word ends, thousands of times a position): it raises a flag at
// which every inner-interpreter loop stops, up to this Catch.
func (m *Machine) Catch(cfa int32) (exited bool) {
	ds, rs, nest, ip, cur := len(m.ds), len(m.rs), m.nest, m.ip, m.cur
	m.catches++
	m.run(cfa)
	m.catches--
	if !m.exiting {
		return false
	}
	m.exiting = false
	if len(m.ds) > ds {
		m.ds = m.ds[:ds]
	}
	m.rs = m.rs[:rs]
	m.nest, m.ip, m.cur = nest, ip, cur
	return true
}

// Exit abandons the word the innermost Catch runs (for a host's $Exit
// native, which should return at once: the threads stop as it returns).
// Outside any Catch it fails the machine with an error.
func (m *Machine) Exit() {
	if m.catches == 0 {
		m.fail("$Exit outside a move being generated")
	}
	m.exiting = true
}

// Exiting reports whether an Exit is unwinding to its Catch: a native that
// ran Forth code (RunThread, Call) and finds it set returns at once.
func (m *Machine) Exiting() bool { return m.exiting }

// ExecuteCatch is Catch at the API boundary: it runs the word at cfa with
// a fresh step budget and returns, besides whether it exited, any failure
// as an *Error (the stacks cleared, as Execute does).
func (m *Machine) ExecuteCatch(cfa int32) (exited bool, err error) {
	defer m.guard(&err)
	m.steps = 0
	m.word = m.peekString(m.peek(cfa - hdrCode + hdrName))
	return m.Catch(cfa), nil
}

// ExecuteCFA runs the word at cfa at the API boundary, as Execute runs one
// by name.
func (m *Machine) ExecuteCFA(cfa int32) (err error) {
	defer m.guard(&err)
	m.steps = 0
	m.word = m.peekString(m.peek(cfa - hdrCode + hdrName))
	m.run(cfa)
	return nil
}

// Seed restarts both random number streams (RAND-WITHIN, RAND-WITHIN2)
// from seed: a host that needs a script's random choices to repeat (the
// same position must give the same moves) seeds before each run.
func (m *Machine) Seed(seed uint64) {
	m.seed(0, seed)
	m.seed(1, seed+1)
}

// FoldPath finds the existing path that equals path but for case, as LOAD
// does for file names (Zillions ran on Windows): hosts locating scripts
// match names the same way.
func FoldPath(path string) (string, bool) { return foldPath(path) }

// Here is the dictionary pointer (HERE), and SetHere moves it: Axiom's
// move words COMPILE code into the move being built ("COMPILE
// WhitePieces++" in Ur.4th, axiom.4th's partial), which the host collects
// from where HERE stood and then takes back.
func (m *Machine) Here() int32 { return m.here() }

// SetHere sets the dictionary pointer (see Here).
func (m *Machine) SetHere(a int32) {
	m.check(a, 0)
	m.store(addrDP, a)
}

// EndThread lays down the end of a thread (the EXIT that ";" compiles) at
// HERE, so that RunThread can run cells a script compiled.
func (m *Machine) EndThread() { m.comma(m.xExit) }

// RunThread runs the compiled cells at addr, which EndThread ended, as a
// colon definition's body, from inside a native (failures unwind as from
// any word).
func (m *Machine) RunThread(addr int32) {
	saved, savedCur := m.ip, m.cur
	m.rpush(0)
	m.ip = addr
	m.loop()
	m.ip, m.cur = saved, savedCur
}
