package eval_test

import (
	"testing"

	"zrun/engine/eval"
)

// TestExposure: the open squares counted by hand from each king along
// chess's eight directions, four centipawns each with the enemy's pieces
// all on, for the side to move against the other; an ending without
// queens, rooks or minor pieces has none.
func TestExposure(t *testing.T) {
	g, ev := derived(t, "../../games/chess.zrf")
	if !ev.Active(eval.TermExposure) {
		t.Fatal("chess has no exposure term")
	}
	for _, c := range []struct {
		name, fen string
		want      int // White's open squares less Black's, times -4
	}{
		{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0},
		// Ke2 sees e3, e1, f3 g4 h5, d3 c4 b5 a6: 9; Ke8 sees e7 e6: 2
		{"1.e4 e5 2.Ke2", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 1 2", -4 * (9 - 2)},
		// Kg1 behind f2 g2 h2 with Rf1: it sees h1 alone; Ke8 as above
		{"castled against e-file open", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPPBPPP/RNBQ1RK1 b kq - 1 4", -4 * (1 - 2)},
		{"kings and pawns", "4k3/pppppppp/8/8/8/8/4P3/4K3 w - - 0 1", 0},
	} {
		if got := feature(t, g, ev, c.fen, eval.TermExposure); got != c.want {
			t.Errorf("%s: exposure %d, want %d", c.name, got, c.want)
		}
	}
	// The open lines weigh with the enemy's dear material: Ke2 sees e3
	// e4 e5 e6, e1, f3 g4 h5, d3 c4 b5 a6 (12), counted in full with all
	// Black's pieces on, by the minor pieces' share of the material with
	// only those, and not at all with none (where Ke8 sees d8 c8 b8 a8
	// and f8 g8 h8, 7, with White's pieces all on; with the minor pieces
	// on, the bishop on c8 leaves it d8 alone).
	all := feature(t, g, ev, "rnbqkbnr/pppppppp/8/8/8/8/PPPPKPPP/RNBQ1BNR w - - 0 1", eval.TermExposure)
	minors := feature(t, g, ev, "1nb1kbn1/pppppppp/8/8/8/8/PPPPKPPP/RNBQ1BNR w - - 0 1", eval.TermExposure)
	none := feature(t, g, ev, "4k3/pppppppp/8/8/8/8/PPPPKPPP/RNBQ1BNR w - - 0 1", eval.TermExposure)
	n, b, r, q := ev.Material(1), ev.Material(2), ev.Material(3), ev.Material(4)
	if want := -4*12*(2*n+2*b)/(2*n+2*b+2*r+q) + 4; all != -4*12 || minors != want || none != 4*7 {
		t.Errorf("Ke2 with all Black's pieces %d (want %d), with the minor ones %d (want %d), with none %d (want %d)",
			all, -4*12, minors, want, none, 4*7)
	}
}
