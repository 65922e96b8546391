// This file tests the CECP session by playing the GUI: scripted commands
// through a pipe, every reply line checked, and the game state checked
// after bad input (garbage, illegal moves, bad FENs) to be unchanged.

package cecp

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/cmd/zrun/internal/testgui"
	"zrun/engine"
	"zrun/vm"
)

const (
	chessStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	capaStart  = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
)

func startCECP(t *testing.T) (*testgui.GUI, *Session) {
	t.Helper()
	var c *Session
	ready := make(chan struct{})
	g := testgui.Start(t, func(in io.Reader, out io.Writer) {
		var err error
		c, err = New(testgui.DefaultCatalog(t), out)
		close(ready)
		if err != nil {
			t.Error(err)
			return
		}
		c.Run(in)
	})
	<-ready
	return g, c
}

// fen reads the session's position; call it only after sync when no search
// is running or the search has printed its move (the pipe orders the
// session's writes before our reads). It waits for the search goroutine's
// last steps (the result check after its move).
func fen(t *testing.T, c *Session) string {
	t.Helper()
	c.g.Wait()
	f, err := c.g.S.FEN()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestCECPHandshake(t *testing.T) {
	g, _ := startCECP(t)
	g.Send("xboard", "protover 2")
	g.Expect(
		`feature myname="zrun" setboard=1 usermove=1 ping=1 time=1 draw=0 sigint=0 sigterm=0 colors=0 memory=1 smp=1 reuse=1 analyze=0 san=0 debug=1 highlight=1`,
		`feature variants="normal,capablanca,schoolbook,schoolbook-1.0"`,
		`feature option="Depth limit -spin 0 0 100"`,
		`feature option="Move overhead ms -spin 50 0 5000"`,
		`feature option="Player -combo *alphabeta /// mcts /// auto"`,
		`feature option="Piece letters -string "`,
		`feature done=1`)
	g.Send("accepted myname", "rejected san", "memory 16", "cores 2", "hard", "easy", "random", "computer", "otim 100")
	g.Sync("1")
}

func TestCECPBadInputLeavesStateAlone(t *testing.T) {
	g, c := startCECP(t)
	g.Send("new", "force", "usermove e2e4")
	g.Sync("1")
	after := fen(t, c)
	g.Send("foo", "usermove e2e5", "usermove e7e9", "e4e5x", "usermove zz", "hello world")
	g.Expect("Error (unknown command): foo", "Illegal move: e2e5", "Illegal move: e7e9",
		"Illegal move: e4e5x", "Illegal move: zz", "Error (unknown command): hello world")
	g.Send("setboard this is not a fen")
	g.ExpectMatch(`^tellusererror Illegal position: `)
	g.Sync("2")
	if got := fen(t, c); got != after {
		t.Fatalf("bad input changed the position: %s, want %s", got, after)
	}
	// A bare coordinate move is accepted too (GUIs that rejected usermove=1).
	g.Send("e7e5")
	g.Sync("3")
	if got := fen(t, c); !strings.HasPrefix(got, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6") {
		t.Fatalf("after e2e4 e7e5: %s", got)
	}
}

func TestCECPUserMoveThenEngineMoves(t *testing.T) {
	g, c := startCECP(t)
	g.Send("new", "sd 2", "post", "usermove e2e4")
	// Thinking lines: ply score time nodes pv, then the move.
	g.ExpectMatch(`^1 -?\d+ \d+ \d+ [a-h][1-8][a-h][1-8]`)
	g.ExpectMatch(`^2 -?\d+ \d+ \d+ [a-h][1-8][a-h][1-8] [a-h][1-8][a-h][1-8]`)
	mv := g.ExpectMatch(`^move [a-h][1-8][a-h][1-8]$`)
	g.Sync("1")
	f := fen(t, c)
	if !strings.Contains(f, " w ") || !strings.HasSuffix(f, " 2") {
		t.Fatalf("after e2e4 and %s the position is %s", mv, f)
	}
	// The engine's move is legal: undo it and replay it by text.
	g.Send("force", "undo")
	g.Sync("2")
	if ok, _ := c.g.PlayCoord(strings.TrimPrefix(mv, "move ")); !ok {
		t.Fatalf("%s is not a legal reply to e2e4", mv)
	}
	// The usual GUI order: force, the user's move, then go with a depth.
	g.Send("new", "nopost", "force", "usermove e2e4", "sd 1", "go")
	g.ExpectMatch(`^move [a-h][1-8][a-h][1-8]$`)
	g.Sync("3")
	if f := fen(t, c); !strings.Contains(f, " w ") {
		t.Fatalf("after force, e2e4, go: %s", f)
	}
}

func TestCECPPingAnsweredWhileThinkingAndMoveNow(t *testing.T) {
	g, c := startCECP(t)
	g.Send("new", "st 60", "go")
	g.Sync("1") // pong at once though the search has a minute
	g.Send("?")
	mv := g.ExpectMatch(`^move [a-h][1-8][a-h][1-8]$`)
	g.Sync("2")
	if f := fen(t, c); !strings.Contains(f, " b ") {
		t.Fatalf("after %s the position is %s", mv, f)
	}
	// force stops a search without a move.
	g.Send("go", "force")
	g.Sync("3")
	if f := fen(t, c); !strings.Contains(f, " b ") {
		t.Fatalf("force played a move: %s", f)
	}
}

func TestCECPUndoRemoveNew(t *testing.T) {
	g, c := startCECP(t)
	g.Send("new", "force", "usermove e2e4", "usermove e7e5")
	g.Sync("1")
	g.Send("undo")
	g.Sync("2")
	if f := fen(t, c); !strings.HasPrefix(f, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b") {
		t.Fatalf("after undo: %s", f)
	}
	g.Send("usermove d7d5", "remove")
	g.Sync("3")
	if f := fen(t, c); f != chessStart {
		t.Fatalf("after remove: %s", f)
	}
	g.Send("undo")
	g.Expect("Error (command not legal now): nothing to undo")
	g.Send("usermove g1f3", "new")
	g.Sync("4")
	if f := fen(t, c); f != chessStart {
		t.Fatalf("after new: %s", f)
	}
}

func TestCECPSetboardAndClaims(t *testing.T) {
	g, c := startCECP(t)
	g.Send("new", "force", "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	g.Sync("1")
	if f := fen(t, c); f != "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" {
		t.Fatalf("setboard: %s", f)
	}
	g.Send("sd 3", "go")
	g.Expect("move a1a8", "1-0 {White mates}")
	// The user stalemates the engine: it claims instead of moving.
	g.Send("new", "force", "setboard k7/8/8/1Q6/8/8/8/7K w - - 0 1", "playother", "usermove b5b6")
	g.Expect("1/2-1/2 {Stalemate}")
	g.Sync("2")
}

// TestCECPRepetitionClaim: the knights out and back twice bring the start
// position round for the third time, a draw by FIDE 9.2 whatever move led
// to it; the engine, to move there, claims it at once.
func TestCECPRepetitionClaim(t *testing.T) {
	g, c := startCECP(t)
	g.Send("new", "force")
	for _, m := range []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"} {
		g.Send("usermove " + m)
	}
	g.Send("playother", "usermove f6g8")
	g.Expect("1/2-1/2 {Draw by repetition}")
	g.Sync("1")
	if f := fen(t, c); !strings.HasPrefix(f, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq") {
		t.Errorf("the game ended on %s, want the start position", f)
	}
}

func TestCECPVariants(t *testing.T) {
	g, c := startCECP(t)
	g.Send("new", "variant capablanca")
	g.Sync("1") // a variant XBoard knows: no setup line
	if f := fen(t, c); f != capaStart {
		t.Fatalf("capablanca start: %s", f)
	}
	g.Send("force", "usermove f2f4", "usermove e7e5")
	g.Sync("2")
	g.Send("variant schoolbook")
	// Pieces XBoard already draws with the right moves (A = BN on the
	// Archbishop image, M = RN on the Chancellor's) need no piece line; the
	// King's castling over three squares (Capablanca's, Fairy-Stockfish's
	// "KO3" for Schoolbook) does.
	g.Expect("setup (PNBRQ..AM............Kpnbrq..am............k) 10x8+0_fairy rqnbakbnmr/pppppppppp/10/10/10/10/PPPPPPPPPP/RQNBAKBNMR w KQkq - 0 1",
		"piece K& KisO3")
	g.Send("variant nosuchgame")
	g.Expect("Error (unsupported variant): nosuchgame")
	g.Sync("3")
	if c.entry.Name != "schoolbook" {
		t.Fatalf("game is %s after a bad variant", c.entry.Name)
	}
	g.Send("new")
	g.Sync("4")
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
func startCECPWith(t *testing.T, files ...string) (*testgui.GUI, *Session) {
	t.Helper()
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			t.Skipf("%s not found: %v", f, err)
		}
	}
	cat, err := play.LoadCatalog(files)
	if err != nil {
		t.Fatal(err)
	}
	var c *Session
	ready := make(chan struct{})
	g := testgui.Start(t, func(in io.Reader, out io.Writer) {
		var err error
		c, err = New(cat, out)
		close(ready)
		if err != nil {
			t.Error(err)
			return
		}
		c.Run(in)
	})
	<-ready
	return g, c
}

const cecpFmaxIni = "../../../../../shared/fmax/fmax.ini"

// On ten-rank boards CECP counts ranks from 0: Fairy-Max plays Roman Chess
// (10x10) with moves such as b0c2 (protocols.md §1.5, observed).
func TestCECPTenRankNotation(t *testing.T) {
	g, c := startCECPWith(t, cecpFmaxIni)
	g.Send("new", "variant roman")
	g.Expect("setup (PNBRQ.....AKpnbrq.....ak) 10x10+0_fairy rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1")
	g.Send("force", "usermove b1c3", "usermove b0c2", "usermove c8c6")
	g.Expect("Illegal move: b1c3")
	g.Sync("1")
	if f := fen(t, c); !strings.HasPrefix(f, "rnabqkbanr/pp1ppppppp/10/2p7/10/10/10/2N7/PPPPPPPPPP/R1ABQKBANR w") {
		t.Fatalf("after b0c2 c8c6: %s", f)
	}
	g.Send("post", "sd 2", "go")
	g.ExpectMatch(`^1 -?\d+ \d+ \d+ [a-j][0-9][a-j][0-9]$`)
	g.ExpectMatch(`^2 -?\d+ \d+ \d+ [a-j][0-9][a-j][0-9] [a-j][0-9][a-j][0-9]$`)
	g.ExpectMatch(`^move [a-j][0-9][a-j][0-9]$`)
	g.Sync("2")
}

// An fmax.ini game XBoard does not know gets Fairy-Max's own setup and
// piece lines, as Fairy-Max sent them to the real XBoard (the recorded
// debug log), and two-digit ranks on 12x12: XBoard's c1d3, Fairy-Max's h12g11.
func TestCECPFmaxSetupMatchesFairyMax(t *testing.T) {
	const logFile = "../../../../../shared/docs/logs/xboard-grande-acedrex.debug.txt"
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
	g.Send("new", "variant grande-acedrex")
	// The FEN is ours (Fairy-Max writes 8 for the empty 12-file ranks);
	// the table, board size and parent must agree.
	setup := g.Next()
	if f := strings.Fields(want[0]); !strings.HasPrefix(setup, strings.Join(f[:3], " ")+" rlugcakcgulr/12/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/12/RLUGCAKCGULR w ") {
		t.Fatalf("setup %q, Fairy-Max sent %q", setup, want[0])
	}
	g.Expect(want[1:]...)
	g.Send("force", "usermove c1d3", "usermove h12g11")
	g.Sync("1")
	if f := fen(t, c); !strings.HasPrefix(f, "rlugcak1gulr/6c5/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/3U8/12/RL1GCAKCGULR w") {
		t.Fatalf("after c1d3 h12g11: %s", f)
	}
}

// lift/put/hover get highlight and choice answers from the legal moves:
// yellow targets, red captures (e.p. too), green e.p. victim on hover,
// magenta promotion with the choice queen first.
func TestCECPHighlight(t *testing.T) {
	g, c := startCECP(t)
	g.Send("new", "force", "lift e2", "lift e4", "lift b1", "lift z9")
	g.Expect("highlight 8/8/8/8/4Y3/4Y3/8/8", "highlight 8/8/8/8/8/8/8/8",
		"highlight 8/8/8/8/8/Y1Y5/8/8", "highlight 8/8/8/8/8/8/8/8")
	g.Send("setboard 4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1", "lift e5", "hover d6", "put d6")
	g.Expect("highlight 8/8/3RY3/8/8/8/8/8", "highlight 8/8/3RY3/3g4/8/8/8/8")
	g.Send("lift b7", "put b8")
	g.Expect("highlight 1M6/8/8/8/8/8/8/8", "choice QRBN")
	g.Sync("1")
	if f := fen(t, c); f != "4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1" {
		t.Fatalf("lift/put changed the position: %s", f)
	}
	// XBoard sends the promotion with its suffix.
	g.Send("usermove b7b8q")
	g.Sync("2")
	if f := fen(t, c); !strings.HasPrefix(f, "1Q2k3/8/8/3pP3/") {
		t.Fatalf("after b7b8q: %s", f)
	}
}

// A 10x8 engine-defined variant answers lift with its own pieces' targets:
// Schoolbook's archbishop (e1) and marshall (i1) jump like knights at the start.
func TestCECPHighlightSchoolbook(t *testing.T) {
	g, _ := startCECP(t)
	g.Send("new", "variant schoolbook")
	g.Next() // setup
	g.Next() // piece K&
	g.Send("lift e1", "lift i1")
	g.Expect("highlight 10/10/10/10/10/3Y1Y4/10/10", "highlight 10/10/10/10/10/7Y1Y/10/10")
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
	const checkers = "../../../../../shared/zrf-corpus/DagazProject+DagazProject.github.io/checkers/zrf/italian-checkers.zrf"
	const doubleJump = "m7/8/4m3/8/2m5/1M6/8/8 w - - 0 1"
	const after = "m7/5M2/8/8/8/8/8/8 b"
	g, c := startCECPWith(t, checkers)
	g.Send("new", "variant italian-checkers", "force", "ping 1")
	for l := g.Next(); l != "pong 1"; l = g.Next() {
	}
	// A single jump: the victim's square, then a red capture that ends
	// the turn.
	g.Send("setboard m7/8/8/8/2m5/1M6/8/8 w - - 0 1", "lift b3", "put c4", "lift c4")
	g.Expect("highlight 8/8/8/8/2C5/8/8/8", "highlight 8/8/8/3R4/8/8/8/8")
	// A double jump: the first part goes on from d5 (cyan), the second
	// ends on f7.
	g.Send("setboard "+doubleJump, "lift b3", "put c4", "lift c4", "put d5", "lift d5", "put e6", "lift e6")
	g.Expect("highlight 8/8/8/8/2C5/8/8/8", "highlight 8/8/8/3C4/8/8/8/8",
		"highlight 8/8/4C3/8/8/8/8/8", "highlight 8/5R2/8/8/8/8/8/8")
	g.Send("sd 3", "go")
	g.Expect("move b3c4,", "move c4d5,", "move d5e6,", "move e6f7")
	g.Sync("2")
	if f := fen(t, c); !strings.HasPrefix(f, after) {
		t.Fatalf("after the double jump: %s", f)
	}
	g.Send("force", "setboard "+doubleJump, "usermove b3c4,c4d5,d5e6,e6h9", "usermove b3c4,c4d5,d5e6,e6f7")
	g.Expect("Illegal move: b3c4,c4d5,d5e6,e6h9")
	g.Sync("3")
	if f := fen(t, c); !strings.HasPrefix(f, after) {
		t.Fatalf("after usermove b3c4,c4d5,d5e6,e6f7: %s", f)
	}
	// XBoard 4.9.1 itself sends the parts' victim legs only from the second
	// part on ("f3d5,d5c6,c6b7", observed); a part written from start to
	// target is found too.
	g.Send("setboard "+doubleJump, "usermove b3d5,d5e6,e6f7")
	g.Sync("4")
	if f := fen(t, c); !strings.HasPrefix(f, after) {
		t.Fatalf("after usermove b3d5,d5e6,e6f7: %s", f)
	}
	// A triple jump a1xc3xe5xg7, picked up and put down at every stop,
	// reaches the engine from XBoard 4.9.1 as "a1e5,e5f6,f6g7" (observed
	// with g1xe3xc5xe7 as "g1c5,c5d6,d6e7"): the turn is found by the
	// squares it passes through, and a stop off its path is refused.
	const tripleJump = "m7/8/5m2/8/3m4/8/1m6/M7 w - - 0 1"
	g.Send("setboard "+tripleJump, "usermove a1e5,e5f6,f6h8")
	g.Expect("Illegal move: a1e5,e5f6,f6h8")
	g.Send("usermove a1e5,e5f6,f6g7")
	g.Sync("5")
	if f := fen(t, c); !strings.HasPrefix(f, "m7/6M1/8/8/8/8/8/8 b") {
		t.Fatalf("after usermove a1e5,e5f6,f6g7: %s", f)
	}
	// A crowning XBoard relays with '.' for the piece it has no letter for.
	g.Send("setboard 8/1M6/8/8/8/8/8/7m w - - 0 1", "usermove b7a8.")
	g.Sync("6")
	if f := fen(t, c); !strings.HasPrefix(f, "K7/8/") {
		t.Fatalf("after usermove b7a8.: %s (the man must move and be crowned)", f)
	}
}

// Seirawan-style gating is written as a fifth letter naming the piece that
// enters the square the mover left ("b1c3h", Fairy-Max and Fairy-Stockfish,
// protocols.md §1.5); gating onto a castling rook's square names the rook's
// square first ("h1e1h", Fairy-Stockfish). Chess has no gating, so the
// moves get a created piece added to their acts, as a gating rule would.
func TestCECPGatingText(t *testing.T) {
	e := testgui.DefaultCatalog(t).Find("normal")
	s, err := vm.NewState(e.Game)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"); err != nil {
		t.Fatal(err)
	}
	cb := newCECPBoard(e.Game)
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	queen := -1
	for i, l := range e.Game.Letters {
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
		g := m.WithActs(append(m.Actions(nil), vm.Act{Kind: vm.ActCreate, Type: int16(queen), To: p}))
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
	g, c := startCECPWith(t, "../../../../games/musketeer.zrf")
	g.Send("new", "force", "variant musketeer-chess", "ping 1")
	for l := g.Next(); l != "pong 1"; l = g.Next() {
	}
	g.Send("setboard "+start, "lift b1", "usermove b1c3c", "usermove b1c3a")
	g.Expect("highlight 8/8/8/8/8/8/Y1Y5/8/8/8", "Illegal move: b1c3c")
	g.Sync("2")
	if f := fen(t, c); !strings.HasPrefix(f, after) {
		t.Fatalf("after b1c3a: %s", f)
	}
	g.Send("setboard "+start, "usermove b1c3")
	g.Sync("3")
	if f := fen(t, c); !strings.HasPrefix(f, after) {
		t.Fatalf("after b1c3 (gating implied): %s", f)
	}
}

// A board without a rectangular grid (Chase's hexagonal board) has no
// XBoard squares: no setup, an empty highlight, and moves in the rule
// file's own coordinates; nothing breaks.
func TestCECPNoGrid(t *testing.T) {
	g, _ := startCECPWith(t, "../../../../../shared/zrf-corpus/Chase/Chase.zrf")
	g.Send("new", "variant chase", "lift a1", "hover a2", "put a2", "sd 1", "go")
	g.ExpectMatch(`^tellusererror XBoard cannot show chase: its board is not a grid of squares`)
	g.Expect("highlight 8/8/8/8/8/8/8/8")
	g.ExpectMatch(`^move \S+$`)
	g.Sync("1")
}

// TestCECPUserMoveSAN: a GUI (XBoard with -oldSAN, or a user pasting a game)
// may send SAN, castling as O-O; the position after 1. e4 e5 2. Nf3 Nc6
// 3. Bc4 Nf6 4. O-O is the one the rules of chess give.
func TestCECPUserMoveSAN(t *testing.T) {
	g, c := startCECP(t)
	g.Send("new", "force")
	for _, m := range []string{"e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"} {
		g.Send("usermove " + m)
	}
	g.Send("usermove Qh5x") // garbage still refused
	g.Expect("Illegal move: Qh5x")
	g.Sync("1")
	want := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
	if f := fen(t, c); f != want {
		t.Errorf("after SAN moves: %s, want %s", f, want)
	}
}

// TestCECPPlayer: the Player option (announced as a combo) switches the
// engine to Monte Carlo tree search for this game and the next, and an
// unknown player is an error that changes nothing.
func TestCECPPlayer(t *testing.T) {
	g, c := startCECP(t)
	g.Send("option Player=minimax")
	g.Expect(`Error (unknown player "minimax" (alphabeta, mcts or auto)): option Player=minimax`)
	g.Send("option Player=mcts", "new", "st 1", "usermove e2e4")
	mv := g.ExpectMatch(`^move [a-h][1-8][a-h][1-8]$`)
	g.Sync("1")
	if kind, _ := c.g.PlayerChoice(); kind != "mcts" {
		t.Errorf("the engine played %s as %q, want mcts", mv, kind)
	}
}

// TestCECPChess960Castling: in Chess960 XBoard writes castling as O-O and
// O-O-O (protocols.md §1.5), also when the King stays on its square (c1,
// Rook b1 to d1, by the Chess960 rule that O-O-O ends with King c1 and
// Rook d1); the engine writes its castling moves the same way.
func TestCECPChess960Castling(t *testing.T) {
	g, c := startCECPWith(t, "../../../../games/chess960.zrf")
	g.Send("new", "variant chess960", "force",
		"setboard 1rk1rn1b/ppppq3/1n2bp1p/4p1p1/4P3/1N1P1Q2/PPPN1PPP/1RK1R1BB w KQkq g6 0 8")
	g.ExpectMatch("^setup ") // the game's pieces, as for any engine-defined variant
	g.ExpectMatch("^piece K")
	g.Sync("0")
	fen(t, c)
	ml, err := c.g.Legal()
	if err != nil {
		t.Fatal(err)
	}
	castles := map[string]bool{}
	for i := range ml.Moves {
		if txt := c.board.moveText(c.g.S, &ml.Moves[i]); strings.HasPrefix(txt, "O-O") {
			castles[txt] = true
		}
	}
	if !castles["O-O-O"] || len(castles) != 1 {
		t.Errorf("castling moves written %v, want O-O-O alone (O-O would need g1 free for the King)", castles)
	}
	g.Send("usermove O-O-O")
	g.Sync("1")
	if f := fen(t, c); !strings.HasPrefix(f, "1rk1rn1b/ppppq3/1n2bp1p/4p1p1/4P3/1N1P1Q2/PPPN1PPP/2KRR1BB b ") {
		t.Errorf("after O-O-O: %s, want King c1 and Rook d1 (2KRR1BB), Black to move", f)
	}
	// Castlings where the Rook stays (King b1 to g1, Rook on f1; King e1
	// to c1, Rook on d1), from two games against Sjaak II.
	for _, tc := range []struct{ setboard, move, rank1 string }{
		{"rkb4r/1p1p2p1/1b1np1p1/p1p2p2/2PN1P2/BP1PPB2/P5PP/RK3R2 w KQq - 1 16", "O-O", "R4RK1"},
		{"2brknrn/p2pppp1/1p6/3P1N1p/4B3/6P1/PP2PP1q/Q2RK1RN w KQkq - 0 11", "O-O-O", "Q1KR2RN"},
	} {
		g.Send("setboard "+tc.setboard, "usermove "+tc.move)
		g.Sync("2")
		if f := fen(t, c); !strings.Contains(f, "/"+tc.rank1+" b ") {
			t.Errorf("%s after %s: %s, want the first rank %s", tc.setboard, tc.move, f, tc.rank1)
		}
	}
}

// TestCECPMemoryClamped: XBoard's memory command has no upper bound; a
// size beyond what the engine allows (issue #42: memory 999999999 panicked
// in the table's allocation and the ping went unanswered) is clamped, the
// user is told, and the session answers and plays on.
func TestCECPMemoryClamped(t *testing.T) {
	limit, _ := engine.ClampHashMB(engine.MaxHashMB)
	tests := []struct {
		name, cmd, tell string // tell: the telluser line expected, "" none
	}{
		{"huge", "memory 999999999", fmt.Sprintf(`^telluser Hash clamped to %d MB \(999999999 MB asked, `, limit)},
		{"just over", fmt.Sprintf("memory %d", engine.MaxHashMB+1), fmt.Sprintf(`^telluser Hash clamped to %d MB \(`, limit)},
		{"ordinary", "memory 16", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, c := startCECP(t)
			// A search first, so that the resize replaces a searcher
			// that exists (the path that panicked).
			g.Send("new", "force", "sd 1", "go")
			g.ExpectMatch(`^move `)
			g.Send(tc.cmd)
			if tc.tell != "" {
				g.ExpectMatch(tc.tell)
			}
			g.Sync("1")
			// Back to a small table before anything clears it.
			g.Send("memory 16", "force", "go")
			g.ExpectMatch(`^move `)
			g.Sync("2")
			if c.hashMB != 16 {
				t.Errorf("hash %d MB after memory 16", c.hashMB)
			}
		})
	}
}

// TestCECPSetboardNotToMoveInCheck: setboard refuses, as an illegal
// position, one where the side not to move is in check (FIDE 3.9: kings
// side by side; black in check by the rook with white to move), and keeps
// the position it had; the engine never gets to capture a king.
func TestCECPSetboardNotToMoveInCheck(t *testing.T) {
	tests := []struct {
		fen     string
		refused bool
	}{
		{"8/8/8/8/8/8/8/kK6 w - - 0 1", true},
		{"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", false},
	}
	for _, tc := range tests {
		t.Run(tc.fen, func(t *testing.T) {
			g, c := startCECP(t)
			g.Send("new", "force", "usermove e2e4")
			g.Sync("1")
			before := fen(t, c)
			g.Send("setboard " + tc.fen)
			if tc.refused {
				g.ExpectMatch(`^tellusererror Illegal position: Black is not to move but its King is attacked`)
			}
			g.Sync("2")
			want := tc.fen
			if tc.refused {
				want = before
			}
			if got := fen(t, c); got != want {
				t.Errorf("position %s, want %s", got, want)
			}
		})
	}
}
