// This file defines the hand-written ZRF lexer that feeds the participle parser
// (read.go).

package zrf

import (
	"bytes"
	"io"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types. ZRF has only four kinds of token (and tokBody, below);
// whitespace and comments are dropped by the lexer itself, so participle
// never has to elide them (the regexp lexer spent most of its time producing
// and skipping those tokens).
//
// tokBody is the body of a top-level (define name ...): the text from the
// first element after the name up to the define's closing ')' (or the end
// of the file), scanned but not split into tokens. A file can define
// thousands of macros and call a few, so a body is made into tokens and
// nodes only when its macro is first called (lazyBody). The scan meets the
// same errors as lexing the body would.
const (
	tokAtom lexer.TokenType = -(iota + 2)
	tokString
	tokLParen
	tokRParen
	tokBody
)

// maxNesting bounds how deeply lists may nest. Real files nest about 20 deep;
// the limit keeps the recursive passes after the reader (expander, lowering)
// far from stack exhaustion (a fatal, unrecoverable error in Go) on hostile
// input.
const maxNesting = 1000

// zrfLexDef is the participle lexer.Definition for ZRF.
type zrfLexDef struct{}

var zrfLexer lexer.Definition = zrfLexDef{}

func (zrfLexDef) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF":    lexer.EOF,
		"Atom":   tokAtom,
		"String": tokString,
		"LParen": tokLParen,
		"RParen": tokRParen,
		"Body":   tokBody,
	}
}

func (d zrfLexDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexBytes(filename, src)
}

func (d zrfLexDef) LexString(filename string, input string) (lexer.Lexer, error) {
	return newZrfLex(filename, []byte(input)), nil
}

func (d zrfLexDef) LexBytes(filename string, input []byte) (lexer.Lexer, error) {
	return newZrfLex(filename, input), nil
}

// zrfLex scans one file. Columns count runes (invalid UTF-8 bytes count one
// each), as participle's own lexers do.
type zrfLex struct {
	file  string
	src   []byte
	off   int
	line  int
	col   int
	depth int // current '(' nesting, for maxNesting
	// atoms interns atom texts: rule files repeat a few hundred names
	// thousands of times, so each distinct text is allocated once.
	atoms map[string]string
	// define tracks a top-level (define name ...) being read, to hand its
	// body over as one tokBody.
	define defineState
	// skip: only scanning (lexBody); atoms and strings get no text.
	skip bool
}

type defineState uint8

const (
	outsideDefine defineState = iota
	afterTopOpen              // '(' at the top level
	afterDefine               // ( define
	beforeBody                // ( define name
)

func newZrfLex(filename string, src []byte) *zrfLex {
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	return &zrfLex{file: filename, src: src, line: 1, col: 1, atoms: map[string]string{}}
}

// newBodyLex lexes the text of a tokBody that starts at p, inside the
// define's list. (Offsets count from the body's start; nothing reads them.)
func newBodyLex(p lexer.Position, body string, atoms map[string]string) *zrfLex {
	return &zrfLex{file: p.Filename, src: []byte(body), line: p.Line, col: p.Column, depth: 1, atoms: atoms}
}

func (l *zrfLex) pos() lexer.Position {
	return lexer.Position{Filename: l.file, Offset: l.off, Line: l.line, Column: l.col}
}

// Next returns the next token, skipping whitespace and comments. The body
// of a top-level (define name ...) is one tokBody.
func (l *zrfLex) Next() (lexer.Token, error) {
	if l.define == beforeBody {
		l.define = outsideDefine
		if t, err := l.lexBody(); err != nil || t.Type == tokBody {
			return t, err
		}
	}
	t, err := l.next()
	switch {
	case err != nil:
	case t.Type == tokLParen && l.depth == 1:
		l.define = afterTopOpen
	case l.define == afterTopOpen && t.Type == tokAtom && t.Value == "define":
		l.define = afterDefine
	case l.define == afterDefine && t.Type == tokAtom:
		l.define = beforeBody
	default:
		l.define = outsideDefine
	}
	return t, err
}

// lexBody scans a define's body, just after the name: the tokens up to the
// ')' that closes the define, or to the end of the file. With no body
// (the ')' or the end comes first) it returns a token of type EOF, and
// nothing is read.
func (l *zrfLex) lexBody() (lexer.Token, error) {
	l.skipSpace()
	p, start := l.pos(), l.off
	l.skip = true
	defer func() { l.skip = false }()
	for {
		l.skipSpace()
		if l.off >= len(l.src) || l.src[l.off] == ')' && l.depth == 1 {
			break
		}
		if _, err := l.next(); err != nil {
			return lexer.Token{}, err
		}
	}
	if l.off == start {
		return lexer.EOFToken(p), nil
	}
	return lexer.Token{Type: tokBody, Value: string(l.src[start:l.off]), Pos: p}, nil
}

// next returns the next token, skipping whitespace and comments.
func (l *zrfLex) next() (lexer.Token, error) {
	l.skipSpace()
	p := l.pos()
	if l.off >= len(l.src) {
		return lexer.EOFToken(p), nil
	}
	switch c := l.src[l.off]; c {
	case '(':
		l.depth++
		if l.depth > maxNesting {
			return lexer.Token{}, &lexer.Error{Pos: p, Msg: "lists nested too deeply"}
		}
		l.advanceASCII(1)
		return lexer.Token{Type: tokLParen, Value: "(", Pos: p}, nil
	case ')':
		if l.depth > 0 {
			l.depth--
		}
		l.advanceASCII(1)
		return lexer.Token{Type: tokRParen, Value: ")", Pos: p}, nil
	case '"':
		return l.lexString(p)
	default:
		return l.lexAtom(p), nil
	}
}

// skipSpace skips whitespace (any ASCII control character or space) and
// ';' comments.
func (l *zrfLex) skipSpace() {
	for l.off < len(l.src) {
		c := l.src[l.off]
		switch {
		case c == '\n':
			l.off++
			l.line++
			l.col = 1
		case c <= ' ' || c == 0x7f:
			l.advanceASCII(1)
		case c == ';':
			end := bytes.IndexByte(l.src[l.off:], '\n')
			if end < 0 {
				end = len(l.src) - l.off
			}
			l.advanceLine(end)
		default:
			return
		}
	}
}

// lexString scans a "..." literal. ZRF strings have no escapes and may span
// lines; the token's Value is the content without the quotes.
func (l *zrfLex) lexString(p lexer.Position) (lexer.Token, error) {
	end := bytes.IndexByte(l.src[l.off+1:], '"')
	if end < 0 {
		return lexer.Token{}, &lexer.Error{Pos: p, Msg: "unterminated string (no closing '\"')"}
	}
	var text string
	if !l.skip {
		text = string(l.src[l.off+1 : l.off+1+end])
	}
	l.advance(end + 2)
	return lexer.Token{Type: tokString, Value: text, Pos: p}, nil
}

// lexAtom scans a run of characters other than whitespace, ( ) " and ;.
func (l *zrfLex) lexAtom(p lexer.Position) lexer.Token {
	n := 0
	for l.off+n < len(l.src) && isAtomByte(l.src[l.off+n]) {
		n++
	}
	var text string
	switch b := l.src[l.off : l.off+n]; {
	case l.skip:
	case l.define == afterDefine:
		// A top-level macro's name is mostly met once: not worth a table
		// entry (a file of thousands of defines would grow the table).
		text = string(b)
	default:
		var ok bool
		text, ok = l.atoms[string(b)] // the conversion in a map index does not allocate
		if !ok {
			text = string(b)
			l.atoms[text] = text
		}
	}
	l.advanceLine(n)
	return lexer.Token{Type: tokAtom, Value: text, Pos: p}
}

func isAtomByte(c byte) bool {
	switch c {
	case '(', ')', '"', ';', 0x7f:
		return false
	}
	return c > ' '
}

func (l *zrfLex) advanceASCII(n int) {
	l.off += n
	l.col += n
}

// advanceLine moves over n bytes known to hold no newline.
func (l *zrfLex) advanceLine(n int) {
	l.col += utf8.RuneCount(l.src[l.off : l.off+n])
	l.off += n
}

// advance moves over n bytes that may hold newlines.
func (l *zrfLex) advance(n int) {
	seg := l.src[l.off : l.off+n]
	if nl := bytes.LastIndexByte(seg, '\n'); nl >= 0 {
		l.line += bytes.Count(seg, []byte{'\n'})
		l.col = 1 + utf8.RuneCount(seg[nl+1:])
	} else {
		l.col += utf8.RuneCount(seg)
	}
	l.off += n
}
