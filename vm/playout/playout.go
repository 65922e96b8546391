// This file defines Run: random playouts of one game under the invariants.

package playout

import (
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"zrun/vm"
)

// Options configures a run.
type Options struct {
	Playouts int   // how many games to play
	Seed     int64 // playout i uses Seed+i
	// MaxMoves caps a playout's moves (each part of a partial move counts);
	// a game still going then ends "by the cap". 0 means DefaultMaxMoves.
	MaxMoves int
	// Limits is the VM's budget; the zero value means vm.DefaultLimits.
	Limits vm.Limits
	// StopAfter stops the run at its first violation (the rest of the
	// playouts would mostly repeat it) when true.
	StopAfter bool
	// Budget, when positive, bounds a run's time: no playout starts after
	// it has passed, and the playout running then stops (counted in
	// Stats.Timed), so the few games whose generation is slow cannot hold
	// up a sweep of the corpus.
	Budget time.Duration
	// Stop, when not nil, ends the run soon after it becomes true (Ctrl-C
	// in a front end): the playout running then is cut short like one
	// over the budget (Stats.Timed) and the rest are not played
	// (Stats.Skipped).
	Stop *atomic.Bool
	// Workers is how many playouts run at once (0 or 1: one at a time).
	// The totals are the same for any number.
	Workers int
	// Progress, when not nil, is called after each playout ends with the
	// totals so far (playouts in the order they end), one call at a time:
	// a front end shows how a long run goes.
	Progress func(Progress)
}

// Progress is how far a run has got.
type Progress struct {
	Playouts, Of int // playouts ended, of how many
	Moves        int
	Violations   int
	Elapsed      time.Duration
}

func (p Progress) String() string {
	return fmt.Sprintf("%d/%d playouts, %d moves, %d violations, %v", p.Playouts, p.Of, p.Moves, p.Violations, p.Elapsed.Round(time.Second))
}

// ProgressEvery is how often the front ends let a slow game's playouts
// report how far they have got (Every).
const ProgressEvery = 30 * time.Second

// Every returns a Progress function that passes on to f only the calls
// after the run has taken d, and then one every d (the last call always,
// once the run is that slow): a long run shows it is going, a short one
// says nothing.
func Every(d time.Duration, f func(Progress)) func(Progress) {
	next := d
	return func(p Progress) {
		if p.Elapsed < next && (p.Playouts < p.Of || p.Elapsed < d) {
			return
		}
		next = p.Elapsed + d
		f(p)
	}
}

// DefaultMaxMoves is long enough for random chess games to end by the
// fifty-move rule or mate, and bounds games that never end (Go-like games
// without a pass limit, race games with endless captures).
const DefaultMaxMoves = 1000

// Stats is what a run did.
type Stats struct {
	Playouts int
	Moves    int // moves made (each checked)
	// Decisive, Drawn and Capped count the playouts that ended with a
	// winner or loser, ended drawn (a draw goal, a count tie, the fifty-move
	// rule, insufficient material, no legal move), or reached MaxMoves.
	Decisive, Drawn, Capped int
	// Timed counts the playouts the time budget stopped; Skipped the
	// playouts it left unplayed.
	Timed, Skipped int
	// Ends counts the playouts by how they ended, "win-condition
	// checkmated", "draw-condition repetition", "cap", ...
	Ends       map[string]int
	Violations []*Violation
	Elapsed    time.Duration
}

// Violation is one broken invariant, with what reproduces it.
type Violation struct {
	Check   string // "unmake", "hash", "legal", "noisy", "occupancy", "specialised", "outcome", "redo", "budget", "panic"
	Detail  string
	Seed    int64    // the playout's seed
	Playout int      // its index in the run
	Moves   []string // the moves played from the start, in Zillions text; the last one is the move checked when the check concerns a move
}

func (v *Violation) Error() string {
	return fmt.Sprintf("%s: %s (seed %d, after %d moves: %s)", v.Check, v.Detail, v.Seed, len(v.Moves), strings.Join(v.Moves, "; "))
}

// Add adds the counts of o to st, for totals over several runs (Ends
// merged, Violations appended, Elapsed summed).
func (st *Stats) Add(o *Stats) {
	st.Playouts += o.Playouts
	st.Moves += o.Moves
	st.Decisive += o.Decisive
	st.Drawn += o.Drawn
	st.Capped += o.Capped
	st.Timed += o.Timed
	st.Skipped += o.Skipped
	st.Violations = append(st.Violations, o.Violations...)
	st.Elapsed += o.Elapsed
	if st.Ends == nil {
		st.Ends = map[string]int{}
	}
	for k, n := range o.Ends {
		st.Ends[k] += n
	}
}

// EndKey is the Ends key of an outcome.
func EndKey(o vm.Outcome) string {
	return o.Kind.String() + " " + o.Reason
}

// Run plays opt.Playouts random games of g from its start position and
// checks every move. The error is for a game that cannot start at all
// (vm.NewState's); violations are in Stats.
func Run(g *vm.Game, opt Options) (*Stats, error) {
	if _, err := vm.NewState(g); err != nil {
		return nil, err
	}
	if opt.MaxMoves <= 0 {
		opt.MaxMoves = DefaultMaxMoves
	}
	if opt.Limits == (vm.Limits{}) {
		opt.Limits = vm.DefaultLimits
	}
	st := &Stats{Ends: map[string]int{}}
	start := time.Now()
	var deadline time.Time
	if opt.Budget > 0 {
		deadline = start.Add(opt.Budget)
	}
	// Playouts are independent (playout i uses seed Seed+i), so workers
	// take them in turn, each with its own checker, and the results are
	// added up in playout order: the totals do not depend on Workers.
	results := make([]playoutResult, opt.Playouts)
	var next atomic.Int64
	var violated atomic.Bool // with StopAfter: no playout starts after one fails
	var wg sync.WaitGroup
	var mu sync.Mutex // guards so, the progress so far
	so := Progress{Of: opt.Playouts}
	for w := 0; w < max(opt.Workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newChecker(g, opt)
			c.deadline = deadline
			for {
				i := int(next.Add(1) - 1)
				if i >= opt.Playouts {
					return
				}
				r := &results[i]
				if opt.Budget > 0 && time.Now().After(deadline) || opt.Stop != nil && opt.Stop.Load() || violated.Load() {
					continue // skipped
				}
				seed := opt.Seed + int64(i)
				end, v := c.playout(seed)
				r.played, r.end, r.moves, r.timedOut = true, end, c.moves, c.timedOut
				if v != nil {
					v.Seed, v.Playout = seed, i
					v.Moves = c.replayText(seed, c.picks)
					r.violation = v
					if opt.StopAfter {
						violated.Store(true)
					}
				}
				if opt.Progress != nil {
					mu.Lock()
					so.Playouts++
					so.Moves += r.moves
					if r.violation != nil {
						so.Violations++
					}
					so.Elapsed = time.Since(start)
					opt.Progress(so)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	for i := range results {
		r := &results[i]
		if !r.played {
			st.Skipped++
			continue
		}
		st.Playouts++
		st.Moves += r.moves
		if r.violation != nil {
			st.Violations = append(st.Violations, r.violation)
			if opt.StopAfter {
				break
			}
			continue
		}
		end := r.end
		switch {
		case r.timedOut:
			st.Timed++
			st.Ends["time budget"]++
		case !end.Over:
			st.Capped++
			st.Ends["cap"]++
		case end.Winner >= 0 || end.Loser >= 0:
			st.Decisive++
			st.Ends[EndKey(end)]++
		default:
			st.Drawn++
			st.Ends[EndKey(end)]++
		}
	}
	st.Elapsed = time.Since(start)
	return st, nil
}

// playoutResult is what one playout of Run did.
type playoutResult struct {
	played, timedOut bool
	end              vm.Outcome
	moves            int
	violation        *Violation
}

// Check plays one playout with the given seed (as Run's playout with that
// seed) and returns its outcome (not Over when capped) and the first
// violation, if any.
func Check(g *vm.Game, seed int64, opt Options) (vm.Outcome, *Violation, error) {
	opt.Playouts, opt.Seed, opt.StopAfter = 1, seed, true
	if _, err := vm.NewState(g); err != nil {
		return vm.Outcome{}, nil, err
	}
	if opt.MaxMoves <= 0 {
		opt.MaxMoves = DefaultMaxMoves
	}
	if opt.Limits == (vm.Limits{}) {
		opt.Limits = vm.DefaultLimits
	}
	c := newChecker(g, opt)
	end, v := c.playout(seed)
	if v != nil {
		v.Seed = seed
		v.Moves = c.replayText(seed, c.picks)
	}
	return end, v, nil
}

// replayText replays the picks of a playout from the start and writes each
// move, so the hot loop never formats a move. A pick that no longer fits
// (the violation itself disturbed the state) ends the list.
func (c *checker) replayText(seed int64, picks []int) (out []string) {
	defer func() {
		if recover() != nil {
			out = append(out, "(replay panicked here)")
		}
	}()
	s, err := vm.NewState(c.g)
	if err != nil {
		return nil
	}
	s.Limit = c.opt.Limits
	var ml vm.MoveList
	for _, p := range picks {
		if s.Generate(&ml) != nil || p >= len(ml.Moves) {
			break
		}
		m := &ml.Moves[p]
		out = append(out, s.MoveString(m))
		if s.Make(m) != nil {
			break
		}
	}
	return out
}

// rngFor returns the playout's random source; picks depend only on the
// seed and the move lists.
func rngFor(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }
