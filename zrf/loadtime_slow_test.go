//go:build slow

// This file holds the full-corpus load sweep (go test -tags slow -run
// LoadSweep -v ./zrf): it times every corpus file and prints the slowest,
// then what 20,000 and 40,000 unused defines cost.

package zrf

import (
	"os"
	"testing"
)

// TestLoadSweep prints the ten corpus files slowest to load.
func TestLoadSweep(t *testing.T) {
	slowest, total := slowestLoads(t, 10)
	t.Logf("every corpus file loaded in %v; the ten slowest:\n%s", total, formatLoads(slowest))
}

// TestLoadSweepUnusedDefines prints what 20,000 and 40,000 unused defines
// add to loading chess.zrf (best time of three, memory allocated).
func TestLoadSweepUnusedDefines(t *testing.T) {
	base, err := os.ReadFile("../games/chess.zrf")
	if err != nil {
		t.Fatal(err)
	}
	alone, _ := bestLoads("chess-defines.zrf", base, base, 3)
	for _, n := range []int{20000, 40000} {
		c, _ := bestLoads("chess-defines.zrf", withUnusedDefines(base, n), base, 3)
		t.Logf("chess.zrf + %d unused defines: %v, %.1f MB (%v and %.1f MB more than chess.zrf alone)", n,
			c.time, float64(c.bytes)/(1<<20), c.time-alone.time, float64(c.bytes-alone.bytes)/(1<<20))
	}
}
