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

// TestRewardStatGravity: however many cutoffs reward (or punish) an
// entry, gravity keeps it within ±statMax, and a reward after many
// punishments moves it up by more than the bonus (the nearer the bound
// against it, the more), as Stockfish's history update h += b - h|b|/max.
func TestRewardStatGravity(t *testing.T) {
	for _, depth := range []int{1, 3, 8, 20, 60} {
		b := statBonus(depth)
		if b <= 0 || b > statMax/2 {
			t.Fatalf("depth %d: bonus %d outside (0, statMax/2]", depth, b)
		}
		var h int32
		var h16 int16
		n := 8 * statMax / int(b) // each step closes b/statMax of the gap: e^-8 left
		for range n {
			rewardStat(&h, b)
			rewardStat16(&h16, b)
			if h > statMax || int32(h16) > statMax {
				t.Fatalf("depth %d: entry %d / %d above %d", depth, h, h16, statMax)
			}
		}
		if h < statMax*9/10 {
			t.Errorf("depth %d: %d rewards reach only %d", depth, n, h)
		}
		for range 2 * n {
			rewardStat(&h, -b)
			rewardStat16(&h16, -b)
			if h < -statMax || int32(h16) < -statMax {
				t.Fatalf("depth %d: entry %d / %d below %d", depth, h, h16, -statMax)
			}
		}
		before := h
		rewardStat(&h, b)
		if h-before <= b {
			t.Errorf("depth %d: a reward from %d moved it by %d, want more than the bonus %d", depth, before, h-before, b)
		}
	}
}

// TestContSubSides: a previous move's table depends on who made it and
// who reads it (the same piece to the same square as the reply or as
// one's own move two plies back), and every table index is in range.
func TestContSubSides(t *testing.T) {
	seen := map[int]bool{}
	for _, sides := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		i := contSub(1234, sides[0], sides[1])
		if i < 0 || i >= contSubs {
			t.Fatalf("contSub out of range: %d", i)
		}
		seen[i] = true
	}
	if len(seen) != 4 {
		t.Errorf("the four side pairs of one move share tables: %v", seen)
	}
	for prev := uint32(0); prev < 1<<16; prev += 7 {
		if i := contSub(prev, 1, -1); i < 0 || i >= contSubs {
			t.Fatalf("contSub(%d) = %d out of range", prev, i)
		}
	}
}

// TestFloorDiv: reductions round a negative history down (a ply more).
func TestFloorDiv(t *testing.T) {
	for _, c := range []struct{ a, b, want int }{
		{0, 8192, 0}, {1, 8192, 0}, {8191, 8192, 0}, {8192, 8192, 1}, {-1, 8192, -1},
		{-8192, 8192, -1}, {-8193, 8192, -2}, {20000, 8192, 2}, {-20000, 8192, -3},
	} {
		if got := floorDiv(c.a, c.b); got != c.want {
			t.Errorf("floorDiv(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
