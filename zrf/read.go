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
	lex := newZrfLex(filename, src)
	var a nodeAlloc
	var open []*Node // the lists not closed yet, outermost first
	var starts []int // where each open list's elements start on a.buf
	var errs ErrorList
	for {
		t, lerr := lex.next()
		if lerr != nil {
			return nil, nil, lerr
		}
		switch t.kind {
		case tokEOF:
			// Close the lists still open, innermost first.
			for i := len(open) - 1; i >= 0; i-- {
				open[i].Elems = a.takeBuf(starts[i])
				warnings = append(warnings, &Error{Pos: open[i].Pos, Msg: "'(' is never closed (closed at end of file)"})
				a.buf = append(a.buf, open[i])
			}
			if len(errs) > 0 {
				return nil, warnings, errs.Err()
			}
			return a.takeBuf(0), warnings, nil
		case tokLParen:
			n := a.newNode()
			n.Kind, n.Pos = List, t.pos
			open, starts = append(open, n), append(starts, len(a.buf))
		case tokRParen:
			k := len(open) - 1
			if k < 0 {
				errs.Add(&Error{Pos: t.pos, Msg: "unexpected ')' with no matching '('"})
				continue
			}
			n := open[k]
			n.Elems, n.End = a.takeBuf(starts[k]), t.pos
			open, starts = open[:k], starts[:k]
			a.buf = append(a.buf, n)
		default:
			n := a.newNode()
			n.Kind, n.Text, n.Pos = Atom, t.text, t.pos
			if t.kind == tokString {
				n.Kind = String
			}
			a.buf = append(a.buf, n)
		}
	}
}
