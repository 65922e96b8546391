// This file defines the S-expression tree every later phase works on, and source positions.

package zrf

import (
	"fmt"
	"strings"
)

// Pos is a source position: file, 1-based line and column.
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string {
	if p.File == "" && p.Line == 0 {
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// IsValid reports whether p names a real place in a file.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Kind says what a Node is.
type Kind uint8

const (
	Atom   Kind = iota // a bare symbol or number: e2, n, empty?, -1, $1
	String             // a "..." literal (no escapes; Text is the content without quotes)
	List               // ( ... )
)

// Node is one element of a ZRF file: an atom, a string or a list.
//
// Nodes produced by macro expansion carry the position of the text they were
// copied from (Pos) and, when they came out of a macro body, where that came
// from (From: the macro, and the position of the call that produced them),
// so errors can name both places.
type Node struct {
	Kind Kind
	// shared marks a node the expander placed in several lists (one copy of
	// a parameter-free macro body per user call), so lowering it once per
	// move definition is enough.
	shared bool
	Text   string  // atom text or string content
	Elems  []*Node // list elements
	Pos    Pos     // where the atom, string or '(' is
	End    Pos     // for lists: where the closing ')' is (zero if it was missing)
	// From is nil for the user's own text. The nodes out of one macro in
	// one call share it: a big file expands to millions of nodes, and the
	// two fields in every node made each a third bigger.
	From *Origin
}

// Origin is where nodes out of a macro body came from.
type Origin struct {
	Macro   string // the macro's name
	CallPos Pos    // where that macro was called, in the user's text
	// perUse: the nodes are shared by several calls (expandShared), so
	// CallPos is not known here; it is that of the nearest enclosing node
	// that knows it.
	perUse bool
}

// callPosIn returns where the macro n came out of was called, ctx being
// the call position of the nearest enclosing node that knows it (zero for
// the user's own text).
func (n *Node) callPosIn(ctx Pos) Pos {
	switch o := n.From; {
	case o == nil:
		return Pos{}
	case o.perUse:
		return ctx
	default:
		return o.CallPos
	}
}

// Macro returns the name of the macro n came out of, or "".
func (n *Node) Macro() string {
	if n.From == nil {
		return ""
	}
	return n.From.Macro
}

// CallPos returns where the macro n came out of was called (zero for the
// user's own text).
func (n *Node) CallPos() Pos {
	if n.From == nil {
		return Pos{}
	}
	return n.From.CallPos
}

// IsAtom reports whether n is the atom s.
func (n *Node) IsAtom(s string) bool { return n != nil && n.Kind == Atom && n.Text == s }

// Head returns the atom text of a list's first element, or "".
func (n *Node) Head() string {
	if n == nil || n.Kind != List || len(n.Elems) == 0 || n.Elems[0].Kind != Atom {
		return ""
	}
	return n.Elems[0].Text
}

// Args returns a list's elements after the head.
func (n *Node) Args() []*Node {
	if n == nil || n.Kind != List || len(n.Elems) == 0 {
		return nil
	}
	return n.Elems[1:]
}

// String prints the node back as ZRF text on one line.
func (n *Node) String() string {
	var b strings.Builder
	n.write(&b)
	return b.String()
}

func (n *Node) write(b *strings.Builder) {
	switch n.Kind {
	case Atom:
		b.WriteString(n.Text)
	case String:
		b.WriteByte('"')
		b.WriteString(n.Text)
		b.WriteByte('"')
	case List:
		b.WriteByte('(')
		for i, e := range n.Elems {
			if i > 0 {
				b.WriteByte(' ')
			}
			e.write(b)
		}
		b.WriteByte(')')
	}
}

// Clone copies n deeply.
func (n *Node) Clone() *Node {
	c := *n
	if n.Elems != nil {
		c.Elems = make([]*Node, len(n.Elems))
		for i, e := range n.Elems {
			c.Elems[i] = e.Clone()
		}
	}
	return &c
}
