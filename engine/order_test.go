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
func BenchmarkBestPacked(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	packed := make([]int64, 40)
	for i := range packed {
		packed[i] = packScore(int32(rng.IntN(histMax)), i)
	}
	var sink int64
	for b.Loop() {
		sink += bestPacked(packed)
	}
	_ = sink
}
