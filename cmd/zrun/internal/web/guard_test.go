// Tests of the server's edge: what every request passes before it reaches
// a game (JSON bodies, static files, security headers, Host names, the
// paths pages are shown).

package web

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReadJSONTrailingData: a body is one JSON object; anything after it
// is refused, not silently dropped (the engine must not start on
// {"go":true} garbage).
func TestReadJSONTrailingData(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	cases := []struct {
		name, path, body string
		code             int
		msg              string
	}{
		{"garbage after object", "/api/g/0/engine", `{"go":true} garbage`, 400, "malformed JSON: trailing data"},
		{"two objects", "/api/g/0/engine", `{"go":true}{"go":true}`, 400, "malformed JSON: trailing data"},
		{"object then number", "/api/g/0/move", `{"text":"e4"} 1`, 400, "malformed JSON: trailing data"},
		{"object then bracket", "/api/g/0/move", `{"text":"e4"}]`, 400, "malformed JSON: trailing data"},
		{"trailing spaces are fine", "/api/g/0/move", "{\"text\":\"e4\"} \n\t ", 200, `"history"`},
		{"empty body is no options", "/api/g/0/undo", ``, 200, `"history"`},
	}
	// In order, on one game: the good requests play e4 and take it back.
	for _, tc := range cases {
		code, body := c.do("POST", tc.path, tc.body, "Content-Type", "application/json")
		if code != tc.code || !strings.Contains(body, tc.msg) {
			t.Errorf("%s: POST %s %q: %d %.200s, want %d with %q", tc.name, tc.path, tc.body, code, body, tc.code, tc.msg)
		}
	}
	if st := c.state(); st.Thinking {
		t.Error("the engine started on a refused request")
	}
}

// TestStaticFilesOnly: /static/ hands out the page's files and nothing
// else; a directory is not listed (nor its index.html template served).
func TestStaticFilesOnly(t *testing.T) {
	c := newClient(t, filepath.Join(gamesDir, "chess.zrf"))
	cases := []struct {
		path     string
		code     int
		has, not string
	}{
		{"/static/", 404, `"error"`, "<"},
		{"/static", 404, `"error"`, "<"},
		{"/static/./", 404, `"error"`, "<"},
		{"/static//", 404, `"error"`, "<"},
		{"/static/nothing.js", 404, `"error"`, "<"},
		{"/static/style.css", 200, "body", "{{"},
		{"/static/app.js", 200, "function", "{{"},
	}
	for _, tc := range cases {
		code, body := c.do("GET", tc.path, "")
		if code != tc.code || !strings.Contains(body, tc.has) || strings.Contains(body, tc.not) {
			t.Errorf("GET %s: %d %.120q, want %d with %q and without %q", tc.path, code, body, tc.code, tc.has, tc.not)
		}
	}
}
