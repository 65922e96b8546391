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
	x := newExpander()
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
	// origin is the origin of the nodes out of this macro in the user call
	// numbered originGen.
	origin    *Origin
	originGen uint32
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

// lookup returns the forms bound to $k, searching outward.
func (e *env) lookup(k int) ([]*Node, bool) {
	for ; e != nil; e = e.parent {
		if k <= len(e.args) {
			return e.args[k-1], true
		}
	}
	return nil, false
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
		x.macros[name] = &macro{name: name, def: f, body: args[1:]}
	}
	return rest
}

// templates returns m's body prepared for expansion, preparing it on the
// first call. (What it records depends only on the set of macro names,
// complete once collect is done.)
func (x *expander) templates(m *macro) []*tnode {
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
	if t.gen != x.gen || t.copy == nil {
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
		c.From = x.origin(e)
	}
	return c
}

// origin returns the origin of nodes out of e's macro, made once per macro
// and user call.
func (x *expander) origin(e *env) *Origin {
	m := e.m
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
	ne := &env{m: m, parent: e, depth: 1}
	if e != nil {
		ne.callPos, ne.depth = e.callPos, e.depth+1
	} else if ne.callPos = n.Pos; n.Macro() != "" {
		ne.callPos = n.CallPos()
	}
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
	if e == nil {
		// A new user call; its arguments (which may hold user calls too)
		// are done, and nothing else starts one until its body is done.
		x.gen++
	}
	for _, b := range x.templates(m) {
		x.expand(b, ne)
	}
}

// substAtom expands an atom holding '$' in a macro body. A whole-atom $k is
// replaced by (copies of) the argument forms; otherwise the arguments'
// text is pasted in (token pasting, as in $1w or I$1).
func (x *expander) substAtom(t *tnode, e *env) {
	n := t.n
	if k := t.whole; k > 0 {
		if forms, ok := e.lookup(k); ok {
			for _, f := range forms {
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
			panic(abort{errorAt(x.fromBody(n, e), "text built by pasting macro arguments is longer than %d bytes", maxAtomLen)})
		}
	}
	x.tick(b.Len()/64, e)
	return b.String()
}

// argText returns the text that replaces the parameter reference ref ($k)
// inside a larger atom or string.
func (x *expander) argText(n *Node, e *env, k int, ref string, inString bool) string {
	forms, ok := e.lookup(k)
	if !ok {
		if !inString {
			x.warnUnbound(n, e, k)
		}
		return ref
	}
	var b strings.Builder
	for i, f := range forms {
		if f.Kind == List && !inString {
			x.errs.Add(errorAt(x.fromBody(n, e), "argument %s of macro %s is a list, so it cannot be pasted into %q", ref, e.m.name, n.Text))
			return ref
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
	return b.String()
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
	x.warnings = append(x.warnings, errorAt(x.fromBody(n, e),
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
