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
// would not finish in time.
func iterationTooLate(elapsed, soft time.Duration) bool {
	return soft > 0 && elapsed > soft/2
}
