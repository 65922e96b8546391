// This file benchmarks the searcher's own overhead on a toy game (Nim), where
// move generation costs almost nothing.

package engine

import (
	"context"
	"testing"
	"time"
)

func BenchmarkSearch(b *testing.B) {
	var nodes uint64
	var el time.Duration
	for b.Loop() {
		g := &nim{piles: []int{3, 4, 5, 6}, order: []int{0, 1}}
		s := New[nimMove](g, 16)
		res := s.Search(context.Background(), Limits{Depth: 7})
		nodes += res.Nodes
		el += res.Time
	}
	b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
}

// TestClock checks that a clock search returns well within its share of the
// remaining time, and a move-time search within the move time (plus slack
// for a loaded machine).
func TestClock(t *testing.T) {
	for _, c := range []struct {
		lim Limits
		max time.Duration
	}{
		{Limits{MoveTime: 50 * time.Millisecond}, 250 * time.Millisecond},
		{Limits{Time: 2 * time.Second, Inc: 10 * time.Millisecond, MovesToGo: 20}, 600 * time.Millisecond},
		{Limits{Time: 300 * time.Millisecond}, 250 * time.Millisecond},
	} {
		g := &nim{piles: []int{9, 10, 11, 12, 13, 14, 15}, order: []int{0, 1}}
		s := New[nimMove](g, 4)
		start := time.Now()
		res := s.Search(context.Background(), c.lim)
		if el := time.Since(start); el > c.max || !res.Found {
			t.Errorf("%+v: took %v (max %v), found %v", c.lim, el, c.max, res.Found)
		}
	}
}
