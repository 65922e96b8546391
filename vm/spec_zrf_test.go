package vm_test

import (
	"strings"
	"testing"

	"zrun/vm"
	"zrun/zrf"
)

// TestSpecRecognisesChess: games/chess.zrf's leapers, sliders and pawn
// moves have specialised forms; castling and en passant keep the
// interpreter.
func TestSpecRecognisesChess(t *testing.T) {
	f, err := zrf.LoadFile("../games/chess.zrf")
	if err != nil {
		t.Fatal(err)
	}
	g := f.Games[0].Game
	want := map[string]string{
		"Pawn":   "hops hops hops - -",
		"Knight": "hops hops hops hops hops hops hops hops",
		"Bishop": "slide slide slide slide",
		"Rook":   "loop loop loop loop",
		"Queen":  "slide slide slide slide slide slide slide slide",
		"King":   "hops hops hops hops hops hops hops hops - -",
	}
	for ti, pt := range g.Pieces {
		kinds := vm.SpecKinds(g, ti)
		for i, k := range kinds {
			if k == "" {
				kinds[i] = "-"
			}
		}
		if got := strings.Join(kinds, " "); got != want[pt.Name] {
			t.Errorf("%s: specialised %q, want %q", pt.Name, got, want[pt.Name])
		}
	}
}
