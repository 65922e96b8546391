// This file tests the UCI session with scripted GUI input: the handshake and
// its options, positions with moves, searches by depth and stop, perft
// (8902 at depth 3 for chess) and the board display.

package uci

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"zrun/cmd/zrun/internal/play"
	"zrun/cmd/zrun/internal/testgui"
	"zrun/engine"
)

// startUCIWith runs a UCI session over the games of cat.
// Start positions' FENs as Fairy-Stockfish writes them.
const (
	chessStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	capaStart  = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
)

func startUCIWith(t *testing.T, cat *play.Catalog) (*testgui.GUI, *Session) {
	t.Helper()
	var u *Session
	ready := make(chan struct{})
	g := testgui.Start(t, func(in io.Reader, out io.Writer) {
		var err error
		u, err = New(cat, out)
		close(ready)
		if err != nil {
			t.Error(err)
			return
		}
		u.Run(in)
	})
	<-ready
	return g, u
}

func startUCI(t *testing.T) (*testgui.GUI, *Session) {
	t.Helper()
	g, u := startUCIWith(t, testgui.DefaultCatalog(t))
	g.Expect("info string variant chess files 8 ranks 8 pocket 0 template fairy startpos " + chessStart)
	return g, u
}

// uciFEN reads the session's position after isready/readyok ordered it.
func uciFEN(t *testing.T, u *Session) string {
	t.Helper()
	f, err := u.g.S.FEN()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func ready(g *testgui.GUI) {
	g.T.Helper()
	g.Send("isready")
	g.Expect("readyok")
}

func TestUCIHandshake(t *testing.T) {
	g, _ := startUCI(t)
	g.Send("uci")
	g.Expect("id name zrun", "id author the zrun authors",
		"option name Hash type spin default 64 min 1 max 4096",
		"option name UCI_Variant type combo default chess var chess var capablanca var schoolbook var schoolbook-1.0",
		"option name VariantPath type string default <empty>",
		"option name Player type combo default alphabeta var alphabeta var mcts var auto",
		"option name MultiPV type spin default 1 min 1 max 64",
		"uciok")
	g.Send("bogus")
	g.Expect("info string unknown command: bogus")
	ready(g)
}

func TestUCIPositionGoPerft(t *testing.T) {
	g, u := startUCI(t)
	g.Send("ucinewgame")
	g.Expect("info string variant chess files 8 ranks 8 pocket 0 template fairy startpos " + chessStart)
	g.Send("position startpos moves e2e4 e7e5 g1f3")
	ready(g)
	if f := uciFEN(t, u); !strings.HasPrefix(f, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - ") {
		t.Fatalf("after e2e4 e7e5 g1f3: %s", f)
	}
	g.Send("go depth 2")
	g.ExpectMatch(`^info depth 1 score cp -?\d+ nodes \d+ nps \d+ time \d+ pv [a-h][1-8][a-h][1-8]$`)
	g.ExpectMatch(`^info depth 2 `)
	best := g.ExpectMatch(`^bestmove [a-h][1-8][a-h][1-8]$`)
	if ok, _ := u.g.PlayCoord(strings.TrimPrefix(best, "bestmove ")); !ok {
		t.Fatalf("%s is not legal", best)
	}
	// An illegal move in the list stops there; a bad FEN changes nothing.
	g.Send("position startpos moves e2e4 e2e4")
	g.Expect("info string illegal move e2e4")
	g.Send("position fen garbage")
	g.ExpectMatch(`^info string bad fen: `)
	ready(g)
	if f := uciFEN(t, u); !strings.HasPrefix(f, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 ") {
		t.Fatalf("after bad input: %s", f)
	}
	g.Send("position startpos", "go perft 3")
	total := 0
	for range 20 {
		l := g.ExpectMatch(`^[a-h][1-8][a-h][1-8]: \d+$`)
		total++
		_ = l
	}
	g.Expect("", "Nodes searched: 8902")
	if total != 20 {
		t.Fatalf("%d root moves", total)
	}
}

func TestUCIInfiniteWaitsForStop(t *testing.T) {
	g, _ := startUCI(t)
	g.Send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go infinite")
	// The mate is found at once, but bestmove must wait for stop.
	g.ExpectMatch(`^info depth 1 score mate 1 .* pv a1a8$`)
	ready(g)
	g.Send("stop")
	g.Expect("bestmove a1a8")
	g.Send("go movetime 50")
	g.ExpectMatch(`^info depth 1 `)
}

// TestUCIMultiPV: with MultiPV 2 each iteration reports "multipv 1" and
// "multipv 2" lines; in this back-rank position both Ra8# and Qd8# mate in
// one, as Fairy-Stockfish reports with the same option (pv a1a8, d1d8).
func TestUCIMultiPV(t *testing.T) {
	g, _ := startUCI(t)
	g.Send("setoption name MultiPV value 0")
	g.Expect("info string bad MultiPV value: 0 (1 to 64)")
	g.Send("setoption name MultiPV value 2", "position fen 6k1/5ppp/8/8/8/8/5PPP/R2Q2K1 w - - 0 1", "go depth 3")
	first := map[string]bool{}
	for range 2 {
		l := g.ExpectMatch(`^info depth 1 multipv [12] score mate 1 .* pv (a1a8|d1d8)$`)
		first[l[len(l)-4:]] = true
	}
	if !first["a1a8"] || !first["d1d8"] {
		t.Fatalf("first moves %v, want a1a8 and d1d8", first)
	}
	g.ExpectMatch(`^bestmove (a1a8|d1d8)$`)
}

func TestUCIVariantAndDisplay(t *testing.T) {
	g, u := startUCI(t)
	g.Send("setoption name UCI_Variant value capablanca")
	g.Expect("info string variant capablanca files 10 ranks 8 pocket 0 template fairy startpos " + capaStart)
	g.Send("setoption name UCI_Variant value nosuch")
	g.Expect("info string unknown variant: nosuch")
	g.Send("position startpos moves f2f4", "d")
	g.Expect(" +---+---+---+---+---+---+---+---+---+---+",
		" | r | n | a | b | q | k | b | c | n | r |")
	for range 14 {
		g.Next()
	}
	// The move counters are left out: how vm counts quiet moves is not this
	// test's business.
	g.Expect(" +---+---+---+---+---+---+---+---+---+---+", "")
	g.ExpectMatch(`^Fen: rnabqkbcnr/pppppppppp/10/10/5P4/10/PPPPP1PPPP/RNABQKBCNR b KQkq f3 \d+ 1$`)
	g.Send("setoption name VariantPath value ../../../../games/schoolbook.zrf")
	g.Expect("info string loaded schoolbook-2 schoolbook-1.0-2")
	g.ExpectMatch(`^info string variant schoolbook-2 files 10 ranks 8 `)
	ready(g)
	if u.entry.Name != "schoolbook-2" {
		t.Fatalf("VariantPath selected %s", u.entry.Name)
	}
}

// TestUCIPlayer: the Player option switches the engine to Monte Carlo tree
// search (its info lines and a legal bestmove follow), holds for the next
// game, and refuses a player it does not know.
func TestUCIPlayer(t *testing.T) {
	g, u := startUCI(t)
	g.Send("setoption name Player value minimax")
	g.Expect(`info string unknown player "minimax" (alphabeta, mcts or auto)`)
	g.Send("setoption name Player value mcts", "ucinewgame")
	g.ExpectMatch(`^info string variant chess `)
	g.Send("position startpos moves e2e4", "go movetime 200")
	var best string
	for best == "" {
		if l := g.Next(); strings.HasPrefix(l, "bestmove ") {
			best = strings.TrimPrefix(l, "bestmove ")
		}
	}
	if ok, _ := u.g.PlayCoord(best); !ok {
		t.Errorf("bestmove %s is not legal after e2e4", best)
	}
	if kind, _ := u.g.PlayerChoice(); kind != "mcts" {
		t.Errorf("the engine played as %q, want mcts", kind)
	}
}

// TestUCIHashClamped: a Hash beyond what the engine allows (issue #42:
// 99999999 ran the machine out of memory although zrun announces max 4096)
// is clamped with an info string saying so; the session stays ready.
func TestUCIHashClamped(t *testing.T) {
	limit, _ := engine.ClampHashMB(engine.MaxHashMB)
	tests := []struct {
		name, value, info string // info: the clamp's info string expected, "" none
	}{
		{"huge", "99999999", fmt.Sprintf(`^info string Hash clamped to %d MB \(99999999 MB asked, `, limit)},
		{"just over", fmt.Sprint(engine.MaxHashMB + 1), fmt.Sprintf(`^info string Hash clamped to %d MB \(`, limit)},
		{"ordinary", "16", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, u := startUCI(t)
			g.Send("setoption name Hash value " + tc.value)
			if tc.info != "" {
				g.ExpectMatch(tc.info)
			}
			g.Expect("info string variant chess files 8 ranks 8 pocket 0 template fairy startpos " + chessStart)
			ready(g)
			want := limit
			if tc.info == "" {
				want = 16
			}
			if u.hashMB != want {
				t.Errorf("Hash %d MB after setoption %s, want %d", u.hashMB, tc.value, want)
			}
			// Back to a small table, then search: the session plays on.
			g.Send("setoption name Hash value 16")
			g.Expect("info string variant chess files 8 ranks 8 pocket 0 template fairy startpos " + chessStart)
			g.Send("position startpos", "go depth 1")
			for !strings.HasPrefix(g.Next(), "bestmove ") {
			}
			ready(g)
		})
	}
}

// TestUCIPositionNotToMoveInCheck: position fen refuses one where the side
// not to move is in check (FIDE 3.9: kings side by side; black in check by
// the rook with white to move) with an info string, and keeps the position
// it had; the checked side to move is a legal position.
func TestUCIPositionNotToMoveInCheck(t *testing.T) {
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
			g, u := startUCI(t)
			g.Send("position startpos moves e2e4")
			ready(g)
			before := uciFEN(t, u)
			g.Send("position fen " + tc.fen)
			if tc.refused {
				g.ExpectMatch(`^info string .*Black is not to move but its King is attacked`)
			}
			ready(g)
			want := tc.fen
			if tc.refused {
				want = before
			}
			if got := uciFEN(t, u); got != want {
				t.Errorf("position %s, want %s", got, want)
			}
		})
	}
}
