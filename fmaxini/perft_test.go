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
