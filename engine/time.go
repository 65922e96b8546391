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
// of the remaining time plus half the increment (spending only half of
// it keeps the clock, late in a long game, near twenty increments).
//
// In sudden death the share is a twentieth: the search rarely spends the
// whole soft limit (iterationTooLate stops before an iteration that would
// not finish), and a game's first moves, where the position is richest,
// deserve the time. Fairy-Stockfish spends 0.8-1.3 s on an early move at
// 10+0.1 (measured: Capablanca after three plies, 10 s, 6 s and 3 s on its
// clock), where a fortieth and half the increment spent 0.14 s, and zrun
// lost its games to it by blunders in the first twenty plies that its
// search at that time did not see.
func timeBudget(lim Limits) (soft, hard time.Duration) {
	switch {
	case lim.MoveTime > 0:
		return 0, lim.MoveTime
	case lim.Time > 0:
		mtg := lim.MovesToGo
		if mtg <= 0 || mtg > movesHorizon {
			mtg = horizonFor(lim.Time, lim.Inc)
		}
		// The reserve and the hard cap leave room for protocol latency and a
		// loaded machine (a match on a busy machine lost on time with a
		// 10% reserve and half the clock as the cap).
		reserve := min(lim.Time/8, 300*time.Millisecond)
		avail := lim.Time - reserve
		soft = min(avail/time.Duration(mtg)+lim.Inc/2, avail)
		return soft, min(soft*3, avail/4+lim.Inc/2, avail)
	}
	return 0, 0
}

// movesHorizon is the number of moves a sudden-death clock is shared over
// while it holds many increments (and the most a moves-to-go count is
// taken as).
const movesHorizon = 20

// horizonFor is the number of moves a clock of t with increment inc is
// shared over: movesHorizon while it holds 60 increments or more, up to
// twice that as it falls to 20. Spending a twentieth and half the
// increment, a clock settles near ten increments (1 s at 10+0.1), where a
// loaded machine's stall of a few hundred milliseconds loses on time: 13
// of 98 games at 10+0.1 (load 5-15) against 3 for a fortieth throughout,
// which settles near twenty.
func horizonFor(t, inc time.Duration) int {
	if inc <= 0 || t >= 60*inc {
		return movesHorizon
	}
	if t <= 20*inc {
		return 2 * movesHorizon
	}
	return 2*movesHorizon - int(int64(movesHorizon)*int64(t-20*inc)/int64(40*inc))
}

// iterationTooLate reports whether, elapsed into a search with soft limit
// soft (0: none), a new iteration should not start: one more iteration
// takes about as long as all before it, so past half the soft limit it
// would not finish in time. same is how many iterations in a row have
// ended with the best move of the one before: where the last changed it
// (0) the answer is not settled and the limit stretches by half; where
// four or more kept it, it shrinks by a third (the time is saved for
// moves that need it).
func iterationTooLate(elapsed, soft time.Duration, same int) bool {
	if soft <= 0 {
		return false
	}
	switch {
	case same == 0:
		soft = soft * 3 / 2
	case same >= 4:
		soft = soft * 2 / 3
	}
	return elapsed > soft/2
}
