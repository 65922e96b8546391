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
	// marked is set once the closed lists of body are in expander.closed.
	marked bool
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
	// million nodes: they come from a block allocator, and expand appends
	// its results to the shared stack buf instead of to fresh slices.
	nodeAlloc

	// Body subtrees without parameters or calls ("closed") expand to the
	// same nodes every time they are reached from one user call, and in
	// native files they are reached very often (tavreli.zrf: 1.4 million
	// atoms, 49,000 distinct), so such copies are made once per user call
	// and shared.
	closed map[*Node]bool  // closed lists of macro bodies
	copies map[*Node]*Node // copies for the current user call
}

func newExpander() *expander {
	return &expander{macros: map[string]*macro{}, warned: map[Pos]bool{}, closed: map[*Node]bool{}, copies: map[*Node]*Node{}}
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

// markBody marks the closed lists of m's body, once, when m is first called:
// a macro nobody calls then costs nothing beyond being read. (Closedness
// depends only on the set of macro names, complete once collect is done.)
func (x *expander) markBody(m *macro) {
	if m.marked {
		return
	}
	m.marked = true
	for _, b := range m.body {
		x.markClosed(b)
	}
}

// markClosed records which lists of a macro body hold no parameter and no
// macro call, and reports whether n is such a list (or such a leaf).
func (x *expander) markClosed(n *Node) bool {
	if n.Kind != List {
		return !strings.Contains(n.Text, "$")
	}
	closed := len(n.Elems) == 0 || n.Elems[0].Kind != Atom || x.macros[n.Elems[0].Text] == nil
	for _, c := range n.Elems {
		closed = x.markClosed(c) && closed
	}
	if closed {
		x.closed[n] = true
	}
	return closed
}

// shared pushes the copy of the closed body node n made for e's user call,
// making it on first use, and reports whether n was closed. x.copies only
// holds copies for the current user call: it is emptied when the next one
// starts, which keeps it small and its keys free of call positions.
func (x *expander) shared(n *Node, e *env) bool {
	if n.Kind == List && !x.closed[n] || n.Kind != List && strings.Contains(n.Text, "$") {
		return false
	}
	c := x.copies[n]
	if c == nil {
		c = x.copyClosed(n, e)
		x.copies[n] = c
	}
	x.buf = append(x.buf, c)
	return true
}

// newUserCall forgets the copies made for the previous user call.
func (x *expander) newUserCall() {
	if len(x.copies) > 256 {
		x.copies = map[*Node]*Node{} // clear would cost the grown table's size
	} else {
		clear(x.copies)
	}
}

// copyClosed copies the closed body node n, marked for e.
func (x *expander) copyClosed(n *Node, e *env) *Node {
	c := x.fromBody(n, e)
	if n.Kind == List {
		start := len(x.buf)
		for _, el := range n.Elems {
			x.tick(1, e)
			x.buf = append(x.buf, x.copyClosed(el, e))
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
		x.expand(f, nil)
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

// expand pushes the expansion of n in environment e (nil for user text)
// onto x.buf.
func (x *expander) expand(n *Node, e *env) {
	x.tick(1, e)
	if e != nil && x.shared(n, e) {
		return
	}
	switch n.Kind {
	case Atom:
		if e == nil || !strings.Contains(n.Text, "$") {
			x.buf = append(x.buf, x.fromBody(n, e))
			return
		}
		x.substAtom(n, e)
		return
	case String:
		s := x.fromBody(n, e)
		if e != nil && strings.Contains(n.Text, "$") {
			s.Text = x.paste(n, e, true)
		}
		x.buf = append(x.buf, s)
		return
	}
	if m := x.callee(n, e); m != nil {
		x.call(m, n, e)
		return
	}
	l := x.fromBody(n, e)
	start := len(x.buf)
	for _, c := range n.Elems {
		x.expand(c, e)
	}
	l.Elems = x.takeBuf(start)
	x.buf = append(x.buf, l)
}

// expandTo returns the expansion of n in e as its own slice.
func (x *expander) expandTo(n *Node, e *env) []*Node {
	start := len(x.buf)
	x.expand(n, e)
	return x.takeBuf(start)
}

// callee returns the macro that list n calls, or nil. The head is looked up
// after parameter substitution, since ($1 ...) is rescanned like any text.
func (x *expander) callee(n *Node, e *env) *macro {
	if len(n.Elems) == 0 || n.Elems[0].Kind != Atom {
		return nil
	}
	head := n.Elems[0].Text
	if e != nil && strings.Contains(head, "$") {
		h := x.expandTo(n.Elems[0], e)
		if len(h) != 1 || h[0].Kind != Atom {
			return nil
		}
		head = h[0].Text
	}
	return x.macros[head]
}

// fromBody copies n without its elements; inside a macro body the copy is
// marked as coming out of that macro, called at e.callPos. User-text atoms
// and strings (e == nil) are shared, not copied.
func (x *expander) fromBody(n *Node, e *env) *Node {
	if e == nil && n.Kind != List {
		return n
	}
	c := x.newNode()
	c.Kind, c.Text, c.Pos, c.End = n.Kind, n.Text, n.Pos, n.End
	if e == nil {
		c.Macro, c.CallPos = n.Macro, n.CallPos
	} else {
		c.Macro, c.CallPos = e.m.name, e.callPos
	}
	return c
}

// call expands the call n of macro m made in environment e: arguments are
// expanded in e first, then the body forms in a new environment.
func (x *expander) call(m *macro, n *Node, e *env) {
	ne := &env{m: m, parent: e, depth: 1}
	if e != nil {
		ne.callPos, ne.depth = e.callPos, e.depth+1
	} else if ne.callPos = n.Pos; n.Macro != "" {
		ne.callPos = n.CallPos
	}
	if ne.depth > maxMacroDepth {
		panic(abort{&Error{Pos: ne.callPos, Msg: fmt.Sprintf(
			"macro %s (defined at %s) calls itself or nests more than %d calls deep",
			m.name, m.def.Pos, maxMacroDepth)}})
	}
	ne.args = make([][]*Node, len(n.Elems)-1)
	for i, a := range n.Elems[1:] {
		ne.args[i] = x.expandTo(a, e)
	}
	x.markBody(m)
	if e == nil {
		// A new user call; its arguments (which may hold user calls too)
		// are done, and nothing else starts one until its body is done.
		x.newUserCall()
	}
	for _, b := range m.body {
		x.expand(b, ne)
	}
}

// substAtom expands an atom holding '$' in a macro body. A whole-atom $k is
// replaced by (copies of) the argument forms; otherwise the arguments'
// text is pasted in (token pasting, as in $1w or I$1).
func (x *expander) substAtom(n *Node, e *env) {
	if k, ok := paramIndex(n.Text); ok && len(n.Text) == 1+len(strconv.Itoa(k)) {
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
