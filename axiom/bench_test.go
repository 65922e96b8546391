package axiom_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"zrun/vm"
)

// benchPositions are more positions than the Source's move-list cache
// holds (64), so that the benchmarks, cycling through them, always run
// the script.
const benchPositions = 100

// ordoPositions plays seeded random games of Ordo and keeps their
// positions (the start, then each position after a random move).
func ordoPositions(b *testing.B) (*vm.Game, []*vm.State) {
	b.Helper()
	g := load(b, "Ordo/Ordo.zrf", "")
	rng := rand.New(rand.NewPCG(7, 11))
	var ps []*vm.State
	var ml vm.MoveList
	s := start(b, g)
	for len(ps) < benchPositions {
		if err := s.Generate(&ml); err != nil {
			b.Fatal(err)
		}
		o, err := s.Outcome(&ml)
		if err != nil {
			b.Fatal(err)
		}
		if o.Over || len(ml.Moves) == 0 || s.Ply > 60 {
			s = start(b, g)
			continue
		}
		ps = append(ps, s.Clone())
		if err := s.Make(&ml.Moves[rng.IntN(len(ml.Moves))]); err != nil {
			b.Fatal(err)
		}
	}
	return g, ps
}

// BenchmarkOrdoGenerate is the script's move generation of an Ordo
// position (its connected-group test of every move), the Forth
// interpreter's heaviest load among the games auto plays: an op is one
// position's moves.
func BenchmarkOrdoGenerate(b *testing.B) {
	_, ps := ordoPositions(b)
	var ml vm.MoveList
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; b.Loop(); i++ {
		if err := ps[i%len(ps)].Generate(&ml); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, c0)
}

// reportCPU reports the process's CPU time per op since c0 (cpu-ms/op):
// on a machine shared with other work it varies less than the time.
func reportCPU(b *testing.B, c0 time.Duration) {
	b.ReportMetric(float64(cpuTime()-c0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// BenchmarkOrdoEvaluate is the script's OnEvaluate of an Ordo position
// (a scan of the board and both sides' moves for its mobility term).
func BenchmarkOrdoEvaluate(b *testing.B) {
	g, ps := ordoPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; b.Loop(); i++ {
		s := ps[i%len(ps)]
		if _, err := g.Eval.Evaluate(s, s.Chooser()); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, c0)
}
