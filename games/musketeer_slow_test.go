//go:build slow

// This file holds the long Musketeer perft runs: all 2,340 rows of
// musketeer-perft.tsv, and a strided sample of the full 121,680-row table
// (every row with -musketeer.stride=1: about 24 billion nodes, some hours).

package games_test

import (
	"flag"
	"testing"
)

var (
	musketeerStride = flag.Int("musketeer.stride", 40, "check every Nth row of musketeer-perft-all.tsv.gz")
	musketeerOffset = flag.Int("musketeer.offset", 0, "first row checked in musketeer-perft-all.tsv.gz (0-based)")
)

// TestMusketeerPerftAll checks perft(4) for every row of musketeer-perft.tsv.
func TestMusketeerPerftAll(t *testing.T) {
	checkMusketeerRows(t, readMusketeerRows(t, musketeerTable))
}

// TestMusketeerPerftFullTable checks every stride-th row of the complete
// published table (all gating-rank placements, 2,704 per pair).
func TestMusketeerPerftFullTable(t *testing.T) {
	rows := readMusketeerRows(t, musketeerTableAll)
	if *musketeerStride < 1 || *musketeerOffset < 0 {
		t.Fatalf("-musketeer.stride must be at least 1 and -musketeer.offset at least 0")
	}
	var sample []musketeerRow
	for i := *musketeerOffset; i < len(rows); i += *musketeerStride {
		sample = append(sample, rows[i])
	}
	t.Logf("%d of %d rows (offset %d, stride %d)", len(sample), len(rows), *musketeerOffset, *musketeerStride)
	checkMusketeerRows(t, sample)
}
