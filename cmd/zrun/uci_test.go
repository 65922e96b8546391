// This file tests the UCI session with scripted GUI input: the handshake and
// its options, positions with moves, searches by depth and stop, perft
// (8902 at depth 3 for chess) and the board display.

package main

import (
	"io"
	"strings"
	"testing"
)

// startUCIWith runs a UCI session over the games of cat.
func startUCIWith(t *testing.T, cat *catalog) (*fakeGUI, *uciSession) {
	t.Helper()
	var u *uciSession
	ready := make(chan struct{})
	g := startSession(t, func(in io.Reader, out io.Writer) {
		var err error
		u, err = newUCISession(cat, out)
		close(ready)
		if err != nil {
			t.Error(err)
			return
		}
		u.run(in)
	})
	<-ready
	return g, u
}

func startUCI(t *testing.T) (*fakeGUI, *uciSession) {
	t.Helper()
	g, u := startUCIWith(t, defaultCatalog(t))
	g.expect("info string variant chess files 8 ranks 8 pocket 0 template fairy startpos " + chessStart)
	return g, u
}

// uciFEN reads the session's position after isready/readyok ordered it.
func uciFEN(t *testing.T, u *uciSession) string {
	t.Helper()
	f, err := u.g.s.FEN()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func (g *fakeGUI) ready() {
	g.t.Helper()
	g.send("isready")
	g.expect("readyok")
}

func TestUCIHandshake(t *testing.T) {
	g, _ := startUCI(t)
	g.send("uci")
	g.expect("id name zrun", "id author the zrun authors",
		"option name Hash type spin default 64 min 1 max 4096",
		"option name UCI_Variant type combo default chess var chess var capablanca var schoolbook var schoolbook-1.0",
		"option name VariantPath type string default <empty>",
		"uciok")
	g.send("bogus")
	g.expect("info string unknown command: bogus")
	g.ready()
}

func TestUCIPositionGoPerft(t *testing.T) {
	g, u := startUCI(t)
	g.send("ucinewgame")
	g.expect("info string variant chess files 8 ranks 8 pocket 0 template fairy startpos " + chessStart)
	g.send("position startpos moves e2e4 e7e5 g1f3")
	g.ready()
	if f := uciFEN(t, u); !strings.HasPrefix(f, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - ") {
		t.Fatalf("after e2e4 e7e5 g1f3: %s", f)
	}
	g.send("go depth 2")
	g.expectMatch(`^info depth 1 score cp -?\d+ nodes \d+ nps \d+ time \d+ pv [a-h][1-8][a-h][1-8]$`)
	g.expectMatch(`^info depth 2 `)
	best := g.expectMatch(`^bestmove [a-h][1-8][a-h][1-8]$`)
	if ok, _ := u.g.makeText(strings.TrimPrefix(best, "bestmove ")); !ok {
		t.Fatalf("%s is not legal", best)
	}
	// An illegal move in the list stops there; a bad FEN changes nothing.
	g.send("position startpos moves e2e4 e2e4")
	g.expect("info string illegal move e2e4")
	g.send("position fen garbage")
	g.expectMatch(`^info string bad fen: `)
	g.ready()
	if f := uciFEN(t, u); !strings.HasPrefix(f, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 ") {
		t.Fatalf("after bad input: %s", f)
	}
	g.send("position startpos", "go perft 3")
	total := 0
	for range 20 {
		l := g.expectMatch(`^[a-h][1-8][a-h][1-8]: \d+$`)
		total++
		_ = l
	}
	g.expect("", "Nodes searched: 8902")
	if total != 20 {
		t.Fatalf("%d root moves", total)
	}
}

func TestUCIInfiniteWaitsForStop(t *testing.T) {
	g, _ := startUCI(t)
	g.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go infinite")
	// The mate is found at once, but bestmove must wait for stop.
	g.expectMatch(`^info depth 1 score mate 1 .* pv a1a8$`)
	g.ready()
	g.send("stop")
	g.expect("bestmove a1a8")
	g.send("go movetime 50")
	g.expectMatch(`^info depth 1 `)
}

func TestUCIVariantAndDisplay(t *testing.T) {
	g, u := startUCI(t)
	g.send("setoption name UCI_Variant value capablanca")
	g.expect("info string variant capablanca files 10 ranks 8 pocket 0 template fairy startpos " + capaStart)
	g.send("setoption name UCI_Variant value nosuch")
	g.expect("info string unknown variant: nosuch")
	g.send("position startpos moves f2f4", "d")
	g.expect(" +---+---+---+---+---+---+---+---+---+---+",
		" | r | n | a | b | q | k | b | c | n | r |")
	for range 14 {
		g.next()
	}
	// The move counters are left out: how vm counts quiet moves is not this
	// test's business.
	g.expect(" +---+---+---+---+---+---+---+---+---+---+", "")
	g.expectMatch(`^Fen: rnabqkbcnr/pppppppppp/10/10/5P4/10/PPPPP1PPPP/RNABQKBCNR b KQkq f3 \d+ 1$`)
	g.send("setoption name VariantPath value ../../games/schoolbook.zrf")
	g.expect("info string loaded schoolbook-2 schoolbook-1.0-2")
	g.expectMatch(`^info string variant schoolbook-2 files 10 ranks 8 `)
	g.ready()
	if u.g.entry.name != "schoolbook-2" {
		t.Fatalf("VariantPath selected %s", u.g.entry.name)
	}
}
