// This file defines the room's event stream as the client follows it:
// each event names the room's sequence number; a broken stream is opened
// again after a short wait, and its first event (the current number) says
// whether anything was missed.

package roomclient

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"
)

// Events sends the room's sequence number each time it changes, until ctx
// ends (then the channel is closed). A dropped connection is reopened
// (waiting 0.5 s, then up to 5 s between tries); the number sent on
// reconnecting tells the reader to fetch the state again if it moved.
func (c *Client) Events(ctx context.Context) <-chan int {
	out := make(chan int, 16)
	go func() {
		defer close(out)
		wait := 500 * time.Millisecond
		for ctx.Err() == nil {
			if c.stream(ctx, out) {
				wait = 500 * time.Millisecond
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			wait = min(wait*2, 5*time.Second)
		}
	}()
	return out
}

// stream reads one connection of the event stream; it reports whether
// any event came.
func (c *Client) stream(ctx context.Context, out chan<- int) bool {
	req, err := http.NewRequestWithContext(ctx, "GET", c.api("events"), nil)
	if err != nil {
		return false
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := c.hc.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return false
	}
	got := false
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 32<<20) // an event carries the state: large games' are large
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		// Only the sequence number is read here (the state that comes
		// with it is fetched as the seat sees it now).
		var ev struct{ Seq int }
		head, _, _ := strings.Cut(data, `,"state":`)
		if json.Unmarshal([]byte(strings.TrimSuffix(head, "}")+"}"), &ev) != nil {
			continue
		}
		got = true
		select {
		case out <- ev.Seq:
		case <-ctx.Done():
			return got
		}
	}
	return got
}
