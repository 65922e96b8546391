// This file tests the --start flag (Chess960 start arrays by number).

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPerftStart runs "zrun perft --start N" on chess960.zrf against
// perft.tsv's Fairy-Stockfish counts for the numbered start rows.
func TestPerftStart(t *testing.T) {
	if _, err := os.Stat(filepath.Join(sharedDir, "perft/perft.tsv")); err != nil {
		t.Skipf("perft.tsv not available: %v", err)
	}
	cases := []struct {
		start string
		depth int
		want  string
	}{
		{"0", 3, "9006"},   // c960-start-000-bbqnnrkr
		{"518", 3, "8902"}, // c960-start-518-standard
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		args := []string{"--start", c.start, "../../games/chess960.zrf", fmt.Sprint(c.depth)}
		if rc := runPerft(args, &out, &errb); rc != 0 || strings.TrimSpace(out.String()) != c.want {
			t.Errorf("zrun perft %v = %q (exit %d, %s), want %s", args, out.String(), rc, errb.String(), c.want)
		}
	}
	for _, bad := range [][]string{
		{"--start", "960", "../../games/chess960.zrf", "1"},
		{"--start", "x", "../../games/chess960.zrf", "1"},
		{"--start", "3", "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1", "../../games/chess960.zrf", "1"},
	} {
		var out, errb bytes.Buffer
		if rc := runPerft(bad, &out, &errb); rc == 0 || errb.Len() == 0 {
			t.Errorf("zrun perft %v: exit %d, stderr %q; want an error", bad, rc, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if rc := runPerft([]string{"--start", "random", "../../games/chess960.zrf", "1"}, &out, &errb); rc != 0 ||
		!strings.HasPrefix(errb.String(), "Chess960 start array ") || strings.TrimSpace(out.String()) == "" {
		t.Errorf("--start random: exit %d, stdout %q, stderr %q", rc, out.String(), errb.String())
	}
}
