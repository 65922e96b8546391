package vm_test

import (
	"strings"
	"testing"

	"zrun/fmaxini"
	"zrun/vm"
	"zrun/zrf"
)

// specKinds lists the specialised form of each block of every piece type
// of g ("-" for the interpreter), by piece name.
func specKinds(g *vm.Game) map[string]string {
	out := map[string]string{}
	for ti, pt := range g.Pieces {
		var kinds []string
		for b := range pt.Moves {
			k := g.Specialised(ti, b)
			if k == "" {
				k = "-"
			}
			kinds = append(kinds, k)
		}
		out[pt.Name] = strings.Join(kinds, " ")
	}
	return out
}

// TestSpecRecognisesChess: games/chess.zrf's leapers, sliders and pawn
// moves have specialised forms; castling and en passant keep the
// interpreter.
func TestSpecRecognisesChess(t *testing.T) {
	g := firstGame(t, "../games/chess.zrf")
	want := map[string]string{
		"Pawn":   "hops hops hops - -",
		"Knight": "hops hops hops hops hops hops hops hops",
		"Bishop": "slide slide slide slide",
		"Rook":   "loop loop loop loop",
		"Queen":  "slide slide slide slide slide slide slide slide",
		"King":   "hops hops hops hops hops hops hops hops - -",
	}
	for name, got := range specKinds(g) {
		if got != want[name] {
			t.Errorf("%s: specialised %q, want %q", name, got, want[name])
		}
	}
}

// TestSpecRecognisesFairyMax: the same for fmax.ini's FIDE section, whose
// compiler writes other shapes (a landing that branches on an empty
// square, a pawn's double step through an empty square); castling and the
// pawn captures (which include en passant) keep the interpreter.
func TestSpecRecognisesFairyMax(t *testing.T) {
	f, err := fmaxini.LoadFile("../../shared/fmax/fmax.ini")
	if err != nil {
		t.Skipf("fmax.ini not available (../shared absent): %v", err)
	}
	g, err := f.Game("normal")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"p1": "hops hops - -",
		"p2": "hops hops - -",
		"n5": "hops hops hops hops hops hops hops hops",
		"b6": "slide slide slide slide",
		"R8": "loop loop loop loop",
		"Q7": "slide slide slide slide slide slide slide slide",
		"S9": "slide slide slide slide slide slide slide slide",
		"k3": "- - hops hops hops hops hops hops hops hops",
		"k4": "- - hops hops hops hops hops hops hops hops",
	}
	for name, got := range specKinds(g) {
		if got != want[name] {
			t.Errorf("%s: specialised %q, want %q", name, got, want[name])
		}
	}
}

// TestPerftAllocatesNothing: once the lists and stacks have grown, perft
// (generation with the specialised programs and the check filter's
// shortcut, make, unmake) allocates nothing, in chess as the ZRF and the
// fmax.ini front ends compile it.
func TestPerftAllocatesNothing(t *testing.T) {
	var games []*vm.Game
	f, err := zrf.LoadFile("../games/chess.zrf")
	if err != nil {
		t.Fatal(err)
	}
	games = append(games, f.Games[0].Game)
	if fm, err := fmaxini.LoadFile("../../shared/fmax/fmax.ini"); err == nil {
		g, err := fm.Game("normal")
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	for _, g := range games {
		s, err := vm.NewState(g)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Perft(3); err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(2, func() {
			if _, err := s.Perft(3); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: perft(3) allocates %v times", g.Title, allocs)
		}
	}
}
