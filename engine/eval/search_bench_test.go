// This file benchmarks the searcher on the adapter at zrun's bench
// positions.

package eval_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/internal/benchpos"
	"zrun/vm"
)

// benchPosition is the search adapter at the bench position bp.
func benchPosition(tb testing.TB, file, moves string) *eval.Position {
	tb.Helper()
	s, err := tunedState(filepath.Join("../../games", file), "", "")
	if err != nil {
		tb.Fatal(err)
	}
	if err := s.PlayCoords(moves); err != nil {
		tb.Fatal(err)
	}
	p, err := eval.PositionFor(s)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkSearch searches each position of zrun's bench (start positions
// plus moves, so Fairy-Max, which has no setboard, can be given the same
// ones) for a fixed number of nodes (a fresh searcher each time) and
// reports nodes per second.
func BenchmarkSearch(b *testing.B) {
	for _, bp := range benchpos.Default {
		b.Run(bp.Name, func(b *testing.B) {
			pos := benchPosition(b, bp.File, bp.Moves)
			var nodes uint64
			var el time.Duration
			for b.Loop() {
				se := engine.New[*vm.Move](pos, 16)
				res := se.Search(context.Background(), engine.Limits{Nodes: 300000})
				nodes += res.Nodes
				el += res.Time
			}
			b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
		})
	}
}
