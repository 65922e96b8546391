// This file defines the time management of a search: the limits a front end
// sets (a fixed time per move, or a clock with increment and moves to go)
// and how they become a soft limit (start no new iteration) and a hard one
// (stop now), shared by the alpha-beta searcher and MCTS.

package engine

import "time"

// Limits bound one search. Zero fields are unlimited; with no limit at all the
// search runs until Stop (or MaxDepth).
type Limits struct {
	Depth     int
	Nodes     uint64
	MoveTime  time.Duration // fixed time for this move
	Time, Inc time.Duration // clock of the side to move and its increment
	MovesToGo int           // moves until the next time control (0: sudden death)
	// MultiPV is the number of best root moves searched to full width and
	// reported (0 or 1: the best alone, the plain search). An analysing
	// front end asks for more to see the alternatives with their scores.
	MultiPV int
}

// budget sets the hard time limit and returns the soft one (0: none).
func (s *Searcher[M]) budget(lim Limits) time.Duration {
	soft, hard := timeBudget(lim)
	s.hard = hard
	return soft
}

// timeBudget returns the soft time limit (stop starting new work; 0: none)
// and the hard one (stop now; 0: none) of a search: with a clock, a share
// of the remaining time plus most of the increment.
func timeBudget(lim Limits) (soft, hard time.Duration) {
	switch {
	case lim.MoveTime > 0:
		return 0, lim.MoveTime
	case lim.Time > 0:
		mtg := lim.MovesToGo
		if mtg <= 0 || mtg > 40 {
			mtg = 40
		}
		// The reserve and the hard cap leave room for protocol latency and a
		// loaded machine (a match on a busy machine lost on time with a
		// 10% reserve and half the clock as the cap); spending only half the
		// increment keeps the clock, in a long game, near 20 increments.
		reserve := min(lim.Time/8, 300*time.Millisecond)
		avail := lim.Time - reserve
		soft = min(avail/time.Duration(mtg)+lim.Inc/2, avail)
		return soft, min(soft*3, avail/5+lim.Inc/2, avail)
	}
	return 0, 0
}

// iterationTooLate reports whether, elapsed into a search with soft limit
// soft (0: none), a new iteration should not start: one more iteration
// takes about as long as all before it, so past half the soft limit it
// would not finish in time. (The multi-PV search's rule; the plain search
// scales the soft limit by its stability, timeScale.)
func iterationTooLate(elapsed, soft time.Duration) bool {
	return soft > 0 && elapsed > soft/2
}

// stability is what the plain search's iterations tell the time manager:
// how often the best root move changed lately, how many iterations in a
// row kept it, and the last iteration's score.
type stability struct {
	changes float64 // best-move changes, halved at each iteration
	stable  int     // iterations in a row with the same best move
	score   int     // the last completed iteration's score
	prev    int     // the score of the iteration before it
	depth   int     // the last completed iteration's depth (0: none)
}

// update records a completed iteration of depth d with score v; changed:
// its best move differs from the previous iteration's.
func (st *stability) update(d, v int, changed bool) {
	st.changes /= 2
	if changed && st.depth > 0 {
		st.changes++
		st.stable = 0
	} else {
		st.stable++
	}
	st.depth, st.prev, st.score = d, st.score, v
}

// timeScale is the factor (within [minScale, maxScale]) the soft limit
// is multiplied by before the next iteration is judged: more time when
// the best move changed in the last iterations (an unsettled choice) or
// the score just fell (trouble the earlier iterations did not see), less
// when the best move has stood for many iterations and the score did not
// fall. Early iterations (depth below 5) are too shallow to judge by.
func (st *stability) timeScale() float64 {
	if st.depth < 5 {
		return 1
	}
	f := 1 + st.changes // one change in the last iteration: twice the time
	drop := st.prev - st.score
	if _, mate := MateIn(st.prev); mate {
		drop = 0
	} else if _, mate := MateIn(st.score); mate {
		drop = 0
	}
	f *= min(max(1+float64(drop)/200, 0.75), 1.5) // 100 down: half as much again
	if st.stable >= 4 && drop <= 0 {
		f *= 0.7
	}
	return min(max(f, minScale), maxScale)
}

const (
	minScale = 0.5
	maxScale = 2.5
)

// nextIterationTooLate is the plain search's iterationTooLate: past
// stopShare of the soft limit, scaled by the search's stability, a new
// iteration does not start. (The hard limit still bounds the iteration
// that runs.)
func nextIterationTooLate(elapsed, soft time.Duration, scale float64) bool {
	return soft > 0 && float64(elapsed) > float64(soft)*stopShare*scale
}

// stopShare is the share of the soft limit after which a settled search
// starts no new iteration.
const stopShare = 0.6
