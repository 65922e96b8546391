package forth

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"path/filepath"
)

// Native is a word implemented in Go. It works on the machine's stacks and
// memory through Push, Pop, Fetch, Store and the like; those helpers stop
// the machine with a proper *Error on underflow or a bad address, so a
// native only returns an error for failures of its own.
type Native func(m *Machine) error

// Config sets the machine's limits and its connection to the host. The
// zero value of every field means its default.
type Config struct {
	MemSize     int   // bytes of memory (default 4 MiB; at least 256 KiB)
	StackDepth  int   // data stack cells (default 1024)
	ReturnDepth int   // return stack cells (default 1024)
	StepLimit   int64 // words executed per Interpret/LoadFile/Execute call (default 10 million)
	LoadDepth   int   // nesting of LOAD (default 16)
	Out         io.Writer
	// Resolve is asked for a word that is neither in the dictionary nor a
	// number when the outer interpreter meets it; a non-nil result is
	// defined as a native under that name and used. It lets a host supply
	// game words lazily (and the corpus test record which ones scripts
	// name). Words named through ' [COMPILE] -FIND are not resolved: -FIND
	// is how the framework asks whether a word exists ({link}).
	Resolve func(name string) Native
	Seed    uint64 // seed of the random number words (0: a fixed default)
	// ReadFile reads the file LOAD names, dir being the directory of the
	// file that LOADs; it returns the text and the path to report. Nil
	// means the operating system's files, matched in any case as on
	// Windows. A host that must not touch files sets one that refuses.
	ReadFile func(dir, name string) (text, path string, err error)
}

// Memory map. The low 8 KiB hold the kernel's variables and buffers; the
// dictionary starts above them. A code field holds either a primitive's
// index (below dictStart) or, for a word made by DOES>, the address of the
// code after DOES> (at or above dictStart): so primitive indices must stay
// below dictStart.
const (
	cell      = 4 // CORE.4TH: ": CELLSIZE 4 ;" — Axiom is a 32-bit Forth
	addrState = 4
	addrBase  = 8
	addrDP    = 12
	addrCur   = 16 // CURRENT: address of the vocabulary new words go into
	addrCtx   = 20 // CONTEXT: address of the vocabulary searched
	addrForth = 24 // the one vocabulary: its latest NFA
	addrPad   = 256
	padSize   = 4096
	// Host natives get their headers in an area of their own, not at
	// HERE: Resolve may define one in the middle of compiling a colon
	// definition, whose thread must stay contiguous.
	nativeStart = 8192
	nativeSize  = 64 << 10
	dictStart   = nativeStart + nativeSize

	// The header of a word, at its NFA, is four cells: the address of its
	// name (a NUL-terminated string laid down just before the header), a
	// flags cell (name length << 8 | flag bits), the link to the previous
	// NFA, and the code field; the parameter field follows. These offsets
	// are CORE.4TH's: NFA>CFA is 3 CELLS, NFA>LFA 2 CELLS, PFA>NFA 4 CELLS,
	// and (FORGET) resets DP to "CFA>NFA @", the name string's address.
	hdrName  = 0
	hdrFlags = 4
	hdrLink  = 8
	hdrCode  = 12

	flagImmediate = 1
	flagSmudge    = 2 // set while a colon definition is being compiled
)

type prim struct {
	name string
	fn   func(m *Machine)
}

// Machine is one ForthScript machine: its memory (dictionary, variables,
// buffers), stacks, the primitives and host natives, and the input being
// interpreted. It is not safe for concurrent use.
type Machine struct {
	cfg      Config
	out      io.Writer
	mem      []byte
	ds       []int32
	rs       []int32
	ip       int32   // next cell of the running thread; 0 = none (interpreting)
	w        int32   // code field address of the word being dispatched
	cur      int32   // code of the primitive running, for error messages
	nest     int     // depth of primitives executing words (execute)
	catches  int     // Catch calls running (Exit unwinds to the innermost)
	exiting  bool    // an Exit unwinds to the innermost Catch
	natHere  int32   // next free byte of the native header area
	colon    int32   // NFA of the colon definition being compiled (0 = none)
	colonSrc *source // the source it began in
	colonTok int     // and the offset there
	steps    int64
	prims    []prim
	srcs     []*source

	// code field values of the primitives the compiler lays down
	cDocol, cDovar, cDocon, cDodefer                 int32
	xExit, xLit, xBranch, x0Branch, xDo, xQDo, xLoop int32
	xPLoop, xSQuote, xDotQuote, xAbortQuote, xAbort  int32
	xFetch                                           int32 // @, for CONSTANT's DOES> body (inner.go)
	ops                                              []op  // what dispatch does in line, by primitive

	// the decoded words (decode.go): an inst by code field address, the
	// cells decodings read, and the range of dec in use
	dec          []inst
	watched      []uint64
	watchAny     bool
	decLo, decHi int

	// locs maps a compiled cell of a colon definition to the source word
	// it was compiled from, so that a failure while the host runs a word
	// names the file:line of the word that failed (offsets are turned
	// into lines only then: counting lines at every word would make
	// loading quadratic).
	locs map[int32]srcLoc

	rng  [2]uint64 // two streams: RAND-WITHIN and RAND-WITHIN2
	word string    // the word the outer interpreter is on
}

// New makes a machine with the language's words defined and nothing else.
func New(cfg Config) *Machine {
	if cfg.MemSize <= 0 {
		cfg.MemSize = 4 << 20
	}
	if cfg.MemSize < 256<<10 {
		cfg.MemSize = 256 << 10
	}
	if cfg.MemSize > math.MaxInt32 {
		cfg.MemSize = math.MaxInt32 &^ 3
	}
	if cfg.StackDepth <= 0 {
		cfg.StackDepth = 1024
	}
	if cfg.ReturnDepth <= 0 {
		cfg.ReturnDepth = 1024
	}
	if cfg.StepLimit <= 0 {
		cfg.StepLimit = 10_000_000
	}
	if cfg.LoadDepth <= 0 {
		cfg.LoadDepth = 16
	}
	m := &Machine{cfg: cfg, out: cfg.Out}
	if m.out == nil {
		m.out = io.Discard
	}
	m.mem = make([]byte, cfg.MemSize)
	m.ds = make([]int32, 0, cfg.StackDepth)
	m.rs = make([]int32, 0, cfg.ReturnDepth)
	m.store(addrBase, 10)
	m.store(addrDP, dictStart)
	m.store(addrCur, addrForth)
	m.store(addrCtx, addrForth)
	m.natHere = nativeStart
	m.seed(0, cfg.Seed)
	m.seed(1, cfg.Seed+1)
	m.installKernel()
	m.setOps()
	m.initDecode()
	return m
}

// srcLoc is a place in a source text.
type srcLoc struct {
	src *source
	off int
}

// markSource records where the cell about to be compiled comes from.
func (m *Machine) markSource() {
	n := len(m.srcs)
	if n == 0 {
		return
	}
	if m.locs == nil {
		m.locs = map[int32]srcLoc{}
	}
	s := m.srcs[n-1]
	m.locs[m.here()] = srcLoc{s, s.tok}
}

// ---- errors ----------------------------------------------------------

// fail stops the machine: the word that failed is the primitive running,
// or when none is (the outer interpreter itself) the word being read.
func (m *Machine) fail(format string, args ...any) {
	w := m.word
	switch {
	case m.cur >= numCodeActions && int(m.cur) < len(m.prims):
		w = m.prims[m.cur].name
	case m.cur >= 0 && m.cur < numCodeActions:
		// a code action fails on behalf of the word it runs
		w = m.peekString(m.peek(m.w - hdrCode + hdrName))
		if w == "" {
			w = m.prims[m.cur].name
		}
	}
	m.failWord(w, nil, format, args...)
}

func (m *Machine) failWord(word string, cause error, format string, args ...any) {
	panic(&fault{word: word, msg: fmt.Sprintf(format, args...), err: cause, loc: m.where()})
}

// where is the source position of the failure, taken when it happens:
// unwinding a nested LOAD pops its source on the way to the boundary.
func (m *Machine) where() *Error {
	e := &Error{File: "(host)"}
	if n := len(m.srcs); n > 0 {
		s := m.srcs[n-1]
		e.File, e.Line = s.name, s.lineAt(s.tok)
	} else if l, ok := m.locs[m.ip-cell]; ok && m.ip != 0 {
		// A word run by the host (a game's move word): the source of
		// the compiled word that failed.
		e.File, e.Line = l.src.name, l.src.lineAt(l.off)
	}
	e.Trace = m.trace()
	return e
}

// trace names the colon definitions whose threads hold the current ip and
// the return addresses on the return stack (loop parameters and other
// values there name nothing and are skipped).
func (m *Machine) trace() []string {
	var t []string
	add := func(a int32) {
		if n := m.nameOfAddr(a); n != "" && len(t) < 16 {
			t = append(t, n)
		}
	}
	if m.ip != 0 {
		add(m.ip)
	}
	for i := len(m.rs) - 1; i >= 0; i-- {
		add(m.rs[i])
	}
	return t
}

// nameOfAddr is the name of the word whose body holds address a: the word
// with the highest NFA below a (the dictionary grows upward).
func (m *Machine) nameOfAddr(a int32) string {
	if a < dictStart || int(a) >= len(m.mem) {
		return ""
	}
	best := int32(0)
	nfa := m.peek(m.peek(addrCtx))
	for n := 0; nfa != 0 && n < len(m.mem)/16; n++ {
		if nfa < a && nfa > best {
			best = nfa
		}
		nfa = m.peek(nfa + hdrLink)
	}
	if best == 0 || best < dictStart {
		return ""
	}
	return m.peekString(m.peek(best + hdrName))
}

// guard turns a failure inside the machine into an error at the API
// boundary: a fault as an *Error, and any other panic (a bug of the
// machine's own) as an *Error too rather than a crash of the host.
func (m *Machine) guard(err *error) {
	r := recover()
	if r == nil {
		return
	}
	var e *Error
	switch f := r.(type) {
	case *fault:
		e = f.loc
		e.Word, e.Msg, e.Err = f.word, f.msg, f.err
	default:
		e = m.where()
		e.Word = m.word
		e.Msg = fmt.Sprintf("internal error: %v", r)
	}
	// A failed run leaves no half-finished state behind for the next call:
	// the stacks are cleared and compilation is abandoned, as ABORT does.
	m.ds = m.ds[:0]
	m.rs = m.rs[:0]
	m.ip = 0
	m.nest = 0
	m.catches = 0
	m.exiting = false
	m.cur = -1
	m.store(addrState, 0)
	m.srcs = m.srcs[:0]
	*err = e
}

// ---- memory ----------------------------------------------------------

func (m *Machine) check(a int32, n int32) {
	if a|n < 0 || int(a)+int(n) > len(m.mem) {
		m.badAddress(a, n)
	}
}

// badAddress fails for check (apart, so that check is inlined).
func (m *Machine) badAddress(a, n int32) {
	m.fail("address %d (+%d) outside memory [0,%d)", a, n, len(m.mem))
}

func (m *Machine) fetch(a int32) int32 {
	m.check(a, cell)
	return int32(binary.LittleEndian.Uint32(m.mem[a:]))
}

func (m *Machine) store(a, v int32) {
	m.check(a, cell)
	binary.LittleEndian.PutUint32(m.mem[a:], uint32(v))
	m.wroteCell(a)
}

// peek reads a cell without failing (0 outside memory): for the error
// path, which must not fail again.
func (m *Machine) peek(a int32) int32 {
	if a < 0 || int(a)+cell > len(m.mem) {
		return 0
	}
	return int32(binary.LittleEndian.Uint32(m.mem[a:]))
}

func (m *Machine) peekString(a int32) string {
	if a <= 0 || int(a) >= len(m.mem) {
		return ""
	}
	end := int(a)
	for end < len(m.mem) && m.mem[end] != 0 && end-int(a) < 256 {
		end++
	}
	return string(m.mem[a:end])
}

// cstring is the NUL-terminated string at a: Axiom's strings are C
// strings (CORE.4TH's "(.")" passes TYPE one address, no count).
func (m *Machine) cstring(a int32) string {
	m.check(a, 1)
	end := a
	for int(end) < len(m.mem) && m.mem[end] != 0 {
		end++
	}
	if int(end) >= len(m.mem) {
		m.fail("string at %d has no terminating NUL", a)
	}
	return string(m.mem[a:end])
}

// putString lays s down at a with its NUL.
func (m *Machine) putString(a int32, s string) {
	m.check(a, int32(len(s))+1)
	copy(m.mem[a:], s)
	m.mem[int(a)+len(s)] = 0
	m.wrote(a, int32(len(s))+1)
}

// strSize is CORE.4TH's "SIZE: the cells a string takes inline,
// ("COUNT 1+ CELLSIZE + CELLSIZE / CELLS), one more than strictly needed
// when the length is a multiple of the cell minus one, and kept so that the
// kernel's inline strings and CORE.4TH's own skip the same bytes.
func strSize(n int) int32 { return int32((n + 1 + cell) / cell * cell) }

func (m *Machine) here() int32 { return m.fetch(addrDP) }

func (m *Machine) comma(v int32) {
	h := m.here()
	m.store(h, v)
	m.store(addrDP, h+cell)
}

// ---- stacks ----------------------------------------------------------

// Push puts a cell on the data stack.
func (m *Machine) Push(v int32) {
	if len(m.ds) >= m.cfg.StackDepth {
		m.overflow()
	}
	m.ds = append(m.ds, v)
}

func (m *Machine) overflow() { m.fail("data stack overflow (%d cells)", m.cfg.StackDepth) }

func (m *Machine) underflow() { m.fail("data stack underflow") }

// Pop takes the top cell of the data stack.
func (m *Machine) Pop() int32 {
	n := len(m.ds)
	if n == 0 {
		m.underflow()
	}
	v := m.ds[n-1]
	m.ds = m.ds[:n-1]
	return v
}

// need fails unless the data stack holds n cells.
func (m *Machine) need(n int) {
	if len(m.ds) < n {
		m.fail("data stack underflow (needs %d, has %d)", n, len(m.ds))
	}
}

// Depth is the number of cells on the data stack.
func (m *Machine) Depth() int { return len(m.ds) }

// Stack is a copy of the data stack, bottom first.
func (m *Machine) Stack() []int32 { return append([]int32(nil), m.ds...) }

func (m *Machine) rpush(v int32) {
	if len(m.rs) >= m.cfg.ReturnDepth {
		m.rOverflow()
	}
	m.rs = append(m.rs, v)
}

func (m *Machine) rUnderflow() { m.fail("return stack underflow") }

func (m *Machine) rOverflow() {
	m.fail("return stack overflow (%d cells): recursion too deep?", m.cfg.ReturnDepth)
}

func (m *Machine) rpop() int32 {
	n := len(m.rs)
	if n == 0 {
		m.rUnderflow()
	}
	v := m.rs[n-1]
	m.rs = m.rs[:n-1]
	return v
}

func (m *Machine) rpeek(i int) int32 {
	n := len(m.rs)
	if n <= i {
		m.fail("return stack underflow")
	}
	return m.rs[n-1-i]
}

// Fetch reads the cell at address a.
func (m *Machine) Fetch(a int32) int32 { return m.fetch(a) }

// Store writes the cell at address a.
func (m *Machine) Store(a, v int32) { m.store(a, v) }

// String reads the NUL-terminated string at address a.
func (m *Machine) String(a int32) string { return m.cstring(a) }

// ---- dictionary ------------------------------------------------------

// addPrim appends a primitive to the table and returns its code.
func (m *Machine) addPrim(name string, fn func(*Machine)) int32 {
	if len(m.prims) >= dictStart {
		panic("forth: too many primitives")
	}
	m.prims = append(m.prims, prim{name, fn})
	return int32(len(m.prims) - 1)
}

// header lays down a new word's name and header with the given code and
// makes it the latest word of the CURRENT vocabulary; it returns the CFA.
func (m *Machine) header(name string, code int32, flags int32) int32 {
	h := m.here()
	cfa := m.headerAt(&h, dictStart, int32(len(m.mem)), name, code, flags)
	m.store(addrDP, h)
	return cfa
}

// headerAt lays the header down at *at (advancing it), which must stay
// within [lo,hi).
func (m *Machine) headerAt(at *int32, lo, hi int32, name string, code int32, flags int32) int32 {
	if name == "" {
		m.fail("missing name")
	}
	if len(name) > 255 {
		m.fail("name longer than 255 characters")
	}
	nameAddr := *at
	end := int64(nameAddr) + int64(strSize(len(name))) + 4*cell
	if nameAddr < lo || end > int64(hi) {
		m.fail("no room for the header of %s", name)
	}
	m.putString(nameAddr, name)
	nfa := nameAddr + strSize(len(name))
	voc := m.fetch(addrCur)
	m.store(nfa+hdrName, nameAddr)
	m.store(nfa+hdrFlags, int32(len(name))<<8|flags)
	m.store(nfa+hdrCode, code)
	*at = nfa + hdrCode + cell
	if lo == nativeStart {
		// A native is linked at the bottom of the vocabulary, as if the
		// kernel had it from the start: LATEST stays the word being
		// defined when Resolve supplies a native in mid-definition, and
		// any Forth definition of the same name shadows the native.
		m.store(nfa+hdrLink, 0)
		last := m.fetch(voc)
		if last == 0 {
			m.store(voc, nfa)
			return nfa + hdrCode
		}
		for n := 0; ; n++ {
			if n > len(m.mem)/16 {
				m.fail("dictionary links form a loop")
			}
			next := m.fetch(last + hdrLink)
			if next == 0 {
				break
			}
			last = next
		}
		m.store(last+hdrLink, nfa)
		return nfa + hdrCode
	}
	m.store(nfa+hdrLink, m.fetch(voc))
	m.store(voc, nfa)
	return nfa + hdrCode
}

func (m *Machine) latest() int32 { return m.fetch(m.fetch(addrCur)) }

// find looks a word up in the CONTEXT vocabulary, newest first, and
// returns its NFA or 0. The match is exact in case: Axiom's words differ
// by case alone (the framework defines "here" ( -- pos ) beside the
// kernel's HERE, and the move word "drop" beside DROP).
func (m *Machine) find(name string) int32 {
	n := int32(len(name))
	nfa := m.fetch(m.fetch(addrCtx))
	for steps := 0; nfa != 0; steps++ {
		if steps > len(m.mem)/16 {
			m.fail("dictionary links form a loop")
		}
		fl := m.fetch(nfa + hdrFlags)
		if fl&flagSmudge == 0 && fl>>8 == n {
			a := m.fetch(nfa + hdrName)
			m.check(a, n)
			if string(m.mem[a:a+n]) == name {
				return nfa
			}
		}
		nfa = m.fetch(nfa + hdrLink)
	}
	return 0
}

// Define makes name a word that runs fn: the way a host adds the native
// words of a game engine (Axiom's board, move and search words). Natives
// are kernel words: they sit below every Forth definition in the
// dictionary, so a Forth word of the same name (defined before or after)
// shadows them; define natives before loading the framework.
func (m *Machine) Define(name string, fn Native) (err error) {
	defer m.guard(&err)
	m.word = name
	m.defineNative(name, fn)
	return nil
}

func (m *Machine) defineNative(name string, fn Native) int32 {
	code := m.addPrim(name, func(m *Machine) {
		if err := fn(m); err != nil {
			m.failWord(name, err, "%v", err)
		}
	})
	return m.headerAt(&m.natHere, nativeStart, dictStart, name, code, 0)
}

// Find returns the code field address of a word, for EXECUTE or Call.
func (m *Machine) Find(name string) (cfa int32, ok bool) {
	defer func() {
		if recover() != nil {
			cfa, ok = 0, false
		}
	}()
	nfa := m.find(name)
	if nfa == 0 {
		return 0, false
	}
	return nfa + hdrCode, true
}

// ---- inner interpreter -----------------------------------------------

// run executes one word and, if it is threaded, its thread to the end.
func (m *Machine) run(cfa int32) {
	saved, savedCur := m.ip, m.cur
	m.ip = 0
	m.cur = -1
	m.dispatch(cfa)
	m.loop()
	m.ip, m.cur = saved, savedCur
}

// inline reads the cell after the current one in the running thread (a
// literal, a branch target) and steps over it.
func (m *Machine) inline() int32 {
	if m.ip == 0 {
		m.fail("used outside a colon definition")
	}
	v := m.fetch(m.ip)
	m.ip += cell
	return v
}

// ---- outer interpreter -----------------------------------------------

func (m *Machine) state() bool { return m.fetch(addrState) != 0 }

func (m *Machine) interpret(s *source) {
	if len(m.srcs) >= m.cfg.LoadDepth {
		m.fail("LOAD nested more than %d deep", m.cfg.LoadDepth)
	}
	m.srcs = append(m.srcs, s)
	for {
		w := s.parseName()
		if w == "" {
			break
		}
		m.word = w
		m.cur = -1
		// Each word read counts against the budget too, so that text which
		// only compiles (or LOADs itself over and over) is bounded as well.
		m.steps++
		if m.steps > m.cfg.StepLimit {
			m.failWord(w, nil, "step budget of %d exceeded", m.cfg.StepLimit)
		}
		nfa := m.find(w)
		if nfa == 0 {
			if n, ok := parseNumber(w, m.fetch(addrBase)); ok {
				m.literal(n)
				continue
			}
			if n, ok := parseFloat(w, m.fetch(addrBase)); ok {
				m.literal(n)
				continue
			}
			if m.cfg.Resolve != nil {
				if fn := m.cfg.Resolve(w); fn != nil {
					nfa = m.defineNative(w, fn) - hdrCode
				}
			}
			if nfa == 0 {
				m.failWord(w, &UnknownWord{Name: w}, "unknown word")
			}
		}
		cfa := nfa + hdrCode
		if m.state() && m.fetch(nfa+hdrFlags)&flagImmediate == 0 {
			m.markSource()
			m.comma(cfa)
		} else {
			m.run(cfa)
		}
	}
	if m.state() && m.colonSrc != nil {
		// A definition does not span files: an unended one is a missing
		// or misspelt ; (ChessCraft's pieces.4th has "1 jump;").
		s.tok = len(s.text)
		m.failWord(m.peekString(m.peek(m.colon+hdrName)), nil, "definition begun at %s:%d not ended (missing ;) at end of file", m.colonSrc.name, m.colonSrc.lineAt(m.colonTok))
	}
	m.srcs = m.srcs[:len(m.srcs)-1]
}

func (m *Machine) literal(n int32) {
	if m.state() {
		m.markSource()
		m.comma(m.xLit)
		m.comma(n)
	} else {
		m.Push(n)
	}
}

// Interpret runs the outer interpreter over text, as if it were the file
// named file (which error messages give, and LOAD resolves names against).
func (m *Machine) Interpret(file, text string) (err error) {
	defer m.guard(&err)
	m.steps = 0
	m.interpret(&source{name: file, dir: filepath.Dir(file), text: text})
	return nil
}

// LoadFile interprets the file at path.
func (m *Machine) LoadFile(path string) (err error) {
	defer m.guard(&err)
	text, p, rerr := readSourceFile("", path)
	if rerr != nil {
		m.word = "LOAD"
		m.failWord("LOAD", rerr, "%v", rerr)
	}
	m.steps = 0
	m.interpret(&source{name: p, dir: filepath.Dir(p), text: text})
	return nil
}

// load is the kernel's LOAD: the next word names a file, resolved against
// the directory of the file being interpreted.
func (m *Machine) load(name string) {
	dir := ""
	if n := len(m.srcs); n > 0 {
		dir = m.srcs[n-1].dir
	}
	read := m.cfg.ReadFile
	if read == nil {
		read = readSourceFile
	}
	text, p, err := read(dir, name)
	if err != nil {
		m.failWord("LOAD", err, "%v", err)
	}
	m.interpret(&source{name: p, dir: filepath.Dir(p), text: text})
}

// Execute runs the word named name with the current stacks.
func (m *Machine) Execute(name string) (err error) {
	defer m.guard(&err)
	m.steps = 0
	m.word = name
	nfa := m.find(name)
	if nfa == 0 {
		m.failWord(name, &UnknownWord{Name: name}, "unknown word")
	}
	m.run(nfa + hdrCode)
	return nil
}

// Call runs the word at code field address cfa: for a native that calls
// back into Forth (a search engine calling OnEvaluate). It shares the
// caller's step budget.
func (m *Machine) Call(cfa int32) { m.run(cfa) }
