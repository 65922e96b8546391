// This file tests Run on games we ship: every invariant holds over a few
// playouts (the corpus sweep, zrun check --play, covers the rest).

package playout_test

import (
	"reflect"
	"slices"
	"testing"
	"time"

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

// TestProgressCountsEveryPlayout: the progress calls end with the run's
// totals, one call a playout.
func TestProgressCountsEveryPlayout(t *testing.T) {
	g := loadGames(t, "../../games/chess.zrf")[0].Game
	var calls []playout.Progress
	st, err := playout.Run(g, playout.Options{Playouts: 4, Seed: 3, MaxMoves: 30, Workers: 2,
		Progress: func(p playout.Progress) { calls = append(calls, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 4 {
		t.Fatalf("%d progress calls, want 4", len(calls))
	}
	last := calls[3]
	if last.Playouts != 4 || last.Of != 4 || last.Moves != st.Moves || last.Violations != len(st.Violations) {
		t.Errorf("last progress %+v, the run's totals: %d playouts, %d moves, %d violations", last, st.Playouts, st.Moves, len(st.Violations))
	}
}

func TestEveryThrottles(t *testing.T) {
	var got []int
	f := playout.Every(10*time.Second, func(p playout.Progress) { got = append(got, p.Playouts) })
	for i, el := range []time.Duration{2, 9, 11, 15, 19, 22, 40, 41} {
		f(playout.Progress{Playouts: i + 1, Of: 8, Elapsed: el * time.Second})
	}
	// 11 s: the first past 10 s; 22 s: 10 s after that; 40 s; 41 s: the last.
	if want := []int{3, 6, 7, 8}; !slices.Equal(got, want) {
		t.Errorf("reported after playouts %v, want %v", got, want)
	}
	got = nil
	g := playout.Every(10*time.Second, func(p playout.Progress) { got = append(got, p.Playouts) })
	g(playout.Progress{Playouts: 1, Of: 1, Elapsed: time.Second})
	if len(got) != 0 {
		t.Errorf("a run shorter than the period reported %v", got)
	}
}
