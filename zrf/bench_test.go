// This file benchmarks move generation through real rule files.

package zrf

import (
	"path/filepath"
	"testing"

	"zrun/vm"
)

// BenchmarkPerft reports perft nodes per second from the start positions,
// the draughts ones (whole turns through partial moves) from the corpus.
func BenchmarkPerft(b *testing.B) {
	checkers := filepath.Join(corpusDir, "CheckersCollection", "CheckersCollection.zrf")
	for _, c := range []struct {
		name, path, variant string
		depth               int
	}{
		{"chess/d4", "../games/chess.zrf", "", 4},
		{"schoolbook/d3", "../games/schoolbook.zrf", "", 3},
		{"english-checkers/d6", checkers, "Checkers (English draughts)", 6},
		{"pool-checkers/d5", checkers, "Pool Checkers", 5},
	} {
		b.Run(c.name, func(b *testing.B) {
			f, err := LoadFile(c.path)
			if f == nil {
				b.Skipf("%s not available: %v", c.path, err)
			}
			g := f.Games[0].Game
			for _, gd := range f.Games {
				if gd.Game.Title == c.variant {
					g = gd.Game
				}
			}
			s, err := vm.NewState(g)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				n, err := s.Perft(c.depth)
				if err != nil {
					b.Fatal(err)
				}
				nodes += n
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkGenerateMakeUnmake measures one generation plus make/unmake of every
// move; after warm-up it must not allocate.
func BenchmarkGenerateMakeUnmake(b *testing.B) {
	f, err := LoadFile("../games/chess.zrf")
	if err != nil {
		b.Fatal(err)
	}
	s, _ := vm.NewState(f.Games[0].Game)
	var ml vm.MoveList
	b.ReportAllocs()
	for b.Loop() {
		if err := s.Generate(&ml); err != nil {
			b.Fatal(err)
		}
		for i := range ml.Moves {
			s.Make(&ml.Moves[i])
			s.Unmake()
		}
	}
}
