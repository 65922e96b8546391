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
		{"sudden death 60 s", Limits{Time: 60 * time.Second}, (60*time.Second - 300*ms) / 20, 60 * time.Second},
		{"10 s + 0.1 s", Limits{Time: 10 * time.Second, Inc: 100 * ms}, (10*time.Second-300*ms)/20 + 50*ms, 10 * time.Second},
		{"5 moves to go", Limits{Time: 10 * time.Second, MovesToGo: 5}, (10*time.Second - 300*ms) / 5, 10 * time.Second},
		{"last 80 ms", Limits{Time: 80 * ms}, (80*ms - 10*ms) / 20, 80 * ms},
		{"4 s + 0.1 s: 40 increments", Limits{Time: 4 * time.Second, Inc: 100 * ms}, (4*time.Second-300*ms)/30 + 50*ms, 4 * time.Second},
		{"1 s + 0.1 s: 10 increments", Limits{Time: time.Second, Inc: 100 * ms}, (time.Second-125*ms)/40 + 50*ms, time.Second},
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
	for _, tc := range []struct {
		elapsed time.Duration
		same    int
		late    bool
	}{
		{400 * ms, 1, false}, {600 * ms, 1, true}, // half the soft limit
		{700 * ms, 0, false}, {800 * ms, 0, true}, // the best move just changed: three quarters
		{300 * ms, 4, false}, {350 * ms, 4, true}, // kept four times: a third
	} {
		if got := iterationTooLate(tc.elapsed, time.Second, tc.same); got != tc.late {
			t.Errorf("iterationTooLate(%v, 1s, same %d) = %v, want %v", tc.elapsed, tc.same, got, tc.late)
		}
	}
	if iterationTooLate(time.Hour, 0, 1) {
		t.Error("iterationTooLate: without a soft limit a new iteration always starts")
	}
}
