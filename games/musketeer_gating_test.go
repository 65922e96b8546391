// This file tests musketeer-gating.ini, Musketeer Chess with Seirawan-style
// gating as Sjaak II plays it, against Sjaak II's own perft: the counts below
// were computed with /usr/games/sjaakii 1.4.1 at its interactive prompt
// (`variant musketeer`, `setboard FEN`, `perft 3`), and the test asks the
// real program again when it is installed.

package games_test

import (
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"zrun/fmaxini"
	"zrun/vm"
)

const gatingFile = "musketeer-gating.ini"

var gatingSjaak = []struct {
	fen   string
	depth int
	nodes uint64
	why   string
}{
	{"", 4, 782599, "the start: [CLcl], gates on every back-rank file"},
	{"r1bqkbnr/pppp1ppp/2n1l3/4p3/4P3/2C2N2/PPPP1PPP/RNBQKB1R[Lc] w KQBCDkqbcdf - 0 4", 3, 75229, "a Leopard and a Cannon on the board, one of each in hand"},
	{"r3k2r/pppl1ppp/2n1bn2/2cpp3/3PP3/2NLBN2/PPPC1PPP/R3K2R[] w KQkq - 0 8", 3, 112038, "both held pieces gated, castling both ways"},
	{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[CLcl] w KQkq - 0 1", 3, 80047, "castling gates on the King's or the Rook's square"},
	{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[CLcl] b KQkq - 0 1", 3, 80047, "the same, Black to move"},
	{"4k3/1P6/8/3l4/3C4/8/6p1/4K3[] w - - 0 1", 3, 12759, "promotion to Q R B N L C"},
	{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[Cl] b KGFDCBQkgfdcbq - 0 1", 3, 29097, "one held piece each, Black to move"},
	{"4k3/8/8/8/8/8/8/q3K3[C] w E - 0 1", 3, 1189, "in check along the first rank: the King may not step along it with a Cannon gated behind it (judged without the gated piece)"},
}

func loadGating(t *testing.T) *fmaxini.Section {
	t.Helper()
	f, err := fmaxini.LoadFile(gatingFile)
	if err != nil {
		t.Fatal(err)
	}
	sec, err := f.Section("musketeer-gating")
	if err != nil {
		t.Fatal(err)
	}
	return sec
}

func TestMusketeerGatingPerftAgreesWithSjaak(t *testing.T) {
	sec := loadGating(t)
	for _, c := range gatingSjaak {
		s, err := vm.NewState(sec.Game)
		if err != nil {
			t.Fatal(err)
		}
		if c.fen != "" {
			if err := sec.SetFEN(s, c.fen); err != nil {
				t.Fatalf("%s: %v", c.fen, err)
			}
		}
		if n, err := s.Perft(c.depth); err != nil || n != c.nodes {
			t.Errorf("%s (%s): perft %d = %d (%v), want %d (Sjaak II)", c.fen, c.why, c.depth, n, err, c.nodes)
		}
	}
}

// TestMusketeerGatingTableIsSjaaks asks the installed Sjaak II for the
// counts of the table above, so the table cannot drift from the program.
func TestMusketeerGatingTableIsSjaaks(t *testing.T) {
	bin, err := exec.LookPath("sjaakii")
	if err != nil {
		if bin, err = exec.LookPath("/usr/games/sjaakii"); err != nil {
			t.Skip("sjaakii not installed (apt-get install sjaakii; .ci/run installs it)")
		}
	}
	line := regexp.MustCompile(`(?m)^\s*(\d+)\s+(\d+)\s`)
	for _, c := range gatingSjaak {
		var in strings.Builder
		in.WriteString("new\nvariant musketeer\n")
		if c.fen != "" {
			fmt.Fprintf(&in, "setboard %s\n", c.fen)
		}
		fmt.Fprintf(&in, "perft %d\nquit\n", c.depth)
		cmd := exec.Command(bin)
		cmd.Stdin = strings.NewReader(in.String())
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("sjaakii: %v", err)
		}
		var got uint64
		for _, m := range line.FindAllStringSubmatch(string(out), -1) {
			if d, _ := strconv.Atoi(m[1]); d == c.depth {
				got, _ = strconv.ParseUint(m[2], 10, 64)
			}
		}
		if got != c.nodes {
			t.Errorf("%s: Sjaak II counts %d at depth %d, the table says %d", c.fen, got, c.depth, c.nodes)
		}
	}
}
