// This file defines the helpers of the package.

package testgui

import (
	"bufio"
	"io"
	"regexp"
	"sync"
	"testing"
	"time"
	"zrun/cmd/zrun/internal/play"
)

// GUI drives a session through pipes, like a GUI drives the process.
type GUI struct {
	T     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan struct{}
}

// Start runs a session in a goroutine; reply is the line reader's
// channel, closed when the session's output ends.
func Start(t *testing.T, run func(in io.Reader, out io.Writer)) *GUI {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	g := &GUI{T: t, in: inW, lines: make(chan string, 1000), done: make(chan struct{})}
	go func() {
		run(inR, outW)
		outW.Close()
		close(g.done)
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			g.lines <- sc.Text()
		}
		close(g.lines)
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-g.done:
		case <-time.After(10 * time.Second):
			t.Error("session did not end after its input closed")
		}
	})
	return g
}

func (g *GUI) Send(lines ...string) {
	g.T.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(g.in, l+"\n"); err != nil {
			g.T.Fatalf("send %q: %v", l, err)
		}
	}
}

// Next returns the next reply line, failing after a generous timeout.
func (g *GUI) Next() string {
	g.T.Helper()
	select {
	case l, ok := <-g.lines:
		if !ok {
			g.T.Fatal("session output ended")
		}
		return l
	case <-time.After(20 * time.Second):
		g.T.Fatal("no reply within 20s")
	}
	return ""
}

// Expect checks that the next reply lines are exactly want.
func (g *GUI) Expect(want ...string) {
	g.T.Helper()
	for _, w := range want {
		if got := g.Next(); got != w {
			g.T.Fatalf("reply %q, want %q", got, w)
		}
	}
}

// ExpectMatch checks the next line against a regular expression and returns it.
func (g *GUI) ExpectMatch(re string) string {
	g.T.Helper()
	l := g.Next()
	if !regexp.MustCompile(re).MatchString(l) {
		g.T.Fatalf("reply %q does not match %s", l, re)
	}
	return l
}

// Sync sends ping n and expects pong n as the very next line: every command
// before it was processed and printed nothing more than already read.
func (g *GUI) Sync(n string) {
	g.T.Helper()
	g.Send("ping " + n)
	g.Expect("pong " + n)
}

var (
	testCatOnce sync.Once
	testCat     *play.Catalog
	testCatErr  error
)

// DefaultCatalog loads the default games once for all tests.
func DefaultCatalog(t *testing.T) *play.Catalog {
	t.Helper()
	testCatOnce.Do(func() { testCat, testCatErr = play.LoadCatalog(nil) })
	if testCatErr != nil {
		t.Fatal(testCatErr)
	}
	return testCat
}

// Positions of fmax.ini games that perft.tsv counts with Fairy-Stockfish,
// for checking that a protocol reads Fairy-Max's letters (Black's p is the
// Black pawn; Seirawan's holdings and gate letters).
const (
	CapaRand1 = "rn1b1k1c1r/p3p1p1pp/ap5nb1/1Qpp1p4/1P2P1pP2/N4P1N2/P1PPA3PP/R2B1KBC1R b KQkq - 0 12" // perft.tsv capablanca-rand1: 2 plies, 2278
	SeirRand1 = "rnb1kenr/2ph1p1p/p2bq3/1p1pp1p1/N2P4/1P4P1/P1P1PP1P/RQBHK1NR[E] w KQAEGHkq - 2 12"   // perft.tsv seirawan-rand1: 3 plies, 41122
)
