// This file defines the perft tests of the lowered variants from their start
// positions (and from FEN positions of the reference table).

package fmaxini

import (
	"testing"

	"zrun/vm"
)

// perftCase is one perft count from a section's start position.
type perftCase struct {
	variant string
	depth   int
	nodes   uint64
	why     string // where the expected count comes from
}

var startPerfts = []perftCase{
	{"normal", 1, 20, "FIDE"},
	{"normal", 2, 400, "FIDE"},
	{"normal", 3, 8902, "FIDE"},
	{"normal", 4, 197281, "FIDE"},
	{"capablanca", 3, 25228, "perft.tsv capablanca-start"},
	{"gothic", 3, 25283, "perft.tsv gothic-start"},
	{"janus", 3, 24747, "perft.tsv janus-start"},
	{"nocastle", 4, 197281, "FIDE (no castling before depth 5)"},
	{"king-of-the-hill", 4, 197281, "FIDE moves"},
	{"seirawan", 3, 24830, "perft.tsv seirawan-start (the start position, not its FEN)"},
	{"super", 3, 8902, "FIDE start, fairy pieces in no setup"},
	{"los-alamos", 3, 1212, "regression value from zrun; depth 1 = 10 checked by hand (6 pawn pushes, 4 knight moves)"},
}

// fenPerfts are counts where Fairy-Max's rules differ from FSF's, derived by
// hand from the FSF count.
var fenPerfts = []struct {
	perftCase
	fen string
}{
	{perftCase{"capablanca", 1, 40, "FSF's 38 plus b7b8e and b7a8e: Fairy-Max promotes to any non-royal piece, here also e (fairymax accepts b7b8e)"},
		"r4k3r/1P8/10/10/10/10/7p2/R4K3R w KQkq - 0 1"},
}

func TestFENPerft(t *testing.T) {
	f := loadShipped(t)
	for _, c := range fenPerfts {
		sec, err := f.Section(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		s, err := vm.NewState(sec.Game)
		if err != nil {
			t.Fatal(err)
		}
		if err := sec.SetFEN(s, c.fen); err != nil {
			t.Fatal(err)
		}
		if n, err := s.Perft(c.depth); err != nil || n != c.nodes {
			t.Errorf("%s %q perft %d = %d (%v), want %d (%s)", c.variant, c.fen, c.depth, n, err, c.nodes, c.why)
		}
	}
}

func TestStartPerft(t *testing.T) {
	f := loadShipped(t)
	for _, c := range startPerfts {
		g, err := f.Game(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		s, err := vm.NewState(g)
		if err != nil {
			t.Fatal(err)
		}
		n, err := s.Perft(c.depth)
		if err != nil {
			t.Fatalf("%s perft %d: %v", c.variant, c.depth, err)
		}
		if n != c.nodes {
			t.Errorf("%s perft %d = %d, want %d (%s)", c.variant, c.depth, n, c.nodes, c.why)
		}
	}
}
