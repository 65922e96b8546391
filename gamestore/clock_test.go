package gamestore

import (
	"errors"
	"testing"
	"time"
)

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

func at(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }

func newClock(t *testing.T, m Mode, base, extra time.Duration) *Clock {
	t.Helper()
	c, err := NewClock(m, base, extra, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	c.Start(t0)
	return c
}

func wantLeft(t *testing.T, c *Clock, p int, now time.Time, want time.Duration) {
	t.Helper()
	if got, _ := c.Left(p, now); got != want {
		t.Errorf("player %d at %v: left %v, want %v", p, now.Sub(t0), got, want)
	}
}

// FIDE: in Fischer (cumulative) mode the main time runs down at once and
// the extra time is added once the move is completed: 5 min + 3 s, a move
// of 10 s leaves 4:53, a move of 1 s leaves 5:02.
func TestFischer(t *testing.T) {
	c := newClock(t, Fischer, 5*time.Minute, 3*time.Second)
	wantLeft(t, c, 0, at(10), 4*time.Minute+50*time.Second) // running, before the increment
	if err := c.Press(at(10), 1); err != nil {
		t.Fatal(err)
	}
	wantLeft(t, c, 0, at(10), 4*time.Minute+53*time.Second)
	if err := c.Press(at(11), 0); err != nil {
		t.Fatal(err)
	}
	wantLeft(t, c, 1, at(11), 5*time.Minute+2*time.Second)
}

// FIDE: in Bronstein mode the player gets back the time the move took, up
// to the delay: 5 min, 3 s delay, a move of 2 s leaves 5:00, one of 10 s
// leaves 4:53. The main time runs down from the start of the turn.
func TestBronstein(t *testing.T) {
	c := newClock(t, Bronstein, 5*time.Minute, 3*time.Second)
	wantLeft(t, c, 0, at(2), 4*time.Minute+58*time.Second)
	c.Press(at(2), 1)
	wantLeft(t, c, 0, at(2), 5*time.Minute)
	c.Press(at(12), 0)
	wantLeft(t, c, 1, at(12), 4*time.Minute+53*time.Second)
}

// FIDE: in delay mode the main time only starts running down once the
// delay has passed; a move within the delay leaves it unchanged. With 10 s
// and a 3 s delay the flag falls at 13 s, not 10.
func TestDelay(t *testing.T) {
	c := newClock(t, Delay, 10*time.Second, 3*time.Second)
	if main, delay := c.Left(0, at(1)); main != 10*time.Second || delay != 2*time.Second {
		t.Errorf("after 1 s: main %v delay %v, want 10s and 2s", main, delay)
	}
	c.Press(at(2.5), 1)
	wantLeft(t, c, 0, at(2.5), 10*time.Second)
	c.Press(at(7.5), 0) // 5 s: 2 s of main time
	wantLeft(t, c, 1, at(7.5), 8*time.Second)
	if at, _ := c.FlagAt(); !at.Equal(t0.Add(20*time.Second + 500*time.Millisecond)) {
		t.Errorf("flag at %v, want 20.5 s (7.5 + 3 s delay + 10 s)", at.Sub(t0))
	}
	if c.Flagged(at(20.4)) || !c.Flagged(at(20.5)) {
		t.Error("flag should fall exactly at 20.5 s")
	}
}

// A fixed time per move: unused time is not carried over.
func TestPerMove(t *testing.T) {
	c := newClock(t, PerMove, 30*time.Second, 0)
	c.Press(at(5), 1)
	wantLeft(t, c, 0, at(5), 30*time.Second)
	wantLeft(t, c, 1, at(25), 10*time.Second)
	if err := c.Press(at(35), 0); !errors.Is(err, ErrFlag) {
		t.Errorf("a move after 30 s: %v, want ErrFlag", err)
	}
}

// The flag falls when the time is exhausted; a move after it is refused
// and changes nothing.
func TestFlagFall(t *testing.T) {
	c := newClock(t, Fischer, 60*time.Second, 2*time.Second)
	if fa, ok := c.FlagAt(); !ok || !fa.Equal(at(60)) {
		t.Errorf("flag at %v, want 60 s", fa.Sub(t0))
	}
	if c.Flagged(at(59.999)) || !c.Flagged(at(60)) {
		t.Error("flag should fall at exactly 60 s")
	}
	if err := c.Press(at(61), 1); !errors.Is(err, ErrFlag) {
		t.Fatalf("press after the flag: %v", err)
	}
	if c.Mover() != 0 {
		t.Error("a refused press changed the mover")
	}
}

// A stopped clock (pause, shutdown) keeps what the mover used; stored and
// restored, it goes on from there.
func TestStopRestore(t *testing.T) {
	c := newClock(t, Fischer, 60*time.Second, 0)
	c.Stop(at(20))
	wantLeft(t, c, 0, at(500), 40*time.Second) // stopped: no time passes
	r := Restore(c.Data(at(500)))
	r.Start(at(1000))
	wantLeft(t, r, 0, at(1010), 30*time.Second)
	if fa, _ := r.FlagAt(); !fa.Equal(at(1040)) {
		t.Errorf("restored flag at %v, want 1040 s", fa.Sub(t0))
	}
}

func TestClockLimits(t *testing.T) {
	for _, c := range []struct {
		m           Mode
		base, extra time.Duration
	}{{"blitz", time.Minute, 0}, {Fischer, 0, 0}, {Fischer, 25 * time.Hour, 0}, {Delay, time.Minute, -time.Second}} {
		if _, err := NewClock(c.m, c.base, c.extra, 2, 0); err == nil {
			t.Errorf("NewClock(%q, %v, %v) accepted", c.m, c.base, c.extra)
		}
	}
}

// A clock recorded running by a server killed later is charged up to the
// server's last heartbeat; one stopped cleanly is restored as it was.
func TestResumeAfterKill(t *testing.T) {
	t0 := time.Unix(1e9, 0)
	c, err := NewClock(Fischer, time.Minute, 0, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	c.Start(t0)
	d := c.Data(t0.Add(3 * time.Second))  // recorded 3 s into White's turn
	r := Resume(d, t0.Add(5*time.Second)) // the server's last beat 2 s later
	if main, _ := r.Left(0, t0); main != 55*time.Second || r.Running() {
		t.Errorf("resumed: %v left (running %v), want 55 s, stopped", main, r.Running())
	}
	if main, _ := Resume(d, t0).Left(0, t0); main != 57*time.Second {
		t.Errorf("a beat before the record: %v, want 57 s", main)
	}
	c.Stop(t0.Add(4 * time.Second))
	if main, _ := Resume(c.Data(t0.Add(9*time.Second)), t0.Add(time.Hour)).Left(0, t0); main != 56*time.Second {
		t.Errorf("stopped cleanly: %v, want 56 s", main)
	}
}

func TestBeat(t *testing.T) {
	for _, st := range []*Store{Memory(), mustOpen(t)} {
		if b, err := st.LastBeat(); err != nil || !b.IsZero() {
			t.Errorf("a new store's beat: %v %v", b, err)
		}
		at := time.Unix(1e9, 123456789)
		if err := st.Beat(at); err != nil {
			t.Fatal(err)
		}
		if b, err := st.LastBeat(); err != nil || !b.Equal(at) {
			t.Errorf("beat %v %v, want %v", b, err, at)
		}
	}
}

func mustOpen(t *testing.T) *Store {
	st, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
