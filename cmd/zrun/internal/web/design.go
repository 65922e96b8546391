// This file defines the Design tab's runs: "zrun design" (package design)
// started from a game's page on that game's rules, its progress polled by
// the page, stopped by it, and its HTML report served when it ends.

package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"zrun/design"
)

// What a page may ask of a design run. The bounds keep one run to minutes
// and the server's processors for its players: a run plays on one worker,
// and at most DefaultDesignRuns play at once server-wide.
const (
	maxDesignGames    = 1000
	maxDesignDepth    = 4
	minDesignMoveTime = 10   // ms
	maxDesignMoveTime = 1000 // ms
	maxDesignPlies    = 1000
	maxDesignRandom   = 20
	// DefaultDesignRuns is how many design runs may play at once on the
	// whole server (Server.designs.limit overrides it in tests).
	DefaultDesignRuns = 2
	// maxDesignTime bounds a run's wall time: a run asked for more games
	// than play in it stops there (its report of the games finished), so
	// no page holds one of the server's few runs for hours.
	maxDesignTime = 30 * time.Minute
	// maxDesignKept bounds the finished runs whose reports are kept (one
	// per game page at most); the oldest finished is dropped beyond.
	maxDesignKept = 64
)

// designRequest is POST /api/g/ID/design's body: all fields optional.
type designRequest struct {
	Games    *int    `json:"games"`    // default 100
	Depth    *int    `json:"depth"`    // default 2
	MoveTime *int    `json:"moveTime"` // ms a move instead of a depth
	Seed     *uint64 `json:"seed"`     // default 1
	Random   *int    `json:"random"`   // random opening plies, default 4
	MaxPlies *int    `json:"maxPlies"` // default 300
}

// designRun is one run of one game page. mu guards the fields below it;
// stop is read by the run itself.
type designRun struct {
	stop   atomic.Bool
	cancel context.CancelFunc // ends the search under way (with stop set)

	mu       sync.Mutex
	seq      int    // the run's number on the server: a page tells its runs apart
	state    string // "running", "done", "stopped", "failed"
	opts     design.Options
	total    int
	recs     []*design.GameRecord // the games finished so far (in no order)
	started  time.Time
	finished time.Time
	err      string
	note     string // why the run stopped, when not by the page's Stop
	report   []byte // the HTML report (done, or stopped with games played)
}

// designStatus is the JSON of GET /api/g/ID/design.
type designStatus struct {
	State    string      `json:"state"` // "none" before the first run
	Seq      int         `json:"seq,omitempty"`
	Games    int         `json:"games,omitempty"` // asked for
	Depth    int         `json:"depth,omitempty"`
	MoveTime int         `json:"moveTime,omitempty"`
	Done     int         `json:"done"`
	Live     design.Live `json:"live"`
	Elapsed  float64     `json:"elapsed"` // seconds
	Error    string      `json:"error,omitempty"`
	Note     string      `json:"note,omitempty"`   // why it stopped, when not by Stop
	Report   string      `json:"report,omitempty"` // the report's URL, when there is one
	Limits   designLimit `json:"limits"`
}

// designLimit tells the page the bounds its form must keep.
type designLimit struct {
	Games       int `json:"games"`
	Depth       int `json:"depth"`
	MoveTimeMin int `json:"moveTimeMin"`
	MoveTimeMax int `json:"moveTimeMax"`
}

var designLimits = designLimit{maxDesignGames, maxDesignDepth, minDesignMoveTime, maxDesignMoveTime}

// designSet is the server's design runs, one per game page (session).
type designSet struct {
	jobTable[*designRun]
	// time bounds a run's wall time (maxDesignTime when 0; tests shorten it)
	time time.Duration
}

func (s *Server) designRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /api/g/{id}/design", s.withSession(false, (*session).apiDesignStatus))
	m.HandleFunc("POST /api/g/{id}/design", s.withSession(true, (*session).apiDesignStart))
	m.HandleFunc("POST /api/g/{id}/design/stop", s.withSession(true, (*session).apiDesignStop))
	m.HandleFunc("GET /api/g/{id}/design/report", s.withSession(false, (*session).apiDesignReport))
}

// options checks a request against the bounds and returns the run's
// options for the game of e.
func (req *designRequest) options(e *Entry) (design.Options, error) {
	o := design.Options{File: e.Path, Variant: e.Title, Games: 100, Depth: 2, Seed: 1, RandomPlies: 4, MaxPlies: 300, Jobs: 1}
	if req.Games != nil {
		if *req.Games < 1 || *req.Games > maxDesignGames {
			return o, badRequest("games must be 1 to %d, not %d", maxDesignGames, *req.Games)
		}
		o.Games = *req.Games
	}
	if req.Depth != nil && req.MoveTime != nil {
		return o, badRequest("give a depth or a time a move, not both")
	}
	if req.Depth != nil {
		if *req.Depth < 1 || *req.Depth > maxDesignDepth {
			return o, badRequest("depth must be 1 to %d, not %d", maxDesignDepth, *req.Depth)
		}
		o.Depth = *req.Depth
	}
	if req.MoveTime != nil {
		if *req.MoveTime < minDesignMoveTime || *req.MoveTime > maxDesignMoveTime {
			return o, badRequest("moveTime must be %d to %d ms, not %d", minDesignMoveTime, maxDesignMoveTime, *req.MoveTime)
		}
		o.Depth, o.MoveTime = 0, time.Duration(*req.MoveTime)*time.Millisecond
	}
	if req.Seed != nil {
		o.Seed = *req.Seed
	}
	if req.Random != nil {
		if *req.Random < 0 || *req.Random > maxDesignRandom {
			return o, badRequest("random must be 0 to %d plies, not %d", maxDesignRandom, *req.Random)
		}
		o.RandomPlies = *req.Random
	}
	if req.MaxPlies != nil {
		if *req.MaxPlies < 1 || *req.MaxPlies > maxDesignPlies {
			return o, badRequest("maxPlies must be 1 to %d, not %d", maxDesignPlies, *req.MaxPlies)
		}
		o.MaxPlies = *req.MaxPlies
	}
	return o, nil
}

// apiDesignStart starts a design run of the page's game: 409 while the
// page's last run plays, 503 when the server plays its limit of runs.
func (se *session) apiDesignStart(w http.ResponseWriter, r *http.Request) error {
	var req designRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	o, err := req.options(se.entry)
	if err != nil {
		return err
	}
	se.mu.Lock()
	players := len(se.g.G.Players)
	random := false
	for _, p := range se.g.G.Players {
		random = random || p.Random
	}
	se.mu.Unlock()
	if players != 2 || random {
		why := fmt.Sprintf("this one has %d players", players)
		if random {
			why += ", one of them moving at random"
		}
		return &httpError{http.StatusUnprocessableEntity, "a design run needs a game of two players who choose their moves; " + why}
	}
	ds := &se.srv.designs
	seq, err := ds.admit(se, DefaultDesignRuns, "this game's design run is still playing; stop it first",
		"this server plays %d design runs at once, all busy; try again when one ends")
	if err != nil {
		return err
	}
	dr := &designRun{seq: seq, state: "running", opts: o, total: o.Games, started: time.Now()}
	o.Stop = &dr.stop
	o.Context, dr.cancel = context.WithCancel(context.Background())
	o.Progress = func(done, total int, recs []*design.GameRecord) {
		dr.mu.Lock()
		dr.recs = append(dr.recs[:0], recs...)
		dr.mu.Unlock()
	}
	ds.add(se, dr, maxDesignKept)
	go se.srv.playDesign(dr, o)
	writeJSON(w, http.StatusAccepted, dr.status(se))
	return nil
}

// playDesign plays a run and makes its report (of the games finished,
// when stopped).
func (s *Server) playDesign(dr *designRun, o design.Options) {
	ds := &s.designs
	defer ds.ended()
	defer dr.cancel() // the context's resources, once the run has ended
	limit := ds.time
	if limit <= 0 {
		limit = maxDesignTime
	}
	timer := time.AfterFunc(limit, func() {
		dr.mu.Lock()
		dr.note = fmt.Sprintf("stopped at the server's limit of %v a run", limit)
		dr.mu.Unlock()
		dr.halt()
	})
	defer timer.Stop()
	defer func() {
		if p := recover(); p != nil {
			s.logPanic(p)
			dr.finish("failed", fmt.Sprintf("internal error: %v (logged on the server)", p), nil)
		}
	}()
	h, recs, err := design.Run(o)
	state := "done"
	switch {
	case errors.Is(err, design.ErrStopped):
		state = "stopped"
	case err != nil:
		dr.finish("failed", s.relPaths(err.Error()), nil)
		return
	}
	if len(recs) == 0 {
		dr.finish(state, "", nil)
		return
	}
	ld, err := design.Load(o.File, o.Variant)
	if err != nil {
		dr.finish("failed", s.relPaths(err.Error()), nil)
		return
	}
	var b bytes.Buffer
	if err := design.WriteHTML(&b, design.Analyse(h, recs, ld)); err != nil {
		dr.finish("failed", err.Error(), nil)
		return
	}
	// The report names the rule file and its rules' file:line: as pages
	// see paths, never the server's own.
	dr.finish(state, "", []byte(s.relPaths(b.String())))
}

// finish ends a run: its state, error and report.
func (dr *designRun) finish(state, err string, report []byte) {
	dr.mu.Lock()
	defer dr.mu.Unlock()
	dr.state, dr.err, dr.report, dr.finished = state, err, report, time.Now()
}

// halt stops the run: no game starts, the search under way ends now.
func (dr *designRun) halt() {
	dr.stop.Store(true)
	dr.cancel()
}

func (dr *designRun) running() bool {
	dr.mu.Lock()
	defer dr.mu.Unlock()
	return dr.state == "running"
}

// status is the run's JSON for the page of se.
func (dr *designRun) status(se *session) designStatus {
	dr.mu.Lock()
	defer dr.mu.Unlock()
	st := designStatus{State: dr.state, Seq: dr.seq, Games: dr.total, Depth: dr.opts.Depth,
		MoveTime: int(dr.opts.MoveTime / time.Millisecond), Done: len(dr.recs), Live: design.Running(dr.recs),
		Error: dr.err, Note: dr.note, Limits: designLimits}
	end := dr.finished
	if dr.state == "running" {
		end = time.Now()
	}
	st.Elapsed = end.Sub(dr.started).Seconds()
	if dr.report != nil {
		st.Report = fmt.Sprintf("/api/g/%d/design/report?run=%d", se.entry.ID, dr.seq)
	}
	return st
}

func (se *session) apiDesignStatus(w http.ResponseWriter, r *http.Request) error {
	dr := se.srv.designs.job(se)
	if dr == nil {
		writeJSON(w, http.StatusOK, designStatus{State: "none", Limits: designLimits})
		return nil
	}
	writeJSON(w, http.StatusOK, dr.status(se))
	return nil
}

// apiDesignStop stops the page's run: the game under way is abandoned at
// its next search and the report made of the games finished.
func (se *session) apiDesignStop(w http.ResponseWriter, r *http.Request) error {
	var req struct{}
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	dr := se.srv.designs.job(se)
	if dr == nil || !dr.running() {
		return conflict("this game has no design run playing")
	}
	dr.halt()
	writeJSON(w, http.StatusOK, dr.status(se))
	return nil
}

// designReportPolicy is the report's own content policy: the page is
// design.WriteHTML's, with an inline style sheet and SVG and no script,
// shown in the Design tab's frame (same origin only) and sandboxed.
const designReportPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox"

// apiDesignReport serves the page's last report (404 when there is none).
func (se *session) apiDesignReport(w http.ResponseWriter, r *http.Request) error {
	dr := se.srv.designs.job(se)
	var report []byte
	if dr != nil {
		dr.mu.Lock()
		report = dr.report
		dr.mu.Unlock()
	}
	if report == nil {
		return &httpError{http.StatusNotFound, "this game has no design report yet"}
	}
	w.Header().Set("Content-Security-Policy", designReportPolicy)
	w.Header().Set("X-Frame-Options", "SAMEORIGIN")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	w.Write(report) // a page gone away hears nothing more
	return nil
}

// closeDesigns stops every run and waits for them to end (Close).
func (s *Server) closeDesigns() {
	s.designs.stopAll((*designRun).halt)
}
