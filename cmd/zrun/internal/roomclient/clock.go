// This file shows the server's clock as text, counted down from the
// state's answer to now as the pages count it.

package roomclient

import (
	"fmt"
	"strings"
	"time"
)

// ClockText is the room's clock as of now: each seat's time ("White
// 4:58.3"), the running one marked, and the delay left in delay mode;
// "" without a clock.
func (s *State) ClockText(now time.Time) string {
	ck := s.Room.Clock
	if ck == nil {
		return ""
	}
	run := time.Duration(0)
	if ck.Running && !s.Room.Over && !s.Room.Paused {
		run = now.Sub(s.At)
	}
	var parts []string
	for p, ms := range ck.Left {
		name := fmt.Sprint(p)
		if p < len(s.Room.Seats) {
			name = s.Room.Seats[p].Name
		}
		left := time.Duration(ms) * time.Millisecond
		mark := ""
		if p == ck.Mover && run > 0 {
			mark = " *" // running
			// In delay mode the main time runs once the delay is used.
			delay := time.Duration(ck.Delay) * time.Millisecond
			if run < delay {
				mark = fmt.Sprintf(" * (delay %.1fs)", (delay - run).Seconds())
			} else {
				left -= run - delay
			}
		}
		parts = append(parts, fmt.Sprintf("%s %s%s", name, FormatClock(max(left, 0)), mark))
	}
	return "Clock: " + strings.Join(parts, " | ")
}

// FormatClock is a clock face: h:mm:ss, m:ss.t under an hour.
func FormatClock(d time.Duration) string {
	d = d.Truncate(100 * time.Millisecond)
	if d >= time.Hour {
		return fmt.Sprintf("%d:%02d:%02d", int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60)
	}
	return fmt.Sprintf("%d:%02d.%d", int(d.Minutes()), int(d.Seconds())%60, int(d/(100*time.Millisecond))%10)
}
