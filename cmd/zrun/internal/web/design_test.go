// Tests of the Design tab's API: bounds, one run per game page, the
// server's limit of runs at once, Stop, and the report served.

package web

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// designState reads the page's run status.
func (c *client) designState() designStatus {
	c.t.Helper()
	code, body := c.do("GET", "/api/g/0/design", "")
	var st designStatus
	if code != 200 || json.Unmarshal([]byte(body), &st) != nil {
		c.t.Fatalf("design status: %d %s", code, body)
	}
	return st
}

// waitDesign polls until the run has ended.
func (c *client) waitDesign() designStatus {
	c.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		st := c.designState()
		if st.State != "running" {
			return st
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("design run still playing after 2 minutes: %+v", st)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestDesignBadInput(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	json := []string{"Content-Type", "application/json"}
	for _, tc := range []struct {
		body string
		code int
		msg  string
	}{
		{`{"games":0}`, 400, "games must be 1 to 1000"},
		{`{"games":1001}`, 400, "games must be 1 to 1000"},
		{`{"games":-5}`, 400, "games must be"},
		{`{"depth":0}`, 400, "depth must be 1 to 4"},
		{`{"depth":5}`, 400, "depth must be 1 to 4"},
		{`{"moveTime":5}`, 400, "moveTime must be 10 to 1000 ms"},
		{`{"moveTime":60000}`, 400, "moveTime must be"},
		{`{"depth":2,"moveTime":100}`, 400, "not both"},
		{`{"random":-1}`, 400, "random must be"},
		{`{"maxPlies":100000}`, 400, "maxPlies must be"},
		{`{"games":1e400}`, 400, "malformed JSON"},
		{`{"games":"ten"}`, 400, "malformed JSON"},
		{`{"gmaes":10}`, 400, "unknown field"},
		{`{"games":10} trailing`, 400, "malformed JSON"},
	} {
		code, body := c.do("POST", "/api/g/0/design", tc.body, json...)
		if code != tc.code || !strings.Contains(body, tc.msg) {
			t.Errorf("POST design %s: %d %s, want %d %q", tc.body, code, body, tc.code, tc.msg)
		}
	}
	if st := c.designState(); st.State != "none" {
		t.Errorf("a refused request started a run: %+v", st)
	}
	for _, tc := range []struct {
		method, path string
		code         int
		msg          string
	}{
		{"POST", "/api/g/0/design/stop", 409, "no design run playing"},
		{"GET", "/api/g/0/design/report", 404, "no design report"},
		{"GET", "/api/g/7/design", 404, "no game"},
	} {
		code, body := c.do(tc.method, tc.path, "{}", json...)
		if code != tc.code || !strings.Contains(body, tc.msg) {
			t.Errorf("%s %s: %d %s, want %d %q", tc.method, tc.path, code, body, tc.code, tc.msg)
		}
	}
	// Another site's page may not start runs.
	if code, _ := c.do("POST", "/api/g/0/design", `{"games":1}`, "Content-Type", "application/json", "Origin", "http://evil.example"); code != 403 {
		t.Errorf("cross-origin start: %d, want 403", code)
	}
}

// TestDesignRun: a short run of chess plays to its end; the status counts
// its games as the report's tables do; a second start while it plays is
// refused; the report is the design package's page, with its plots, under
// its own content policy and with the paths as pages see them.
func TestDesignRun(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	hj := []string{"Content-Type", "application/json"}
	code, body := c.do("POST", "/api/g/0/design", `{"games":6,"depth":1,"maxPlies":60}`, hj...)
	if code != 202 {
		t.Fatalf("start: %d %s", code, body)
	}
	if code, body := c.do("POST", "/api/g/0/design", `{"games":6,"depth":1}`, hj...); code != 409 && code != 202 {
		t.Errorf("second start while playing: %d %s", code, body)
	}
	st := c.waitDesign()
	if st.State != "done" || st.Done != 6 || st.Live.Games != 6 || st.Report == "" || st.Error != "" {
		t.Fatalf("finished run: %+v", st)
	}
	l := st.Live
	if l.Wins[0]+l.Wins[1]+l.Draws+l.Cut != 6 {
		t.Errorf("results %+v do not add up to 6 games", l)
	}
	req, _ := http.NewRequest("GET", c.url+st.Report, nil)
	resp, err := c.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	if _, err := io.Copy(&b, resp.Body); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("report: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "sandbox") || !strings.Contains(csp, "frame-ancestors 'self'") || strings.Contains(csp, "script-src") {
		t.Errorf("report's content policy %q", csp)
	}
	for _, want := range []string{"<svg", "Game length", "6 games, depth 1", "chess.zrf:"} {
		if !strings.Contains(page, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	abs, _ := filepath.Abs(gamesDir)
	if strings.Contains(page, abs) {
		t.Errorf("report shows the server's path %s", abs)
	}
	// The page may start the next run once this one has ended.
	if code, body := c.do("POST", "/api/g/0/design", `{"games":1,"depth":1,"maxPlies":10}`, hj...); code != 202 {
		t.Errorf("start after the end: %d %s", code, body)
	}
	c.waitDesign()
}

// TestDesignLimitAndStop: with room for one run on the server, a second
// page's run is refused with 503 while the first plays; Stop ends the
// first within a search, with the games it finished reported.
func TestDesignLimitAndStop(t *testing.T) {
	s, url := serve(t, filepath.Join(gamesDir, "chess.zrf"))
	s.designs.limit = 1
	newc := func() *client {
		jar, _ := cookiejar.New(nil)
		c := &client{t, url, &http.Client{Jar: jar}}
		c.do("GET", "/", "")
		return c
	}
	a, b := newc(), newc()
	hj := []string{"Content-Type", "application/json"}
	if code, body := a.do("POST", "/api/g/0/design", `{"games":1000,"depth":2}`, hj...); code != 202 {
		t.Fatalf("start: %d %s", code, body)
	}
	if code, body := b.do("POST", "/api/g/0/design", `{"games":5,"depth":1}`, hj...); code != 503 || !strings.Contains(body, "1 design runs at once") {
		t.Errorf("second page's run beyond the limit: %d %s", code, body)
	}
	if code, body := a.do("POST", "/api/g/0/design", `{"games":5}`, hj...); code != 409 {
		t.Errorf("the page's second run: %d %s", code, body)
	}
	// Let a game or two finish, then stop.
	deadline := time.Now().Add(time.Minute)
	for a.designState().Done < 1 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if code, body := a.do("POST", "/api/g/0/design/stop", `{}`, hj...); code != 200 {
		t.Fatalf("stop: %d %s", code, body)
	}
	stopped := time.Now()
	st := a.waitDesign()
	if took := time.Since(stopped); took > 30*time.Second {
		t.Errorf("the run took %v to stop", took)
	}
	if st.State != "stopped" || st.Done < 1 || st.Done >= 1000 || st.Report == "" {
		t.Fatalf("stopped run: %+v", st)
	}
	code, page := a.do("GET", st.Report, "")
	if code != 200 || !strings.Contains(page, fmt.Sprintf("Stopped early: %d of the run", st.Done)) {
		t.Errorf("stopped run's report: %d, no stop note", code)
	}
	// The server has room again; b's page starts, and b does not see a's report.
	if code, body := b.do("GET", "/api/g/0/design/report", ""); code != 404 {
		t.Errorf("another page's report: %d %.100s", code, body)
	}
	if code, body := b.do("POST", "/api/g/0/design", `{"games":1,"depth":1,"maxPlies":10}`, hj...); code != 202 {
		t.Errorf("start once the server has room: %d %s", code, body)
	}
	b.waitDesign()
}

// TestDesignVariant: a run plays the page's own game of a file of many
// (Fairy-Max's table): the report names that game, not the file's first.
func TestDesignVariant(t *testing.T) {
	ini := filepath.Join(sharedDir, "fmax", "fmax.ini")
	if _, err := os.Stat(ini); err != nil {
		t.Skipf("reference data %s is absent (%v)", ini, err)
	}
	c := newClient(t, ini)
	code, body := c.do("GET", "/api/games", "")
	var games []struct {
		ID    int
		Title string
	}
	if code != 200 || json.Unmarshal([]byte(body), &games) != nil {
		t.Fatalf("games: %d %.200s", code, body)
	}
	id := -1
	for _, g := range games {
		if g.Title == "shatranj" {
			id = g.ID
		}
	}
	if id < 0 {
		t.Fatalf("no shatranj among %d games", len(games))
	}
	api := fmt.Sprintf("/api/g/%d/design", id)
	if code, body := c.do("POST", api, `{"games":2,"depth":1,"maxPlies":40}`, "Content-Type", "application/json"); code != 202 {
		t.Fatalf("start: %d %s", code, body)
	}
	var st designStatus
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		_, body := c.do("GET", api, "")
		if json.Unmarshal([]byte(body), &st) != nil || st.State != "running" || time.Now().After(deadline) {
			break
		}
	}
	if st.State != "done" || st.Report == "" {
		t.Fatalf("run: %+v", st)
	}
	_, page := c.do("GET", st.Report, "")
	if !strings.Contains(page, "zrun design: shatranj") {
		t.Errorf("the report is not shatranj's: %.300s", page)
	}
}

// TestDesignTimeLimit: a run asked for more games than play in the
// server's time a run stops there by itself and says why.
func TestDesignTimeLimit(t *testing.T) {
	s, url := serve(t, filepath.Join(gamesDir, "chess.zrf"))
	s.designs.time = time.Second
	jar, _ := cookiejar.New(nil)
	c := &client{t, url, &http.Client{Jar: jar}}
	c.do("GET", "/", "")
	if code, body := c.do("POST", "/api/g/0/design", `{"games":1000,"depth":2}`, "Content-Type", "application/json"); code != 202 {
		t.Fatalf("start: %d %s", code, body)
	}
	st := c.waitDesign()
	if st.State != "stopped" || !strings.Contains(st.Note, "limit of 1s a run") || st.Done >= 1000 || (st.Done > 0) != (st.Report != "") {
		t.Errorf("run at the time limit: %+v", st)
	}
}

// TestDesignNeedsTwoChoosers: Ur's dice are a third, random player; a
// design run cannot play it and says why (422), starting nothing.
func TestDesignNeedsTwoChoosers(t *testing.T) {
	c := newClient(t, corpus(t, "Ur/Ur.zrf"))
	code, body := c.do("POST", "/api/g/0/design", `{"games":2,"depth":1}`, "Content-Type", "application/json")
	if code != 422 || !strings.Contains(body, "this one has 3 players, one of them moving at random") {
		t.Errorf("Ur: %d %s", code, body)
	}
	if st := c.designState(); st.State != "none" {
		t.Errorf("a refused run started: %+v", st)
	}
}
