// This file tests "zrun solve": a back-rank mate in two whose line
// Fairy-Stockfish gives (go depth 12: mate 2, pv a1a8 b2b8 a8b8), the start
// position with no forced win in two moves, the small Sokoban level of
// package solve's tests (one step and two pushes, counted by hand) saved as
// .zsg and replayed to the win, and bad flags.

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSolve(t *testing.T) {
	zsg := filepath.Join(t.TempDir(), "mini.zsg")
	tests := []struct {
		args []string
		want string // the first line of the output
		rc   int
	}{
		{[]string{"--fen", "6k1/5ppp/8/8/8/8/1q3PPP/R5K1 w - - 0 1", "../../games/chess.zrf"}, "forced win in 2 moves, 3 plies (proof-number search, ", 0},
		{[]string{"--depth", "3", "../../games/chess.zrf"}, "no forced win within 2 moves (proof-number search, ", 0},
		{[]string{"--variant", "Mini A", "--save", zsg, "../../solve/testdata/minisoko.zrf"}, "a shortest solution in 3 moves (A*, ", 0},
		{[]string{"--variant", "Mini C", "../../solve/testdata/minisoko.zrf"}, "no solution (A*, ", 0},
		{[]string{"--variant", "Mini B", "--nodes", "10", "../../solve/testdata/minisoko.zrf"}, "no solution found: stopped at the node limit (A*, ", 1},
		{[]string{"--moves", "2", "--depth", "3", "../../games/chess.zrf"}, "", 2},
		{[]string{"--weight", "0.5", "../../games/chess.zrf"}, "", 2},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		rc := runMain(append([]string{"solve", "--quiet"}, tc.args...), &out, &errb)
		if rc != tc.rc || !strings.HasPrefix(out.String(), tc.want) {
			t.Errorf("solve %v: status %d, %q %s; want %d, %q...", tc.args, rc, out.String(), errb.String(), tc.rc, tc.want)
		}
	}
	var out bytes.Buffer
	if rc := runMain([]string{"solve", "--quiet", "--fen", "6k1/5ppp/8/8/8/8/1q3PPP/R5K1 w - - 0 1", "../../games/chess.zrf"}, &out, &out); rc != 0 || !strings.HasSuffix(out.String(), "1. Ra8+ Qb8 2. Rxb8#\n") {
		t.Errorf("the mate's line: %q", out.String())
	}
	if _, err := os.Stat(zsg); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if rc := runMain([]string{"replay", "--rules", "../../solve/testdata/minisoko.zrf", zsg}, &out, &out); rc != 0 || !strings.Contains(out.String(), "You win by") {
		t.Errorf("replay of the saved solution: status %d\n%s", rc, out.String())
	}
}
