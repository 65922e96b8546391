// This file defines the S-expression reader over the hand-written lexer in
// lex.go.
//
// The grammar is deliberately tiny: lists, strings and atoms. Keyword meaning
// is decided later, by the lowering pass, so errors stay under our control.
// It used to be a participle grammar; participle's general backtracking
// machinery (a branch context per element, reflection to fill the result)
// cost about 5 µs and 2 KB per token, so reading was the largest cost of a
// file with many macro definitions. This reader builds the nodes directly,
// one pass over the tokens with an explicit stack of open lists.

package zrf

// Parse reads ZRF source text into top-level nodes. It does not expand macros
// or includes. A list left open at end of file is closed there and reported in
// the returned warnings (the rest of the file still loads); every other
// problem is an error with a position.
func Parse(filename string, src []byte) (forms []*Node, warnings []*Error, err error) {
	p := &parser{lex: newZrfLex(filename, src)}
	return p.parse()
}

// parser reads one file. When lazies is not nil, the body of each top-level
// (define name ...) is only scanned: the define's node holds the define and
// the name, and lazies holds where its body is, to be read when the macro
// is first called (lazyBody.read). A file can define thousands of macros
// and call a few; scanning costs no nodes, no strings and no atom table.
type parser struct {
	lex    *zrfLex
	a      nodeAlloc
	lazies map[*Node]*lazyBody
	opens  []Pos // lazyDefine's, reused
}

func (p *parser) parse() (forms []*Node, warnings []*Error, err error) {
	lex, a := p.lex, &p.a
	var lists openLists
	var errs ErrorList
	for {
		t, lerr := lex.next()
		if lerr != nil {
			return nil, nil, lerr
		}
		switch t.kind {
		case tokEOF:
			// Close the lists still open, innermost first.
			for n := lists.closeAtEOF(a); n != nil; n = lists.closeAtEOF(a) {
				warnings = append(warnings, unclosed(n.Pos))
			}
			if len(errs) > 0 {
				return nil, warnings, errs.Err()
			}
			return a.takeBuf(0), warnings, nil
		case tokLParen:
			n := a.newNode()
			n.Kind, n.Pos = List, t.pos
			if len(lists.open) == 0 && p.lazies != nil {
				eof, lerr := p.lazyDefine(n, &warnings)
				if lerr != nil {
					return nil, nil, lerr
				}
				if eof {
					if len(errs) > 0 {
						return nil, warnings, errs.Err()
					}
					return a.takeBuf(0), warnings, nil
				}
				if len(n.Elems) > 0 {
					continue // the define is read (lazily) and on a.buf
				}
			}
			lists.push(n, len(a.buf))
		case tokRParen:
			if lists.close(a, t.pos) == nil {
				errs.Add(&Error{Pos: t.pos, Msg: "unexpected ')' with no matching '('"})
			}
		default:
			a.buf = append(a.buf, a.leaf(t))
		}
	}
}

// openLists is the stack of the lists being read, outermost first, with
// where each one's elements start on the node stack.
type openLists struct {
	open   []*Node
	starts []int
}

func (o *openLists) push(n *Node, start int) {
	o.open, o.starts = append(o.open, n), append(o.starts, start)
}

// close ends the innermost list at end, moving its elements into it and it
// onto the node stack; nil when no list is open.
func (o *openLists) close(a *nodeAlloc, end Pos) *Node {
	k := len(o.open) - 1
	if k < 0 {
		return nil
	}
	n := o.open[k]
	n.Elems, n.End = a.takeBuf(o.starts[k]), end
	o.open, o.starts = o.open[:k], o.starts[:k]
	a.buf = append(a.buf, n)
	return n
}

// closeAtEOF closes the innermost list where the file ends: it has no ')'.
func (o *openLists) closeAtEOF(a *nodeAlloc) *Node { return o.close(a, Pos{}) }

// leaf makes the node of an atom or string token.
func (a *nodeAlloc) leaf(t token) *Node {
	n := a.newNode()
	n.Kind, n.Text, n.Pos = Atom, t.text, t.pos
	if t.kind == tokString {
		n.Kind = String
	}
	return n
}

func unclosed(p Pos) *Error {
	return &Error{Pos: p, Msg: "'(' is never closed (closed at end of file)"}
}

// lazyDefine, just after the '(' of the top-level list n, reads it lazily
// when it is (define name ...): it fills n with the define and the name,
// pushes it, records where the body is and scans to the closing ')'. It
// reports whether the end of the file came first (the lists then open are
// reported in warnings, as parse would). When n is not such a define, the
// lexer is put back and n is left empty.
func (p *parser) lazyDefine(n *Node, warnings *[]*Error) (eof bool, err *Error) {
	lex := p.lex
	back := *lex
	head, err1 := lex.next()
	lex.plain = true // a macro's name is mostly met once: not worth a table entry
	name, err2 := lex.next()
	lex.plain = false
	if err1 != nil || err2 != nil || head.kind != tokAtom || head.text != "define" || name.kind != tokAtom {
		*lex = back // not a define with a name: parse it as any list
		return false, nil
	}
	body := *lex
	// Scan to the matching ')', as parse would read it: the same tokens,
	// the same errors, without making them.
	lex.skip = true
	defer func() { lex.skip = false }()
	opens := append(p.opens[:0], n.Pos)
	defer func() { p.opens = opens[:0] }()
	for len(opens) > 0 {
		t, lerr := lex.next()
		if lerr != nil {
			return false, lerr
		}
		switch t.kind {
		case tokLParen:
			opens = append(opens, t.pos)
		case tokRParen:
			if opens = opens[:len(opens)-1]; len(opens) == 0 {
				n.End = t.pos
			}
		case tokEOF:
			for i := len(opens) - 1; i >= 0; i-- {
				*warnings = append(*warnings, unclosed(opens[i]))
			}
			eof = true
			opens = nil
		}
	}
	n.Elems = []*Node{p.a.leaf(head), p.a.leaf(name)}
	p.lazies[n] = &lazyBody{lex: body}
	p.a.buf = append(p.a.buf, n)
	return eof, nil
}

// lazyBody is where the body of a lazily read define is: the lexer as it was
// after the define's name.
type lazyBody struct{ lex zrfLex }

// read parses the body: the elements up to the define's closing ')' (or the
// end of the file, already reported), with the positions parse would have
// given them. Nodes come from a (the expander's blocks; a.buf may hold its
// pending nodes, which stay).
func (b *lazyBody) read(a *nodeAlloc) []*Node {
	lex := &b.lex
	start := len(a.buf)
	var lists openLists
	for {
		t, err := lex.next()
		if err != nil {
			return a.takeBuf(start) // cannot happen: the scan met every error first
		}
		switch t.kind {
		case tokEOF:
			for lists.closeAtEOF(a) != nil {
			}
			return a.takeBuf(start)
		case tokLParen:
			n := a.newNode()
			n.Kind, n.Pos = List, t.pos
			lists.push(n, len(a.buf))
		case tokRParen:
			if lists.close(a, t.pos) == nil {
				return a.takeBuf(start) // the define's own ')'
			}
		default:
			a.buf = append(a.buf, a.leaf(t))
		}
	}
}
