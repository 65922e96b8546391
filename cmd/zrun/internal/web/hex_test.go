package web

import (
	"math"
	"path/filepath"
	"testing"

	"zrun/cmd/zrun/internal/play"
)

// TestHexTiling: boards whose positions lie on a hexagonal lattice are
// drawn as hexagons (Dragonfly's reserve columns beside it stay points), neighbours in different shades (as Glinski's board is
// coloured: three shades, no two touching cells alike), inside the board's
// area; square grids and line boards are not.
func TestHexTiling(t *testing.T) {
	for _, tc := range []struct {
		file, hex string
		cells     int
	}{
		{corpus(t, "GlinskiCheskers/glinski-cheskers.zrf"), "flat", 91},
		{corpus(t, "DagazProject+DagazProject.github.io/checkmate/zrf/dragonfly-hex.zrf"), "flat", 101},
		{corpus(t, "GlukKazan+Dagaz/src/debug/games/shogi-family/hex-kyoto-shogi.zrf"), "flat", 77},
		{filepath.Join(gamesDir, "chess.zrf"), "", 64},
		{corpus(t, "Shisima/shisima.zrf"), "", 9},
		{corpus(t, "GlukKazan+ZoG/Rules/alquerque.zrf"), "", 25},
	} {
		g, err := play.LoadGame(tc.file, "")
		if err != nil {
			t.Fatal(err)
		}
		lj := layoutOf(g, 0, picturesOf("", g))
		if lj.Hex != tc.hex || tc.cells > 0 && len(lj.Cells) != tc.cells {
			t.Errorf("%s: hex %q with %d cells, want %q with %d", filepath.Base(tc.file), lj.Hex, len(lj.Cells), tc.hex, tc.cells)
			continue
		}
		if lj.Hex == "" {
			continue
		}
		if lj.Points || len(lj.Links) > 0 {
			t.Errorf("%s: hexagons are cells, not points joined by links", filepath.Base(tc.file))
		}
		// Cells whose centres are one hexagon apart (sqrt 3 times the
		// circumradius) touch: their shades differ.
		r := lj.HexR
		touching := 0
		off := 0
		for i, a := range lj.Cells {
			if a.Shade < 0 {
				off++
				continue
			}
			ax, ay := a.X+a.W/2, a.Y+a.H/2
			if ax-r < 0 || ay-r < -1 || ax+r > lj.W+1 || ay+r > lj.H+1 {
				t.Errorf("%s: %s's hexagon leaves the board's area", filepath.Base(tc.file), a.N)
			}
			for _, b := range lj.Cells[i+1:] {
				if b.Shade < 0 {
					continue
				}
				d := math.Hypot(b.X+b.W/2-ax, b.Y+b.H/2-ay)
				if math.Abs(d-math.Sqrt(3)*r) < 0.1*r {
					touching++
					if a.Shade == b.Shade {
						t.Errorf("%s: touching %s and %s have one shade", filepath.Base(tc.file), a.N, b.N)
					}
				}
			}
		}
		if touching < 2*(len(lj.Cells)-off) {
			t.Errorf("%s: only %d touching pairs among %d hexagons", filepath.Base(tc.file), touching, len(lj.Cells)-off)
		}
		t.Logf("%s: %d hexagons (%s), %d touching pairs, %d positions off the lattice", filepath.Base(tc.file), len(lj.Cells)-off, lj.Hex, touching, off)
	}
}
