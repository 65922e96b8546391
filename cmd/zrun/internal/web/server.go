// This file defines the server: the games it serves, their pages, the JSON
// API and the per-browser sessions.

package web

import (
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"zrun/cmd/zrun/internal/docpage"
	"zrun/cmd/zrun/internal/play"
	"zrun/gamefile"
	"zrun/vm"
)

//go:embed assets
var assets embed.FS

// Limits on what a page may send: a move or command is a few bytes, a saved
// game a few kilobytes; anything far larger is refused before it is read.
const (
	maxBody    = 16 << 10
	maxUpload  = 1 << 20
	maxSession = 200 // games in progress kept; the oldest is dropped beyond
	// maxUnconfirmed bounds the games started by a request whose cookie
	// has not come back yet: a client that never keeps its cookie (a
	// script, a crawler) makes a new game each request, and those are
	// dropped first, so it cannot push out the games people play.
	maxUnconfirmed = 32
	maxStreams     = 16 // event streams (open pages) of one game
	// DefaultEngines is how many games may hold an engine table at once
	// (hashMB each): the server's memory for tables is bounded whatever
	// the number of games.
	DefaultEngines = 8
)

// Entry is one game or variant the server offers, with its own page.
type Entry struct {
	ID    int
	Path  string   // the rule file
	Title string   // the game's title in it
	Desc  []string // the game's description, in paragraphs
	File  int      // index of the file among the served files
	// game is the rule set as last loaded; sessions start from it rather
	// than reading the file again (large files take seconds to load).
	game *vm.Game
	// pics are the pictures game names (pictures.go), found for picsOf.
	pics   *pictureTable
	picsOf *vm.Game
}

// fileInfo is one served rule file.
type fileInfo struct {
	Path    string
	Err     string // why it could not be loaded ("" when it loaded)
	Loading bool   // not loaded yet
	Entries []*Entry
}

// Server serves the games of a set of rule files.
type Server struct {
	mu       sync.Mutex
	files    []*fileInfo
	entries  []*Entry
	sessions map[string]*session // by cookie + "/" + entry ID
	order    []string            // session keys, oldest first
	// engines are the games holding an engine table, least recently
	// started first; at most Engines of them.
	engines []*session
	// Engines is how many games may hold an engine table at once
	// (DefaultEngines when 0).
	Engines int
	mux     *http.ServeMux
	done    chan struct{} // closed by Close: event streams end
	closing sync.Once
	// Log receives one line per reload (nil: none).
	Log io.Writer
	// loadGames reads a rule file's games (play.LoadGames; tests slow it
	// down to show that no request waits for a load).
	loadGames func(path string) ([]*vm.Game, error)

	// edge: the Host names served and the paths pages are shown (guard.go).
	edge edge
	// pngs: the author's pictures converted to PNG (pictures.go).
	pngs *pngCache
	// rooms: the shared games (room.go).
	rooms roomSet
	// designs: the Design tab's self-play runs (design.go).
	designs designSet
	// solves: the puzzle tools' solves (solve.go).
	solves solveSet
	// lanOrigin: the address invitations made on this machine give (lan.go).
	lanOrigin atomic.Pointer[string]
	// roomLimits bounds each client's changes to a shared game (limits.go).
	roomLimits struct {
		once sync.Once
		l    *rateLimiter
	}
}

// New loads the rule files (directories are searched for .zrf and .ini
// files) and returns a server for them.
func New(args []string) (*Server, error) {
	var paths []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			paths = append(paths, a)
			continue
		}
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && gamefile.IsGameFile(p) {
				paths = append(paths, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	if len(paths) == 0 {
		return nil, errors.New("no .zrf or .ini files to serve")
	}
	s := &Server{sessions: map[string]*session{}, done: make(chan struct{}), pngs: newPNGCache(defaultPNGBudget),
		loadGames: func(path string) ([]*vm.Game, error) { return play.LoadGames(path, "") }}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		s.files = append(s.files, &fileInfo{Path: abs})
	}
	// A few files load before the server answers, so "/" opens the board
	// at once; a folder of many loads in the background.
	if len(s.files) <= 8 {
		s.loadCatalog("")
	} else {
		for _, f := range s.files {
			f.Loading = true
		}
		s.loadInBackground()
	}
	s.routes()
	return s, nil
}

// loadCatalog (re)reads the titles and descriptions of the served files in
// dir ("" = all). Entry IDs stay stable across reloads as long as a file's
// games keep their titles, because pages and sessions are keyed by them.
// Files load without the lock held (a large one takes seconds).
func (s *Server) loadCatalog(dir string) {
	s.mu.Lock()
	files := append([]*fileInfo(nil), s.files...)
	s.mu.Unlock()
	for fi, f := range files {
		if dir != "" && filepath.Dir(f.Path) != dir {
			continue
		}
		s.loadFile(fi, f)
	}
}

func (s *Server) loadFile(fi int, f *fileInfo) {
	games, err := s.loadGames(f.Path)
	s.mu.Lock()
	defer s.mu.Unlock()
	f.Loading = false
	if err != nil {
		f.Err = err.Error()
		return // keep the entries of the last good load
	}
	old := map[string]*Entry{}
	for _, e := range f.Entries {
		old[e.Title] = e
	}
	f.Err, f.Entries = "", nil
	for _, g := range games {
		e := old[g.Title]
		if e == nil {
			e = &Entry{ID: len(s.entries), Path: f.Path, Title: g.Title, File: fi}
			s.entries = append(s.entries, e)
		}
		e.Desc, e.game = docpage.Paragraphs(g.Description), g
		f.Entries = append(f.Entries, e)
	}
}

// loadInBackground loads many files with a worker per processor, so the
// server answers (listing what has loaded) while a whole corpus loads.
func (s *Server) loadInBackground() {
	jobs := make(chan int)
	for range max(1, runtime.NumCPU()) {
		go func() {
			for fi := range jobs {
				s.loadFile(fi, s.files[fi])
			}
		}()
	}
	go func() {
		for fi := range s.files {
			jobs <- fi
		}
		close(jobs)
	}()
}

// Handler is the server's HTTP handler.
// It is the routes behind the edge's checks (guard.go), so tests through
// httptest meet the same server as a browser.
func (s *Server) Handler() http.Handler { return s.edgeHandler(s.mux) }

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.index)
	m.HandleFunc("GET /g/{id}", s.gamePage)
	m.Handle("GET /static/", staticFiles())
	m.HandleFunc("GET /api/games", s.apiGames)
	m.HandleFunc("GET /api/g/{id}/state", s.withSession(false, (*session).apiState))
	m.HandleFunc("POST /api/g/{id}/move", s.withSession(true, (*session).apiMove))
	m.HandleFunc("POST /api/g/{id}/undo", s.withSession(true, (*session).apiUndo))
	m.HandleFunc("POST /api/g/{id}/redo", s.withSession(true, (*session).apiRedo))
	m.HandleFunc("POST /api/g/{id}/new", s.withSession(true, (*session).apiNew))
	m.HandleFunc("POST /api/g/{id}/engine", s.withSession(true, (*session).apiEngine))
	m.HandleFunc("GET /api/g/{id}/events", s.withSession(false, (*session).apiEvents))
	m.HandleFunc("GET /api/g/{id}/save.zsg", s.withSession(false, (*session).apiSaveZSG))
	m.HandleFunc("GET /api/g/{id}/save.pgn", s.withSession(false, (*session).apiSavePGN))
	m.HandleFunc("POST /api/g/{id}/load", s.withSession(true, (*session).apiLoad))
	m.HandleFunc("GET /api/g/{id}/picture/{n}", s.apiPicture)
	m.HandleFunc("GET /api/g/{id}/pieces", s.withSession(false, (*session).apiPieces))
	s.roomRoutes(m)
	s.studyRoutes(m)
	s.designRoutes(m)
	s.solveRoutes(m)
	s.mux = m
}

// httpError is an error with the status it answers.
type httpError struct {
	code int
	msg  string
}

func (e *httpError) Error() string { return e.msg }

func badRequest(format string, a ...any) error {
	return &httpError{http.StatusBadRequest, fmt.Sprintf(format, a...)}
}

func conflict(format string, a ...any) error {
	return &httpError{http.StatusConflict, fmt.Sprintf(format, a...)}
}

// writeError answers err as JSON {"error": ...} with its status (500 for
// errors that are not the client's).
func writeError(w http.ResponseWriter, err error) {
	code := http.StatusInternalServerError
	var he *httpError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &he):
		code = he.code
	case errors.As(err, &mbe):
		code = http.StatusRequestEntityTooLarge
		err = fmt.Errorf("request too large (limit %d bytes)", mbe.Limit)
	}
	writeJSON(w, code, map[string]string{"error": shownError(w, err)})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// entry finds the game of a request's {id}.
func (s *Server) entry(r *http.Request) (*Entry, error) {
	id, err := strconv.Atoi(r.PathValue("id"))
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil || id < 0 || id >= len(s.entries) {
		return nil, &httpError{http.StatusNotFound, fmt.Sprintf("no game %q", r.PathValue("id"))}
	}
	return s.entries[id], nil
}

const cookieName = "zrun-session"

// cookieID returns the request's session cookie, if it has a well-formed one.
func cookieID(r *http.Request) (string, bool) {
	if c, err := r.Cookie(cookieName); err == nil && len(c.Value) == 32 {
		if _, err := hex.DecodeString(c.Value); err == nil {
			return c.Value, true
		}
	}
	return "", false
}

// browserID returns the request's session cookie, setting a new one when
// it has none.
func browserID(w http.ResponseWriter, r *http.Request) string {
	if id, ok := cookieID(r); ok {
		return id
	}
	var b [16]byte
	rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: id, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		MaxAge: 30 * 24 * 3600})
	return id
}

// sessionFor returns the game in progress of this browser on this page,
// starting it when there is none. A request that changes a game must carry
// the cookie the page was given: a POST without one starts nothing.
func (s *Server) sessionFor(w http.ResponseWriter, r *http.Request, mutates bool) (*session, error) {
	e, err := s.entry(r)
	if err != nil {
		return nil, err
	}
	if _, ok := cookieID(r); !ok && mutates {
		return nil, &httpError{http.StatusForbidden, "no session cookie: open the game's page first (the browser must accept cookies)"}
	}
	key := browserID(w, r) + "/" + strconv.Itoa(e.ID)
	s.mu.Lock()
	se := s.sessions[key]
	if se != nil {
		se.confirmed = true
	}
	vg := e.game
	s.mu.Unlock()
	if se != nil {
		return se, nil
	}
	se, err = newSession(s, e, vg)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if other := s.sessions[key]; other != nil {
		return other, nil // another request of the same page won
	}
	s.sessions[key] = se
	s.order = append(s.order, key)
	s.evictSessions()
	return se, nil
}

// evictSessions drops games in progress beyond the limits: games whose
// cookie never came back first (beyond maxUnconfirmed), then the oldest
// (beyond maxSession); s.mu is held. A dropped game's engine is stopped and
// its table freed in the background.
func (s *Server) evictSessions() {
	unconfirmed := 0
	for _, k := range s.order {
		if !s.sessions[k].confirmed {
			unconfirmed++
		}
	}
	for i := 0; i < len(s.order) && unconfirmed > maxUnconfirmed; {
		if !s.sessions[s.order[i]].confirmed {
			s.dropSession(i)
			unconfirmed--
			continue
		}
		i++
	}
	for len(s.order) > maxSession {
		s.dropSession(0)
	}
}

// dropSession forgets the game of s.order[i]; s.mu is held.
func (s *Server) dropSession(i int) {
	key := s.order[i]
	if se := s.sessions[key]; se != nil {
		s.engines = slices.DeleteFunc(s.engines, func(o *session) bool { return o == se })
		go se.retire()
	}
	delete(s.sessions, key)
	s.order = slices.Delete(s.order, i, i+1)
}

// claimEngine gives se one of the server's engine tables before its search
// starts; se.mu is held. When every table is taken, the game that started
// its engine least recently and is not thinking gives its table up (it is
// made again when that game's engine next moves); when all are thinking,
// the claim is refused. Another game's lock is only tried, never waited
// for, so two games claiming at once cannot deadlock.
func (s *Server) claimEngine(se *session) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := slices.Index(s.engines, se); i >= 0 {
		s.engines = append(slices.Delete(s.engines, i, i+1), se)
		return nil
	}
	limit := s.Engines
	if limit <= 0 {
		limit = DefaultEngines
	}
	for len(s.engines) >= limit {
		freed := false
		for i, o := range s.engines {
			if !o.mu.TryLock() {
				continue
			}
			if !o.thinking {
				o.g.FreeEngine()
				s.engines = slices.Delete(s.engines, i, i+1)
				freed = true
			}
			o.mu.Unlock()
			if freed {
				break
			}
		}
		if !freed {
			return &httpError{http.StatusServiceUnavailable,
				fmt.Sprintf("all %d engines of this server are thinking; try again in a moment", limit)}
		}
	}
	s.engines = append(s.engines, se)
	return nil
}

// withSession wraps an API handler that works on the request's game in
// progress. Mutating requests must come from the page itself (a JSON or
// upload body, same origin, the page's cookie), so another site cannot play
// moves for a user. A panic in the handler is logged with its stack and
// answered as a 500 to that page; the server goes on.
func (s *Server) withSession(mutates bool, h func(*session, http.ResponseWriter, *http.Request) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		defer s.recoverAPI(w)
		if refusedCrossOrigin(w, r, mutates) {
			return
		}
		se, err := s.sessionFor(w, r, mutates)
		if err == nil {
			err = h(se, w, r)
		}
		if err != nil {
			writeError(w, err)
		}
	}
}

// recoverAPI, deferred by an API handler, answers a panic as a 500 to that
// page and logs it with its stack; the server goes on.
func (s *Server) recoverAPI(w http.ResponseWriter) {
	if p := recover(); p != nil {
		s.logPanic(p)
		writeError(w, fmt.Errorf("internal error: %v (logged on the server)", p))
	}
}

// refusedCrossOrigin answers 403 to a request that would change a game
// but comes from another site's page, and says so.
func refusedCrossOrigin(w http.ResponseWriter, r *http.Request, mutates bool) bool {
	if o := r.Header.Get("Origin"); mutates && o != "" && !sameOrigin(o, r.Host) {
		writeError(w, &httpError{http.StatusForbidden, "cross-origin request refused"})
		return true
	}
	return false
}

// logPanic logs a recovered panic with its stack (to Log, else standard
// error: a crash is never silent).
func (s *Server) logPanic(p any) {
	out := s.Log
	if out == nil {
		out = os.Stderr
	}
	fmt.Fprintf(out, "zrun serve: recovered from panic: %v\n%s\n", p, debug.Stack())
}

func sameOrigin(origin, host string) bool {
	o := strings.TrimPrefix(strings.TrimPrefix(origin, "http://"), "https://")
	return o == host
}

// readJSON decodes a small JSON body into v.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	if len(strings.TrimSpace(string(body))) == 0 {
		return nil
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badRequest("malformed JSON: %v", err)
	}
	// Decode stops after the first value; what follows it would be
	// silently dropped, so a body like {"go":true} garbage is refused
	// rather than half obeyed.
	if _, err := dec.Token(); err != io.EOF {
		return badRequest("malformed JSON: trailing data after the request object")
	}
	return nil
}

// --- pages

var pageTmpl = template.Must(template.ParseFS(assets, "assets/*.html"))

type indexFile struct {
	Path    string
	Err     string
	Loading bool
	Entries []*Entry
}

// index lists the games, or opens the board when one file is served.
func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	browserID(w, r) // the page's requests that change the game need its cookie
	s.mu.Lock()
	files := make([]indexFile, len(s.files))
	for i, f := range s.files {
		files[i] = indexFile{s.shownPath(f.Path), s.relPaths(f.Err), f.Loading, f.Entries}
	}
	s.mu.Unlock()
	if len(files) == 1 && len(files[0].Entries) > 0 {
		s.renderGame(w, files[0].Entries[0])
		return
	}
	sort.SliceStable(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := pageTmpl.ExecuteTemplate(w, "index.html", files); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (s *Server) gamePage(w http.ResponseWriter, r *http.Request) {
	browserID(w, r)
	e, err := s.entry(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	s.renderGame(w, e)
}

func (s *Server) renderGame(w http.ResponseWriter, e *Entry) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := pageTmpl.ExecuteTemplate(w, "game.html", e); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// apiGames lists the games (the variant chooser reads the file's part).
func (s *Server) apiGames(w http.ResponseWriter, r *http.Request) {
	type game struct {
		ID    int    `json:"id"`
		Title string `json:"title"`
		File  string `json:"file"`
	}
	s.mu.Lock()
	var out []game
	for _, f := range s.files {
		for _, e := range f.Entries {
			out = append(out, game{e.ID, e.Title, s.shownPath(f.Path)})
		}
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, out)
}

// variants lists the games of e's file, for the variant chooser.
func (s *Server) variants(e *Entry) []variantJSON {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []variantJSON
	for _, o := range s.files[e.File].Entries {
		out = append(out, variantJSON{o.ID, o.Title})
	}
	return out
}

// fileError is the load error of e's file ("" when it loads).
func (s *Server) fileError(e *Entry) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.files[e.File].Err
}

// Sessions returns the games in progress (for the watcher).
func (s *Server) sessionList() []*session {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*session, 0, len(s.sessions))
	for _, se := range s.sessions {
		out = append(out, se)
	}
	return out
}

// Close ends the event streams and stops the engines, so the HTTP server
// can shut down (the streams would otherwise stay open).
func (s *Server) Close() {
	s.closing.Do(func() { close(s.done) })
	for _, se := range s.sessionList() {
		se.halt()
	}
	s.closeRooms()
	s.closeDesigns()
	s.closeSolves()
}

// Serve serves on ln until it fails. There is no write timeout: the event
// stream stays open as long as the page.
func (s *Server) Serve(ln net.Listener) error {
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 64 << 10}
	return srv.Serve(ln)
}
