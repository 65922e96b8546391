// Stress tests of one server used by many at once: many pages of one game
// that move, start and stop the engine, take back and load games all at
// the same time; clients that never keep their cookie; more games that want
// an engine than the server has tables for. Run under -race (the README's
// race command), they catch a request that reads the position the search is
// changing, a stop that loses a search, and memory that grows per request.
// By default each runs for a few seconds; -stress.time and -stress.clients
// make the long runs the closing notes report.

package web

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"zrun/vm"
)

var (
	stressTime    = flag.Duration("stress.time", 3*time.Second, "how long each stress test runs")
	stressClients = flag.Int("stress.clients", 20, "TestStressOneGame: clients (pages) on the one game")
	watchDelay    = flag.Duration("watch.delay", 2*time.Second, "TestWatchSlowReload: how long the reload of the rule file takes")
)

// stressClient sends requests of one browser (one cookie jar, shared by
// the pages of that browser) and counts the answers by status.
type stressClient struct {
	url   string
	c     *http.Client
	mu    sync.Mutex
	codes map[int]int
	bad   []string // answers of 500 and above
	// busyOK: 503 (all engines thinking) is an answer the test expects.
	busyOK bool
}

// A request may take minutes under -race on a loaded machine (the auto
// player's calibration match runs inside its request): only an answer
// that never comes is a failure.
func newStressClient(t testing.TB, url string, jar http.CookieJar, conns int) *stressClient {
	tr := &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}
	t.Cleanup(tr.CloseIdleConnections)
	return &stressClient{url: url, c: &http.Client{Jar: jar, Transport: tr, Timeout: 3 * time.Minute}, codes: map[int]int{}}
}

// do sends one request and records its status; it returns the status and
// body (status 0 when the request itself failed).
func (sc *stressClient) do(method, path, body string) (int, []byte) {
	req, err := http.NewRequest(method, sc.url+path, strings.NewReader(body))
	if err != nil {
		panic(err)
	}
	resp, err := sc.c.Do(req)
	if err != nil {
		sc.record(0, method+" "+path+": "+err.Error())
		return 0, nil
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	sc.record(resp.StatusCode, fmt.Sprintf("%s %s %s: %d %s", method, path, body, resp.StatusCode, b))
	return resp.StatusCode, b
}

func (sc *stressClient) record(code int, what string) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	sc.codes[code]++
	if (code == 0 || code >= 500 && !(sc.busyOK && code == http.StatusServiceUnavailable)) && len(sc.bad) < 10 {
		sc.bad = append(sc.bad, what)
	}
}

// check fails the test on any answer of 500 and above (or none), and logs
// the count of each status.
func (sc *stressClient) check(t *testing.T) {
	t.Helper()
	sc.mu.Lock()
	defer sc.mu.Unlock()
	total := 0
	for _, n := range sc.codes {
		total += n
	}
	t.Logf("%d requests, by status: %v", total, sc.codes)
	for _, b := range sc.bad {
		t.Errorf("server failed: %s", b)
	}
}

// rssMB is the process's resident memory in MB after a collection that
// gives freed memory back (engine tables are mapped outside Go's heap, so
// the heap's figures would miss them); 0 where /proc is missing.
func rssMB() float64 {
	runtime.GC()
	debug.FreeOSMemory()
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseFloat(f[1], 64)
	return pages * float64(os.Getpagesize()) / (1 << 20)
}

// stressOp is one thing a page does.
type stressOp func(sc *stressClient, r *rand.Rand)

// stressOps are what the pages of a game do, with how often: read the
// state, move (by index in the state they read, which may be stale), start
// the engine for a side or both, stop it, take back, replay, start again,
// save, load a saved game, open the event stream.
func stressOps(saved *atomic.Value) []stressOp {
	state := func(sc *stressClient, r *rand.Rand) (gen, legal int) {
		code, b := sc.do("GET", "/api/g/0/state", "")
		var st stateJSON
		if code == 200 && json.Unmarshal(b, &st) == nil {
			return st.Gen, len(st.Legal)
		}
		return 0, 0
	}
	move := func(sc *stressClient, r *rand.Rand) {
		gen, n := state(sc, r)
		if n > 0 {
			sc.do("POST", "/api/g/0/move", fmt.Sprintf(`{"index":%d,"gen":%d}`, r.IntN(n), gen))
		}
	}
	engine := func(sc *stressClient, r *rand.Rand) {
		sc.do("POST", "/api/g/0/engine", fmt.Sprintf(`{"engineFor":[%v,%v],"moveTime":%d,"go":%v}`,
			r.IntN(2) == 0, r.IntN(2) == 0, 10+r.IntN(40), r.IntN(2) == 0))
	}
	stop := func(sc *stressClient, r *rand.Rand) { sc.do("POST", "/api/g/0/engine", `{"stop":true}`) }
	post := func(path string) stressOp {
		return func(sc *stressClient, r *rand.Rand) { sc.do("POST", path, "{}") }
	}
	save := func(sc *stressClient, r *rand.Rand) {
		if code, b := sc.do("GET", "/api/g/0/save.zsg", ""); code == 200 {
			saved.Store(string(b))
		}
	}
	load := func(sc *stressClient, r *rand.Rand) {
		if z, ok := saved.Load().(string); ok {
			sc.do("POST", "/api/g/0/load", z)
		}
	}
	events := func(sc *stressClient, r *rand.Rand) {
		req, _ := http.NewRequest("GET", sc.url+"/api/g/0/events", nil)
		resp, err := sc.c.Do(req)
		if err != nil {
			sc.record(0, "events: "+err.Error())
			return
		}
		buf := make([]byte, 64)
		resp.Body.Read(buf)
		resp.Body.Close()
		sc.record(resp.StatusCode, "GET events")
	}
	read := func(sc *stressClient, r *rand.Rand) { state(sc, r) }
	return []stressOp{read, read, read, move, move, move, engine, engine, stop, post("/api/g/0/undo"),
		post("/api/g/0/redo"), post("/api/g/0/new"), save, load, events}
}

// TestStressOneGame: many pages of one game (one browser's cookie) do all
// of it at once. No request may fail with a 500 or crash the server, and
// the memory at the end is no more than a table's worth above the memory
// after the first quarter.
func TestStressOneGame(t *testing.T) {
	_, url := serve(t, filepath.Join(gamesDir, "chess.zrf"))
	jar, _ := cookiejar.New(nil)
	sc := newStressClient(t, url, jar, *stressClients)
	if code, _ := sc.do("GET", "/", ""); code != 200 {
		t.Fatalf("the page answered %d", code)
	}
	var saved atomic.Value
	ops := stressOps(&saved)
	deadline := time.Now().Add(*stressTime)
	var early float64
	var earlyOnce sync.Once
	var wg sync.WaitGroup
	for i := range *stressClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(i), 42))
			for time.Now().Before(deadline) {
				ops[r.IntN(len(ops))](sc, r)
				if i == 0 && time.Until(deadline) < *stressTime*3/4 {
					earlyOnce.Do(func() { early = rssMB() })
				}
			}
		}()
	}
	wg.Wait()
	sc.do("POST", "/api/g/0/engine", `{"stop":true}`)
	late := rssMB()
	sc.check(t)
	t.Logf("memory: %.0f MB after a quarter of the run, %.0f MB at the end", early, late)
	if early > 0 && late > early+64 {
		t.Errorf("memory grew from %.0f MB to %.0f MB", early, late)
	}
	// The game still plays after it all.
	sc.do("POST", "/api/g/0/new", "{}")
	if code, b := sc.do("POST", "/api/g/0/move", `{"text":"e4"}`); code != 200 {
		t.Errorf("a move after the stress: %d %s", code, b)
	}
}

// TestStressGoStopUndo: eight goroutines start the engine (for both sides,
// so it goes on moving), stop it and take back, in a loop, on one game.
// Stopping must end the search every time: no search goes on that the
// game does not know of, and the game's state stays consistent.
func TestStressGoStopUndo(t *testing.T) {
	s, url := serve(t, filepath.Join(gamesDir, "chess.zrf"))
	jar, _ := cookiejar.New(nil)
	sc := newStressClient(t, url, jar, 8)
	sc.do("GET", "/", "")
	deadline := time.Now().Add(*stressTime)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; time.Now().Before(deadline); n++ {
				switch (n + i) % 3 {
				case 0:
					sc.do("POST", "/api/g/0/engine", `{"engineFor":[true,true],"moveTime":10,"go":true}`)
				case 1:
					sc.do("POST", "/api/g/0/engine", `{"stop":true}`)
				case 2:
					sc.do("POST", "/api/g/0/undo", "{}")
				}
			}
		}()
	}
	wg.Wait()
	sc.do("POST", "/api/g/0/engine", `{"stop":true}`)
	sc.check(t)
	// After the stop nothing thinks and the game's moves replay.
	se := onlySession(t, s)
	se.mu.Lock()
	thinking, busy := se.thinking, se.g.Busy()
	se.mu.Unlock()
	if thinking || busy {
		t.Errorf("after stop: thinking %v, search running %v", thinking, busy)
	}
	code, b := sc.do("GET", "/api/g/0/state", "")
	var st stateJSON
	if code != 200 || json.Unmarshal(b, &st) != nil {
		t.Fatalf("state: %d %s", code, b)
	}
	se.mu.Lock()
	err := se.retext()
	n := len(se.texts)
	se.mu.Unlock()
	if err != nil || n != len(st.History) {
		t.Errorf("the history does not replay: %v (%d moves, the page shows %d)", err, n, len(st.History))
	}
}

// onlySession returns the one game in progress of s.
func onlySession(t *testing.T, s *Server) *session {
	t.Helper()
	l := s.sessionList()
	if len(l) != 1 {
		t.Fatalf("%d games in progress, want 1", len(l))
	}
	return l[0]
}

// TestCookielessRequests: a client that never keeps its cookie starts a
// game per request; a thousand of them hold little memory, push out no
// game of a browser that keeps its cookie, and a POST without a cookie
// starts nothing (nor the engine).
func TestCookielessRequests(t *testing.T) {
	s, url := serve(t, filepath.Join(gamesDir, "chess.zrf"))
	jar, _ := cookiejar.New(nil)
	keeper := newStressClient(t, url, jar, 1)
	keeper.do("GET", "/", "")
	if code, b := keeper.do("POST", "/api/g/0/move", `{"text":"e4"}`); code != 200 {
		t.Fatalf("move with the page's cookie: %d %s", code, b)
	}
	keeper.do("GET", "/api/g/0/state", "")
	idle := rssMB()
	anon := newStressClient(t, url, nil, 4)
	for i := range 1000 {
		if i%10 == 0 {
			code, b := anon.do("POST", "/api/g/0/engine", `{"go":true}`)
			if code != http.StatusForbidden {
				t.Fatalf("POST without a cookie: %d %s, want 403", code, b)
			}
			continue
		}
		if code, b := anon.do("GET", "/api/g/0/state", ""); code != 200 {
			t.Fatalf("GET without a cookie: %d %s", code, b)
		}
	}
	after := rssMB()
	t.Logf("memory: %.0f MB idle, %.0f MB after 1000 requests without a cookie; %d games kept", idle, after, len(s.sessionList()))
	if idle > 0 && after > idle+100 {
		t.Errorf("1000 requests without a cookie hold %.0f MB more", after-idle)
	}
	if n := len(s.sessionList()); n > maxUnconfirmed+1 {
		t.Errorf("%d games kept, want at most %d without a cookie and the browser's", n, maxUnconfirmed)
	}
	code, b := keeper.do("GET", "/api/g/0/state", "")
	var st stateJSON
	if code != 200 || json.Unmarshal(b, &st) != nil || len(st.History) != 1 {
		t.Errorf("the browser's game was lost: %d %s", code, b)
	}
	anon.check(t)
}

// TestEngineTablesBounded: more games want the engine than the server has
// tables for. Tables go to the games that think, an idle game's table is
// taken back, and when every table is thinking the page is told to wait
// (503) instead of the server growing.
func TestEngineTablesBounded(t *testing.T) {
	s, err := New([]string{filepath.Join(gamesDir, "chess.zrf")})
	if err != nil {
		t.Fatal(err)
	}
	s.Engines = 2
	_, url := serveServer(t, s)
	browsers := make([]*stressClient, 5)
	for i := range browsers {
		jar, _ := cookiejar.New(nil)
		browsers[i] = newStressClient(t, url, jar, 1)
		browsers[i].busyOK = true
		browsers[i].do("GET", "/", "")
	}
	// Two long searches take both tables.
	for _, b := range browsers[:2] {
		if code, body := b.do("POST", "/api/g/0/engine", `{"moveTime":60000,"go":true}`); code != 200 {
			t.Fatalf("engine: %d %s", code, body)
		}
	}
	code, body := browsers[2].do("POST", "/api/g/0/engine", `{"moveTime":50,"go":true}`)
	if code != http.StatusServiceUnavailable || !strings.Contains(string(body), "engines of this server are thinking") {
		t.Fatalf("a third engine with both tables thinking: %d %s, want 503", code, body)
	}
	browsers[0].do("POST", "/api/g/0/engine", `{"stop":true}`)
	// Now the idle table goes round the others, one after another.
	for _, b := range browsers[2:] {
		if code, body := b.do("POST", "/api/g/0/engine", `{"moveTime":50,"go":true}`); code != 200 {
			t.Fatalf("engine after a stop: %d %s", code, body)
		}
		waitIdle(t, b)
		s.mu.Lock()
		n := len(s.engines)
		s.mu.Unlock()
		if n > 2 {
			t.Fatalf("%d games hold a table, the server has 2", n)
		}
	}
	browsers[1].do("POST", "/api/g/0/engine", `{"stop":true}`)
	for _, b := range browsers {
		b.check(t)
	}
}

// waitIdle waits until the engine of b's game has moved.
func waitIdle(t *testing.T, b *stressClient) {
	t.Helper()
	for range 500 {
		code, body := b.do("GET", "/api/g/0/state", "")
		var st stateJSON
		if code == 200 && json.Unmarshal(body, &st) == nil && !st.Thinking {
			if len(st.History) != 1 {
				t.Fatalf("the engine played %d moves, want 1 (note %q)", len(st.History), st.Note)
			}
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the engine did not move")
}

// TestWatchSlowReload: under --watch, a rule file that takes long to load
// is read once for all the games in progress, and while it loads every
// page's state request is answered at once; then the games have the new
// rules.
func TestWatchSlowReload(t *testing.T) {
	f, src := chessCopy(t)
	s, err := New([]string{f})
	if err != nil {
		t.Fatal(err)
	}
	var loads atomic.Int32
	load := s.loadGames
	s.loadGames = func(path string) ([]*vm.Game, error) {
		loads.Add(1)
		time.Sleep(*watchDelay)
		return load(path)
	}
	_, url := serveServer(t, s)
	pages := make([]*stressClient, 3)
	for i := range pages {
		jar, _ := cookiejar.New(nil)
		pages[i] = newStressClient(t, url, jar, 1)
		pages[i].do("GET", "/", "")
		if code, b := pages[i].do("POST", "/api/g/0/move", `{"text":"e4"}`); code != 200 {
			t.Fatalf("move: %d %s", code, b)
		}
	}
	if err := s.Watch(); err != nil {
		t.Fatal(err)
	}
	// Any change of the file reloads it.
	edited := strings.Replace(string(src), "(name Pawn)", "(name Pawn) ; edited", 1)
	if err := os.WriteFile(f, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	var lat latencies
	reloaded := 0
	for reloaded < len(pages) && time.Since(start) < *watchDelay+30*time.Second {
		reloaded = 0
		for _, p := range pages {
			t0 := time.Now()
			code, b := p.do("GET", "/api/g/0/state", "")
			lat = append(lat, time.Since(t0))
			var st stateJSON
			if code != 200 || json.Unmarshal(b, &st) != nil {
				t.Fatalf("state during the reload: %d %s", code, b)
			}
			if strings.HasPrefix(st.Note, "Rules reloaded") && len(st.History) == 1 {
				reloaded++
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	took := time.Since(start)
	t.Logf("reload of %v took %v; %d loads", *watchDelay, took.Round(time.Millisecond), loads.Load())
	if reloaded < len(pages) {
		t.Fatalf("%d of %d games reloaded", reloaded, len(pages))
	}
	if took < *watchDelay {
		t.Errorf("the reload took %v, less than the load's %v", took, *watchDelay)
	}
	lat.check(t, "while the file loaded")
	if n := loads.Load(); n != 1 {
		t.Errorf("the file was loaded %d times for %d games, want once", n, len(pages))
	}
	for _, p := range pages {
		p.check(t)
	}
}

// TestPanicAnswered: a panic in a request's handler is answered as a 500
// with a message to that page, logged with its stack, and the server goes
// on answering.
func TestPanicAnswered(t *testing.T) {
	s, err := New([]string{filepath.Join(gamesDir, "chess.zrf")})
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	var logMu sync.Mutex
	s.Log = writerFunc(func(p []byte) (int, error) { logMu.Lock(); defer logMu.Unlock(); return log.Write(p) })
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/g/{id}/boom", s.withSession(false, func(*session, http.ResponseWriter, *http.Request) error {
		var m map[string]int
		m["x"]++ // a nil map: a real runtime panic
		return nil
	}))
	mux.Handle("/", s.Handler())
	ts := httptest.NewServer(mux)
	defer ts.Close()
	defer s.Close()
	resp, err := http.Get(ts.URL + "/api/g/0/boom")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 500 || !strings.Contains(string(b), "internal error") {
		t.Errorf("panicking handler: %d %s, want 500 with an internal error", resp.StatusCode, b)
	}
	logMu.Lock()
	logged := log.String()
	logMu.Unlock()
	if !strings.Contains(logged, "assignment to entry in nil map") || !strings.Contains(logged, "stress_test.go") {
		t.Errorf("the log has no panic with its stack: %q", logged)
	}
	resp, err = http.Get(ts.URL + "/api/g/0/state")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("after the panic: %v %v", err, resp)
	}
	resp.Body.Close()
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestStateAnsweredWhileBusy: while a request holds the game for seconds
// (the auto player's calibration match runs when the engine is first
// asked), the page's state requests are answered at once.
func TestStateAnsweredWhileBusy(t *testing.T) {
	_, url := serve(t, filepath.Join(gamesDir, "chess.zrf"))
	jar, _ := cookiejar.New(nil)
	sc := newStressClient(t, url, jar, 2)
	sc.do("GET", "/", "")
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc.do("POST", "/api/g/0/engine", `{"player":"auto","moveTime":50,"go":true}`)
	}()
	var lat latencies
	for busy := true; busy; {
		select {
		case <-done:
			busy = false
		default:
		}
		t0 := time.Now()
		if code, b := sc.do("GET", "/api/g/0/state", ""); code != 200 {
			t.Fatalf("state: %d %s", code, b)
		}
		lat = append(lat, time.Since(t0))
		time.Sleep(5 * time.Millisecond)
	}
	lat.check(t, "while the engine calibrated")
	sc.do("POST", "/api/g/0/engine", `{"stop":true}`)
	sc.check(t)
}

// latencies are the times state requests took while something slow ran.
type latencies []time.Duration

// check requires 95% of them within 100 ms and every one within a second:
// a request that waited for the slow work would take its whole time (seconds),
// while a loaded machine (the tests of other packages run at once) delays
// a few by tens of milliseconds.
func (l latencies) check(t *testing.T, while string) {
	t.Helper()
	if len(l) == 0 {
		t.Fatalf("no state request %s", while)
	}
	s := slices.Clone(l)
	slices.Sort(s)
	p95, slowest := s[len(s)*95/100], s[len(s)-1]
	t.Logf("%d state requests %s: 95%% within %v, the slowest %v", len(s), while, p95, slowest)
	if p95 > 100*time.Millisecond || slowest > time.Second {
		t.Errorf("state requests %s: 95%% within %v, the slowest %v; want 100 ms and 1 s", while, p95, slowest)
	}
}
