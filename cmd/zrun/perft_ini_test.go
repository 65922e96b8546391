// This file tests "zrun perft --fen" on Fairy-Max's fmax.ini against the
// shared perft table's Fairy-Stockfish counts.

package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

const fmaxIni = sharedDir + "/fmax/fmax.ini"

// TestPerftFENOnIni runs "zrun perft --fen" on fmax.ini positions whose
// letters mean different pieces for Black (Fairy-Max's per-colour letters):
// the counts are perft.tsv's Fairy-Stockfish ones.
func TestPerftFENOnIni(t *testing.T) {
	if _, err := os.Stat(fmaxIni); err != nil {
		t.Skipf("Fairy-Max's fmax.ini not found (../shared absent): %v", err)
	}
	cases := []struct {
		variant, fen string
		depth        int
		want         uint64
		source       string
	}{
		{"capablanca", "rn1b1k1c1r/p3p1p1pp/ap5nb1/1Qpp1p4/1P2P1pP2/N4P1N2/P1PPA3PP/R2B1KBC1R b KQkq - 0 12", 2, 2278, "perft.tsv capablanca-rand1"},
		{"capablanca", "r4k3r/10/10/3pP5/10/10/10/R4K3R w KQkq d6 0 1", 3, 20895, "perft.tsv capablanca-hand-ep"},
		{"normal", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862, "perft.tsv chess-kiwipete (no promotion before depth 4; section normal also promotes to its S)"},
		{"normal", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238, "perft.tsv chess-pos3"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		args := []string{"--variant", c.variant, "--fen", c.fen, fmaxIni, fmt.Sprint(c.depth)}
		if rc := runPerft(args, &out, &errb); rc != 0 {
			t.Errorf("zrun perft %q: exit %d: %s", args, rc, errb.String())
			continue
		}
		if got := strings.TrimSpace(out.String()); got != fmt.Sprint(c.want) {
			t.Errorf("zrun perft --variant %s --fen %q %d = %s, want %d (%s)", c.variant, c.fen, c.depth, got, c.want, c.source)
		}
	}
}
