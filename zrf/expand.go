// This file defines Expand, the (define ...) macro expander.

package zrf

import (
	"fmt"
	"strconv"
	"strings"
)

// Limits that keep hostile or buggy macros from hanging or exhausting
// memory. Native files are big after expansion: Focus.zrf and Dakon.zrf
// need about 3.2 million work units (2.9 million output nodes, ~500 MB), so
// the budget allows twice that; no real macro nests more than about 6 calls
// deep. TestReadExpandCorpus logs the largest expansion.
const (
	maxMacroDepth = 100       // nested macro calls
	maxExpandWork = 6_000_000 // nodes visited plus nodes created, per Expand
	maxAtomLen    = 1 << 16   // bytes in one atom or string built by pasting
)

// Expand collects every top-level (define NAME body...) (forward references allowed: collect all
// first, as Z2J does), removes them, and expands every macro call (a list whose head atom names a
// macro) everywhere, eagerly, splicing the body forms in place of the call. It returns the macro-free
// top-level forms.
//
// The output shares nodes with the input and among its own lists (the same
// node may appear in several places); treat it as read-only.
func Expand(forms []*Node) (out []*Node, warnings []*Error, err error) {
	return newExpander().expandAll(forms)
}

// expandShared is Expand for loading: nodes out of macro bodies are shared
// by every user call whose expansion reads the same arguments (see
// callMemo), so they cannot carry their call position. Those nodes have
// perUse origins: a node's call position is that of the nearest enclosing
// node with a known one, and the top nodes of each user call's expansion
// have theirs (Origin.perUse, Node.callPosIn). Focus.zrf then expands to
// 54,000 nodes instead of 1.2 million; the loader gives the nodes outside
// move definitions their positions (materialize) and lowering tracks them
// in move definitions.
//
// The bodies of defines read lazily (lazies, see parse) are read when the
// macro is first called.
func expandShared(forms []*Node, lazies map[*Node]*lazyBody) (out []*Node, warnings []*Error, err error) {
	x := newExpander()
	x.share, x.lazies, x.atoms = true, lazies, map[string]string{}
	return x.expandAll(forms)
}

func (x *expander) expandAll(forms []*Node) (out []*Node, warnings []*Error, err error) {
	rest := x.collect(forms)
	if err := x.run(rest, &out); err != nil {
		return nil, x.warnings, err
	}
	if len(x.errs) > 0 {
		return nil, x.warnings, x.errs.Err()
	}
	return out, x.warnings, nil
}

// macro is one (define NAME body...).
type macro struct {
	name string
	def  *Node // the define form, for its position
	body []*Node
	// tmpl is body prepared for expansion, made on the first call: a macro
	// nobody calls then costs nothing beyond being read.
	tmpl []*tnode
	// lazy, when not nil, is where the body is still to be read (parse).
	lazy *lazyBody
	// origin is the origin of the nodes out of this macro in the user call
	// numbered originGen.
	origin    *Origin
	originGen uint32
	// perUse is the origin of the nodes out of this macro when expansions
	// are shared (their call position depends on where they are used).
	perUse *Origin
}

// tnode is a node of a macro body prepared for expansion: what expanding
// it needs to know is worked out once per macro instead of at each of its
// expansions (Focus.zrf expands its bodies into 1.2 million nodes).
type tnode struct {
	n    *Node
	kids []*tnode
	// closed: no parameter and no macro call anywhere in it. Such a
	// subtree expands to the same nodes every time it is reached from one
	// user call, and in native files it is reached very often (tavreli.zrf:
	// 1.4 million atoms, 49,000 distinct), so one copy is made per user call
	// and shared: copy, made for the user call numbered gen.
	closed bool
	copy   *Node
	gen    uint32
	whole  int    // atoms: k when the atom is exactly $k, else 0
	callee *macro // lists: the macro called, when the head is a plain atom
	// calls holds, when expansions are shared, expansions of this call list
	// with what they read of their environment.
	calls []*callMemo
	// dynHead: the head atom holds '$', so the callee is known only once
	// the arguments are substituted.
	dynHead bool
}

// env is the environment of one macro call: its arguments, already
// expanded in the caller's environment, and the caller's env. Unbound $k
// are looked up along parent (dynamic scoping, as Z2J does; Makyek.zrf
// relies on it).
type env struct {
	m       *macro
	args    [][]*Node // args[k-1] holds the forms of $k (usually exactly one)
	parent  *env
	callPos Pos // where the outermost call is, in the user's (non-macro) text
	depth   int
}

// binder returns the env that binds $k, searching outward, or nil.
func (e *env) binder(k int) *env {
	for ; e != nil; e = e.parent {
		if k <= len(e.args) {
			return e
		}
	}
	return nil
}

// argsOf returns the forms e binds to $k (nil for a nil e).
func (e *env) argsOf(k int) []*Node {
	if e == nil {
		return nil
	}
	return e.args[k-1]
}

// outermost returns the env of the call made from user text.
func (e *env) outermost() *env {
	for e.parent != nil {
		e = e.parent
	}
	return e
}

type expander struct {
	macros   map[string]*macro
	work     int
	warnings []*Error
	warned   map[Pos]bool // body positions already warned about
	errs     ErrorList

	// Expansions of big files (Focus.zrf, Dakon.zrf) produce nearly 3
	// million nodes: they come from a block allocator, and expansion
	// appends its results to the shared stack buf instead of to fresh
	// slices.
	nodeAlloc

	// gen numbers the user calls (calls written in the user's text), for
	// the copies of closed subtrees (tnode.copy).
	gen uint32

	// share shares expansions between user calls (expandShared); rec is
	// then the innermost expansion of a call being recorded for reuse.
	share  bool
	lazies map[*Node]*lazyBody
	atoms  map[string]string // the atoms of the lazy bodies read
	rec    *recorder
	// deepest is the depth of the deepest call since the expansion being
	// recorded started.
	deepest int
}

func newExpander() *expander {
	return &expander{macros: map[string]*macro{}, warned: map[Pos]bool{}}
}

// abort carries a fatal error (a limit was hit) out of the recursion; run
// recovers it and nothing else.
type abort struct{ err *Error }

// collect records every top-level define and returns the other forms.
func (x *expander) collect(forms []*Node) []*Node {
	var rest []*Node
	for _, f := range forms {
		if f.Head() != "define" {
			rest = append(rest, f)
			continue
		}
		args := f.Args()
		if len(args) == 0 || args[0].Kind != Atom {
			x.errs.Add(errorAt(f, "define needs a macro name, as in (define name body...)"))
			continue
		}
		name := args[0].Text
		if old := x.macros[name]; old != nil {
			x.warnings = append(x.warnings, errorAt(f, "macro %s redefined (previous definition at %s); the later one is used", name, old.def.Pos))
		}
		x.macros[name] = &macro{name: name, def: f, body: args[1:], lazy: x.lazies[f]}
	}
	return rest
}

// templates returns m's body prepared for expansion, preparing it on the
// first call. (What it records depends only on the set of macro names,
// complete once collect is done.)
func (x *expander) templates(m *macro) []*tnode {
	if m.lazy != nil {
		m.body, m.lazy = m.lazy.read(x.atoms), nil
	}
	if m.tmpl == nil && len(m.body) > 0 {
		m.tmpl = make([]*tnode, len(m.body))
		for i, b := range m.body {
			m.tmpl[i] = x.template(b)
		}
	}
	return m.tmpl
}

// template prepares one body node and its subtree.
func (x *expander) template(n *Node) *tnode {
	t := &tnode{n: n}
	if n.Kind != List {
		t.closed = !strings.Contains(n.Text, "$")
		if k, ok := paramIndex(n.Text); ok && n.Kind == Atom && len(n.Text) == 1+len(strconv.Itoa(k)) {
			t.whole = k
		}
		return t
	}
	t.closed = true
	if len(n.Elems) > 0 && n.Elems[0].Kind == Atom {
		head := n.Elems[0].Text
		if strings.Contains(head, "$") {
			t.dynHead = true
		} else if t.callee = x.macros[head]; t.callee != nil {
			t.closed = false
		}
	}
	t.kids = make([]*tnode, len(n.Elems))
	for i, c := range n.Elems {
		t.kids[i] = x.template(c)
		t.closed = t.closed && t.kids[i].closed
	}
	return t
}

// shared pushes the copy of the closed body node t made for the current
// user call, making it on first use.
func (x *expander) shared(t *tnode, e *env) {
	if t.copy == nil || t.gen != x.gen && !x.share { // shared copies serve every user call
		t.copy, t.gen = x.copyClosed(t, e), x.gen
		t.copy.shared = true
	}
	x.buf = append(x.buf, t.copy)
}

// copyClosed copies the closed body node t, marked for e.
func (x *expander) copyClosed(t *tnode, e *env) *Node {
	c := x.fromBody(t.n, e)
	if t.n.Kind == List {
		start := len(x.buf)
		for _, k := range t.kids {
			x.tick(1, e)
			x.buf = append(x.buf, x.copyClosed(k, e))
		}
		c.Elems = x.takeBuf(start)
	}
	return c
}

// run expands the top-level forms into *out, turning an abort into an error.
func (x *expander) run(forms []*Node, out *[]*Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(abort)
			if !ok {
				panic(r)
			}
			err = a.err
		}
	}()
	for _, f := range forms {
		x.expandUser(f)
		*out = append(*out, x.takeBuf(0)...)
	}
	return nil
}

// tick charges n units of work and aborts when the budget is spent.
func (x *expander) tick(n int, e *env) {
	x.work += n
	if x.work <= maxExpandWork || e == nil {
		return
	}
	o := e.outermost()
	panic(abort{&Error{Pos: o.callPos, Msg: fmt.Sprintf(
		"expansion of macro %s (defined at %s) is too large (more than %d nodes); does it grow without end?",
		o.m.name, o.m.def.Pos, maxExpandWork)}})
}

// expandUser pushes the expansion of n, a node of the user's text (outside
// every macro body), onto x.buf.
func (x *expander) expandUser(n *Node) {
	x.tick(1, nil)
	if n.Kind != List {
		x.buf = append(x.buf, n) // user atoms and strings are shared, not copied
		return
	}
	if len(n.Elems) > 0 && n.Elems[0].Kind == Atom {
		if m := x.macros[n.Elems[0].Text]; m != nil {
			x.call(m, n, nil, n.Elems[1:], nil)
			return
		}
	}
	l := x.fromBody(n, nil)
	start := len(x.buf)
	for _, c := range n.Elems {
		x.expandUser(c)
	}
	l.Elems = x.takeBuf(start)
	x.buf = append(x.buf, l)
}

// expand pushes the expansion of the body node t in environment e onto
// x.buf.
func (x *expander) expand(t *tnode, e *env) {
	x.tick(1, e)
	if t.closed {
		x.shared(t, e)
		return
	}
	n := t.n
	switch n.Kind {
	case Atom:
		x.substAtom(t, e)
		return
	case String:
		s := x.fromBody(n, e)
		s.Text = x.paste(n, e, true)
		x.buf = append(x.buf, s)
		return
	}
	if m := x.callee(t, e); m != nil {
		if x.share {
			x.sharedCall(t, m, e)
			return
		}
		x.call(m, n, t.kids[1:], nil, e)
		return
	}
	l := x.fromBody(n, e)
	start := len(x.buf)
	for _, c := range t.kids {
		x.expand(c, e)
	}
	l.Elems = x.takeBuf(start)
	x.buf = append(x.buf, l)
}

// callee returns the macro that the body list t calls, or nil. A head
// holding '$' is looked up after parameter substitution, since ($1 ...) is
// rescanned like any text.
func (x *expander) callee(t *tnode, e *env) *macro {
	if !t.dynHead {
		return t.callee
	}
	start := len(x.buf)
	x.expand(t.kids[0], e)
	h := x.takeBuf(start)
	if len(h) != 1 || h[0].Kind != Atom {
		return nil
	}
	return x.macros[h[0].Text]
}

// fromBody copies n without its elements; inside a macro body the copy is
// marked as coming out of that macro, called at e.callPos. User-text atoms
// and strings (e == nil) are shared, not copied.
func (x *expander) fromBody(n *Node, e *env) *Node {
	if e == nil && n.Kind != List {
		return n
	}
	c := x.newNode()
	c.Kind, c.Text, c.Pos, c.End, c.From = n.Kind, n.Text, n.Pos, n.End, n.From
	if e != nil {
		if x.share {
			c.From = e.m.perUse
		} else {
			c.From = x.origin(e)
		}
	}
	return c
}

// at returns n as a node of e's macro marked with e's call position, for
// messages about it.
func (x *expander) at(n *Node, e *env) *Node {
	c := *n
	c.From = &Origin{Macro: e.m.name, CallPos: e.callPos}
	return &c
}

// origin returns the origin of nodes out of e's macro, made once per macro
// and user call.
func (x *expander) origin(e *env) *Origin { return x.originFor(e.m.name, e) }

// originFor returns the origin of nodes out of the macro named name in the
// user call of e.
func (x *expander) originFor(name string, e *env) *Origin {
	m := x.macros[name]
	if m.origin == nil || m.originGen != x.gen || m.origin.CallPos != e.callPos {
		m.origin, m.originGen = &Origin{Macro: m.name, CallPos: e.callPos}, x.gen
	}
	return m.origin
}

// call expands the call n of macro m made in environment e: arguments are
// expanded in e first, then the body forms in a new environment. The
// arguments are argT, body nodes of the caller, or argN in user text (e is
// nil).
func (x *expander) call(m *macro, n *Node, argT []*tnode, argN []*Node, e *env) {
	x.body(x.enter(m, n, argT, argN, e), e)
}

// enter makes the environment of the call n of m made in e, its arguments
// expanded in e.
func (x *expander) enter(m *macro, n *Node, argT []*tnode, argN []*Node, e *env) *env {
	ne := &env{m: m, parent: e, depth: 1}
	if e != nil {
		ne.callPos, ne.depth = e.callPos, e.depth+1
	} else if ne.callPos = n.Pos; n.Macro() != "" {
		ne.callPos = n.CallPos()
	}
	x.deepest = max(x.deepest, ne.depth)
	if ne.depth > maxMacroDepth {
		panic(abort{&Error{Pos: ne.callPos, Msg: fmt.Sprintf(
			"macro %s (defined at %s) calls itself or nests more than %d calls deep",
			m.name, m.def.Pos, maxMacroDepth)}})
	}
	ne.args = make([][]*Node, len(argT)+len(argN))
	for i, a := range argT {
		start := len(x.buf)
		x.expand(a, e)
		ne.args[i] = x.takeBuf(start)
	}
	for i, a := range argN {
		start := len(x.buf)
		x.expandUser(a)
		ne.args[i] = x.takeBuf(start)
	}
	return ne
}

// body expands the body of ne's macro, called in e.
func (x *expander) body(ne, e *env) {
	m := ne.m
	if e == nil {
		// A new user call; its arguments (which may hold user calls too)
		// are done, and nothing else starts one until its body is done.
		x.gen++
	}
	if m.perUse == nil {
		m.perUse = &Origin{Macro: m.name, perUse: true}
	}
	start := len(x.buf)
	for _, b := range x.templates(m) {
		x.expand(b, ne)
	}
	if e == nil && x.share {
		x.stampTops(x.buf[start:], ne)
	}
}

// stampTops gives the top nodes of a user call's shared expansion their
// call position: copies of them, whose origin says where the call is.
func (x *expander) stampTops(tops []*Node, e *env) {
	for i, n := range tops {
		if n.From == nil || !n.From.perUse {
			continue // a node of the user's text, or already placed
		}
		c := x.newNode()
		*c = *n
		c.shared = false
		c.From = x.originFor(n.From.Macro, e)
		tops[i] = c
	}
}

// substAtom expands an atom holding '$' in a macro body. A whole-atom $k is
// replaced by (copies of) the argument forms; otherwise the arguments'
// text is pasted in (token pasting, as in $1w or I$1).
func (x *expander) substAtom(t *tnode, e *env) {
	n := t.n
	if k := t.whole; k > 0 {
		b := e.binder(k)
		x.noteRead(b, read{kind: readNodes, bound: b != nil, k: k, nodes: b.argsOf(k)})
		if b != nil {
			for _, f := range b.args[k-1] {
				x.buf = append(x.buf, x.clone(f, e))
			}
			return
		}
		x.warnUnbound(n, e, k)
		x.buf = append(x.buf, x.fromBody(n, e))
		return
	}
	a := x.fromBody(n, e)
	a.Text = x.paste(n, e, false)
	x.buf = append(x.buf, a)
}

// paste returns n.Text with every bound $k replaced by its argument's
// text. In strings a list argument is pasted as printed; in atoms it is an
// error, since an atom cannot hold a list.
func (x *expander) paste(n *Node, e *env, inString bool) string {
	var b strings.Builder
	s := n.Text
	for {
		i := strings.IndexByte(s, '$')
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		s = s[i:]
		k, ok := paramIndex(s)
		if !ok {
			b.WriteByte('$')
			s = s[1:]
			continue
		}
		ref := s[:1+len(strconv.Itoa(k))]
		s = s[len(ref):]
		b.WriteString(x.argText(n, e, k, ref, inString))
		if b.Len() > maxAtomLen {
			panic(abort{errorAt(x.at(n, e), "text built by pasting macro arguments is longer than %d bytes", maxAtomLen)})
		}
	}
	x.tick(b.Len()/64, e)
	return b.String()
}

// argText returns the text that replaces the parameter reference ref ($k)
// inside a larger atom or string.
func (x *expander) argText(n *Node, e *env, k int, ref string, inString bool) string {
	b := e.binder(k)
	if b == nil {
		x.noteRead(nil, read{kind: readNodes, k: k})
		if !inString {
			x.warnUnbound(n, e, k)
		}
		return ref
	}
	text, ok := pasteText(b.args[k-1], inString)
	if !ok {
		x.errs.Add(errorAt(x.at(n, e), "argument %s of macro %s is a list, so it cannot be pasted into %q", ref, e.m.name, n.Text))
		return ref
	}
	kind := readAtomText
	if inString {
		kind = readStringText
	}
	x.noteRead(b, read{kind: kind, bound: true, k: k, text: text})
	return text
}

// pasteText returns the text of argument forms pasted into an atom (false
// when one is a list) or a string (lists printed).
func pasteText(forms []*Node, inString bool) (string, bool) {
	if len(forms) == 1 && forms[0].Kind != List {
		return forms[0].Text, true
	}
	var b strings.Builder
	for i, f := range forms {
		if f.Kind == List && !inString {
			return "", false
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		if f.Kind == List {
			b.WriteString(f.String())
		} else {
			b.WriteString(f.Text)
		}
	}
	return b.String(), true
}

// paramIndex parses a leading "$k" (k >= 1, any number of digits) of s.
func paramIndex(s string) (int, bool) {
	if len(s) < 2 || s[0] != '$' {
		return 0, false
	}
	j := 1
	for j < len(s) && j < 10 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	k, err := strconv.Atoi(s[1:j])
	if err != nil || k < 1 || s[1] == '0' {
		return 0, false
	}
	return k, true
}

// warnUnbound warns once per body position that $k has no value: the
// macro's call and every enclosing call supplied fewer arguments.
func (x *expander) warnUnbound(n *Node, e *env, k int) {
	if x.warned[n.Pos] {
		return
	}
	x.warned[n.Pos] = true
	x.warnings = append(x.warnings, errorAt(x.at(n, e),
		"$%d is not bound by this call of macro %s nor by any enclosing call; left as the atom $%d", k, e.m.name, k))
}

// clone copies an argument list for one substitution, charging its size
// to the work budget (arguments used many times multiply). Atoms and
// strings are leaves nobody modifies, so they are shared, not copied: that
// halves the allocation of macro-heavy files such as Focus.zrf.
func (x *expander) clone(n *Node, e *env) *Node {
	x.tick(1, e)
	if n.Kind != List {
		return n
	}
	c := x.newNode()
	*c = *n
	start := len(x.buf)
	for _, el := range n.Elems {
		x.buf = append(x.buf, x.clone(el, e))
	}
	c.Elems = x.takeBuf(start)
	return c
}

// callMemo is an expansion of a call list of a macro body, kept for reuse
// (expandShared): what the expansion of the body read of its environment
// (the call's arguments and, through dynamic scoping, enclosing calls'), the
// nodes it made and the work it cost. Expanding the same call again where every read
// gives the same value makes the same nodes, which are shared instead:
// Focus.zrf's (merge-w $2) expands to 2,400 nodes, for four directions of
// each of its 62 pieces, and reads only the piece's name.
type callMemo struct {
	m     *macro // the macro called (a head holding $k may name others)
	reads []read
	out   []*Node
	work  int
	depth int // how many calls deep the expansion nested
}

// maxCallMemos bounds the expansions kept per call list. A call whose
// expansion holds a node of the user's text (a direction written in the
// call) is never reused, and scanning many such expansions would cost more
// than it saves.
const maxCallMemos = 64

// read is a parameter read by an expansion from outside it.
type read struct {
	kind  readKind
	bound bool
	k     int
	nodes []*Node // readNodes: the forms bound
	text  string  // readAtomText, readStringText: the text pasted
}

type readKind uint8

const (
	readNodes      readKind = iota // $k whole, or whether $k is bound at all
	readAtomText                   // $k pasted into an atom
	readStringText                 // $k pasted into a string
)

// recorder collects the reads of an expansion being recorded: those bound
// by env depth or shallower (the call's own environment and those outside
// the expansion), or unbound.
type recorder struct {
	depth  int
	reads  []read
	parent *recorder
}

// noteRead records a read of a parameter bound by b (nil: unbound) in every
// expansion being recorded that it is outside of.
func (x *expander) noteRead(b *env, r read) {
	for rec := x.rec; rec != nil; rec = rec.parent {
		if b != nil && b.depth > rec.depth {
			break // bound inside this expansion, so inside the outer ones too
		}
		rec.reads = append(rec.reads, r)
	}
}

// sharedCall expands the call list t of macro m in e, reusing an earlier
// expansion whose reads give the same values in e.
func (x *expander) sharedCall(t *tnode, m *macro, e *env) {
	// The arguments are expanded first, as reads of e; what the expansion
	// reads is then of the call's own environment: a body that pastes its
	// argument depends on the argument's text, not on which node it is.
	ne := x.enter(m, t.n, t.kids[1:], nil, e)
	for _, c := range t.calls {
		// An expansion nesting deeper than the limit allows here is made
		// again, so that it fails as it would have.
		if c.m == m && e.depth+c.depth <= maxMacroDepth && x.sameReads(c.reads, ne) {
			for _, r := range c.reads {
				x.noteRead(ne.binder(r.k), r)
			}
			x.deepest = max(x.deepest, e.depth+c.depth)
			x.tick(c.work, e)
			x.buf = append(x.buf, c.out...)
			return
		}
	}
	rec := &recorder{depth: ne.depth, parent: x.rec}
	x.rec = rec
	start, work, errs, deepest := len(x.buf), x.work, len(x.errs), x.deepest
	x.deepest = ne.depth
	x.body(ne, e)
	x.rec = rec.parent
	depth := x.deepest - e.depth
	x.deepest = max(deepest, x.deepest)
	if len(x.errs) > errs || len(t.calls) >= maxCallMemos {
		return // errors are reported at each call
	}
	out := append([]*Node(nil), x.buf[start:]...)
	for _, n := range out {
		n.shared = true
	}
	t.calls = append(t.calls, &callMemo{m: m, reads: rec.reads, out: out, work: x.work - work, depth: depth})
}

// sameReads reports whether each read gives the same value in e.
func (x *expander) sameReads(reads []read, e *env) bool {
	for _, r := range reads {
		b := e.binder(r.k)
		if (b != nil) != r.bound {
			return false
		}
		if b == nil {
			continue
		}
		switch r.kind {
		case readNodes:
			if !sameNodes(b.args[r.k-1], r.nodes) {
				return false
			}
		default:
			if text, ok := pasteText(b.args[r.k-1], r.kind == readStringText); !ok || text != r.text {
				return false
			}
		}
	}
	return true
}

func sameNodes(a, b []*Node) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
