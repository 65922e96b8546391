package forth

import (
	"fmt"
	"strings"
)

// Error is every error the machine returns: where in the source text it
// happened, which word failed, what went wrong, and the chain of colon
// definitions that were running (innermost first), so that a failure deep
// inside a game script's move code can be traced back.
type Error struct {
	File  string   // source name as given to Interpret or LoadFile
	Line  int      // 1-based line of the word the outer interpreter was on
	Word  string   // the word that failed (a primitive, native or source word)
	Msg   string   // what went wrong
	Trace []string // colon definitions active at the failure, innermost first
	Err   error    // the cause when there is one: a host native's error, or *UnknownWord
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d: %s: %s", e.File, e.Line, e.Word, e.Msg)
	if len(e.Trace) > 0 {
		fmt.Fprintf(&b, " (in %s)", strings.Join(e.Trace, " <- "))
	}
	return b.String()
}

// fault is how a failure travels from deep inside a primitive to the API
// boundary: primitives panic with it (stack and memory checks sit in the
// helpers every primitive uses, so no primitive needs its own error path)
// and the boundary recovers it into an *Error.
type fault struct {
	word string
	msg  string
	err  error // the cause (Error.Err)
	loc  *Error
}

// Unwrap gives the host native's error, if the failure came from one.
func (e *Error) Unwrap() error { return e.Err }

// UnknownWord is the cause of the error for a word that is neither in the
// dictionary nor a number (and that the host's Resolve did not supply), so
// that a host can tell a missing native from other failures with
// errors.As.
type UnknownWord struct{ Name string }

func (u *UnknownWord) Error() string { return "unknown word " + u.Name }
