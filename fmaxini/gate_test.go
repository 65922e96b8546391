// This file defines Seirawan gating tests beyond perft.tsv's two positions:
// castling with gating on either square, a hand of one piece per side, Black
// to move, gates only on some squares. The counts were computed with
// Fairy-Stockfish (/usr/games/fairy-stockfish, UCI_Variant seirawan,
// `position fen F` then `go perft 3`).

package fmaxini

import (
	"testing"

	"zrun/vm"
)

var seirawanFSF = []struct {
	fen   string
	depth int
	nodes uint64
}{
	{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1", 3, 80141},
	{"r3k2r/p1pp1ppp/1n2pn2/1p6/3P4/2N2N2/PPP1PPPP/R3K2R[HEhe] w KQkq - 0 1", 3, 137584},
	{"r3k2r/p1pp1ppp/1n2pn2/1p6/3P4/2N2N2/PPP1PPPP/R3K2R[Eh] w KQkq - 0 1", 3, 73154},
	{"rn2k2r/p1pp1ppp/4pn2/1p6/3P4/2N2N2/PPP1PPPP/R3KB1R[HEhe] b KQBkqb - 0 1", 3, 70522},
	{"4k3/8/8/8/8/8/8/RNBQKBNR[HEhe] w KQBCDFG - 0 1", 3, 47721},
}

func TestSeirawanGatingPerft(t *testing.T) {
	f := loadShipped(t)
	sec, err := f.Section("seirawan")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range seirawanFSF {
		s, err := vm.NewState(sec.Game)
		if err != nil {
			t.Fatal(err)
		}
		if err := sec.SetFEN(s, c.fen); err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		if n, err := s.Perft(c.depth); err != nil || n != c.nodes {
			t.Errorf("%s perft %d = %d (%v), want %d (Fairy-Stockfish)", c.fen, c.depth, n, err, c.nodes)
		}
	}
}

// TestSeirawanGatingMoves checks the move text and the hand after a gating
// move and after castling that gates on the rook's square.
func TestSeirawanGatingMoves(t *testing.T) {
	f := loadShipped(t)
	sec, err := f.Section("seirawan")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ fen, move, after string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1", "g1f3h",
			"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Ehe] b"},
		{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1", "h1e1e",
			"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKE[Hhe] b"},
		{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1", "e1c1h",
			"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KRH2R[Ehe] b"},
	} {
		s, _ := vm.NewState(sec.Game)
		if err := sec.SetFEN(s, c.fen); err != nil {
			t.Fatal(err)
		}
		var ml vm.MoveList
		if err := s.Generate(&ml); err != nil {
			t.Fatal(err)
		}
		found := false
		for i := range ml.Moves {
			if s.CoordString(&ml.Moves[i]) != c.move {
				continue
			}
			found = true
			h := s.Hash()
			if err := s.Make(&ml.Moves[i]); err != nil {
				t.Fatal(err)
			}
			fen, _ := s.FEN()
			if got := fen[:len(c.after)]; got != c.after {
				t.Errorf("%s: after %s: %s, want %s", c.fen, c.move, fen, c.after)
			}
			s.Unmake()
			if s.Hash() != h {
				t.Errorf("%s: unmake of %s does not restore the hash", c.fen, c.move)
			}
		}
		if !found {
			t.Errorf("%s: no move %s", c.fen, c.move)
		}
	}
}

// TestSeirawanFENRoundTrip: the start position is written exactly as
// perft.tsv (FSF's conventional form) has it, and every FEN read and written
// again reads back to a position with the same perft.
func TestSeirawanFENRoundTrip(t *testing.T) {
	f := loadShipped(t)
	sec, err := f.Section("seirawan")
	if err != nil {
		t.Fatal(err)
	}
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1"
	s, _ := vm.NewState(sec.Game)
	if got, _ := s.FEN(); got != start {
		t.Errorf("start position FEN %s, want %s (perft.tsv seirawan-start)", got, start)
	}
	fens := []string{start, "rnb1kenr/2ph1p1p/p2bq3/1p1pp1p1/N2P4/1P4P1/P1P1PP1P/RQBHK1NR[E] w KQAEGHkq - 2 12"}
	for _, c := range seirawanFSF {
		fens = append(fens, c.fen)
	}
	for _, fen := range fens {
		a, _ := vm.NewState(sec.Game)
		if err := a.SetFEN(fen); err != nil {
			t.Fatal(err)
		}
		out, err := a.FEN()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := vm.NewState(sec.Game)
		if err := b.SetFEN(out); err != nil {
			t.Fatalf("%s written as %s: %v", fen, out, err)
		}
		na, _ := a.Perft(2)
		nb, _ := b.Perft(2)
		if na != nb || a.Hash() != b.Hash() {
			t.Errorf("%s written as %s reads back differently (perft 2: %d, %d)", fen, out, na, nb)
		}
	}
}

// FuzzSetFEN: any text either sets a position that writes a FEN reading
// back to the same position, or is refused leaving the state unchanged.
func FuzzSetFEN(f *testing.F) {
	for _, c := range seirawanFSF {
		f.Add("seirawan", c.fen)
	}
	f.Add("seirawan", "rnb1kenr/2ph1p1p/p2bq3/1p1pp1p1/N2P4/1P4P1/P1P1PP1P/RQBHK1NR[E] w KQAEGHkq - 2 12")
	f.Add("capablanca", "rn1b1k1c1r/p3p1p1pp/ap5nb1/1Qpp1p4/1P2P1pP2/N4P1N2/P1PPA3PP/R2B1KBC1R b KQkq - 0 12")
	f.Add("seirawan", "8/8/8/8/8/8/8/8[]] w zZ - 0 1")
	file, err := LoadFile(shippedIni)
	if err != nil {
		f.Skipf("fmax.ini not available: %v", err)
	}
	f.Fuzz(func(t *testing.T, variant, fen string) {
		if variant != "seirawan" {
			variant = "capablanca"
		}
		sec, err := file.Section(variant)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := vm.NewState(sec.Game)
		before := s.Hash()
		if err := s.SetFEN(fen); err != nil {
			if s.Hash() != before {
				t.Fatalf("refused FEN %q changed the state", fen)
			}
			return
		}
		out, err := s.FEN()
		if err != nil {
			t.Fatal(err)
		}
		r, _ := vm.NewState(sec.Game)
		if err := r.SetFEN(out); err != nil {
			t.Fatalf("%q written as %q does not read back: %v", fen, out, err)
		}
	})
}
