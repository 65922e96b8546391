// This file checks that every way of setting a FEN reads an fmax.ini game's
// letters as Fairy-Max does (Black's p is piece 2, the Black pawn, not piece
// 1; Seirawan's holdings and gate letters): CECP setboard and UCI position
// fen are compared with perft.tsv's Fairy-Stockfish counts (capablanca-rand1,
// Black to move, and seirawan-rand1); the REPL's setboard has transcripts
// (testdata/repl/ini_*.txt). Gating move text: "g1f3e", "h1e1e", "e1g1h".

package cecp

import (
	"strings"
	"testing"
	"zrun/cmd/zrun/internal/testgui"
)

// drainTo reads replies up to "pong n" (a variant command may first send
// setup and piece lines).
func drainTo(g *testgui.GUI, n string) {
	g.T.Helper()
	g.Send("ping " + n)
	for l := g.Next(); l != "pong "+n; l = g.Next() {
	}
}

func TestCECPSetboardIniLetters(t *testing.T) {
	g, c := startCECPWith(t, cecpFmaxIni)
	for _, tc := range []struct {
		variant, fen string
		depth        int
		nodes        uint64
	}{
		{"capablanca", testgui.CapaRand1, 2, 2278},
		{"seirawan", testgui.SeirRand1, 3, 41122},
	} {
		g.Send("new", "force", "variant "+tc.variant)
		drainTo(g, "1")
		g.Send("setboard " + tc.fen)
		g.Sync("2")
		n, err := c.g.S.Clone().Perft(tc.depth)
		if err != nil || n != tc.nodes {
			t.Errorf("%s: setboard %s: perft %d = %d (%v), want %d (perft.tsv)", tc.variant, tc.fen, tc.depth, n, err, tc.nodes)
		}
	}
	// Gating move text: onto the mover's square, and castling onto the rook's.
	g.Send("usermove g1f3e")
	g.Sync("3")
	if f := fen(t, c); !strings.HasPrefix(f, "rnb1kenr/2ph1p1p/p2bq3/1p1pp1p1/N2P4/1P3NP1/P1P1PP1P/RQBHK1ER b ") {
		t.Fatalf("after g1f3e: %s", f)
	}
	g.Send("setboard r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1", "usermove h1e1e", "usermove e8c8h")
	g.Sync("4")
	if f := fen(t, c); !strings.HasPrefix(f, "2krh2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKE[He] w ") {
		t.Fatalf("after h1e1e e8c8h: %s", f)
	}
	g.Send("setboard r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1", "usermove e1g1h", "usermove b8c6")
	g.Expect("Illegal move: b8c6") // no knight there: the position stays
	g.Send("usermove a8a7e")
	g.Expect("Illegal move: a8a7e") // a7 is occupied
	g.Send("usermove a8b8e")
	g.Sync("5")
	if f := fen(t, c); !strings.HasPrefix(f, "er2k2r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Eh] w ") {
		t.Fatalf("after e1g1h a8b8e: %s", f)
	}
}
