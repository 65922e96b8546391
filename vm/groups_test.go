package vm_test

import (
	"slices"
	"testing"

	"zrun/zrf"
)

// TestBlockGroups: the single leaps of chess's Knight and King (eight blocks
// each, one per direction) and of Musketeer's Cannon (sixteen) run as one
// group, and so do the Queen's and Rook's slides and the Pawn's two
// captures (which promote); its push, a hop that tests its way in, does
// not. That grouped runs generate what the interpreter does is checked over
// the perft positions (games, TestSpecialisedMatchesInterpreter) and the
// corpus (zrun check).
func TestBlockGroups(t *testing.T) {
	for _, c := range []struct {
		file, piece string
		want        []int
	}{
		{"../games/chess.zrf", "Knight", []int{8}},
		{"../games/chess.zrf", "King", []int{8}},
		{"../games/chess.zrf", "Pawn", []int{2}},
		{"../games/chess.zrf", "Queen", []int{8}},
		{"../games/chess.zrf", "Rook", []int{4}},
		{"../games/musketeer.zrf", "Cannon", []int{16}},
	} {
		f, err := zrf.LoadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		g := f.Games[0].Game
		found := false
		for ti, pt := range g.Pieces {
			if pt.Name != c.piece {
				continue
			}
			found = true
			if got := g.BlockGroups(ti); !slices.Equal(got, c.want) {
				t.Errorf("%s %s: leap groups %v, want %v", c.file, c.piece, got, c.want)
			}
		}
		if !found {
			t.Errorf("%s: no piece %s", c.file, c.piece)
		}
	}
}
