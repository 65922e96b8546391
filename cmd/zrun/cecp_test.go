// This file tests the CECP session by playing the GUI: scripted commands
// through a pipe, every reply line checked, and the game state checked
// after bad input (garbage, illegal moves, bad FENs) to be unchanged.

package main

import (
	"bufio"
	"io"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"zrun/vm"
)

const (
	chessStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	capaStart  = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
)

var (
	testCatOnce sync.Once
	testCat     *catalog
	testCatErr  error
)

// defaultCatalog loads the default games once for all tests.
func defaultCatalog(t *testing.T) *catalog {
	t.Helper()
	testCatOnce.Do(func() { testCat, testCatErr = loadCatalog(nil) })
	if testCatErr != nil {
		t.Fatal(testCatErr)
	}
	return testCat
}

// fakeGUI drives a session through pipes, like a GUI drives the process.
type fakeGUI struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan struct{}
}

// startSession runs a session in a goroutine; reply is the line reader's
// channel, closed when the session's output ends.
func startSession(t *testing.T, run func(in io.Reader, out io.Writer)) *fakeGUI {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	g := &fakeGUI{t: t, in: inW, lines: make(chan string, 1000), done: make(chan struct{})}
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

func startCECP(t *testing.T) (*fakeGUI, *cecpSession) {
	t.Helper()
	var c *cecpSession
	ready := make(chan struct{})
	g := startSession(t, func(in io.Reader, out io.Writer) {
		var err error
		c, err = newCECPSession(defaultCatalog(t), out)
		close(ready)
		if err != nil {
			t.Error(err)
			return
		}
		c.run(in)
	})
	<-ready
	return g, c
}

func (g *fakeGUI) send(lines ...string) {
	g.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(g.in, l+"\n"); err != nil {
			g.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// next returns the next reply line, failing after a generous timeout.
func (g *fakeGUI) next() string {
	g.t.Helper()
	select {
	case l, ok := <-g.lines:
		if !ok {
			g.t.Fatal("session output ended")
		}
		return l
	case <-time.After(20 * time.Second):
		g.t.Fatal("no reply within 20s")
	}
	return ""
}

// expect checks that the next reply lines are exactly want.
func (g *fakeGUI) expect(want ...string) {
	g.t.Helper()
	for _, w := range want {
		if got := g.next(); got != w {
			g.t.Fatalf("reply %q, want %q", got, w)
		}
	}
}

// expectMatch checks the next line against a regular expression and returns it.
func (g *fakeGUI) expectMatch(re string) string {
	g.t.Helper()
	l := g.next()
	if !regexp.MustCompile(re).MatchString(l) {
		g.t.Fatalf("reply %q does not match %s", l, re)
	}
	return l
}

// sync sends ping n and expects pong n as the very next line: every command
// before it was processed and printed nothing more than already read.
func (g *fakeGUI) sync(n string) {
	g.t.Helper()
	g.send("ping " + n)
	g.expect("pong " + n)
}

// fen reads the session's position; call it only after sync when no search
// is running or the search has printed its move (the pipe orders the
// session's writes before our reads). It waits for the search goroutine's
// last steps (the result check after its move).
func fen(t *testing.T, c *cecpSession) string {
	t.Helper()
	if c.g.done != nil {
		<-c.g.done
	}
	f, err := c.g.s.FEN()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestCECPHandshake(t *testing.T) {
	g, _ := startCECP(t)
	g.send("xboard", "protover 2")
	g.expect(
		`feature myname="zrun" setboard=1 usermove=1 ping=1 time=1 draw=0 sigint=0 sigterm=0 colors=0 memory=1 smp=1 reuse=1 analyze=0 san=0 debug=1 highlight=1`,
		`feature variants="normal,capablanca,schoolbook,schoolbook-1.0"`,
		`feature option="Depth limit -spin 0 0 100"`,
		`feature option="Move overhead ms -spin 50 0 5000"`,
		`feature done=1`)
	g.send("accepted myname", "rejected san", "memory 16", "cores 2", "hard", "easy", "random", "computer", "otim 100")
	g.sync("1")
}

func TestCECPBadInputLeavesStateAlone(t *testing.T) {
	g, c := startCECP(t)
	g.send("new", "force", "usermove e2e4")
	g.sync("1")
	after := fen(t, c)
	g.send("foo", "usermove e2e5", "usermove e7e9", "e4e5x", "usermove zz", "hello world")
	g.expect("Error (unknown command): foo", "Illegal move: e2e5", "Illegal move: e7e9",
		"Illegal move: e4e5x", "Illegal move: zz", "Error (unknown command): hello world")
	g.send("setboard this is not a fen")
	g.expectMatch(`^tellusererror Illegal position: `)
	g.sync("2")
	if got := fen(t, c); got != after {
		t.Fatalf("bad input changed the position: %s, want %s", got, after)
	}
	// A bare coordinate move is accepted too (GUIs that rejected usermove=1).
	g.send("e7e5")
	g.sync("3")
	if got := fen(t, c); !strings.HasPrefix(got, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6") {
		t.Fatalf("after e2e4 e7e5: %s", got)
	}
}

func TestCECPUserMoveThenEngineMoves(t *testing.T) {
	g, c := startCECP(t)
	g.send("new", "sd 2", "post", "usermove e2e4")
	// Thinking lines: ply score time nodes pv, then the move.
	g.expectMatch(`^1 -?\d+ \d+ \d+ [a-h][1-8][a-h][1-8]`)
	g.expectMatch(`^2 -?\d+ \d+ \d+ [a-h][1-8][a-h][1-8] [a-h][1-8][a-h][1-8]`)
	mv := g.expectMatch(`^move [a-h][1-8][a-h][1-8]$`)
	g.sync("1")
	f := fen(t, c)
	if !strings.Contains(f, " w ") || !strings.HasSuffix(f, " 2") {
		t.Fatalf("after e2e4 and %s the position is %s", mv, f)
	}
	// The engine's move is legal: undo it and replay it by text.
	g.send("force", "undo")
	g.sync("2")
	if ok, _ := c.g.makeText(strings.TrimPrefix(mv, "move ")); !ok {
		t.Fatalf("%s is not a legal reply to e2e4", mv)
	}
	// The usual GUI order: force, the user's move, then go with a depth.
	g.send("new", "nopost", "force", "usermove e2e4", "sd 1", "go")
	g.expectMatch(`^move [a-h][1-8][a-h][1-8]$`)
	g.sync("3")
	if f := fen(t, c); !strings.Contains(f, " w ") {
		t.Fatalf("after force, e2e4, go: %s", f)
	}
}

func TestCECPPingAnsweredWhileThinkingAndMoveNow(t *testing.T) {
	g, c := startCECP(t)
	g.send("new", "st 60", "go")
	g.sync("1") // pong at once though the search has a minute
	g.send("?")
	mv := g.expectMatch(`^move [a-h][1-8][a-h][1-8]$`)
	g.sync("2")
	if f := fen(t, c); !strings.Contains(f, " b ") {
		t.Fatalf("after %s the position is %s", mv, f)
	}
	// force stops a search without a move.
	g.send("go", "force")
	g.sync("3")
	if f := fen(t, c); !strings.Contains(f, " b ") {
		t.Fatalf("force played a move: %s", f)
	}
}

func TestCECPUndoRemoveNew(t *testing.T) {
	g, c := startCECP(t)
	g.send("new", "force", "usermove e2e4", "usermove e7e5")
	g.sync("1")
	g.send("undo")
	g.sync("2")
	if f := fen(t, c); !strings.HasPrefix(f, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b") {
		t.Fatalf("after undo: %s", f)
	}
	g.send("usermove d7d5", "remove")
	g.sync("3")
	if f := fen(t, c); f != chessStart {
		t.Fatalf("after remove: %s", f)
	}
	g.send("undo")
	g.expect("Error (command not legal now): nothing to undo")
	g.send("usermove g1f3", "new")
	g.sync("4")
	if f := fen(t, c); f != chessStart {
		t.Fatalf("after new: %s", f)
	}
}

func TestCECPSetboardAndClaims(t *testing.T) {
	g, c := startCECP(t)
	g.send("new", "force", "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	g.sync("1")
	if f := fen(t, c); f != "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" {
		t.Fatalf("setboard: %s", f)
	}
	g.send("sd 3", "go")
	g.expect("move a1a8", "1-0 {White mates}")
	// The user stalemates the engine: it claims instead of moving.
	g.send("new", "force", "setboard k7/8/8/1Q6/8/8/8/7K w - - 0 1", "playother", "usermove b5b6")
	g.expect("1/2-1/2 {Stalemate}")
	g.sync("2")
}

func TestCECPVariants(t *testing.T) {
	g, c := startCECP(t)
	g.send("new", "variant capablanca")
	g.sync("1") // a variant XBoard knows: no setup line
	if f := fen(t, c); f != capaStart {
		t.Fatalf("capablanca start: %s", f)
	}
	g.send("force", "usermove f2f4", "usermove e7e5")
	g.sync("2")
	g.send("variant schoolbook")
	// Pieces XBoard already draws with the right moves (A = BN on the
	// Archbishop image, M = RN on the Chancellor's) need no piece line; the
	// King's castling over three squares (Capablanca's, Fairy-Stockfish's
	// "KO3" for Schoolbook) does.
	g.expect("setup (PNBRQ..AM............Kpnbrq..am............k) 10x8+0_fairy rqnbakbnmr/pppppppppp/10/10/10/10/PPPPPPPPPP/RQNBAKBNMR w KQkq - 0 1",
		"piece K& KisO3")
	g.send("variant nosuchgame")
	g.expect("Error (unsupported variant): nosuchgame")
	g.sync("3")
	if c.g.entry.name != "schoolbook" {
		t.Fatalf("game is %s after a bad variant", c.g.entry.name)
	}
	g.send("new")
	g.sync("4")
	if f := fen(t, c); f != chessStart {
		t.Fatalf("new did not go back to chess: %s", f)
	}
}

func TestCECPLevelLimits(t *testing.T) {
	_, c := startCECP(t)
	c.level("40 0:20 1")
	c.overhead = 0
	lim := c.limits()
	if lim.Time != 20*time.Second || lim.Inc != time.Second || lim.MovesToGo != 40 {
		t.Fatalf("level 40 0:20 1 before time: %+v", lim)
	}
	c.myTime = centis("1234")
	if lim = c.limits(); lim.Time != 12340*time.Millisecond {
		t.Fatalf("time 1234: %+v", lim)
	}
	c.st = 3 * time.Second
	if lim = c.limits(); lim.MoveTime != 3*time.Second || lim.Time != 0 {
		t.Fatalf("st 3: %+v", lim)
	}
}

func TestLooksLikeMove(t *testing.T) {
	for s, want := range map[string]bool{"e2e4": true, "e7e8q": true, "P@e4": true, "a10b10": true,
		"@@@@": true, "foo": false, "e2": false, "e2e4qq": false, "e4e5x": true, "hello world": false} {
		if looksLikeMove(s) != want {
			t.Errorf("looksLikeMove(%q) = %v", s, !want)
		}
	}
}

// startCECPWith runs a session on the games of the given files.
func startCECPWith(t *testing.T, files ...string) (*fakeGUI, *cecpSession) {
	t.Helper()
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			t.Skipf("%s not found: %v", f, err)
		}
	}
	cat, err := loadCatalog(files)
	if err != nil {
		t.Fatal(err)
	}
	var c *cecpSession
	ready := make(chan struct{})
	g := startSession(t, func(in io.Reader, out io.Writer) {
		var err error
		c, err = newCECPSession(cat, out)
		close(ready)
		if err != nil {
			t.Error(err)
			return
		}
		c.run(in)
	})
	<-ready
	return g, c
}

const cecpFmaxIni = "../../../shared/fmax/fmax.ini"

// On ten-rank boards CECP counts ranks from 0: Fairy-Max plays Roman Chess
// (10x10) with moves such as b0c2 (protocols.md §1.5, observed).
func TestCECPTenRankNotation(t *testing.T) {
	g, c := startCECPWith(t, cecpFmaxIni)
	g.send("new", "variant roman")
	g.expect("setup (PNBRQ.....AKpnbrq.....ak) 10x10+0_fairy rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1")
	g.send("force", "usermove b1c3", "usermove b0c2", "usermove c8c6")
	g.expect("Illegal move: b1c3")
	g.sync("1")
	if f := fen(t, c); !strings.HasPrefix(f, "rnabqkbanr/pp1ppppppp/10/2p7/10/10/10/2N7/PPPPPPPPPP/R1ABQKBANR w") {
		t.Fatalf("after b0c2 c8c6: %s", f)
	}
	g.send("post", "sd 2", "go")
	g.expectMatch(`^1 -?\d+ \d+ \d+ [a-j][0-9][a-j][0-9]$`)
	g.expectMatch(`^2 -?\d+ \d+ \d+ [a-j][0-9][a-j][0-9] [a-j][0-9][a-j][0-9]$`)
	g.expectMatch(`^move [a-j][0-9][a-j][0-9]$`)
	g.sync("2")
}

// An fmax.ini game XBoard does not know gets Fairy-Max's own setup and
// piece lines, as Fairy-Max sent them to the real XBoard (the recorded
// debug log), and two-digit ranks on 12x12: XBoard's c1d3, Fairy-Max's h12g11.
func TestCECPFmaxSetupMatchesFairyMax(t *testing.T) {
	const logFile = "../../../shared/docs/logs/xboard-grande-acedrex.debug.txt"
	data, err := os.ReadFile(logFile)
	if err != nil {
		t.Skipf("%s not found: %v", logFile, err)
	}
	var want []string
	for _, l := range strings.Split(string(data), "\n") {
		if _, msg, ok := strings.Cut(l, "<first : "); ok && (strings.HasPrefix(msg, "setup ") || strings.HasPrefix(msg, "piece ")) {
			want = append(want, strings.TrimSpace(msg))
		}
	}
	if len(want) != 6 {
		t.Fatalf("%s: %d setup/piece lines, want 6", logFile, len(want))
	}
	g, c := startCECPWith(t, cecpFmaxIni)
	g.send("new", "variant grande-acedrex")
	// The FEN is ours (Fairy-Max writes 8 for the empty 12-file ranks);
	// the table, board size and parent must agree.
	setup := g.next()
	if f := strings.Fields(want[0]); !strings.HasPrefix(setup, strings.Join(f[:3], " ")+" rlugcakcgulr/12/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/12/RLUGCAKCGULR w ") {
		t.Fatalf("setup %q, Fairy-Max sent %q", setup, want[0])
	}
	g.expect(want[1:]...)
	g.send("force", "usermove c1d3", "usermove h12g11")
	g.sync("1")
	if f := fen(t, c); !strings.HasPrefix(f, "rlugcak1gulr/6c5/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/3U8/12/RL1GCAKCGULR w") {
		t.Fatalf("after c1d3 h12g11: %s", f)
	}
}

// lift/put/hover get highlight and choice answers from the legal moves:
// yellow targets, red captures (e.p. too), green e.p. victim on hover,
// magenta promotion with the choice queen first.
func TestCECPHighlight(t *testing.T) {
	g, c := startCECP(t)
	g.send("new", "force", "lift e2", "lift e4", "lift b1", "lift z9")
	g.expect("highlight 8/8/8/8/4Y3/4Y3/8/8", "highlight 8/8/8/8/8/8/8/8",
		"highlight 8/8/8/8/8/Y1Y5/8/8", "highlight 8/8/8/8/8/8/8/8")
	g.send("setboard 4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1", "lift e5", "hover d6", "put d6")
	g.expect("highlight 8/8/3RY3/8/8/8/8/8", "highlight 8/8/3RY3/3g4/8/8/8/8")
	g.send("lift b7", "put b8")
	g.expect("highlight 1M6/8/8/8/8/8/8/8", "choice QRBN")
	g.sync("1")
	if f := fen(t, c); f != "4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1" {
		t.Fatalf("lift/put changed the position: %s", f)
	}
	// XBoard sends the promotion with its suffix.
	g.send("usermove b7b8q")
	g.sync("2")
	if f := fen(t, c); !strings.HasPrefix(f, "1Q2k3/8/8/3pP3/") {
		t.Fatalf("after b7b8q: %s", f)
	}
}

// A 10x8 engine-defined variant answers lift with its own pieces' targets:
// Schoolbook's archbishop (e1) and marshall (i1) jump like knights at the start.
func TestCECPHighlightSchoolbook(t *testing.T) {
	g, _ := startCECP(t)
	g.send("new", "variant schoolbook")
	g.next() // setup
	g.next() // piece K&
	g.send("lift e1", "lift i1")
	g.expect("highlight 10/10/10/10/10/3Y1Y4/10/10", "highlight 10/10/10/10/10/7Y1Y/10/10")
}

// A checkers jump captures a man it jumps over, which XBoard cannot know
// from any Betza string, so it is written in legs through the victim's
// square, as XBoard writes a Lion's double capture ("c4d5,d5e4",
// engine-intf.html §8): XBoard removes the piece where a leg ends. A ZRF
// multiple jump (add-partial) is one CECP move of all its parts' legs: the
// user sends the legs joined by commas, the engine sends each leg in its
// own move command, all but the last ending in a comma (§9). lift/put mark
// the squares where the move goes on cyan, and XBoard lifts the piece again
// there for the next leg.
func TestCECPMultiLeg(t *testing.T) {
	const checkers = "../../../shared/zrf-corpus/DagazProject+DagazProject.github.io/checkers/zrf/italian-checkers.zrf"
	const doubleJump = "m7/8/4m3/8/2m5/1M6/8/8 w - - 0 1"
	const after = "m7/5M2/8/8/8/8/8/8 b"
	g, c := startCECPWith(t, checkers)
	g.send("new", "variant italian-checkers", "force", "ping 1")
	for l := g.next(); l != "pong 1"; l = g.next() {
	}
	// A single jump: the victim's square, then a red capture that ends
	// the turn.
	g.send("setboard m7/8/8/8/2m5/1M6/8/8 w - - 0 1", "lift b3", "put c4", "lift c4")
	g.expect("highlight 8/8/8/8/2C5/8/8/8", "highlight 8/8/8/3R4/8/8/8/8")
	// A double jump: the first part goes on from d5 (cyan), the second
	// ends on f7.
	g.send("setboard "+doubleJump, "lift b3", "put c4", "lift c4", "put d5", "lift d5", "put e6", "lift e6")
	g.expect("highlight 8/8/8/8/2C5/8/8/8", "highlight 8/8/8/3C4/8/8/8/8",
		"highlight 8/8/4C3/8/8/8/8/8", "highlight 8/5R2/8/8/8/8/8/8")
	g.send("sd 3", "go")
	g.expect("move b3c4,", "move c4d5,", "move d5e6,", "move e6f7")
	g.sync("2")
	if f := fen(t, c); !strings.HasPrefix(f, after) {
		t.Fatalf("after the double jump: %s", f)
	}
	g.send("force", "setboard "+doubleJump, "usermove b3c4,c4d5,d5e6,e6h9", "usermove b3c4,c4d5,d5e6,e6f7")
	g.expect("Illegal move: b3c4,c4d5,d5e6,e6h9")
	g.sync("3")
	if f := fen(t, c); !strings.HasPrefix(f, after) {
		t.Fatalf("after usermove b3c4,c4d5,d5e6,e6f7: %s", f)
	}
	// XBoard 4.9.1 itself sends the parts' victim legs only from the second
	// part on ("f3d5,d5c6,c6b7", observed); a part written from start to
	// target is found too.
	g.send("setboard "+doubleJump, "usermove b3d5,d5e6,e6f7")
	g.sync("4")
	if f := fen(t, c); !strings.HasPrefix(f, after) {
		t.Fatalf("after usermove b3d5,d5e6,e6f7: %s", f)
	}
}

// Seirawan-style gating is written as a fifth letter naming the piece that
// enters the square the mover left ("b1c3h", Fairy-Max and Fairy-Stockfish,
// protocols.md §1.5); gating onto a castling rook's square names the rook's
// square first ("h1e1h", Fairy-Stockfish). Chess has no gating, so the
// moves get a created piece added to their acts, as a gating rule would.
func TestCECPGatingText(t *testing.T) {
	e := defaultCatalog(t).find("normal")
	s, err := vm.NewState(e.game)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"); err != nil {
		t.Fatal(err)
	}
	cb := newCECPBoard(e.game)
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	queen := -1
	for i, l := range e.game.Letters {
		if strings.EqualFold(l, "q") {
			queen = i
		}
	}
	gate := func(text, on string) string {
		t.Helper()
		m := cb.findCECPMove(s, &ml, text)
		if m == nil {
			t.Fatalf("no move %s", text)
		}
		p, _ := cb.lookup(on)
		g := *m
		g.Acts = append(append([]vm.Act(nil), m.Acts...), vm.Act{Kind: vm.ActCreate, Type: int16(queen), To: p})
		return cb.moveText(s, &g)
	}
	for _, c := range []struct{ move, on, want string }{
		{"a1b1", "a1", "a1b1q"},
		{"e1g1", "e1", "e1g1q"},
		{"e1g1", "h1", "h1e1q"},
		{"e1c1", "a1", "a1e1q"},
	} {
		if got := gate(c.move, c.on); got != c.want {
			t.Errorf("%s gating on %s: %s, want %s", c.move, c.on, got, c.want)
		}
	}
}

// Musketeer Chess gates the piece waiting behind a first-moving piece onto
// the square it leaves (shared/seeds/004): Nb1-c3 with the Archbishop on
// b0 is "b1c3a" in CECP; XBoard may leave the letter off when the gating
// is compulsory. Ranks count from 0 on this 10-rank board (8 playing
// ranks plus the two gating ranks). A gated piece leaving its reserve
// square is no capture: the targets are yellow.
func TestCECPMusketeerGating(t *testing.T) {
	const start = "ca******/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/CA****** w KQkq - 0 1"
	const after = "ca******/rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RABQKBNR/C******* b KQkq"
	g, c := startCECPWith(t, "../../games/musketeer.zrf")
	g.send("new", "force", "variant musketeer-chess", "ping 1")
	for l := g.next(); l != "pong 1"; l = g.next() {
	}
	g.send("setboard "+start, "lift b1", "usermove b1c3c", "usermove b1c3a")
	g.expect("highlight 8/8/8/8/8/8/Y1Y5/8/8/8", "Illegal move: b1c3c")
	g.sync("2")
	if f := fen(t, c); !strings.HasPrefix(f, after) {
		t.Fatalf("after b1c3a: %s", f)
	}
	g.send("setboard "+start, "usermove b1c3")
	g.sync("3")
	if f := fen(t, c); !strings.HasPrefix(f, after) {
		t.Fatalf("after b1c3 (gating implied): %s", f)
	}
}

// A board without a rectangular grid (Chase's hexagonal board) has no
// XBoard squares: no setup, an empty highlight, and moves in the rule
// file's own coordinates; nothing breaks.
func TestCECPNoGrid(t *testing.T) {
	g, _ := startCECPWith(t, "../../../shared/zrf-corpus/Chase/Chase.zrf")
	g.send("new", "variant chase", "lift a1", "hover a2", "put a2", "sd 1", "go")
	g.expectMatch(`^# no setup for chase: `)
	g.expect("highlight 8/8/8/8/8/8/8/8")
	g.expectMatch(`^move \S+$`)
	g.sync("1")
}
