// This file holds the regression tests of violations zrun check --play found
// in the corpus, each on a toy rule file that isolates the rule involved.

package playout_test

import (
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
