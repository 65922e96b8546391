package eval_test

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"
	"time"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
)

var depthBenchDepth = flag.Int("depth-bench", 9, "BenchmarkTimeToDepth: the depth each position is searched to")

// depthBenchPositions returns the positions BenchmarkTimeToDepth searches:
// perGame positions of each game, reached by random moves (6 to 29 plies
// from the start, seeded, so the same every run).
func depthBenchPositions(tb testing.TB, perGame int) []*eval.Position {
	tb.Helper()
	var out []*eval.Position
	for _, file := range []string{"../../games/chess.zrf", "../../games/capablanca.zrf"} {
		rng := rand.New(rand.NewPCG(11, 13))
		ml := &vm.MoveList{}
		for n := 0; n < perGame; {
			s, err := tunedState(file, "", "")
			if err != nil {
				tb.Fatal(err)
			}
			if !randomMoves(tb, s, ml, rng, 6+rng.IntN(24)) {
				continue // the game ended first: another one
			}
			p, err := eval.PositionFor(s)
			if err != nil {
				tb.Fatal(err)
			}
			out = append(out, p)
			n++
		}
	}
	return out
}

// randomMoves plays plies random legal moves on s and reports whether the
// game had a move at each.
func randomMoves(tb testing.TB, s *vm.State, ml *vm.MoveList, rng *rand.Rand, plies int) bool {
	tb.Helper()
	for range plies {
		if err := s.Generate(ml); err != nil {
			tb.Fatal(err)
		}
		if len(ml.Moves) == 0 {
			return false
		}
		if err := s.Make(&ml.Moves[rng.IntN(len(ml.Moves))]); err != nil {
			tb.Fatal(err)
		}
	}
	return true
}

// BenchmarkTimeToDepth searches 20 random chess and 20 random Capablanca
// positions to a fixed depth (-depth-bench, default 9), each with a fresh
// searcher, and reports the nodes it took and nodes per second. Nodes/s
// alone rewards a search that visits more cheap nodes; a change to move
// ordering shows here in the nodes to reach the depth, over positions
// enough that one tree's luck does not decide (the six of BenchmarkSearch
// do not suffice: their node counts move 10-20% either way when only the
// order of equal moves changes). For comparing two builds, run both at
// once on separate cores (taskset) and compare ns/op.
func BenchmarkTimeToDepth(b *testing.B) {
	positions := depthBenchPositions(b, 20)
	var nodes uint64
	var el time.Duration
	for b.Loop() {
		for _, p := range positions {
			res := engine.New[*vm.Move](p, 16).Search(context.Background(), engine.Limits{Depth: *depthBenchDepth})
			nodes += res.Nodes
			el += res.Time
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
}
