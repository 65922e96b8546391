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
	"zrun/vm"
)

// benchPositions are the positions of "zrun bench" (package bench of the
// command, which this package cannot import): the shipped games' openings
// and middlegames the searcher is timed on.
var benchPositions = []struct{ name, file, moves string }{
	{"chess-start", "chess.zrf", ""},
	{"chess-ruy-lopez", "chess.zrf", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7"},
	{"capablanca-start", "capablanca.zrf", ""},
	{"capablanca-mid", "capablanca.zrf", "h1i3 h8i6 i3i6 j7i6 d2d4 i8h6 c1e3 c8d6 i1h3 f7f6 f2f3 e8h5"},
	{"capablanca-late", "capablanca.zrf", "h1i3 h8i6 i3i6 j7i6 d2d4 i8h6 c1e3 c8d6 i1h3 f7f6 f2f3 e8h5 e1i5 g8e6 i5h5 i6h5 d4d5 e6f5 b1d2 h6i4"},
	{"schoolbook-start", "schoolbook.zrf", ""},
}

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
	for _, bp := range benchPositions {
		b.Run(bp.name, func(b *testing.B) {
			pos := benchPosition(b, bp.file, bp.moves)
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
