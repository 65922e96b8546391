// This file runs the specialised move programs (vm/spec.go) side by side
// with the interpreter on corpus games: a fixed sample by default, every
// file with -tags slow (spec_corpus_slow_test.go).

package zrf

import (
	"path/filepath"
	"testing"
	"time"

	"zrun/vm"
	"zrun/vm/playout"
)

// compareCorpusSpecialised loads every every-th native or embedded corpus
// file (offset first) and compares specialised and interpreted generation
// from each game's start position, depth plies deep, at most maxNodes
// positions and budget a game.
func compareCorpusSpecialised(t *testing.T, every, first, depth, maxNodes int, budget time.Duration) {
	entries := readManifest(t)
	start := time.Now()
	files, games, nodes := 0, 0, 0
	i := -1
	for _, e := range entries {
		if e.kind == "include" || e.kind == "axiom" {
			continue
		}
		if i++; i%every != first {
			continue
		}
		f, err := LoadFile(filepath.Join(corpusDir, e.path))
		if f == nil || (err != nil && !f.OnlySkipped(err)) {
			continue
		}
		files++
		for _, gd := range f.Games {
			g := gd.Game
			if g.Engine != "" {
				continue
			}
			s, err := vm.NewState(g)
			if err != nil {
				continue
			}
			games++
			n, err := playout.CompareSpecialised(s, depth, maxNodes, budget)
			nodes += n
			if err != nil {
				t.Errorf("%s (%s): %v", e.path, g.Title, err)
			}
		}
	}
	t.Logf("%d files, %d games, %d positions compared in %v", files, games, nodes, time.Since(start).Round(time.Millisecond))
}

// TestCorpusSpecialisedSample compares one corpus file in 25.
func TestCorpusSpecialisedSample(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus sample skipped in -short mode")
	}
	compareCorpusSpecialised(t, 25, 7, 2, 200, 100*time.Millisecond)
}
