package engine

import (
	"math/rand/v2"
	"testing"
)

// TestBestPacked: bestPacked finds the largest packed score, as a plain
// scan does, for every length up to 70 and scores with many ties (the
// packed place then decides: the first of the best).
func TestBestPacked(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for n := 1; n <= 70; n++ {
		for trial := 0; trial < 50; trial++ {
			packed := make([]int64, n)
			for i := range packed {
				packed[i] = packScore(int32(rng.IntN(5)-2)*scoreKiller+int32(rng.IntN(3)), i)
			}
			want := packed[0]
			for _, x := range packed[1:] {
				if x > want {
					want = x
				}
			}
			if got := bestPacked(packed); got != want {
				t.Fatalf("n=%d: bestPacked %x (place %d), want %x (place %d)", n, got, packedIndex(got), want, packedIndex(want))
			}
		}
	}
}

// BenchmarkBestPacked: one pick's scan of a 40-move list (a middlegame's).
// Its "go" case is the scan in Go alone, to compare with the vector form
// bestPacked runs where the processor has it (maxPackedVector).
func BenchmarkBestPacked(b *testing.B) {
	packed := benchPacked()
	for _, c := range []struct {
		name string
		scan func([]int64) int64
	}{{"pick", bestPacked}, {"go", bestPackedScalar}} {
		b.Run(c.name, func(b *testing.B) {
			var sink int64
			for b.Loop() {
				sink += c.scan(packed)
			}
			_ = sink
		})
	}
}

// benchPacked is a 40-move list's packed quiet scores (a middlegame's).
func benchPacked() []int64 {
	rng := rand.New(rand.NewPCG(1, 1))
	packed := make([]int64, 40)
	for i := range packed {
		packed[i] = packScore(int32(rng.IntN(histMax)), i)
	}
	return packed
}
