package engine

import (
	"testing"
	"time"
)

// TestTimeBudget: a fixed move time is a hard limit alone; a clock's limits
// never reach the time left (a flag fall loses the game), leave a reserve
// for the protocol, spend about the clock over the moves to go plus part of
// the increment, and the soft limit stays under the hard one.
func TestTimeBudget(t *testing.T) {
	const ms = time.Millisecond
	for _, tc := range []struct {
		name      string
		lim       Limits
		soft      time.Duration // want: about this (±1 ms), 0: none
		hardUnder time.Duration // want: hard limit below this (0: no hard limit)
	}{
		{"no limit", Limits{}, 0, 0},
		{"depth only", Limits{Depth: 8}, 0, 0},
		{"move time", Limits{MoveTime: 500 * ms}, 0, 500*ms + 1},
		{"sudden death 60 s", Limits{Time: 60 * time.Second}, (60*time.Second - 300*ms) / 40, 60 * time.Second},
		{"10 s + 0.1 s", Limits{Time: 10 * time.Second, Inc: 100 * ms}, (10*time.Second-300*ms)/40 + 50*ms, 10 * time.Second},
		{"5 moves to go", Limits{Time: 10 * time.Second, MovesToGo: 5}, (10*time.Second - 300*ms) / 5, 10 * time.Second},
		{"last 80 ms", Limits{Time: 80 * ms}, (80*ms - 10*ms) / 40, 80 * ms},
	} {
		soft, hard := timeBudget(tc.lim)
		if d := soft - tc.soft; d < -ms || d > ms {
			t.Errorf("%s: soft limit %v, want about %v", tc.name, soft, tc.soft)
		}
		switch {
		case tc.hardUnder == 0 && hard != 0:
			t.Errorf("%s: hard limit %v, want none", tc.name, hard)
		case tc.hardUnder != 0 && (hard <= 0 || hard >= tc.hardUnder):
			t.Errorf("%s: hard limit %v, want above 0 and under %v", tc.name, hard, tc.hardUnder)
		}
		if soft > 0 && soft > hard {
			t.Errorf("%s: soft limit %v above the hard %v", tc.name, soft, hard)
		}
	}
	if iterationTooLate(time.Second, 0) || !iterationTooLate(600*ms, time.Second) || iterationTooLate(400*ms, time.Second) {
		t.Error("iterationTooLate: a new iteration starts before half the soft limit, and always without one")
	}
}
