// The load test of shared games (behind -roomload; docs/testing.md): 20
// games played at a move a second by their seats, each watched by 10
// spectators, 200 in all, following the event stream and fetching the
// state on each change as a page does, all on 127.0.0.1. It measures the
// time from a move's sending to each spectator having the new state,
// counts every error, and checks memory and goroutines stay flat.

package web

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"zrun/gamestore"
)

var roomLoad = flag.Duration("roomload", 0, "run the shared games' load test for this long (e.g. 60s; with -race, 10s)")

const (
	loadGames      = 20
	loadSpectators = 10 // per game: 200 in all
	loadPace       = time.Second
)

// loadTable is one game of the load test: its room changes when a game
// ends and the next begins.
type loadTable struct {
	mu      sync.Mutex
	id      string
	next    chan struct{}     // closed when the table moves to a new room
	sent    map[int]time.Time // when move n (1-based) of the room was sent
	seats   [2]*http.Client
	started time.Time
}

func (tb *loadTable) room() (string, chan struct{}) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.id, tb.next
}

// loadStats gathers the measures of every goroutine.
type loadStats struct {
	mu        sync.Mutex
	latencies []time.Duration
	errors    []string
	moves     atomic.Int64
	late      atomic.Int64 // moves sent in the last 3 s
	open      atomic.Int64 // spectators' streams open
	games     atomic.Int64
}

func (st *loadStats) fail(format string, args ...any) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if len(st.errors) < 20 {
		st.errors = append(st.errors, fmt.Sprintf(format, args...))
	} else {
		st.errors = append(st.errors[:20], "…")
	}
}

func TestRoomLoad(t *testing.T) {
	if *roomLoad <= 0 {
		t.Skip("the shared games' load test runs with -roomload=60s (docs/testing.md)")
	}
	s, err := New([]string{filepath.Join(gamesDir, "chess.zrf")})
	if err != nil {
		t.Fatal(err)
	}
	s.SetStore(gamestore.Memory())
	_, url := serveServer(t, s)
	tr := &http.Transport{MaxIdleConns: 2000, MaxIdleConnsPerHost: 2000, IdleConnTimeout: time.Minute}
	defer tr.CloseIdleConnections()
	newClient := func() *http.Client {
		jar, _ := cookiejar.New(nil)
		return &http.Client{Jar: jar, Transport: tr, Timeout: 30 * time.Second}
	}
	stats := &loadStats{}
	get := func(c *http.Client, path string, v any) int {
		resp, err := c.Get(url + path)
		if err != nil {
			stats.fail("GET %s: %v", path, err)
			return 0
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			stats.fail("GET %s: %d %.200s", path, resp.StatusCode, b)
		} else if v != nil {
			json.Unmarshal(b, v)
		}
		return resp.StatusCode
	}
	post := func(c *http.Client, path, body string) int {
		resp, err := c.Post(url+path, "application/json", strings.NewReader(body))
		if err != nil {
			stats.fail("POST %s: %v", path, err)
			return 0
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode >= 300 {
			stats.fail("POST %s: %d %.200s", path, resp.StatusCode, b)
		}
		return resp.StatusCode
	}
	host := newClient()
	get(host, "/", nil)
	// newRoom starts a game on the table: the invitation, then each seat
	// through its link.
	newRoom := func(tb *loadTable) {
		resp, err := host.Post(url+"/api/g/0/invite", "application/json", strings.NewReader(`{"clock":{"mode":"fischer","baseMs":600000,"extraMs":1000}}`))
		if err != nil {
			stats.fail("invite: %v", err)
			return
		}
		var inv inviteJSON
		json.NewDecoder(resp.Body).Decode(&inv)
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			stats.fail("invite: %s", resp.Status)
			return
		}
		var seats [2]*http.Client
		for i := range seats {
			seats[i] = newClient()
			get(seats[i], inv.Seats[i].Link, nil)
		}
		tb.mu.Lock()
		if tb.next != nil {
			close(tb.next)
		}
		tb.id, tb.next, tb.sent, tb.seats = inv.ID, make(chan struct{}), map[int]time.Time{}, seats
		tb.mu.Unlock()
		stats.games.Add(1)
	}
	tables := make([]*loadTable, loadGames)
	for i := range tables {
		tables[i] = &loadTable{started: time.Now()}
		newRoom(tables[i])
	}
	ctx, cancel := context.WithTimeout(context.Background(), *roomLoad)
	defer cancel()
	var wg sync.WaitGroup

	// The players: a random legal move a second, from the seat to move.
	for i, tb := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 46))
			tick := time.NewTicker(loadPace)
			defer tick.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
				id, _ := tb.room()
				var st roomState
				tb.mu.Lock()
				seats := tb.seats
				tb.mu.Unlock()
				if get(seats[0], "/api/r/"+id+"/state", &st) != 200 {
					continue
				}
				if st.Room.Over || len(st.History) >= 150 {
					if !st.Room.Over { // a long game is given up: it counts among its maker's unfinished games
						post(seats[0], "/api/r/"+id+"/resign", `{}`)
					}
					newRoom(tb) // the next game at the table
					continue
				}
				var me roomState
				if get(seats[st.Room.ToMove], "/api/r/"+id+"/state", &me) != 200 || len(me.Legal) == 0 {
					stats.fail("table %d: no legal move for the seat to move (%s)", i, me.Room.Turn)
					continue
				}
				n := len(me.History) + 1
				tb.mu.Lock()
				tb.sent[n] = time.Now()
				tb.mu.Unlock()
				if post(seats[st.Room.ToMove], "/api/r/"+id+"/move", fmt.Sprintf(`{"index":%d,"gen":%d}`, rng.IntN(len(me.Legal)), me.Gen)) == 200 {
					stats.moves.Add(1)
					if dl, _ := ctx.Deadline(); time.Until(dl) < 3*time.Second {
						stats.late.Add(1) // may not reach every page before the end
					}
				}
			}
		}()
	}

	// The spectators: the event stream, which brings the state on every
	// change, as the page takes it; each new move's delay is measured.
	for i := range loadGames * loadSpectators {
		tb := tables[i%loadGames]
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newClient()
			for ctx.Err() == nil {
				id, next := tb.room()
				watch(ctx, c, url, id, next, tb, stats)
			}
		}()
	}

	// Memory and goroutines: measured once everything runs, and at the end.
	heap := func() (uint64, int) {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapInuse, runtime.NumGoroutine()
	}
	time.Sleep(*roomLoad / 4)
	heap1, gor1 := heap()
	dl, _ := ctx.Deadline()
	time.Sleep(time.Until(dl) - *roomLoad/10) // near the end, everything still running
	heap2, gor2 := heap()
	// A loaded machine (or -race) may take so long to collect that the
	// second sample comes after the end: then nothing is learnt from it.
	sampled := stats.open.Load() == loadGames*loadSpectators && time.Until(dl) > 0
	<-ctx.Done()
	wg.Wait()

	lat := stats.latencies
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	if len(lat) == 0 {
		t.Fatalf("no move reached a spectator; errors: %v", stats.errors)
	}
	med, p99 := lat[len(lat)/2], lat[len(lat)*99/100]
	t.Logf("%v: %d games, %d spectators, %d moves, %d deliveries of a move to a spectator's state: median %v, p99 %v, max %v; heap in use %.1f MB then %.1f MB, goroutines %d then %d; %d errors",
		*roomLoad, stats.games.Load(), loadGames*loadSpectators, stats.moves.Load(), len(lat), med.Round(time.Millisecond), p99.Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond),
		float64(heap1)/1e6, float64(heap2)/1e6, gor1, gor2, len(stats.errors))
	if len(stats.errors) > 0 {
		t.Errorf("errors: %s", strings.Join(stats.errors, "\n"))
	}
	if !raceEnabled && (med > 100*time.Millisecond || p99 > 500*time.Millisecond) {
		t.Errorf("move to page: median %v (want ≤ 100 ms), p99 %v (want ≤ 500 ms)", med, p99)
	}
	if want := (stats.moves.Load() - stats.late.Load()) * loadSpectators * 9 / 10; !raceEnabled && int64(len(lat)) < want {
		t.Errorf("%d deliveries for %d moves to %d spectators each", len(lat), stats.moves.Load(), loadSpectators)
	}
	switch {
	case !sampled:
		t.Logf("memory and goroutines not compared: the second sample came after the end or with streams closed")
	case heap2 > heap1+heap1/4+16<<20:
		t.Errorf("memory grew: heap in use %d then %d bytes", heap1, heap2)
	case gor2 > gor1+gor1/10+10:
		t.Errorf("goroutines grew: %d then %d", gor1, gor2)
	}
}

// watch follows room id's event stream until ctx ends or the table moves
// on (next closed), timing the moves each change's state brings.
func watch(ctx context.Context, c *http.Client, url, id string, next chan struct{}, tb *loadTable, stats *loadStats) {
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-next:
			cancel()
		case <-sctx.Done():
		}
	}()
	req, _ := http.NewRequestWithContext(sctx, "GET", url+"/api/r/"+id+"/events", nil)
	stream := *c
	stream.Timeout = 0 // the stream stays open as long as the game
	resp, err := stream.Do(req)
	if err != nil {
		if sctx.Err() == nil {
			stats.fail("events: %v", err)
		}
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		stats.fail("events: %s", resp.Status)
		return
	}
	stats.open.Add(1)
	defer stats.open.Add(-1)
	seen, seq := -1, -1
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		// The event carries the state (as the page takes it); the moves
		// played are the history's entries, its only "coord" keys (a
		// legal move's is "c"), counted rather than decoded so that the
		// spectators' side of this one process leaves the server the
		// processor.
		var ev struct{ Seq int }
		head, _, _ := strings.Cut(data, `,"state":`)
		if json.Unmarshal([]byte(head+"}"), &ev) != nil || ev.Seq == seq {
			continue
		}
		seq = ev.Seq
		if !strings.Contains(data, `"state":{`) {
			stats.fail("an event without the state: %.100s", data)
			continue
		}
		now := time.Now()
		n := strings.Count(data, `"coord":`)
		if seen >= 0 {
			tb.mu.Lock()
			var got []time.Duration
			for k := seen + 1; k <= n; k++ {
				if at, ok := tb.sent[k]; ok && tb.id == id {
					got = append(got, now.Sub(at))
				}
			}
			tb.mu.Unlock()
			stats.mu.Lock()
			stats.latencies = append(stats.latencies, got...)
			stats.mu.Unlock()
		}
		seen = max(seen, n)
	}
	if err := sc.Err(); err != nil && sctx.Err() == nil {
		stats.fail("events of %s: %v", id, err)
	}
}
