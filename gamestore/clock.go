// This file defines the game clock. The server keeps time: pages only show
// what it says, counting down between updates.
//
// The modes follow FIDE's definitions (Laws of Chess, Guidelines III and
// the electronic-clock guidelines): in Fischer ("cumulative") mode the main
// time runs down at once and the extra time is added when the player
// completes the move; in Bronstein mode it runs down at once and the player
// gets back the time the move took, up to the extra time; in (simple) delay
// mode the main time only starts running down once the delay has passed,
// so a move inside the delay costs nothing; with a fixed time per move the
// unused time of one move is not carried to the next.

package gamestore

import (
	"errors"
	"fmt"
	"time"
)

// Mode is how a clock adds time.
type Mode string

const (
	NoClock   Mode = ""
	Fischer   Mode = "fischer"   // increment after each move
	Bronstein Mode = "bronstein" // the move's time given back, up to the delay
	Delay     Mode = "delay"     // main time untouched during the delay
	PerMove   Mode = "permove"   // a fixed time for every move
)

// ClockData is a clock as stored: durations in milliseconds.
type ClockData struct {
	Mode  Mode  `json:"mode"`
	Base  int64 `json:"baseMs"`  // main time (time per move, for PerMove)
	Extra int64 `json:"extraMs"` // increment or delay
	// Left is each player's main time at the start of the mover's turn.
	Left  []int64 `json:"leftMs"`
	Mover int     `json:"mover"`
	// Spent is what the mover used of this turn while the clock ran before
	// it stopped (a pause, the server shutting down).
	Spent int64 `json:"spentMs"`
	// Running: the mover's clock was running when the record was taken,
	// At. A server that is killed leaves it so: Resume counts the time
	// from At to the server's last sign of life.
	Running bool      `json:"running,omitempty"`
	At      time.Time `json:"at,omitzero"`
}

// Clock is a running clock. It is not safe for concurrent use (the room
// that owns it holds its lock).
type Clock struct {
	d       ClockData
	running bool
	since   time.Time // when the mover's clock last started
}

// ErrFlag is Press's error when the mover's time ran out before the move.
var ErrFlag = errors.New("time ran out")

func ms(d time.Duration) int64  { return d.Milliseconds() }
func dur(m int64) time.Duration { return time.Duration(m) * time.Millisecond }

// NewClock makes a stopped clock for players, mover to move first.
func NewClock(mode Mode, base, extra time.Duration, players, mover int) (*Clock, error) {
	switch mode {
	case Fischer, Bronstein, Delay, PerMove:
	default:
		return nil, fmt.Errorf("unknown clock mode %q (want fischer, bronstein, delay or permove)", mode)
	}
	if base < time.Second || base > 24*time.Hour {
		return nil, fmt.Errorf("the clock's time must be 1 s to 24 h, not %v", base)
	}
	if extra < 0 || extra > time.Hour {
		return nil, fmt.Errorf("the clock's increment or delay must be 0 to 1 h, not %v", extra)
	}
	if mode == PerMove {
		extra = 0
	}
	d := ClockData{Mode: mode, Base: ms(base), Extra: ms(extra), Left: make([]int64, players), Mover: mover}
	for i := range d.Left {
		d.Left[i] = d.Base
	}
	return &Clock{d: d}, nil
}

// Restore makes a stopped clock from stored data, as it was recorded.
func Restore(d ClockData) *Clock {
	d.Left = append([]int64(nil), d.Left...)
	d.Running, d.At = false, time.Time{}
	return &Clock{d: d}
}

// Resume restores a stored clock, stopped, counting what the mover used
// while it ran unrecorded: a record taken while it was running (Running)
// by a server that then died without stopping it (killed, the power cut)
// is charged the time from the record to alive, the last moment the
// server is known to have run (its heartbeat, Store.LastBeat). A clock
// stopped cleanly is restored as it was.
func Resume(d ClockData, alive time.Time) *Clock {
	c := Restore(d)
	if d.Running && !d.At.IsZero() && alive.After(d.At) {
		c.d.Spent += ms(alive.Sub(d.At))
	}
	c.d.Running, c.d.At = false, time.Time{}
	return c
}

// Data is the clock as stored: the time used this turn up to now is in
// Spent, so a clock restored from it goes on where this one was.
func (c *Clock) Data(now time.Time) ClockData {
	d := c.d
	d.Left = append([]int64(nil), d.Left...)
	d.Spent = ms(c.used(now))
	d.Running, d.At = c.running, now.UTC()
	return d
}

// Mode is the clock's mode.
func (c *Clock) Mode() Mode { return c.d.Mode }

// Mover is the player whose clock runs (or would run).
func (c *Clock) Mover() int { return c.d.Mover }

// Running reports whether the mover's clock is running.
func (c *Clock) Running() bool { return c.running }

// Start runs the mover's clock from now.
func (c *Clock) Start(now time.Time) {
	if !c.running {
		c.running, c.since = true, now
	}
}

// Stop stops the clock (a pause, a shutdown), keeping what the mover used.
func (c *Clock) Stop(now time.Time) {
	if c.running {
		c.d.Spent = ms(c.used(now))
		c.running = false
	}
}

// used is what the mover has used of this turn.
func (c *Clock) used(now time.Time) time.Duration {
	u := dur(c.d.Spent)
	if c.running {
		u += now.Sub(c.since)
	}
	return u
}

// budget is how long the mover may think this turn before the flag falls.
func (c *Clock) budget() time.Duration {
	switch c.d.Mode {
	case Delay:
		return dur(c.d.Left[c.d.Mover] + c.d.Extra)
	case PerMove:
		return dur(c.d.Base)
	}
	return dur(c.d.Left[c.d.Mover])
}

// Left is player p's main time now (what the clock face shows), and for
// the mover in delay mode what is left of the delay.
func (c *Clock) Left(p int, now time.Time) (main, delay time.Duration) {
	main = dur(c.d.Left[p])
	if p != c.d.Mover {
		return main, 0
	}
	u := c.used(now)
	switch c.d.Mode {
	case Delay:
		delay = dur(c.d.Extra) - u
		if delay < 0 {
			main += delay
			delay = 0
		}
	case PerMove:
		main = dur(c.d.Base) - u
	default:
		main -= u
	}
	return max(main, 0), delay
}

// FlagAt is when the mover's flag falls if the clock keeps running.
func (c *Clock) FlagAt() (time.Time, bool) {
	if !c.running {
		return time.Time{}, false
	}
	return c.since.Add(c.budget() - dur(c.d.Spent)), true
}

// Flagged reports whether the mover's time has run out (FIDE: the flag
// falls when the time is exhausted, so none left is out).
func (c *Clock) Flagged(now time.Time) bool { return c.used(now) >= c.budget() }

// Press ends the mover's turn at now and starts next's: the move's time is
// charged and the mode's extra time given. A move made after the flag fell
// is refused with ErrFlag and changes nothing.
func (c *Clock) Press(now time.Time, next int) error {
	if c.Flagged(now) {
		return ErrFlag
	}
	u := ms(c.used(now))
	p := c.d.Mover
	switch c.d.Mode {
	case Fischer:
		c.d.Left[p] += c.d.Extra - u
	case Bronstein:
		c.d.Left[p] += min(u, c.d.Extra) - u
	case Delay:
		c.d.Left[p] -= max(0, u-c.d.Extra)
	case PerMove:
		c.d.Left[p] = c.d.Base
	}
	c.d.Mover, c.d.Spent = next, 0
	if c.running {
		c.since = now
	}
	return nil
}

// Set puts the clock back to left with mover to move and nothing used (a
// move taken back); it keeps running or stopped as it was, from now.
func (c *Clock) Set(left []int64, mover int, now time.Time) {
	copy(c.d.Left, left)
	c.d.Mover, c.d.Spent = mover, 0
	if c.running {
		c.since = now
	}
}

// Lefts is every player's main time at the start of the mover's turn, as
// a move's record keeps it.
func (c *Clock) Lefts() []int64 { return append([]int64(nil), c.d.Left...) }
