//go:build slow

// This file holds the full-corpus load sweep (go test -tags slow -run
// LoadSweep -v ./zrf): it times every corpus file and prints the slowest.

package zrf

import "testing"

// TestLoadSweep prints the ten corpus files slowest to load.
func TestLoadSweep(t *testing.T) {
	slowest, total := slowestLoads(t, 10)
	t.Logf("every corpus file loaded in %v; the ten slowest:\n%s", total, formatLoads(slowest))
}
