package engine

import (
	"math/rand/v2"
	"testing"
)

// TestBestPackedVector compares the vector form of bestPacked with the
// scalar one, and both with a plain maximum, over random packed scores of
// every length up to 70 (whole fours and the rest), ties and extremes
// included.
func TestBestPackedVector(t *testing.T) {
	if !haveMaxPacked {
		t.Skip("no vector form on this machine (AVX2 absent or not amd64)")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 4; n <= 70; n++ {
		for trial := 0; trial < 200; trial++ {
			rest := make([]int64, n)
			for i := range rest {
				score := int32(rng.IntN(2000) - 1000)
				switch rng.IntN(10) {
				case 0:
					score = 1<<30 - 1 // the bound packed scores keep within (bestPacked)
				case 1:
					score = -(1<<30 - 1)
				}
				rest[i] = packScore(score, rng.IntN(4)) // small places: ties in score and place
			}
			want := rest[0]
			for _, v := range rest {
				want = max(want, v)
			}
			if got := maxPackedVector(rest); got != want {
				t.Fatalf("%d scores %v: vector %d, max %d", n, rest, got, want)
			}
			if got := bestPackedScalar(rest); got != want {
				t.Fatalf("%d scores %v: scalar %d, max %d", n, rest, got, want)
			}
		}
	}
}
