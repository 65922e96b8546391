// Tests of the puzzle tools' API: the rule file's solution as a line (the
// Afrika problem replayed to the win its rules declare), Solve on chess
// mates in 2 of a published collection (vondele/matetrack, each stated #2)
// and on a small push-box puzzle of ours (the length checked by a
// breadth-first search of our own), the .zsg replayed by the rules, a line
// taken into the game, and the bounds: bad input, one solve per page, the
// server's limit, Stop.

package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"zrun/gamefile"
	"zrun/vm"
)

// matetrackTwo are the mate-in-2 problems of vondele/matetrack's
// matetrack.epd that package solve's tests use ("FEN bm #2;").
var matetrackTwo = []string{
	"2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1",
	"8/3R4/b2p3p/2p3nk/1p2N1p1/p2BP3/r2PN1P1/3K4 w - - 0 1",
	"n7/2r5/1r4R1/4n3/2R1Q1P1/3P1pK1/4N3/7k w - - 0 1",
}

var jsonHdr = []string{"Content-Type", "application/json"}

func (c *client) solveState(id int) solveStatus {
	c.t.Helper()
	code, body := c.do("GET", fmt.Sprintf("/api/g/%d/solve", id), "")
	var st solveStatus
	if code != 200 || json.Unmarshal([]byte(body), &st) != nil {
		c.t.Fatalf("solve status: %d %s", code, body)
	}
	return st
}

// solve starts a solve of game id and waits for its end.
func (c *client) solve(id int, body string) solveStatus {
	c.t.Helper()
	if code, b := c.do("POST", fmt.Sprintf("/api/g/%d/solve", id), body, jsonHdr...); code != 202 {
		c.t.Fatalf("POST solve %s: %d %s", body, code, b)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		st := c.solveState(id)
		if st.State != "running" {
			return st
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("solve still running after 2 minutes: %+v", st)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestSolveMateInTwo(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	for _, fen := range matetrackTwo {
		js, _ := json.Marshal(fen)
		st := c.solve(0, fmt.Sprintf(`{"text":%s,"moves":3,"time":60}`, js))
		if st.State != "done" || !st.Found || st.Line == nil {
			t.Fatalf("%s: %+v", fen, st)
		}
		// The published N, and the shortest: depths 1 and 2 were tried in turn.
		if !strings.HasPrefix(st.Report, "forced win in 2 moves, 3 plies (proof-number search, ") {
			t.Errorf("%s: report %q", fen, st.Report)
		}
		steps := st.Line.Steps
		if len(steps) != 4 {
			t.Fatalf("%s: %d steps", fen, len(steps))
		}
		// The line in SAN, as the report gives it, and its end checkmate
		// by the rules.
		if !strings.HasSuffix(st.Report, ": "+st.Line.Text) || !strings.HasPrefix(st.Line.Text, "1. ") || !strings.HasSuffix(st.Line.Text, "#") {
			t.Errorf("%s: line %q, report %q", fen, st.Line.Text, st.Report)
		}
		if end := steps[3]; !end.Over || end.Status != "Game over: White wins by checkmate" || len(end.Check) != 1 {
			t.Errorf("%s: the line ends %+v", fen, end)
		}
		for k, s := range steps[1:] {
			if s.Move == nil || s.Move.SAN == "" || !strings.Contains(st.Line.Text, s.Move.SAN) {
				t.Errorf("%s: step %d's move %+v", fen, k+1, s.Move)
			}
		}
		t.Logf("%s: %s", fen, st.Report)
	}
	// The .zsg replays to the mate on a game of its own (the rules' replay
	// of what the page saves: the position set up, then the moves).
	st := c.solveState(0)
	code, zsg := c.do("GET", st.ZSG, "")
	if code != 200 || !strings.Contains(zsg, "VariantName=Chess") {
		t.Fatalf("solve.zsg: %d %s", code, zsg)
	}
	c2 := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	code, body := c2.do("POST", "/api/g/0/load", zsg, "Content-Type", "application/octet-stream")
	var loaded stateJSON
	if code != 200 || json.Unmarshal([]byte(body), &loaded) != nil || loaded.Status != "Game over: White wins by checkmate" || len(loaded.History) != 3 {
		t.Fatalf("the saved solution loads as %d %.300s", code, body)
	}
	// Taking the line at its first move: the game is the solved position
	// with that move played and the rest to redo.
	code, body = c.do("POST", "/api/g/0/line", fmt.Sprintf(`{"source":"solve","step":1,"seq":%d}`, st.Seq), jsonHdr...)
	var took stateJSON
	if code != 200 || json.Unmarshal([]byte(body), &took) != nil {
		t.Fatalf("take: %d %s", code, body)
	}
	if len(took.History) != 1 || took.History[0].SAN != st.Line.Steps[1].Move.SAN || !took.CanRedo || took.Status != "Black to move" {
		t.Fatalf("took the line: %+v %q redo %v", took.History, took.Status, took.CanRedo)
	}
	for range 2 {
		c.do("POST", "/api/g/0/redo", "{}", jsonHdr...)
	}
	if s := c.state(); s.Status != "Game over: White wins by checkmate" {
		t.Fatalf("after redo to the line's end: %q", s.Status)
	}
}

// bfsLength is the fewest moves to a win of the player to move, by a
// breadth-first search over the rules' moves (positions told apart by
// their hash), independent of package solve.
func bfsLength(t *testing.T, s *vm.State) int {
	t.Helper()
	type item struct {
		s *vm.State
		d int
	}
	seen := map[uint64]bool{s.Hash(): true}
	queue := []item{{s.Clone(), 0}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		var ml vm.MoveList
		if err := it.s.Generate(&ml); err != nil {
			t.Fatal(err)
		}
		for i := range ml.Moves {
			n := it.s.Clone()
			if err := n.Make(&ml.Moves[i]); err != nil {
				continue
			}
			if seen[n.Hash()] {
				continue
			}
			seen[n.Hash()] = true
			o, err := n.Outcome(nil)
			if err != nil {
				t.Fatal(err)
			}
			if o.Over {
				if o.Winner == s.Mover() {
					return it.d + 1
				}
				continue
			}
			queue = append(queue, item{n, it.d + 1})
		}
	}
	return -1
}

func TestSolvePuzzle(t *testing.T) {
	path := filepath.Join("testdata", "pushbox.zrf")
	s, err := gamefile.NewState(path, "", "")
	if err != nil {
		t.Fatal(err)
	}
	want := bfsLength(t, s)
	c := newClient(t, path)
	st := c.solve(0, `{"time":30}`)
	if !st.Found || st.Line == nil || len(st.Line.Steps) != want+1 {
		t.Fatalf("breadth-first: %d moves; solve: %+v", want, st)
	}
	if !strings.HasPrefix(st.Report, fmt.Sprintf("a shortest solution in %d moves (A*, ", want)) {
		t.Errorf("report %q", st.Report)
	}
	end := st.Line.Steps[want]
	if !end.Over || !strings.HasPrefix(end.Status, "Game over: You win by") {
		t.Errorf("the line ends %+v", end)
	}
	// Weighted: a solution, not proved shortest, at most twice as long.
	st = c.solve(0, `{"time":30,"weight":2,"macro":true}`)
	if !st.Found || len(st.Line.Steps)-1 > 2*want || !strings.HasPrefix(st.Report, "a solution") {
		t.Fatalf("weight 2: %+v", st)
	}
	t.Logf("shortest %d moves by breadth-first search; the page's solve: %s", want, strings.SplitN(st.Report, "\n", 2)[0])
	// A move bound below the shortest: no solution within it, worded as
	// zrun solve words it.
	st = c.solve(0, fmt.Sprintf(`{"moves":%d}`, want-1))
	if st.Found || !strings.HasPrefix(st.Report, fmt.Sprintf("no solution within %d moves (A*, ", want-1)) {
		t.Fatalf("bound %d: %+v", want-1, st)
	}
	// Taken at the end: the game is won.
	st = c.solve(0, `{}`)
	code, body := c.do("POST", "/api/g/0/line", fmt.Sprintf(`{"source":"solve","step":%d}`, want), jsonHdr...)
	if code != 200 || !strings.Contains(body, `"over":true`) {
		t.Fatalf("take at the end: %d %.300s", code, body)
	}
}

func TestSolutionAfrika(t *testing.T) {
	path := corpus(t, "Afrika/Afrika.zrf")
	c := newClient(t, path)
	games := map[string]int{}
	code, body := c.do("GET", "/api/games", "")
	var list []variantJSON
	if code != 200 || json.Unmarshal([]byte(body), &list) != nil {
		t.Fatalf("games: %d %s", code, body)
	}
	for _, g := range list {
		games[g.Title] = g.ID
	}
	p1 := games["Problem 1"]
	var pz puzzleJSON
	code, body = c.do("GET", fmt.Sprintf("/api/g/%d/puzzle", p1), "")
	if code != 200 || json.Unmarshal([]byte(body), &pz) != nil || pz.Solution != "Problem-1.zsg" || pz.Missing != "" {
		t.Fatalf("Problem 1's puzzle: %d %s", code, body)
	}
	code, body = c.do("GET", fmt.Sprintf("/api/g/%d/puzzle", games["Afrika"]), "")
	if code != 200 || strings.Contains(body, `"solution"`) || strings.Contains(body, `"missing"`) {
		t.Fatalf("Afrika's puzzle: %d %s", code, body)
	}
	if code, body = c.do("GET", fmt.Sprintf("/api/g/%d/solution", games["Afrika"]), ""); code != 404 || !strings.Contains(body, "the rules name no solution for Afrika") {
		t.Fatalf("Afrika's solution: %d %s", code, body)
	}
	c.do("GET", fmt.Sprintf("/api/g/%d/state", p1), "")
	var lv lineView
	code, body = c.do("GET", fmt.Sprintf("/api/g/%d/solution", p1), "")
	if code != 200 || json.Unmarshal([]byte(body), &lv) != nil {
		t.Fatalf("solution: %d %.300s", code, body)
	}
	// 25 moves (the saved game's move lines); the rules say First has won
	// at the end, and not before.
	if len(lv.Steps) != 26 || lv.Source != "solution" || lv.Name != "Problem-1.zsg" {
		t.Fatalf("%d steps, %s %s", len(lv.Steps), lv.Source, lv.Name)
	}
	for k, s := range lv.Steps[:25] {
		if s.Over {
			t.Fatalf("over at step %d: %s", k, s.Status)
		}
	}
	if end := lv.Steps[25]; !end.Over || !strings.HasPrefix(end.Status, "Game over: First wins") {
		t.Fatalf("the solution ends %+v", end)
	}
	// The game in progress is untouched by showing it.
	if code, body = c.do("GET", fmt.Sprintf("/api/g/%d/state", p1), ""); !strings.Contains(body, `"history":[]`) {
		t.Fatalf("state after showing the solution: %.300s", body)
	}
	// Taken at its end: the game is the solution, won.
	code, body = c.do("POST", fmt.Sprintf("/api/g/%d/line", p1), `{"source":"solution","step":25}`, jsonHdr...)
	var st stateJSON
	if code != 200 || json.Unmarshal([]byte(body), &st) != nil || !st.Over || len(st.History) != 25 || !strings.HasPrefix(st.Status, "Game over: First wins") {
		t.Fatalf("take: %d %.400s", code, body)
	}
	if code, body = c.do("POST", fmt.Sprintf("/api/g/%d/line", p1), `{"source":"solution","step":26}`, jsonHdr...); code != 400 || !strings.Contains(body, "steps 0 to 25") {
		t.Fatalf("step 26: %d %s", code, body)
	}
}

// TestSolutionMissing: a rule file naming a saved game that is not there
// offers no solution and says why.
func TestSolutionMissing(t *testing.T) {
	path := corpus(t, "GlukKazan+ZoG/Rules/Chase.zrf")
	c := newClient(t, path)
	var list []variantJSON
	_, body := c.do("GET", "/api/games", "")
	json.Unmarshal([]byte(body), &list)
	id := -1
	for _, g := range list {
		if g.Title == "Problem 2" {
			id = g.ID
		}
	}
	if id < 0 {
		t.Fatalf("no Problem 2 in %s", body)
	}
	var pz puzzleJSON
	code, body := c.do("GET", fmt.Sprintf("/api/g/%d/puzzle", id), "")
	if code != 200 || json.Unmarshal([]byte(body), &pz) != nil || pz.Solution != "" || !strings.Contains(pz.Missing, `"Problem 2.zsg", which is not there`) {
		t.Fatalf("puzzle: %d %s", code, body)
	}
	if code, body = c.do("GET", fmt.Sprintf("/api/g/%d/solution", id), ""); code != 404 || !strings.Contains(body, "not there") {
		t.Fatalf("solution: %d %s", code, body)
	}
	t.Logf("%s", pz.Missing)
}

func TestSolveBadInput(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	for _, tc := range []struct {
		path, body string
		code       int
		msg        string
	}{
		{"solve", `{"time":0}`, 400, "time must be 1 to 300 seconds"},
		{"solve", `{"time":301}`, 400, "time must be 1 to 300"},
		{"solve", `{"moves":0}`, 400, "moves must be 1 to 10"},
		{"solve", `{"moves":11}`, 400, "moves must be 1 to 10"},
		{"solve", `{"nodes":0}`, 400, "nodes must be 1 to 5000000"},
		{"solve", `{"nodes":5000001}`, 400, "nodes must be"},
		{"solve", `{"weight":2}`, 400, "a weight is for one-player puzzles"},
		{"solve", `{"macro":true}`, 400, "macro moves are for one-player puzzles"},
		{"solve", `{"time":1e400}`, 400, "malformed JSON"},
		{"solve", `{"tim":5}`, 400, "unknown field"},
		{"solve", `{"time":5} x`, 400, "malformed JSON"},
		{"solve", `{"text":"` + strings.Repeat("8/", 9000) + `"}`, 413, "request too large"},
		{"solve", `{"text":"8/8/8/4k3/8/8/8/K3KQ2 w - - 0 1"}`, 422, "position refused: "},
		{"solve", `{"text":"4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1"}`, 409, "the game is over"},
		{"solve/stop", `{}`, 409, "no solve running"},
		{"line", `{"source":"solve"}`, 409, "no solution found"},
		{"line", `{"source":"book"}`, 400, "want solution or solve"},
		{"line", `{"source":"solution"}`, 404, "the rules name no solution for Chess"},
	} {
		code, body := c.do("POST", "/api/g/0/"+tc.path, tc.body, jsonHdr...)
		if code != tc.code || !strings.Contains(body, tc.msg) {
			t.Errorf("POST %s %.60s: %d %s, want %d %q", tc.path, tc.body, code, body, tc.code, tc.msg)
		}
	}
	if st := c.solveState(0); st.State != "none" {
		t.Errorf("a refused request started a solve: %+v", st)
	}
	if code, body := c.do("GET", "/api/g/0/solve.zsg", ""); code != 404 || !strings.Contains(body, "no solution found") {
		t.Errorf("solve.zsg before a solve: %d %s", code, body)
	}
	// A mate in 1 is found; a solve with no forced win says so as the CLI does.
	st := c.solve(0, `{"text":"4k3/8/4K3/8/8/8/8/7Q w - - 0 1","moves":1}`)
	if !st.Found || !strings.HasPrefix(st.Report, "forced win in 1 moves, 1 plies") {
		t.Errorf("mate in 1: %+v", st)
	}
	st = c.solve(0, `{"text":"4k3/8/8/8/8/8/8/R3K3 w - - 0 1","moves":1}`)
	if st.Found || !strings.HasPrefix(st.Report, "no forced win within 1 moves (proof-number search, ") {
		t.Errorf("KR v K in 1: %+v", st)
	}
}

// TestSolveLimits: one solve per page (409), the server's limit (503),
// and Stop, which answers once the search has ended.
func TestSolveLimits(t *testing.T) {
	s, url := serve(t, filepath.Join(gamesDir, "chess.zrf"))
	s.solves.mu.Lock()
	s.solves.limit = 1
	s.solves.mu.Unlock()
	newC := func() *client {
		jar, _ := cookiejar.New(nil)
		c := &client{t, url, &http.Client{Jar: jar}}
		c.do("GET", "/", "")
		return c
	}
	a, b := newC(), newC()
	// A long search: the start position, mate in up to 10.
	if code, body := a.do("POST", "/api/g/0/solve", `{"moves":10,"time":60}`, jsonHdr...); code != 202 {
		t.Fatalf("start: %d %s", code, body)
	}
	if code, body := a.do("POST", "/api/g/0/solve", `{"moves":10,"time":60}`, jsonHdr...); code != 409 || !strings.Contains(body, "still running") {
		t.Fatalf("second solve of the page: %d %s", code, body)
	}
	if code, body := b.do("POST", "/api/g/0/solve", `{"moves":2}`, jsonHdr...); code != 503 || !strings.Contains(body, "runs 1 solves at once") {
		t.Fatalf("a solve beyond the server's limit: %d %s", code, body)
	}
	// Progress: positions counted as the search goes.
	deadline := time.Now().Add(20 * time.Second)
	for a.solveState(0).Nodes == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no progress in 20 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	t0 := time.Now()
	code, body := a.do("POST", "/api/g/0/solve/stop", `{}`, jsonHdr...)
	took := time.Since(t0)
	var st solveStatus
	if code != 200 || json.Unmarshal([]byte(body), &st) != nil || st.State != "stopped" ||
		!strings.HasPrefix(st.Report, "no solution found: interrupted (proof-number search, ") {
		t.Fatalf("stop: %d %s", code, body)
	}
	t.Logf("Stop answered in %v: %s", took, st.Report)
	withinBudget(t, "Stop", float64(took.Milliseconds()), 200, "ms")
	// The slot is free again.
	if st := b.solve(0, `{"text":"4k3/8/4K3/8/8/8/8/7Q w - - 0 1","moves":1}`); !st.Found {
		t.Fatalf("after the stop: %+v", st)
	}
}

// TestSolveConcurrent: pages solving, polling, stopping and taking lines
// at once (run with -race): every start is answered 202 or 503 (the
// server's two at once), every solve started ends, found, and its line
// taken gives the mate; nothing answers 5xx.
func TestSolveConcurrent(t *testing.T) {
	_, url := serve(t, filepath.Join(gamesDir, "chess.zrf"))
	const pages = 4
	errs := make(chan error, pages)
	for i := range pages {
		go func() {
			errs <- func() error {
				jar, _ := cookiejar.New(nil)
				c := &client{t, url, &http.Client{Jar: jar}}
				c.do("GET", "/", "")
				fen, _ := json.Marshal(matetrackTwo[i%len(matetrackTwo)])
				for try := 0; ; try++ {
					code, body := c.do("POST", "/api/g/0/solve", fmt.Sprintf(`{"text":%s,"moves":2}`, fen), jsonHdr...)
					if code == 503 && try < 200 {
						time.Sleep(20 * time.Millisecond)
						continue
					}
					if code != 202 {
						return fmt.Errorf("page %d: start %d %s", i, code, body)
					}
					break
				}
				var st solveStatus
				for {
					code, body := c.do("GET", "/api/g/0/solve", "")
					if code != 200 || json.Unmarshal([]byte(body), &st) != nil {
						return fmt.Errorf("page %d: status %d %s", i, code, body)
					}
					if st.State != "running" {
						break
					}
					time.Sleep(5 * time.Millisecond)
				}
				if !st.Found {
					return fmt.Errorf("page %d: %+v", i, st)
				}
				code, body := c.do("POST", "/api/g/0/line", fmt.Sprintf(`{"source":"solve","step":3,"seq":%d}`, st.Seq), jsonHdr...)
				if code != 200 || !strings.Contains(body, "White wins by checkmate") {
					return fmt.Errorf("page %d: take %d %.200s", i, code, body)
				}
				if code, body := c.do("POST", "/api/g/0/solve/stop", `{}`, jsonHdr...); code != 409 {
					return fmt.Errorf("page %d: stop after the end: %d %s", i, code, body)
				}
				return nil
			}()
		}()
	}
	for range pages {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestSolutionKept: a solution's line (Selus's problem, 21 moves to
// First's win) is made once and sent again the same.
func TestSolutionKept(t *testing.T) {
	s, url := serve(t, corpus(t, "Gabata/Selus.zrf"))
	jar, _ := cookiejar.New(nil)
	c := &client{t, url, &http.Client{Jar: jar}}
	c.do("GET", "/", "")
	var list []variantJSON
	_, body := c.do("GET", "/api/games", "")
	json.Unmarshal([]byte(body), &list)
	id := -1
	for _, g := range list {
		if g.Title == "Selus Problem" {
			id = g.ID
		}
	}
	if id < 0 {
		t.Fatalf("no Selus Problem in %s", body)
	}
	t0 := time.Now()
	code, first := c.do("GET", fmt.Sprintf("/api/g/%d/solution", id), "")
	made := time.Since(t0)
	t0 = time.Now()
	_, again := c.do("GET", fmt.Sprintf("/api/g/%d/solution", id), "")
	sent := time.Since(t0)
	var lv lineView
	if code != 200 || json.Unmarshal([]byte(first), &lv) != nil || first != again {
		t.Fatalf("solution: %d, the second answer differs", code)
	}
	// Selus's solution: 21 moves, won by First at the end.
	if len(lv.Steps) != 22 || !strings.HasPrefix(lv.Steps[21].Status, "Game over: First wins") {
		t.Fatalf("%d steps, ending %q", len(lv.Steps), lv.Steps[len(lv.Steps)-1].Status)
	}
	s.solves.mu.Lock()
	kept := len(s.solves.solutions)
	s.solves.mu.Unlock()
	if kept != 1 {
		t.Fatalf("%d solutions kept, want 1", kept)
	}
	t.Logf("made in %v, sent again in %v", made, sent)
}
