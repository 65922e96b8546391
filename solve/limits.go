// This file defines what both solvers share: their limits, their progress
// reports and their answer.

package solve

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Limits bound a search. A zero field sets no bound.
type Limits struct {
	// Nodes is the most positions the search may create.
	Nodes int64
	// Time is the most time it may take.
	Time time.Duration
	// Moves bounds the solution's length: for a puzzle, in moves (the
	// move-count bound of the A* search: no line longer is looked at); for a
	// forced win, in the winner's moves (mate in Moves at most).
	Moves int
	// Weight multiplies the puzzle heuristic (f = g + Weight*h); 0 or 1 is
	// plain A*, whose first solution is a shortest one. More finds a
	// solution sooner, at most Weight times longer than a shortest one
	// (the search on a push model does not keep that bound: its weighted
	// mode adds a penalty for targets filled out of turn, merges the
	// positions whose player reaches the same squares, packs the targets in
	// a filling order, makes only a PI-corral's pushes where there is
	// one and takes its positions in turn from a feature space's cells:
	// pushpack.go, pushcorral.go, pushfess.go).
	Weight float64
	// Macro makes the puzzle search, where the goal names pieces, expand
	// a position's walk closure and its pushes at once (macro.go) instead
	// of one move at a time.
	Macro bool
	// Generic keeps the puzzle search on the rules' moves even where a
	// push model of the game is derived (pushmodel.go): without it, a
	// game of a player pushing boxes to targets is searched on pushes.
	Generic bool
	// Progress, when set, is called about every Every (a second when 0)
	// during the search, in the search's goroutine.
	Progress func(Progress)
	Every    time.Duration
}

// Progress is a report on a running search.
type Progress struct {
	Nodes   int64
	Elapsed time.Duration
	// Bound is the puzzle's best f = g + h in the open list, or the forced
	// win's depth in moves being tried.
	Bound int
	// Open is how many positions wait to be expanded (puzzle), or the proof
	// and disproof numbers of the root (forced win).
	Open int
	// Made and Left are the puzzle's best open position's moves made and
	// estimated moves left (g and h).
	Made, Left int
	Proof      uint32
	Disproof   uint32
	Expansions int64
}

// Result is a search's answer.
type Result struct {
	// Found: Path solves the puzzle, or wins by force.
	Found bool
	// Path holds, for each move of the solution (the main line of the
	// forced win), its index in the legal moves vm.State.Generate lists
	// in the position before it.
	Path []int
	// Exhausted: the search ended without a solution because there is none
	// within the bound (Limits.Moves, or the weight's); false when a limit
	// or cancellation stopped it.
	Exhausted bool
	// Optimal: no shorter solution exists (plain A* with an admissible
	// heuristic; a forced win whose shorter depths were disproved).
	Optimal    bool
	Nodes      int64
	Expansions int64
	Elapsed    time.Duration
	// Heuristic says what the puzzle search estimated the distance to the
	// goal with.
	Heuristic string
	// Stopped says why a search ended without an answer ("node limit",
	// "time limit", "interrupted"); "" otherwise.
	Stopped string
}

// ErrNotSolvable is returned for a position the solver does not apply to.
var ErrNotSolvable = errors.New("solve: not a position this solver applies to")

// clock keeps a search's limits and progress reports.
type clock struct {
	ctx   context.Context
	lim   Limits
	start time.Time
	next  time.Time
}

func newClock(ctx context.Context, lim Limits) *clock {
	if lim.Every <= 0 {
		lim.Every = time.Second
	}
	now := time.Now()
	return &clock{ctx: ctx, lim: lim, start: now, next: now.Add(lim.Every)}
}

// stop says why the search must end now ("" to go on); report is called when
// a progress line is due.
func (c *clock) stop(nodes int64, report func() Progress) string {
	if c.lim.Nodes > 0 && nodes >= c.lim.Nodes {
		return "node limit"
	}
	if err := c.ctx.Err(); err != nil {
		return "interrupted"
	}
	now := time.Now()
	if c.lim.Time > 0 && now.Sub(c.start) >= c.lim.Time {
		return "time limit"
	}
	if c.lim.Progress != nil && !now.Before(c.next) {
		p := report()
		p.Nodes, p.Elapsed = nodes, now.Sub(c.start)
		c.lim.Progress(p)
		c.next = now.Add(c.lim.Every)
	}
	return ""
}

func (c *clock) elapsed() time.Duration { return time.Since(c.start) }

// Text words a progress line: for a puzzle (one player), the positions and
// the best open position's moves made and estimate left; for a forced win,
// the depth tried and the root's proof and disproof numbers.
func (p Progress) Text(puzzle bool) string {
	if puzzle {
		return fmt.Sprintf("%s, %d positions, %d expanded, %d open; best: %d moves made, at least %d to go",
			p.Elapsed.Round(time.Second), p.Nodes, p.Expansions, p.Open, p.Made, p.Left)
	}
	return fmt.Sprintf("%s, %d positions, mate in %d: proof %d, disproof %d",
		p.Elapsed.Round(time.Second), p.Nodes, p.Bound, p.Proof, p.Disproof)
}
