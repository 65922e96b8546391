// This file benchmarks move generation through real rule files.

package zrf

import (
	"testing"

	"zrun/vm"
)

// BenchmarkPerft reports perft nodes per second from the start positions.
func BenchmarkPerft(b *testing.B) {
	for _, c := range []struct {
		name, path string
		depth      int
	}{
		{"chess/d4", "../games/chess.zrf", 4},
		{"schoolbook/d3", "../games/schoolbook.zrf", 3},
	} {
		b.Run(c.name, func(b *testing.B) {
			f, err := LoadFile(c.path)
			if err != nil {
				b.Fatal(err)
			}
			s, err := vm.NewState(f.Games[0].Game)
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
