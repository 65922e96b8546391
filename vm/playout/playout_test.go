// This file tests Run on games we ship: every invariant holds over a few
// playouts (the corpus sweep, zrun check --play, covers the rest).

package playout_test

import (
	"testing"

	"zrun/vm/playout"
	"zrun/zrf"
)

func loadGames(t *testing.T, path string) []*zrf.GameDef {
	t.Helper()
	f, err := zrf.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return f.Games
}

func TestShippedGames(t *testing.T) {
	for _, file := range []string{"chess", "schoolbook", "musketeer"} {
		for _, gd := range loadGames(t, "../../games/"+file+".zrf") {
			st, err := playout.Run(gd.Game, playout.Options{Playouts: 2, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range st.Violations {
				t.Errorf("%s %q: %v", file, gd.Game.Title, v)
			}
			t.Logf("%s %q: %d moves in %v, ends %v", file, gd.Game.Title, st.Moves, st.Elapsed, st.Ends)
		}
	}
}
