package testgui

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// echoSession answers "ping N" with "pong N", as the CECP specification
// (protover 2) requires, and echoes every other line as "got LINE".
func echoSession(in io.Reader, out io.Writer) {
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		l := sc.Text()
		if n, ok := strings.CutPrefix(l, "ping "); ok {
			fmt.Fprintln(out, "pong "+n)
			continue
		}
		if l == "quit" {
			return
		}
		fmt.Fprintln(out, "got "+l)
	}
}

// TestGUIDrivesASession: what Send writes reaches the session in order,
// Expect and ExpectMatch read its replies in order, and Sync's ping-pong
// lines up the two (every earlier reply already read).
func TestGUIDrivesASession(t *testing.T) {
	g := Start(t, echoSession)
	g.Send("xboard", "new")
	g.Expect("got xboard", "got new")
	g.Send("usermove e2e4")
	if l := g.ExpectMatch(`^got usermove [a-h][1-8][a-h][1-8]$`); l != "got usermove e2e4" {
		t.Errorf("ExpectMatch returned %q", l)
	}
	g.Sync("7")
	g.Send("quit")
	// The session ended: its output closes, which Start's cleanup waits for.
	if _, ok := <-g.lines; ok {
		t.Error("a line after quit")
	}
}

// TestDefaultCatalog: the default games are offered under the names the
// CECP specification gives them ("normal" for orthodox chess, "capablanca")
// and ours for Schoolbook, and loading twice gives the one catalog.
func TestDefaultCatalog(t *testing.T) {
	c := DefaultCatalog(t)
	names := c.Names(false)
	for _, want := range []string{"normal", "capablanca", "schoolbook"} {
		if !slices.Contains(names, want) {
			t.Errorf("names %v lack %q", names, want)
		}
	}
	if DefaultCatalog(t) != c {
		t.Error("a second call loaded the games again")
	}
}
