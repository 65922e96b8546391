// This file tests Run on games we ship: every invariant holds over a few
// playouts (the corpus sweep, zrun check --play, covers the rest).

package playout_test

import (
	"reflect"
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

// TestWorkersGiveTheSameTotals runs the same playouts one at a time and
// three at once: every count, end and violation must be the same.
func TestWorkersGiveTheSameTotals(t *testing.T) {
	g := loadGames(t, "../../games/chess.zrf")[0].Game
	var runs [2]*playout.Stats
	for i, workers := range []int{1, 3} {
		st, err := playout.Run(g, playout.Options{Playouts: 6, Seed: 7, MaxMoves: 60, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		st.Elapsed = 0
		runs[i] = st
	}
	if !reflect.DeepEqual(runs[0], runs[1]) {
		t.Errorf("one at a time: %+v\nthree at once: %+v", runs[0], runs[1])
	}
	if runs[0].Playouts != 6 || runs[0].Moves == 0 {
		t.Errorf("played %d playouts, %d moves; want 6 and some", runs[0].Playouts, runs[0].Moves)
	}
}
