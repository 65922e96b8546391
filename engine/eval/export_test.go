package eval

import (
	"time"

	"zrun/vm"
)

// Watches reports whether s keeps the placement sums Evaluate reads
// (Watch), so that it need not scan the board.
func (ev *Evaluator) Watches(s *vm.State) bool {
	_, _, ok := s.Placement(ev.placed, 0)
	return ok
}

// WithoutDyn is a copy of ev without the king attack, threats and passer
// terms (threats.go), to time them against.
func (ev *Evaluator) WithoutDyn() *Evaluator {
	c := *ev
	c.dyn, c.dynMask = nil, 0
	return &c
}

// HasRace reports whether ev has the race term (race.go).
func (ev *Evaluator) HasRace() bool { return ev.race != nil }

// ScoreVars lists ev's score variables (scorevars.go) as index, player.
func (ev *Evaluator) ScoreVars() [][2]int {
	var out [][2]int
	for _, sv := range ev.scores {
		out = append(out, [2]int{sv.idx, sv.player})
	}
	return out
}

// SetObserveTime sets the time script games are observed for (race.go)
// and returns the setting to restore: tests that compare the tables a
// slow script gives raise it, so that a loaded machine plays the same
// seeded games to their end.
func SetObserveTime(d time.Duration) (restore func()) {
	old := observeTime
	observeTime = d
	return func() { observeTime = old }
}
