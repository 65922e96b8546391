// This file checks that every way of setting a FEN reads an fmax.ini game's
// letters as Fairy-Max does (Black's p is piece 2, the Black pawn, not piece
// 1; Seirawan's holdings and gate letters): CECP setboard and UCI position
// fen are compared with perft.tsv's Fairy-Stockfish counts (capablanca-rand1,
// Black to move, and seirawan-rand1); the REPL's setboard has transcripts
// (testdata/repl/ini_*.txt). Gating move text: "g1f3e", "h1e1e", "e1g1h".

package main

import (
	"os"
	"strings"
	"testing"
)

const (
	capaRand1 = "rn1b1k1c1r/p3p1p1pp/ap5nb1/1Qpp1p4/1P2P1pP2/N4P1N2/P1PPA3PP/R2B1KBC1R b KQkq - 0 12" // perft.tsv: 2 plies, 2278
	seirRand1 = "rnb1kenr/2ph1p1p/p2bq3/1p1pp1p1/N2P4/1P4P1/P1P1PP1P/RQBHK1NR[E] w KQAEGHkq - 2 12"   // perft.tsv: 3 plies, 41122
)

// drainTo reads replies up to "pong n" (a variant command may first send
// setup and piece lines).
func drainTo(g *fakeGUI, n string) {
	g.t.Helper()
	g.send("ping " + n)
	for l := g.next(); l != "pong "+n; l = g.next() {
	}
}

func TestCECPSetboardIniLetters(t *testing.T) {
	g, c := startCECPWith(t, cecpFmaxIni)
	for _, tc := range []struct {
		variant, fen string
		depth        int
		nodes        uint64
	}{
		{"capablanca", capaRand1, 2, 2278},
		{"seirawan", seirRand1, 3, 41122},
	} {
		g.send("new", "force", "variant "+tc.variant)
		drainTo(g, "1")
		g.send("setboard " + tc.fen)
		g.sync("2")
		n, err := c.g.s.Clone().Perft(tc.depth)
		if err != nil || n != tc.nodes {
			t.Errorf("%s: setboard %s: perft %d = %d (%v), want %d (perft.tsv)", tc.variant, tc.fen, tc.depth, n, err, tc.nodes)
		}
	}
	// Gating move text: onto the mover's square, and castling onto the rook's.
	g.send("usermove g1f3e")
	g.sync("3")
	if f := fen(t, c); !strings.HasPrefix(f, "rnb1kenr/2ph1p1p/p2bq3/1p1pp1p1/N2P4/1P3NP1/P1P1PP1P/RQBHK1ER b ") {
		t.Fatalf("after g1f3e: %s", f)
	}
	g.send("setboard r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1", "usermove h1e1e", "usermove e8c8h")
	g.sync("4")
	if f := fen(t, c); !strings.HasPrefix(f, "2krh2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKE[He] w ") {
		t.Fatalf("after h1e1e e8c8h: %s", f)
	}
	g.send("setboard r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1", "usermove e1g1h", "usermove b8c6")
	g.expect("Illegal move: b8c6") // no knight there: the position stays
	g.send("usermove a8a7e")
	g.expect("Illegal move: a8a7e") // a7 is occupied
	g.send("usermove a8b8e")
	g.sync("5")
	if f := fen(t, c); !strings.HasPrefix(f, "er2k2r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Eh] w ") {
		t.Fatalf("after e1g1h a8b8e: %s", f)
	}
}

func TestUCIPositionFenIniLetters(t *testing.T) {
	if _, err := os.Stat(cecpFmaxIni); err != nil {
		t.Skipf("%s not found: %v", cecpFmaxIni, err)
	}
	cat, err := loadCatalog([]string{cecpFmaxIni})
	if err != nil {
		t.Fatal(err)
	}
	ug, u := startUCIWith(t, cat)
	for _, tc := range []struct {
		variant, fen, depth, nodes string
	}{
		{"capablanca", capaRand1, "2", "2278"},
		{"seirawan", seirRand1, "3", "41122"},
	} {
		ug.send("setoption name UCI_Variant value "+tc.variant, "position fen "+tc.fen, "go perft "+tc.depth)
		for {
			l := ug.next()
			if strings.HasPrefix(l, "info string bad") || strings.HasPrefix(l, "info string unknown") {
				t.Fatalf("%s: %s", tc.variant, l)
			}
			if n, ok := strings.CutPrefix(l, "Nodes searched: "); ok {
				if n != tc.nodes {
					t.Errorf("%s: position fen %s: perft %s = %s, want %s (perft.tsv)", tc.variant, tc.fen, tc.depth, n, tc.nodes)
				}
				break
			}
		}
	}
	ug.send("position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1 moves h1e1h b2b3", "isready")
	ug.expect("info string illegal move b2b3", "readyok")
	if f, _ := u.g.s.FEN(); !strings.HasPrefix(f, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKH[Ehe] b ") {
		t.Fatalf("after h1e1h: %s", f)
	}
	ug.send("position fen "+seirRand1+" moves g1f3e", "isready")
	ug.expect("readyok")
	if f, _ := u.g.s.FEN(); !strings.HasPrefix(f, "rnb1kenr/2ph1p1p/p2bq3/1p1pp1p1/N2P4/1P3NP1/P1P1PP1P/RQBHK1ER b ") {
		t.Fatalf("after g1f3e: %s", f)
	}
}
