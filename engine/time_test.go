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

// TestTimeScale: the soft limit's factor from the iterations' best moves
// and scores, worked by hand from the rule (one change in the last
// iteration doubles the time, halves each iteration after; a fall of
// 100 adds half; four iterations of the same move, the score not falling,
// take 0.7; within [0.5, 2.5]; nothing before depth 5).
func TestTimeScale(t *testing.T) {
	type it struct {
		score   int
		changed bool
	}
	for _, tc := range []struct {
		name string
		its  []it // iterations from depth 1
		want float64
	}{
		{"too shallow", []it{{0, true}, {10, true}, {-300, true}}, 1},
		{"settled", []it{{0, true}, {10, false}, {10, false}, {12, false}, {12, false}}, 0.7},
		{"settled, rising", []it{{0, true}, {10, false}, {10, false}, {12, false}, {40, false}}, 0.7 * 0.86},
		{"changed last", []it{{0, true}, {10, false}, {10, false}, {12, false}, {12, true}}, 2},
		{"changed two ago", []it{{0, true}, {10, false}, {10, false}, {12, true}, {12, false}}, 1.5},
		{"changed last, falling 100", []it{{0, true}, {10, false}, {10, false}, {112, false}, {12, true}}, 2.5},
		{"stable, falling 50", []it{{0, true}, {10, false}, {10, false}, {62, false}, {12, false}}, 1.25},
		{"mate found", []it{{0, true}, {10, false}, {10, false}, {12, false}, {-Win + 9, false}}, 0.7},
		{"rising fast", []it{{0, true}, {0, false}, {0, false}, {0, false}, {400, false}}, 0.7 * 0.75},
	} {
		var st stability
		for d, x := range tc.its {
			st.update(d+1, x.score, x.changed)
		}
		if got := st.timeScale(); got < tc.want-0.001 || got > tc.want+0.001 {
			t.Errorf("%s: scale %.3f, want %.3f", tc.name, got, tc.want)
		}
	}
	const ms = time.Millisecond
	if nextIterationTooLate(time.Second, 0, 1) || !nextIterationTooLate(601*ms, time.Second, 1) ||
		nextIterationTooLate(599*ms, time.Second, 1) || nextIterationTooLate(1100*ms, time.Second, 2) ||
		!nextIterationTooLate(301*ms, time.Second, 0.5) {
		t.Error("nextIterationTooLate: a new iteration starts before 0.6 of the scaled soft limit, and always without one")
	}
}
