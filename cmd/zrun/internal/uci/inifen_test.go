// This file checks that UCI's position fen reads an fmax.ini game's letters
// as Fairy-Max does (Black's p is the Black pawn; Seirawan's holdings and
// gate letters), against perft.tsv's Fairy-Stockfish counts.

package uci

import (
	"os"
	"strings"
	"testing"
	"zrun/cmd/zrun/internal/play"
	"zrun/cmd/zrun/internal/testgui"
)

const (
	fmaxIni = "../../../../../shared/fmax/fmax.ini"
)

func TestUCIPositionFenIniLetters(t *testing.T) {
	if _, err := os.Stat(fmaxIni); err != nil {
		t.Skipf("%s not found: %v", fmaxIni, err)
	}
	cat, err := play.LoadCatalog([]string{fmaxIni})
	if err != nil {
		t.Fatal(err)
	}
	ug, u := startUCIWith(t, cat)
	for _, tc := range []struct {
		variant, fen, depth, nodes string
	}{
		{"capablanca", testgui.CapaRand1, "2", "2278"},
		{"seirawan", testgui.SeirRand1, "3", "41122"},
	} {
		ug.Send("setoption name UCI_Variant value "+tc.variant, "position fen "+tc.fen, "go perft "+tc.depth)
		for {
			l := ug.Next()
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
	ug.Send("position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1 moves h1e1h b2b3", "isready")
	ug.Expect("info string illegal move b2b3", "readyok")
	if f, _ := u.g.S.FEN(); !strings.HasPrefix(f, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKH[Ehe] b ") {
		t.Fatalf("after h1e1h: %s", f)
	}
	ug.Send("position fen "+testgui.SeirRand1+" moves g1f3e", "isready")
	ug.Expect("readyok")
	if f, _ := u.g.S.FEN(); !strings.HasPrefix(f, "rnb1kenr/2ph1p1p/p2bq3/1p1pp1p1/N2P4/1P3NP1/P1P1PP1P/RQBHK1ER b ") {
		t.Fatalf("after g1f3e: %s", f)
	}
}
