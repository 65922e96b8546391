// This file defines positioned errors and sorted, capped error lists.

package zrf

import (
	"fmt"
	"sort"
	"strings"
)

// Error is a problem at a source position.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// errorf builds an *Error at pos. When the node came out of a macro, the message
// says where the macro was used.
func errorAt(n *Node, format string, args ...any) *Error {
	return errorIn(n, Pos{}, format, args...)
}

// errorIn is errorAt for a node whose call position may come from its
// context ctx (Node.callPosIn).
func errorIn(n *Node, ctx Pos, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	if n == nil {
		return &Error{Msg: msg}
	}
	if call := n.callPosIn(ctx); n.From != nil && n.From.Macro != "" && call.IsValid() {
		msg += fmt.Sprintf(" (in macro %s defined at %s, used at %s)", n.From.Macro, n.Pos, call)
		return &Error{Pos: call, Msg: msg}
	}
	return &Error{Pos: n.Pos, Msg: msg}
}

// MaxErrors is how many errors an ErrorList prints before "(and N more errors)".
const MaxErrors = 10

// ErrorList is a list of positioned errors, sorted by position when printed.
type ErrorList []*Error

func (l *ErrorList) Add(e *Error) { *l = append(*l, e) }

// Sort orders the list by file, line and column and drops exact repeats.
func (l *ErrorList) Sort() {
	s := *l
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i].Pos, s[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	out := s[:0]
	for i, e := range s {
		if i > 0 && e.Pos == s[i-1].Pos && e.Msg == s[i-1].Msg {
			continue
		}
		out = append(out, e)
	}
	*l = out
}

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	for i, e := range l {
		if i == MaxErrors {
			fmt.Fprintf(&b, "\n(and %d more errors)", len(l)-MaxErrors)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns nil for an empty list, else the sorted list.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}
