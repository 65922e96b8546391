// This file defines the hand-written ZRF lexer that feeds the reader.

package zrf

import (
	"bytes"
	"unicode/utf8"
)

// tokKind is the kind of a token. ZRF has only four kinds of token (plus the
// end of the file); whitespace and comments are dropped by the lexer itself.
type tokKind uint8

const (
	tokEOF tokKind = iota
	tokAtom
	tokString
	tokLParen
	tokRParen
)

// token is one token: its kind, its text (an atom, or a string's content
// without the quotes) and where it starts.
type token struct {
	kind tokKind
	text string
	pos  Pos
}

// maxNesting bounds how deeply lists may nest. Real files nest about 20 deep;
// the limit keeps the recursive passes after the reader (expander, lowering)
// far from stack exhaustion (a fatal, unrecoverable error in Go) on hostile
// input.
const maxNesting = 1000

// zrfLex scans one file. Columns count runes (invalid UTF-8 bytes count one
// each).
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
	// skip: only scanning (parser.lazyDefine); atoms and strings get no
	// text. plain: atoms get their own text, not the table's.
	skip, plain bool
}

func newZrfLex(filename string, src []byte) *zrfLex {
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	return &zrfLex{file: filename, src: src, line: 1, col: 1, atoms: map[string]string{}}
}

func (l *zrfLex) pos() Pos { return Pos{File: l.file, Line: l.line, Col: l.col} }

// next returns the next token, skipping whitespace and comments.
func (l *zrfLex) next() (token, *Error) {
	l.skipSpace()
	p := l.pos()
	if l.off >= len(l.src) {
		return token{kind: tokEOF, pos: p}, nil
	}
	switch c := l.src[l.off]; c {
	case '(':
		l.depth++
		if l.depth > maxNesting {
			return token{}, &Error{Pos: p, Msg: "lists nested too deeply"}
		}
		l.advanceASCII(1)
		return token{kind: tokLParen, text: "(", pos: p}, nil
	case ')':
		if l.depth > 0 {
			l.depth--
		}
		l.advanceASCII(1)
		return token{kind: tokRParen, text: ")", pos: p}, nil
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
// lines; the token's text is the content without the quotes.
func (l *zrfLex) lexString(p Pos) (token, *Error) {
	end := bytes.IndexByte(l.src[l.off+1:], '"')
	if end < 0 {
		return token{}, &Error{Pos: p, Msg: "unterminated string (no closing '\"')"}
	}
	var text string
	if !l.skip {
		text = string(l.src[l.off+1 : l.off+1+end])
	}
	l.advance(end + 2)
	return token{kind: tokString, text: text, pos: p}, nil
}

// lexAtom scans a run of characters other than whitespace, ( ) " and ;.
func (l *zrfLex) lexAtom(p Pos) token {
	n := 0
	for l.off+n < len(l.src) && isAtomByte(l.src[l.off+n]) {
		n++
	}
	b := l.src[l.off : l.off+n]
	var text string
	if l.plain {
		text = string(b)
	} else if !l.skip {
		var ok bool
		text, ok = l.atoms[string(b)] // the conversion in a map index does not allocate
		if !ok {
			text = string(b)
			l.atoms[text] = text
		}
	}
	l.advanceLine(n)
	return token{kind: tokAtom, text: text, pos: p}
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
