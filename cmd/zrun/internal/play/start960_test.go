// This file tests the Chess960 start-array numbering.

package play

import (
	"bufio"
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
		if got, err := Chess960Array(n); err != nil || got != want {
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
		if got, _ := Chess960Array(n); got != back {
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
		a, err := Chess960Array(n)
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
		if _, err := Chess960Array(bad); err == nil {
			t.Errorf("array %d: no error", bad)
		}
	}
}
