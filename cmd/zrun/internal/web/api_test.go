// Tests of the JSON API without a browser: bad input is refused with a 4xx
// answer and a clear message, and leaves the game as it was.

package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

type client struct {
	t   *testing.T
	url string
	c   *http.Client
}

func newClient(t *testing.T, files ...string) *client {
	_, url := serve(t, files...)
	jar, _ := cookiejar.New(nil)
	c := &client{t, url, &http.Client{Jar: jar}}
	c.do("GET", "/", "") // the page gives the cookie its requests need, as in a browser
	return c
}

// do sends a request and returns the status and the body.
func (c *client) do(method, path, body string, hdr ...string) (int, string) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.url+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := c.c.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func (c *client) state() stateJSON {
	c.t.Helper()
	code, body := c.do("GET", "/api/g/0/state", "")
	var st stateJSON
	if code != 200 || json.Unmarshal([]byte(body), &st) != nil {
		c.t.Fatalf("state: %d %s", code, body)
	}
	return st
}

func TestAPIBadInput(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	before := c.state()
	cases := []struct {
		method, path, body string
		code               int
		msg                string
	}{
		{"GET", "/api/g/9/state", "", 404, "no game"},
		{"GET", "/api/g/x/state", "", 404, "no game"},
		{"GET", "/g/12", "", 404, "no game"},
		{"POST", "/api/g/0/move", `{"text":"e2e5"}`, 400, "not a legal move here: the piece on e2 can play: e2e3 e2e4"},
		{"POST", "/api/g/0/move", `{"text":"Kxz9!!"}`, 400, "not a legal move"},
		{"POST", "/api/g/0/move", `{"index":99,"gen":1}`, 400, "no legal move 99"},
		{"POST", "/api/g/0/move", `{"index":-1,"gen":1}`, 400, "no legal move"},
		{"POST", "/api/g/0/move", `{"index":0,"gen":7}`, 409, "position has changed"},
		{"POST", "/api/g/0/move", `{"index":"zero"}`, 400, "malformed JSON"},
		{"POST", "/api/g/0/move", `{"text":`, 400, "malformed JSON"},
		{"POST", "/api/g/0/move", `{"txt":"e4"}`, 400, "unknown field"},
		{"POST", "/api/g/0/move", `{}`, 400, "no move given"},
		{"POST", "/api/g/0/move", `{"text":"` + strings.Repeat("e4", 20000) + `"}`, 413, "too large"},
		{"POST", "/api/g/0/undo", `{}`, 409, "no move to take back"},
		{"POST", "/api/g/0/redo", `{}`, 409, "no move to replay"},
		{"POST", "/api/g/0/engine", `{"moveTime":1}`, 400, "move time"},
		{"POST", "/api/g/0/engine", `{"engineFor":[true]}`, 400, "2 players"},
		{"POST", "/api/g/0/engine", `{"player":"minimax"}`, 400, "unknown player"},
		{"POST", "/api/g/0/load", ``, 400, "empty upload"},
		{"POST", "/api/g/0/load", `this is not a saved game`, 400, ""},
		{"POST", "/api/g/0/load", strings.Repeat("x", 2<<20), 413, "too large"},
	}
	for _, tc := range cases {
		code, body := c.do(tc.method, tc.path, tc.body)
		if code != tc.code || !strings.Contains(body, tc.msg) {
			t.Errorf("%s %s %.40q: %d %.200s, want %d with %q", tc.method, tc.path, tc.body, code, body, tc.code, tc.msg)
		}
	}
	if after := c.state(); after.Gen != before.Gen || len(after.History) != 0 {
		t.Errorf("bad requests changed the game: gen %d -> %d, %d moves", before.Gen, after.Gen, len(after.History))
	}
	// Another site cannot play for the user.
	if code, body := c.do("POST", "/api/g/0/move", `{"text":"e4"}`, "Origin", "http://evil.example"); code != 403 {
		t.Errorf("cross-origin move: %d %s", code, body)
	}
	// Only the embedded assets are files the server hands out.
	for _, p := range []string{"/static/../../../../go.mod", "/static/..%2f..%2fgo.mod", "/static/%2e%2e/server.go", "/g/0/../../go.mod"} {
		code, body := c.do("GET", p, "")
		if strings.Contains(body, "module zrun") || strings.Contains(body, "package web") {
			t.Errorf("%s served a source file (%d)", p, code)
		}
	}
	// A good move is played; the save is Zillions' format.
	if code, body := c.do("POST", "/api/g/0/move", `{"text":"Nf3"}`); code != 200 {
		t.Fatalf("Nf3: %d %s", code, body)
	}
	code, body := c.do("GET", "/api/g/0/save.zsg", "")
	if code != 200 || !strings.Contains(body, "Knight g1 - f3") {
		t.Errorf("save.zsg: %d %q", code, body)
	}
	code, body = c.do("GET", "/api/g/0/save.pgn", "")
	if code != 200 || !strings.Contains(body, "1. Nf3") {
		t.Errorf("save.pgn: %d %q", code, body)
	}
}

// TestIndexListsGames: with several files "/" lists every game and
// variant with its description and links to its page.
func TestIndexListsGames(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "schoolbook.zrf"), filepath.Join(gamesDir, "chess.zrf"))
	code, body := c.do("GET", "/", "")
	if code != 200 {
		t.Fatalf("index: %d", code)
	}
	for _, want := range []string{"Schoolbook", "Schoolbook 1.0", "Chess", `href="/g/`} {
		if !strings.Contains(body, want) {
			t.Errorf("index lacks %q", want)
		}
	}
}

// TestEngineBothSides: the engine playing both sides of Tic-Tac-Toe moves
// by itself to the end, and with perfect play (a search sees all of it)
// the game is a draw.
func TestEngineBothSides(t *testing.T) {
	c := newClient(t, corpus(t, "_embedded/TicTacToe-zillions-v2.zrf"))
	c.state()
	if code, body := c.do("POST", "/api/g/0/engine", `{"engineFor":[true,true],"moveTime":200}`); code != 200 {
		t.Fatalf("engine: %d %s", code, body)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		st := c.state()
		if st.Over {
			if len(st.History) != 9 || !strings.Contains(st.Result, "draw") {
				t.Errorf("engine against itself: %q after %d moves, want a draw after 9", st.Result, len(st.History))
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("not over after 30 s: %s, %d moves", st.Status, len(st.History))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestAPIPlayer: the page chooses the engine's player; the state says which
// was asked for, and the engine then moves as MCTS.
func TestAPIPlayer(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	if st := c.state(); st.Player != "alphabeta" {
		t.Errorf("default player %q, want alphabeta", st.Player)
	}
	if code, body := c.do("POST", "/api/g/0/engine", `{"player":"mcts","moveTime":100,"go":true}`); code != 200 {
		t.Fatalf("engine: %d %s", code, body)
	}
	deadline := time.Now().Add(20 * time.Second)
	for st := c.state(); len(st.History) == 0; st = c.state() {
		if time.Now().After(deadline) {
			t.Fatal("the engine did not move")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if st := c.state(); st.Player != "mcts" {
		t.Errorf("player %q after choosing mcts", st.Player)
	}
}
