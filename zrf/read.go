// This file defines the S-expression reader, built on participle over the
// hand-written lexer in lex.go.

package zrf

import (
	"errors"
	"fmt"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The grammar is deliberately tiny: lists, strings and atoms. Keyword meaning is
// decided later, by the lowering pass, so errors stay under our control.
//
// Whole tokens are captured (they carry their positions), so each element
// costs participle one struct, not one struct per alternative.

// pFile is a whole file: top-level elements, among which a stray ')' is
// accepted by the grammar so that it can be reported with our own message.
type pFile struct {
	Items []*pTop `parser:"@@*"`
}

type pTop struct {
	Node  *pNode       `parser:"@@"`
	Stray *lexer.Token `parser:"| @RParen"`
}

// pNode is an atom, a string, or a list whose ')' may be missing at end of
// file (reported as a warning, as Zillions tolerates it).
type pNode struct {
	Toks  []lexer.Token `parser:"@((Atom | String)+)"`
	Open  *lexer.Token  `parser:"| ( @LParen"`
	Elems []*pNode      `parser:"@@*"`
	Close *lexer.Token  `parser:"@RParen? )"`
}

var zrfParser = participle.MustBuild[pFile](
	participle.Lexer(zrfLexer),
	participle.UseLookahead(1),
)

// Parse reads ZRF source text into top-level nodes. It does not expand macros
// or includes. A list left open at end of file is closed there and reported in
// the returned warnings (the rest of the file still loads); every other
// problem is an error with a position.
func Parse(filename string, src []byte) (forms []*Node, warnings []*Error, err error) {
	f, perr := zrfParser.ParseBytes(filename, src)
	if perr != nil {
		return nil, nil, parseError(filename, perr)
	}
	var errs ErrorList
	for _, it := range f.Items {
		if it.Stray != nil {
			errs.Add(&Error{Pos: toPos(it.Stray.Pos), Msg: "unexpected ')' with no matching '('"})
			continue
		}
		forms = convert(forms, it.Node, &warnings)
	}
	if len(errs) > 0 {
		return nil, warnings, errs.Err()
	}
	return forms, warnings, nil
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

// convert appends the Nodes for a parsed element to out, adding a warning
// for each list whose ')' is missing.
func convert(out []*Node, p *pNode, warnings *[]*Error) []*Node {
	if p.Open == nil {
		for i := range p.Toks {
			t := &p.Toks[i]
			n := &Node{Kind: Atom, Text: t.Value, Pos: toPos(t.Pos)}
			if t.Type == tokString {
				n.Kind = String
			}
			out = append(out, n)
		}
		return out
	}
	n := &Node{Kind: List, Pos: toPos(p.Open.Pos), Elems: make([]*Node, 0, len(p.Elems))}
	for _, e := range p.Elems {
		n.Elems = convert(n.Elems, e, warnings)
	}
	if p.Close == nil {
		*warnings = append(*warnings, &Error{Pos: n.Pos, Msg: "'(' is never closed (closed at end of file)"})
	} else {
		n.End = toPos(p.Close.Pos)
	}
	return append(out, n)
}

func toPos(p lexer.Position) Pos {
	return Pos{File: p.Filename, Line: p.Line, Col: p.Column}
}
