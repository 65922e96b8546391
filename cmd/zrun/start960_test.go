// This file tests the Chess960 start-array numbering and the --start flag.

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Published start arrays by number (Scharnagl's numbering). 0, 518 and 959
// are the scheme's well-known anchors (BBQNNRKR, the orthodox array,
// RKRNNQBB). The others are the start arrays of chessprogramming.org's
// "Chess960 Perft Results" positions, which that page numbers this way and
// perft.tsv keeps as rows c960-cpw-NNN; each array below is the back rank of
// that row's FEN with the moved pieces put back (e.g. row 021's
// n1bb1rkr/.../NQBBN1KR is array NQBBNRKR).
var published960 = map[int]string{
	0: "BBQNNRKR", 1: "BQNBNRKR", 2: "BQNNRBKR", 3: "BQNNRKRB", 4: "QBBNNRKR",
	18: "BNQNRBKR", 21: "NQBBNRKR", 34: "BNNQRBKR", 62: "NNRQKBBR", 63: "NNRQKRBB",
	73: "NNRBBKQR", 518: "RNBQKBNR", 959: "RKRNNQBB",
}

func TestChess960PublishedArrays(t *testing.T) {
	for n, want := range published960 {
		if got, err := chess960Array(n); err != nil || got != want {
			t.Errorf("array %d = %q (%v), want %q", n, got, err, want)
		}
	}
	// perft.tsv names two start rows by number: c960-start-000-bbqnnrkr, c960-start-518-standard.
	fh, err := os.Open(filepath.Join(sharedDir, "perft/perft.tsv"))
	if err != nil {
		t.Skipf("perft.tsv not available: %v", err)
	}
	defer fh.Close()
	checked := 0
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		var n int
		if len(f) < 3 || !strings.HasPrefix(f[0], "c960-start-") {
			continue
		}
		if _, err := fmt.Sscanf(f[0], "c960-start-%d-", &n); err != nil {
			continue
		}
		back := strings.Fields(strings.Split(f[2], "/")[7])[0]
		if got, _ := chess960Array(n); got != back {
			t.Errorf("%s: array %d = %s, the row's FEN has %s", f[0], n, got, back)
		}
		checked++
	}
	if checked == 0 {
		t.Error("no numbered c960-start rows found in perft.tsv")
	}
}

// TestChess960AllArrays checks the FRC constraints on every number: eight
// pieces R N B Q K B N R in some order, Bishops on squares of both colours,
// the King between the Rooks, and 960 different arrays.
func TestChess960AllArrays(t *testing.T) {
	seen := map[string]int{}
	for n := 0; n < 960; n++ {
		a, err := chess960Array(n)
		if err != nil {
			t.Fatal(err)
		}
		if prev, dup := seen[a]; dup {
			t.Errorf("arrays %d and %d are both %s", prev, n, a)
		}
		seen[a] = n
		count := map[rune]int{}
		for _, c := range a {
			count[c]++
		}
		if len(a) != 8 || count['R'] != 2 || count['N'] != 2 || count['B'] != 2 || count['Q'] != 1 || count['K'] != 1 {
			t.Errorf("array %d = %s: wrong pieces", n, a)
			continue
		}
		b1, b2 := strings.IndexByte(a, 'B'), strings.LastIndexByte(a, 'B')
		r1, r2, k := strings.IndexByte(a, 'R'), strings.LastIndexByte(a, 'R'), strings.IndexByte(a, 'K')
		if (b1+b2)%2 == 0 {
			t.Errorf("array %d = %s: Bishops on one colour", n, a)
		}
		if !(r1 < k && k < r2) {
			t.Errorf("array %d = %s: King not between the Rooks", n, a)
		}
	}
	for _, bad := range []int{-1, 960} {
		if _, err := chess960Array(bad); err == nil {
			t.Errorf("array %d: no error", bad)
		}
	}
}

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
