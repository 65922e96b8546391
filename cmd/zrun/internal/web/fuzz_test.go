// Fuzzing of the JSON API: whatever a page (or anything else) posts, the
// server answers 2xx or a 4xx with a JSON error, never a 5xx or a panic.
//
//	go test ./cmd/zrun/internal/web/ -run '^$' -fuzz FuzzAPI -fuzztime 60s
//
// Under plain go test only the seeds below run.

package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// fuzzEndpoints are the POST endpoints, and whether each reads a JSON
// body (load reads a saved game as it is).
var fuzzEndpoints = []struct {
	name string
	json bool
}{
	{"move", true}, {"undo", true}, {"redo", true}, {"new", true}, {"engine", true}, {"load", false},
	{"position", true}, {"analyse", true}, {"tree", true}, {"loadpgn", false},
	{"design", true}, {"design/stop", true},
	{"solve", true}, {"solve/stop", true}, {"line", true},
}

// fuzzSeeds are valid and malformed bodies; each is posted to every
// endpoint.
var fuzzSeeds = []string{
	``,
	`{}`,
	` {} `,
	`null`,
	`[]`,
	`"text"`,
	`0`,
	`{"text":"e4"}`,
	`{"text":"Nf3"}`,
	`{"text":"e2e5"}`,
	`{"text":"` + strings.Repeat("Kxz9", 100) + `"}`,
	`{"index":0,"gen":1}`,
	`{"index":-1,"gen":1}`,
	`{"index":99999999999999999999}`,
	`{"index":0,"gen":-9223372036854775808}`,
	`{"index":"zero"}`,
	`{"go":true,"moveTime":10}`,
	`{"go":true,"moveTime":600000}`,
	`{"engineFor":[true,true],"moveTime":10}`,
	`{"engineFor":[true]}`,
	`{"engineFor":null,"moveTime":null,"player":null}`,
	`{"player":"mcts","moveTime":10,"go":true}`,
	`{"player":"auto"}`,
	`{"player":""}`,
	`{"moveTime":-1}`,
	`{"moveTime":1e400}`,
	`{"stop":true}`,
	`{"text":"4k3/8/8/8/8/8/8/4KQ2 w - - 0 1","apply":"play"}`,
	`{"text":"zpos/0/4.5.1,60.5.0/","apply":"analyse","multipv":3}`,
	`{"mover":0,"board":[[4,5,1],[60,5,0],[0,99,0]]}`,
	`{"start960":518}`,
	`{"multipv":3}`,
	`{"op":"goto","id":1}`,
	`{"op":"promote"}`,
	"1. e4 (1. d4 d5) e5 *",
	`{"games":2,"depth":1,"maxPlies":20}`,
	`{"games":1000,"depth":4}`,
	`{"games":1,"moveTime":10,"random":20,"seed":18446744073709551615}`,
	`{"games":0,"depth":9,"moveTime":-3}`,
	`{"time":1,"moves":1}`,
	`{"time":300,"moves":10,"nodes":5000000}`,
	`{"text":"2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1","moves":2}`,
	`{"weight":1e9,"macro":true,"nodes":-1}`,
	`{"source":"solve","step":1,"seq":1}`,
	`{"source":"solution","step":-1}`,
	`{"go":true} garbage`,
	`{"go":true}{"go":true}`,
	`{"text":`,
	`{"txt":"e4"}`,
	`{"text":"\ud800"}`,
	"{\"text\":\"e4\x00\"}",
	strings.Repeat("[", 10000),
	strings.Repeat(`{"a":`, 2000),
	"\xff\xfe\xfd",
	"; Zillions of Games saved game\n1. Pawn e2 - e4\n",
	"[Rules]\nRulesFile=chess.zrf\n",
}

// FuzzAPI posts each body to every POST endpoint of one game in progress,
// then stops the engine, so no search outlives the input. An input that
// asks for the auto player and a move runs its calibration match within
// the request (seconds): the fuzzer then pauses, it does not hang.
func FuzzAPI(f *testing.F) {
	s, err := New([]string{filepath.Join(gamesDir, "chess.zrf")})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(s.Close)
	h := s.Handler()
	// One browser throughout: a game in progress per input would each
	// keep an engine's table.
	post := func(path string, body []byte) (int, []byte) {
		req := httptest.NewRequest("POST", path, bytes.NewReader(body))
		req.Host = "127.0.0.1" // what a page on the default --addr sends
		req.AddCookie(&http.Cookie{Name: cookieName, Value: strings.Repeat("f", 32)})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		out, _ := io.ReadAll(rec.Result().Body)
		return rec.Code, out
	}
	// The seeds play a move and save it, so a real saved game is a seed.
	if code, b := post("/api/g/0/move", []byte(`{"text":"e4"}`)); code != 200 {
		f.Fatalf("e4: %d %s", code, b)
	}
	req := httptest.NewRequest("GET", "/api/g/0/save.zsg", nil)
	req.Host = "127.0.0.1"
	req.AddCookie(&http.Cookie{Name: cookieName, Value: strings.Repeat("f", 32)})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "e4") {
		f.Fatalf("save.zsg: %d %s", rec.Code, rec.Body)
	}
	f.Add(rec.Body.Bytes())
	for _, b := range fuzzSeeds {
		f.Add([]byte(b))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		// From the start position each time, so an input does the same
		// whatever came before.
		if code, b := post("/api/g/0/new", nil); code != 200 {
			t.Fatalf("new game: %d %s", code, b)
		}
		for _, ep := range fuzzEndpoints {
			code, b := post("/api/g/0/"+ep.name, body)
			if code >= 500 || code < 200 {
				t.Errorf("POST %s %.200q: %d %.300s", ep.name, body, code, b)
			}
			if !json.Valid(b) {
				t.Errorf("POST %s %.200q: %d, not JSON: %.300s", ep.name, body, code, b)
			}
			if code >= 400 {
				var e struct{ Error string }
				if json.Unmarshal(b, &e) != nil || e.Error == "" {
					t.Errorf("POST %s %.200q: %d without an error message: %.300s", ep.name, body, code, b)
				}
			}
			// A body that is not JSON is refused, not half read.
			if ep.json && len(bytes.TrimSpace(body)) > 0 && !json.Valid(body) && code < 400 {
				t.Errorf("POST %s %.200q: %d, accepted malformed JSON", ep.name, body, code)
			}
		}
		// Stop the engine and set its defaults again, so no search
		// outlives the input and the next starts as this one did.
		if code, b := post("/api/g/0/engine", []byte(`{"stop":true,"player":"alphabeta","moveTime":2000}`)); code != 200 {
			t.Fatalf("stopping the engine: %d %s", code, b)
		}
		// And a design run the input started (409: none playing).
		if code, b := post("/api/g/0/design/stop", nil); code != 200 && code != 409 {
			t.Fatalf("stopping the design run: %d %s", code, b)
		}
		// And a solve (409: none running).
		if code, b := post("/api/g/0/solve/stop", nil); code != 200 && code != 409 {
			t.Fatalf("stopping the solve: %d %s", code, b)
		}
	})
}
