// Tests of the server's edge: what every request passes before it reaches
// a game (JSON bodies, static files, security headers, Host names, the
// paths pages are shown).

package web

import (
	"io"
	"io/fs"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
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

// TestSecurityHeaders: every answer, page, file, JSON or error, carries
// the headers that keep other sites from framing, sniffing or scripting
// the pages.
func TestSecurityHeaders(t *testing.T) {
	_, url := serve(t, filepath.Join(gamesDir, "chess.zrf"))
	want := map[string]string{
		"X-Frame-Options":         "DENY",
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "no-referrer",
		"Content-Security-Policy": contentPolicy,
	}
	cases := []struct {
		method, path, body string
		code               int
	}{
		{"GET", "/", "", 200},
		{"GET", "/g/0", "", 200},
		{"GET", "/g/99", "", 404},
		{"GET", "/static/app.js", "", 200},
		{"GET", "/static/", "", 404},
		{"GET", "/api/games", "", 200},
		{"GET", "/api/g/0/state", "", 200},
		{"POST", "/api/g/0/move", `{"text":"e5"}`, 400},
		{"DELETE", "/api/g/0/state", "", 405},
		{"GET", "/nowhere", "", 404},
	}
	for _, tc := range cases {
		req, err := http.NewRequest(tc.method, url+tc.path, strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		req.AddCookie(testCookie)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.code {
			t.Errorf("%s %s: %d, want %d", tc.method, tc.path, resp.StatusCode, tc.code)
		}
		for k, v := range want {
			if got := resp.Header.Get(k); got != v {
				t.Errorf("%s %s: %s %q, want %q", tc.method, tc.path, k, got, v)
			}
		}
	}
	// The policy must keep what the pages need and refuse the rest.
	for _, dir := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
		if !strings.Contains(contentPolicy, dir) {
			t.Errorf("content policy lacks %q", dir)
		}
	}
	if strings.Contains(contentPolicy, "unsafe") {
		t.Errorf("content policy allows unsafe inline code: %s", contentPolicy)
	}
}

// TestAssetsFitContentPolicy: the policy refuses inline scripts, inline
// styles and event handler attributes, so the pages must have none (they
// would silently stop working in the browser).
func TestAssetsFitContentPolicy(t *testing.T) {
	bad := []struct {
		files string
		re    *regexp.Regexp
		why   string
	}{
		{"*.html", regexp.MustCompile(`(?i)<style`), "inline style element"},
		{"*.html", regexp.MustCompile(`(?i)\sstyle\s*=`), "style attribute"},
		{"*.html", regexp.MustCompile(`(?i)\son[a-z]+\s*=`), "event handler attribute"},
		{"*.html", regexp.MustCompile(`(?i)<script(\s[^>]*)?>\s*[^<\s]`), "inline script"},
		{"*", regexp.MustCompile(`(?i)javascript:`), "javascript: URL"},
		{"*.js", regexp.MustCompile(`setAttribute\(\s*["'](style|on[a-z]+)["']`), "inline style or handler set as attribute"},
		{"*.js", regexp.MustCompile(`[{,]\s*["']?style["']?\s*:`), "style attribute in an attribute map"},
		{"*.js", regexp.MustCompile(`\beval\(|new Function\(|set(Timeout|Interval)\(\s*["'\x60]`), "code from a string"},
	}
	for _, b := range bad {
		names, err := fs.Glob(assets, "assets/"+b.files)
		if err != nil || len(names) == 0 {
			t.Fatalf("no assets %s (%v)", b.files, err)
		}
		for _, name := range names {
			src, err := fs.ReadFile(assets, name)
			if err != nil {
				t.Fatal(err)
			}
			for _, loc := range b.re.FindAllIndex(src, -1) {
				line := 1 + strings.Count(string(src[:loc[0]]), "\n")
				t.Errorf("%s:%d: %s %q, which the content policy refuses", name, line, b.why, src[loc[0]:loc[1]])
			}
		}
	}
}

// TestHostCheck: a request naming a host the server does not listen on
// (another site's DNS name pointed at this machine: DNS rebinding) is
// refused before it reaches a game, with a message naming the flag that
// allows it; the names the server does listen on are served.
func TestHostCheck(t *testing.T) {
	type try struct {
		host string // with "PORT" for the port listened on
		ok   bool
	}
	cases := []struct {
		name  string
		addr  string // AllowHosts' --addr ("" = not called: the default)
		extra []string
		tries []try
	}{
		{"default: loopback", "", nil, []try{
			{"127.0.0.1:PORT", true}, {"localhost:PORT", true}, {"LocalHost:PORT", true}, {"[::1]:PORT", true},
			{"127.0.0.2:PORT", true},
			{"evil.example:PORT", false}, {"evil.example", false}, {"localhost.evil.example:PORT", false},
			{"localhost:1", false}, {"localhost", false}, {"127.0.0.1:1", false},
			{"192.168.1.5:PORT", false},
		}},
		{"loopback flag with a name", "127.0.0.1:0", []string{"tunnel.example:9000"}, []try{
			{"127.0.0.1:PORT", true}, {"localhost:PORT", true}, {"tunnel.example:9000", true},
			{"tunnel.example:PORT", false}, {"tunnel.example", false}, {"evil.example:PORT", false},
		}},
		{"localhost", "localhost:8080", nil, []try{
			{"localhost:PORT", true}, {"127.0.0.1:PORT", true}, {"localhost:8080", false}, {"evil.example:PORT", false},
		}},
		{"all interfaces", ":8080", []string{"board.lan", "Proxy.Example:443"}, []try{
			{"192.168.1.5:PORT", true}, {"10.0.0.1:9999", true}, {"[fe80::1]:PORT", true}, {"192.168.1.5", true},
			{"localhost:PORT", true}, {"board.lan", true}, {"board.lan:1234", true}, {"BOARD.LAN:PORT", true},
			{"proxy.example:443", true}, {"proxy.example", false}, {"proxy.example:PORT", false},
			{"evil.example:PORT", false}, {"192.168.1.5.nip.io:PORT", false},
		}},
		{"all interfaces v6", "[::]:0", nil, []try{
			{"[2001:db8::1]:PORT", true}, {"192.168.1.5:PORT", true}, {"evil.example:PORT", false},
		}},
		{"a LAN name", "board.lan:0", nil, []try{
			{"board.lan:PORT", true}, {"board.lan:1", false}, {"127.0.0.1:PORT", true}, // the connection's own address
			{"192.168.1.5:PORT", false}, {"localhost:PORT", false}, {"evil.example:PORT", false},
		}},
		{"a LAN address", "192.168.1.5:8080", nil, []try{
			{"192.168.1.5:PORT", true}, {"192.168.1.6:PORT", false}, {"evil.example:PORT", false},
		}},
	}
	for _, tc := range cases {
		s, err := New([]string{filepath.Join(gamesDir, "chess.zrf")})
		if err != nil {
			t.Fatal(err)
		}
		if tc.addr != "" {
			if err := s.AllowHosts(tc.addr, tc.extra); err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
		}
		_, url := serveServer(t, s)
		port := url[strings.LastIndex(url, ":")+1:]
		for _, tr := range tc.tries {
			host := strings.ReplaceAll(tr.host, "PORT", port)
			for _, rq := range []struct{ method, path, body string }{
				{"GET", "/", ""}, {"GET", "/api/g/0/state", ""}, {"POST", "/api/g/0/engine", `{"moveTime":100}`},
			} {
				req, err := http.NewRequest(rq.method, url+rq.path, strings.NewReader(rq.body))
				if err != nil {
					t.Fatal(err)
				}
				req.Host = host
				req.AddCookie(testCookie)
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if tr.ok && resp.StatusCode != 200 {
					t.Errorf("%s: %s %s with Host %q: %d %.200s, want it served", tc.name, rq.method, rq.path, host, resp.StatusCode, b)
				}
				if !tr.ok && (resp.StatusCode != http.StatusMisdirectedRequest || !strings.Contains(string(b), `"error":`) ||
					!strings.Contains(string(b), "--allow-host") || resp.Header.Get("X-Frame-Options") != "DENY") {
					t.Errorf("%s: %s %s with Host %q: %d %.200s, want 421 naming --allow-host", tc.name, rq.method, rq.path, host, resp.StatusCode, b)
				}
			}
		}
		s.Close()
	}
}

// TestAllowHostsBadValues: a mistyped --addr or --allow-host is an error
// at start, not a server that refuses everyone.
func TestAllowHostsBadValues(t *testing.T) {
	s, err := New([]string{filepath.Join(gamesDir, "chess.zrf")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	cases := []struct {
		addr  string
		extra []string
		msg   string // "" = accepted
	}{
		{"127.0.0.1:8080", nil, ""},
		{"127.0.0.1:8080", []string{"board.lan", "board.lan:8080", "[fe80::1]:8080", "fe80::1", "10.0.0.7"}, ""},
		{"127.0.0.1", nil, "missing port"},
		{"127.0.0.1:8080", []string{""}, "empty name"},
		{"127.0.0.1:8080", []string{"http://board.lan/"}, "not a host name"},
		{"127.0.0.1:8080", []string{"board.lan:http"}, "not a number"},
		{"127.0.0.1:8080", []string{"board.lan:99999"}, "not a number"},
		{"127.0.0.1:8080", []string{"board.lan:"}, "not a number"},
		{"127.0.0.1:8080", []string{"*"}, "not a character of a host name"},
		{"127.0.0.1:8080", []string{"board lan"}, "not a character of a host name"},
	}
	for _, tc := range cases {
		err := s.AllowHosts(tc.addr, tc.extra)
		switch {
		case tc.msg == "" && err != nil:
			t.Errorf("AllowHosts(%q, %q): %v", tc.addr, tc.extra, err)
		case tc.msg != "" && (err == nil || !strings.Contains(err.Error(), tc.msg)):
			t.Errorf("AllowHosts(%q, %q): %v, want an error with %q", tc.addr, tc.extra, err, tc.msg)
		}
	}
}

// TestNoServerPaths: what pages are sent names the served files relative
// to what was served, never by the server's absolute paths (which tell
// another site the user's name and folders); a rule file's error still
// says file:line:col.
func TestNoServerPaths(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(gamesDir, "chess.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(src), "(name Pawn)", "(name Pawn) (flies-over-everything)", 1)
	if broken == string(src) {
		t.Fatal("chess.zrf has no (name Pawn)")
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "good", "chess.zrf")
	for f, text := range map[string]string{good: string(src), filepath.Join(dir, "bad.zrf"): broken} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, url := serve(t, dir)
	if err := s.Watch(); err != nil {
		t.Fatal(err)
	}
	c := &client{t, url, &http.Client{}}
	jar, _ := cookiejar.New(nil)
	c.c.Jar = jar
	cases := []struct {
		path string
		want *regexp.Regexp // the file named relatively
	}{
		{"/", regexp.MustCompile(`bad\.zrf:\d+:\d+`)},
		{"/", regexp.MustCompile(`>good/chess\.zrf<`)},
		{"/api/games", regexp.MustCompile(`"file":"good/chess\.zrf"`)},
		{"/api/g/0/state", regexp.MustCompile(`"file":"good/chess\.zrf"`)},
		{"/g/0", regexp.MustCompile(`Chess`)},
	}
	check := func(path string, want *regexp.Regexp) {
		t.Helper()
		code, body := c.do("GET", path, "")
		if code != 200 || !want.MatchString(body) {
			t.Errorf("GET %s: %d %.300s, want it to match %s", path, code, body, want)
		}
		if strings.Contains(body, dir) {
			t.Errorf("GET %s sends the server's path %s: %.300s", path, dir, body)
		}
	}
	for _, tc := range cases {
		check(tc.path, tc.want)
	}
	if code, body := c.do("POST", "/api/g/0/move", `{"text":"e4"}`); code != 200 {
		t.Fatalf("e4: %d %s", code, body)
	}
	code, save := c.do("GET", "/api/g/0/save.zsg", "")
	if code != 200 {
		t.Fatalf("save.zsg: %d %s", code, save)
	}
	// A reload that fails shows its error in the game's state: relative too.
	if err := os.WriteFile(good, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for c.state().RuleError == "" {
		if time.Now().After(deadline) {
			t.Fatal("the broken rule file was not reloaded")
		}
		time.Sleep(50 * time.Millisecond)
	}
	check("/api/g/0/state", regexp.MustCompile(`"ruleError":"good/chess\.zrf:\d+:\d+`))
	check("/", regexp.MustCompile(`good/chess\.zrf:\d+:\d+`))
	// A saved game loads against the rule file on disk: its error is a
	// JSON error answer, relative too.
	code, body := c.do("POST", "/api/g/0/load", save)
	if code != 400 || !regexp.MustCompile(`good/chess\.zrf:\d+:\d+`).MatchString(body) || strings.Contains(body, dir) {
		t.Errorf("load against the broken file: %d %.300s, want 400 naming good/chess.zrf:line:col and not %s", code, body, dir)
	}
}

// TestShownPaths: how paths are shown for the shapes of what is served:
// one file, a folder, files from all over the disk.
func TestShownPaths(t *testing.T) {
	cases := []struct {
		files      []string
		path, show string // a served file and how it is shown
		msg, want  string // a message and how it is shown
	}{
		{[]string{"/home/u/games/chess.zrf"}, "/home/u/games/chess.zrf", "chess.zrf",
			"/home/u/games/chess.zrf:3:7: unknown form", "chess.zrf:3:7: unknown form"},
		{[]string{"/home/u/zrf/a/x.zrf", "/home/u/zrf/b/y.zrf"}, "/home/u/zrf/b/y.zrf", "b/y.zrf",
			"/home/u/zrf/a/x.zrf:1:2: bad; included from /home/u/zrf/inc/z.inc", "a/x.zrf:1:2: bad; included from inc/z.inc"},
		{[]string{"/home/u/zrf/a/x.zrf", "/home/u/zrf/a/b/y.zrf"}, "/home/u/zrf/a/b/y.zrf", "b/y.zrf",
			"open /home/u/zrf/a/b/y.zrf: denied; a/b stays", "open b/y.zrf: denied; a/b stays"},
		{[]string{"/tmp/a.zrf", "/home/u/b.zrf", "/c.zrf"}, "/home/u/b.zrf", "home/u/b.zrf",
			"/tmp/a.zrf:1:1 and /home/u/b.zrf:2:2, 1/2 done", "tmp/a.zrf:1:1 and home/u/b.zrf:2:2, 1/2 done"},
	}
	for _, tc := range cases {
		s := &Server{}
		for _, f := range tc.files {
			s.files = append(s.files, &fileInfo{Path: filepath.FromSlash(f)})
		}
		if got := s.shownPath(filepath.FromSlash(tc.path)); got != filepath.FromSlash(tc.show) {
			t.Errorf("%q: %s shown as %q, want %q", tc.files, tc.path, got, tc.show)
		}
		if got := s.relPaths(filepath.FromSlash(tc.msg)); got != filepath.FromSlash(tc.want) {
			t.Errorf("%q: %q shown as %q, want %q", tc.files, tc.msg, got, tc.want)
		}
	}
}

// testCookie is a well-formed session cookie, for requests sent without a
// jar: a request that changes a game must carry one.
var testCookie = &http.Cookie{Name: cookieName, Value: strings.Repeat("5a", 16)}
