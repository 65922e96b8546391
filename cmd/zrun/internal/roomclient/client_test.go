package roomclient

import (
	"strings"
	"testing"
	"time"
)

func TestJoinRefusesOtherLinks(t *testing.T) {
	for _, link := range []string{
		"",
		"ftp://h/r/0123456789abcdef0123456789abcdef/",
		"http:///r/0123456789abcdef0123456789abcdef/",
		"http://h/g/0",
		"http://h/r/xyz/join?t=1",
		"http://h/r/0123456789abcdef0123456789abcdef/state",
	} {
		if _, err := Join(link); err == nil || !strings.Contains(err.Error(), "link") {
			t.Errorf("Join(%q): %v, want an error about the link", link, err)
		}
	}
	// The spectators' link needs no request to join.
	c, err := Join("http://127.0.0.1:1/r/0123456789abcdef0123456789abcdef/")
	if err != nil || c.ID() != "0123456789abcdef0123456789abcdef" {
		t.Errorf("spectators' link: %v", err)
	}
}

// The clock as a page shows it: the mover's time counts down from the
// answer; in delay mode the main time waits for the delay to pass.
func TestClockText(t *testing.T) {
	at := time.Unix(1e9, 0)
	seats := []Seat{{Name: "White"}, {Name: "Black"}}
	for _, tc := range []struct {
		clock Clock
		after time.Duration
		want  string
	}{
		{Clock{Mode: "fischer", Left: []int64{300000, 299500}, Running: true, Mover: 0}, 2500 * time.Millisecond,
			"Clock: White 4:57.5 * | Black 4:59.5"},
		{Clock{Mode: "delay", Left: []int64{60000, 60000}, Delay: 3000, Running: true, Mover: 1}, time.Second,
			"Clock: White 1:00.0 | Black 1:00.0 * (delay 2.0s)"},
		{Clock{Mode: "delay", Left: []int64{60000, 60000}, Delay: 3000, Running: true, Mover: 1}, 5 * time.Second,
			"Clock: White 1:00.0 | Black 0:58.0 *"},
		{Clock{Mode: "fischer", Left: []int64{7200000, 100}, Running: false, Mover: 1}, time.Minute,
			"Clock: White 2:00:00 | Black 0:00.1"},
	} {
		st := &State{Room: Room{Seats: seats, Clock: &tc.clock}, At: at}
		if got := st.ClockText(at.Add(tc.after)); got != tc.want {
			t.Errorf("%+v after %v: %q, want %q", tc.clock, tc.after, got, tc.want)
		}
	}
	if (&State{}).ClockText(at) != "" {
		t.Error("no clock: want no text")
	}
}
