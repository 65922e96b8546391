// This file checks that the texts move lists print select their moves: in
// Chessence "e4" named four moves; each listed text must now give back
// exactly its own move through Match, in games of several kinds (SAN,
// mancala pits, drops, partial moves).

package play

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSelectorsSelectTheirMove(t *testing.T) {
	games := []struct{ file, variant string }{
		{filepath.Join(gamesDir, "chess.zrf"), ""},
		{filepath.Join(gamesDir, "schoolbook.zrf"), ""},
		{filepath.Join(sharedDir, "zrf-corpus/Chessence/Chessence.zrf"), ""},
		{filepath.Join(sharedDir, "zrf-corpus/ToguzKumalak/ToguzKumalak.zrf"), ""},
		{filepath.Join(sharedDir, "zrf-corpus/_embedded/TicTacToe-zillions-v2.zrf"), ""},
		{filepath.Join(sharedDir, "zrf-corpus/CheckersCollection/CheckersCollection.zrf"), "Checkers (English draughts)"},
	}
	for _, gm := range games {
		if _, err := os.Stat(gm.file); err != nil {
			t.Logf("skipping %s: %v", gm.file, err)
			continue
		}
		g, err := Open(gm.file, gm.variant)
		if err != nil {
			t.Fatal(err)
		}
		// the start and a few plies on, the first legal move each time
		for ply := 0; ply < 4; ply++ {
			ml, err := g.Legal()
			if err != nil || len(ml.Moves) == 0 {
				break
			}
			for i, sel := range g.Selectors(ml) {
				if sel == "" {
					t.Errorf("%s ply %d: no text selects %s", gm.file, ply, g.S.MoveString(&ml.Moves[i]))
					continue
				}
				if got := g.Match(ml, sel); len(got) != 1 || got[0] != i {
					t.Errorf("%s ply %d: %q selects %v, want only move %d (%s)", gm.file, ply, sel, got, i, g.S.MoveString(&ml.Moves[i]))
				}
			}
			if err := g.Play(ml, 0, false); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A Zillions text that names the same player and piece before each
// position keeps them once (Toguz Kumalak's sowing).
func TestShortZillions(t *testing.T) {
	f := filepath.Join(sharedDir, "zrf-corpus/ToguzKumalak/ToguzKumalak.zrf")
	if _, err := os.Stat(f); err != nil {
		t.Skipf("corpus absent: %v", err)
	}
	g, err := Open(f, "")
	if err != nil {
		t.Fatal(err)
	}
	in := "P09 a1 x b1 South P01 a1 South P10 c1 South P10 d1 North P10 i2 North P10 h2 = P10 on b1"
	want := "P09 a1 x b1 South P01 a1 South P10 c1 d1 North P10 i2 h2 = P10 on b1"
	if got := g.ShortZillions(in); got != want {
		t.Errorf("ShortZillions:\n got %s\nwant %s", got, want)
	}
}
