// This file defines the S-expression reader, built on participle over the
// hand-written lexer in lex.go.

package zrf

import (
	"errors"
	"fmt"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The grammar is deliberately tiny: lists, strings and atoms. Keyword meaning
// is decided later, by the lowering pass, so errors stay under our control.
//
// Participle lexes the file with zrfLexer and hands the tokens to pFile
// through its Parseable extension point; pFile builds the nodes from the
// PeekingLexer's tokens directly, each top-level element at once. (A
// participle grammar of lists and atoms paid participle's general machinery,
// a branch context per element and reflection to fill the result, about
// 5 µs and 2 KB per token; a grammar of top-level elements still paid about
// 3 µs and 1 KB per element, as much again as lexing a file of thousands of
// unused defines costs.)

// pFile is a whole file: its top-level elements. A stray ')' among them is
// an error with our own message; the others are read (readForm) in turn.
type pFile struct {
	forms    []*Node
	lazies   []lazyDefine
	warnings []*Error
	errs     ErrorList
}

// lazyDefine is a top-level (define name ...) whose body is not read yet.
type lazyDefine struct {
	node *Node
	body *lazyBody
}

var _ participle.Parseable = (*pFile)(nil)

// Parse implements participle.Parseable for the whole file.
func (f *pFile) Parse(lex *lexer.PeekingLexer) error {
	for t := lex.Peek(); !t.EOF(); t = lex.Peek() {
		if t.Type == tokRParen {
			f.errs.Add(&Error{Pos: toPos(t.Pos), Msg: "unexpected ')' with no matching '('"})
			lex.Next()
			continue
		}
		f.readForm(lex)
	}
	return nil
}

// readForm reads one top-level element: an atom, a string, or a list whose
// ')' may be missing at end of file (reported as a warning, as Zillions
// tolerates it).
//
// The body of a top-level (define name ...) comes as one tokBody (lex.go)
// and is not built: the node holds the define and the name, and f.lazies
// the body, to be built when the macro is first called (lazyBody.read).
func (f *pFile) readForm(lex *lexer.PeekingLexer) {
	start, depth := lex.RawCursor(), 0
	for {
		t := lex.Next()
		if t.EOF() {
			break
		}
		switch t.Type {
		case tokLParen:
			depth++
		case tokRParen:
			depth--
		}
		if depth == 0 {
			break
		}
	}
	toks := lex.Range(start, lex.RawCursor())
	if len(toks) >= 4 && toks[3].Type == tokBody { // ( define name body [)]
		nodes := new([3]Node)
		n := &nodes[0]
		n.Kind, n.Pos = List, toPos(toks[0].Pos)
		for i := 1; i <= 2; i++ {
			nodes[i].Kind, nodes[i].Text, nodes[i].Pos = Atom, toks[i].Value, toPos(toks[i].Pos)
		}
		n.Elems = []*Node{&nodes[1], &nodes[2]}
		b := &lazyBody{text: toks[3].Value, pos: toks[3].Pos}
		if depth == 0 {
			n.End = toPos(toks[4].Pos)
		} else {
			// The end of the file came first: the lists open in the body are
			// never closed either.
			f.warnings = append(append(f.warnings, unclosedIn(b.tokens(nil))...), unclosed(n.Pos))
		}
		f.forms, f.lazies = append(f.forms, n), append(f.lazies, lazyDefine{n, b})
		return
	}
	if depth > 0 {
		f.warnings = append(f.warnings, unclosedIn(toks)...)
	}
	f.forms = append(f.forms, build(toks)[0])
}

var zrfParser = participle.MustBuild[pFile](participle.Lexer(zrfLexer))

// Parse reads ZRF source text into top-level nodes. It does not expand macros
// or includes. A list left open at end of file is closed there and reported in
// the returned warnings (the rest of the file still loads); every other
// problem is an error with a position.
func Parse(filename string, src []byte) (forms []*Node, warnings []*Error, err error) {
	return parse(filename, src, nil)
}

// parse is Parse. When lazies is not nil, the body of each top-level
// (define name ...) is left unbuilt: its node holds the define and the name,
// and lazies where its body is (lazyBody).
func parse(filename string, src []byte, lazies map[*Node]*lazyBody) (forms []*Node, warnings []*Error, err error) {
	f, perr := zrfParser.ParseBytes(filename, src)
	if perr != nil {
		return nil, nil, parseError(filename, perr)
	}
	if len(f.errs) > 0 {
		return nil, f.warnings, f.errs.Err()
	}
	for _, d := range f.lazies {
		if lazies != nil {
			lazies[d.node] = d.body
		} else {
			body := d.body.read(nil)
			d.node.Elems = append(append(make([]*Node, 0, 2+len(body)), d.node.Elems...), body...)
		}
	}
	return f.forms, f.warnings, nil
}

// parseError turns a participle or lexer error into an *Error. The grammar
// accepts every token sequence, so in practice only lexer errors get here.
func parseError(filename string, err error) *Error {
	var pe participle.Error
	if errors.As(err, &pe) {
		p := toPos(pe.Position())
		if p.File == "" {
			p.File = filename
		}
		if !p.IsValid() {
			p.Line, p.Col = 1, 1
		}
		return &Error{Pos: p, Msg: pe.Message()}
	}
	return &Error{Pos: Pos{File: filename, Line: 1, Col: 1}, Msg: fmt.Sprint(err)}
}

// lazyBody is the body of a define whose nodes are not made yet: the text of
// its tokBody and where it starts.
type lazyBody struct {
	text string
	pos  lexer.Position
}

// tokens lexes the body. The lexer met every error in it when it scanned
// the body, so there is none. atoms interns the atoms' texts (nil: a table
// of the body's own).
func (b *lazyBody) tokens(atoms map[string]string) []lexer.Token {
	if atoms == nil {
		atoms = map[string]string{}
	}
	lex := newBodyLex(b.pos, b.text, atoms)
	var toks []lexer.Token
	for {
		t, err := lex.Next()
		if err != nil || t.EOF() {
			return toks
		}
		toks = append(toks, t)
	}
}

// read makes the body's nodes (the lists never closed were reported when
// the define was read).
func (b *lazyBody) read(atoms map[string]string) []*Node { return build(b.tokens(atoms)) }

// build makes the nodes of toks, a run of whole elements in which every ')'
// closes a '(' (the last lists may lack their ')' when toks ends at the end
// of the file: they are closed there, with a zero End). The nodes and the
// element slices are allocated at once and exactly sized.
func build(toks []lexer.Token) []*Node {
	n := 0
	for i := range toks {
		if toks[i].Type != tokRParen {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	nodes, ptrs := make([]Node, n), make([]*Node, n)
	// buf holds the elements read so far of every open list, outermost
	// first; opens holds where each open list's elements start on buf (the
	// list's own node is just before).
	var bufArr [64]*Node
	var opensArr [32]int
	buf, opens := bufArr[:0], opensArr[:0]
	take := func(start int) []*Node {
		k := len(buf) - start
		if k == 0 {
			return nil
		}
		s := ptrs[:k:k]
		ptrs = ptrs[k:]
		copy(s, buf[start:])
		buf = buf[:start]
		return s
	}
	for i := range toks {
		t := &toks[i]
		if t.Type == tokRParen {
			start := opens[len(opens)-1]
			opens = opens[:len(opens)-1]
			l := buf[start-1]
			l.Elems, l.End = take(start), toPos(t.Pos)
			continue
		}
		nd := &nodes[0]
		nodes = nodes[1:]
		nd.Pos, nd.Text = toPos(t.Pos), t.Value
		buf = append(buf, nd)
		switch t.Type {
		case tokLParen:
			nd.Kind, nd.Text = List, ""
			opens = append(opens, len(buf))
		case tokString:
			nd.Kind = String
		default:
			nd.Kind = Atom
		}
	}
	for k := len(opens) - 1; k >= 0; k-- { // close what the end of the file left open
		l := buf[opens[k]-1]
		l.Elems = take(opens[k])
	}
	return take(0)
}

// unclosedIn returns the warnings for the lists toks leaves open, innermost
// first.
func unclosedIn(toks []lexer.Token) []*Error {
	var opens []Pos
	for i := range toks {
		switch toks[i].Type {
		case tokLParen:
			opens = append(opens, toPos(toks[i].Pos))
		case tokRParen:
			opens = opens[:len(opens)-1]
		}
	}
	warnings := make([]*Error, 0, len(opens))
	for k := len(opens) - 1; k >= 0; k-- {
		warnings = append(warnings, unclosed(opens[k]))
	}
	return warnings
}

func unclosed(p Pos) *Error {
	return &Error{Pos: p, Msg: "'(' is never closed (closed at end of file)"}
}

func toPos(p lexer.Position) Pos {
	return Pos{File: p.Filename, Line: p.Line, Col: p.Column}
}
