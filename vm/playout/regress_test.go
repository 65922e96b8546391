// This file holds the regression tests of violations zrun check --play found
// in the corpus, each on a toy rule file that isolates the rule involved.

package playout_test

import (
	"os"
	"strings"
	"testing"

	"zrun/vm"
	"zrun/vm/playout"
)

// legalTexts loads a toy game and returns its start position's legal moves
// in Zillions text.
func legalTexts(t *testing.T, path string) (*vm.Game, []string) {
	t.Helper()
	gd := loadGames(t, path)[0]
	s, err := vm.NewState(gd.Game)
	if err != nil {
		t.Fatal(err)
	}
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range ml.Moves {
		out = append(out, s.MoveString(&ml.Moves[i]))
	}
	return gd.Game, out
}

// A first part of a turn is legal only if the turn can be finished legally
// (found in GlukKazan+Dagaz's gravity-chess.zrf, seed 1).
func TestPartialMoveMustFinishLegally(t *testing.T) {
	g, moves := legalTexts(t, "testdata/pinned-partial.zrf")
	if got := strings.Join(moves, "; "); got != "King a1 - b1" {
		t.Errorf("legal moves %q, want only King a1 - b1 (the Man's step leaves the King attacked after every fall)", got)
	}
	st, err := playout.Run(g, playout.Options{Playouts: 20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range st.Violations {
		t.Error(v)
	}
}

// Captures-only generation skips a piece none of whose capture squares
// holds an enemy; a slider's squares are its rays, and on a board that wraps
// round one of its rays crosses another and goes on past it. Building the
// squares stopped a ray at a square another ray had put in, and the
// generation then missed a Bishop's capture along the wrap (found in
// Samboy's Cylindrical Schoolbook and Turtle Shell Chess, seeds 1 and 2).
func TestCaptureSquaresOfCrossingRays(t *testing.T) {
	for _, tc := range []struct{ file, title string }{
		{"samboy+ChessVariantResearch/Schoolbook/Zillions/Schoolbook-b.zrf", "Cylindrical Schoolbook"},
		{"samboy+ChessVariantResearch/TurtleShell/Zillions/TurtleShell.zrf", "Turtle Shell Chess"},
	} {
		path := "../../../shared/zrf-corpus/" + tc.file
		if _, err := os.Stat(path); err != nil {
			t.Skipf("%s is not here (the shared corpus): %v", path, err)
		}
		found := false
		for _, gd := range loadGames(t, path) {
			if gd.Game.Title != tc.title {
				continue
			}
			found = true
			st, err := playout.Run(gd.Game, playout.Options{Playouts: 2, Seed: 1, MaxMoves: 1000})
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range st.Violations {
				t.Errorf("%s: %v", tc.title, v)
			}
		}
		if !found {
			t.Errorf("%s: no game %q", tc.file, tc.title)
		}
	}
}
