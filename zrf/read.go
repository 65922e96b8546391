// This file defines the S-expression reader, built on participle.

package zrf

import (
	"errors"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The grammar is deliberately tiny: lists, strings and atoms. Keyword meaning is
// decided later, by the lowering pass, so errors stay under our control.
var zrfLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `;[^\n]*`},
	{Name: "String", Pattern: `"[^"]*"`},
	{Name: "BadString", Pattern: `"`},
	{Name: "LParen", Pattern: `\(`},
	{Name: "RParen", Pattern: `\)`},
	{Name: "Atom", Pattern: `[^\s()";]+`},
	{Name: "Space", Pattern: `\s+`},
})

type pFile struct {
	Items []*pItem `@@*`
}

type pItem struct {
	Pos   lexer.Position
	List  *pList  `  @@`
	Str   *string `| @String`
	Atom  *string `| @Atom`
	Stray *string `| @RParen`
}

type pList struct {
	Pos    lexer.Position
	Items  []*pListItem `"(" @@*`
	Close  *string      `@")"?`
	EndPos lexer.Position
}

type pListItem struct {
	Pos  lexer.Position
	List *pList  `  @@`
	Str  *string `| @String`
	Atom *string `| @Atom`
}

var zrfParser = participle.MustBuild[pFile](
	participle.Lexer(zrfLexer),
	participle.Elide("Comment", "Space"),
	participle.UseLookahead(1),
)

// Parse reads ZRF source text into top-level nodes. It does not expand macros
// or includes. A list left open at end of file is closed there and reported in
// the returned warnings (the rest of the file still loads); every other
// problem is an error with a position.
func Parse(filename string, src []byte) (forms []*Node, warnings []*Error, err error) {
	text := string(src)
	text = strings.TrimPrefix(text, "\ufeff")
	f, perr := zrfParser.ParseString(filename, text)
	if perr != nil {
		var pe participle.Error
		if errors.As(perr, &pe) {
			p := pe.Position()
			msg := pe.Message()
			if strings.Contains(msg, `"\""`) || strings.Contains(msg, "BadString") {
				msg = "unterminated string"
			}
			return nil, nil, &Error{Pos: Pos{File: filename, Line: p.Line, Col: p.Column}, Msg: msg}
		}
		return nil, nil, &Error{Pos: Pos{File: filename}, Msg: perr.Error()}
	}
	var errs ErrorList
	for _, it := range f.Items {
		switch {
		case it.List != nil:
			forms = append(forms, convertList(filename, it.List, &warnings))
		case it.Str != nil:
			forms = append(forms, &Node{Kind: String, Text: unquote(*it.Str), Pos: toPos(filename, it.Pos)})
		case it.Atom != nil:
			forms = append(forms, &Node{Kind: Atom, Text: *it.Atom, Pos: toPos(filename, it.Pos)})
		case it.Stray != nil:
			errs.Add(&Error{Pos: toPos(filename, it.Pos), Msg: "unexpected ')' with no matching '('"})
		}
	}
	if len(errs) > 0 {
		return nil, warnings, errs.Err()
	}
	return forms, warnings, nil
}

func convertList(file string, l *pList, warnings *[]*Error) *Node {
	n := &Node{Kind: List, Pos: toPos(file, l.Pos), Elems: make([]*Node, 0, len(l.Items))}
	for _, it := range l.Items {
		switch {
		case it.List != nil:
			n.Elems = append(n.Elems, convertList(file, it.List, warnings))
		case it.Str != nil:
			n.Elems = append(n.Elems, &Node{Kind: String, Text: unquote(*it.Str), Pos: toPos(file, it.Pos)})
		case it.Atom != nil:
			n.Elems = append(n.Elems, &Node{Kind: Atom, Text: *it.Atom, Pos: toPos(file, it.Pos)})
		}
	}
	if l.Close == nil {
		*warnings = append(*warnings, &Error{Pos: n.Pos, Msg: "'(' is never closed (closed at end of file)"})
	} else {
		n.End = toPos(file, l.EndPos)
	}
	return n
}

func unquote(s string) string { return s[1 : len(s)-1] }

func toPos(file string, p lexer.Position) Pos {
	return Pos{File: file, Line: p.Line, Col: p.Column}
}
