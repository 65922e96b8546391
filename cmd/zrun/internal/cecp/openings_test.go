package cecp

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
	"zrun/vm"
)

// Balanced openings for matches against engines that do not randomise
// their play: a few random moves from the start, kept when a short search
// finds the side to move neither much better nor much worse. Openings that
// move a royal piece are not kept: no opening book walks the King that
// early, and FEN dialects part ways once it has left its square (Sjaak II
// drops a Seirawan FEN's gate letters of a side whose King has moved, so
// it refuses that side's gating moves).
const (
	openingPlies  = 4
	openingDepth  = 5
	openingMargin = 60 // centipawns either way
)

// writeOpenings writes n different balanced openings of the rule file game
// (its game or variant titled title; "": the first) to path, one FEN per
// line with its letters renamed by letters; the same n and -match-seed
// always give the same openings (another seed, other openings: matches run
// in parallel). With -match-960 each starts from a random Chess960 array.
func writeOpenings(t *testing.T, game, title string, letters letterMap, path string, n int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(*matchSeed, 11))
	seen := map[string]bool{}
	var lines []string
	for tries := 0; len(lines) < n; tries++ {
		if tries > 50*n {
			t.Fatalf("only %d balanced openings of %s in %d tries", len(lines), game, tries)
		}
		start := ""
		if *match960 {
			var err error
			if start, err = play.Chess960FEN(rng.IntN(960)); err != nil {
				t.Fatal(err)
			}
		}
		s, err := play.NewState(game, title, start)
		if err != nil {
			t.Fatal(err)
		}
		ml := &vm.MoveList{}
		royalMoved := false
		for range openingPlies {
			if err := s.Generate(ml); err != nil {
				t.Fatal(err)
			}
			if len(ml.Moves) == 0 {
				break
			}
			m := &ml.Moves[rng.IntN(len(ml.Moves))]
			royalMoved = royalMoved || slices.Contains(s.Game().RoyalTypes(s.Mover()), int(m.Piece))
			if err := s.Make(m); err != nil {
				t.Fatal(err)
			}
		}
		if royalMoved {
			continue
		}
		fen, err := s.FEN()
		if err != nil {
			t.Fatal(err)
		}
		if seen[fen] {
			continue
		}
		seen[fen] = true
		res, _, err := play.SearchState(s, engine.Limits{Depth: openingDepth}, 16, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Found || res.Score > openingMargin || res.Score < -openingMargin {
			continue
		}
		lines = append(lines, letters.fenOut(fen))
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d openings (%d random moves, |score| <= %d at depth %d):\n%s", n, openingPlies, openingMargin, openingDepth,
		strings.Join(lines, "\n"))
}
