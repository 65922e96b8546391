// This file defines the page's puzzle tools (issue #47): "Show the
// solution", the saved game a rule file names with (solution "x.zsg"),
// sent to the page as a line of positions it steps through; and Solve,
// play.Solve (package solve: A* for a one-player puzzle, proof-number
// search for a forced win of the side to move) run on the page's position
// in the background, its progress polled, stopped by the page, bounded per
// page and per server, its answer a line like the solution's and a .zsg.
// A line is only shown until the page takes it into the game in progress
// (POST .../line).

package web

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/solve"
	"zrun/vm"
)

// What a page may ask of a solve. A solve runs on one goroutine; at most
// DefaultSolves run at once on the server, each for maxSolveTime at most
// and holding at most maxPuzzleNodes (A*: a stored position each) or
// maxMateNodes (proof-number search: a small node each) positions.
const (
	// DefaultSolves is how many solves may run at once on the whole
	// server (Server.solves.limit overrides it in tests).
	DefaultSolves = 2
	// maxSolveTime bounds a solve's wall time (seconds).
	maxSolveTime = 300
	// defaultSolveTime is a solve's time when the page asks none (seconds).
	defaultSolveTime = 30
	// maxPuzzleNodes and maxMateNodes bound the positions a solve keeps:
	// its memory (a few hundred MB at most).
	maxPuzzleNodes = 2_000_000
	maxMateNodes   = 5_000_000
	// maxMateMoves bounds a forced win's length in the winner's moves.
	maxMateMoves = 10
	// maxPuzzleMoves bounds a puzzle solution's length (the A* bound).
	maxPuzzleMoves = 1000
	// maxSolveWeight bounds the puzzle estimate's weight.
	maxSolveWeight = 10
	// maxLineSteps bounds a line sent to the page (a solution file of
	// more moves is refused).
	maxLineSteps = 5000
	// maxSolveKept bounds the finished solves kept (one per page at most).
	maxSolveKept = 64
	// solveStopWait bounds how long Stop waits for the search to end.
	solveStopWait = 2 * time.Second
)

// solveRequest is POST /api/g/ID/solve's body: all fields optional.
type solveRequest struct {
	Time   *int     `json:"time"`   // seconds, default defaultSolveTime
	Moves  *int     `json:"moves"`  // forced win: the winner's moves (default 3); puzzle: the bound (default none)
	Nodes  *int64   `json:"nodes"`  // default and most maxPuzzleNodes or maxMateNodes
	Weight *float64 `json:"weight"` // puzzles: f = g + W*h (1 to maxSolveWeight)
	Macro  bool     `json:"macro"`  // puzzles: macro moves
	// Text is a position (a FEN or compact text, as the editor sends) to
	// solve instead of the game's; setboard's check applies.
	Text string `json:"text"`
}

// solveLimit tells the page the bounds its form must keep.
type solveLimit struct {
	Time        int   `json:"time"`
	PuzzleNodes int64 `json:"puzzleNodes"`
	MateNodes   int64 `json:"mateNodes"`
	MateMoves   int   `json:"mateMoves"`
	Moves       int   `json:"moves"`
	Weight      int   `json:"weight"`
}

var solveLimits = solveLimit{maxSolveTime, maxPuzzleNodes, maxMateNodes, maxMateMoves, maxPuzzleMoves, maxSolveWeight}

// stepJSON is one position of a line: the move that led to it (none at
// the start) and what the page draws.
type stepJSON struct {
	Move   *moveText  `json:"move,omitempty"`
	Board  [][3]int   `json:"board"`
	Hands  [][3]int64 `json:"hands"`
	Mover  int        `json:"mover"`
	Last   []int      `json:"last,omitempty"`
	Check  []int      `json:"check,omitempty"`
	Status string     `json:"status"`
	Over   bool       `json:"over"`
	Result string     `json:"result,omitempty"`
	Goal   string     `json:"goal,omitempty"`
}

// lineView is a line of moves from a position, as the page steps through
// it: Steps[0] is the start, Steps[k] the position after k moves.
type lineView struct {
	Source string     `json:"source"` // "solution" or "solve"
	Name   string     `json:"name"`   // the solution's file, or "Solve"
	Text   string     `json:"text"`   // the moves in the game's notation
	Steps  []stepJSON `json:"steps"`
}

// puzzleJSON is GET /api/g/ID/puzzle: what the page offers.
type puzzleJSON struct {
	// Solution names the saved game the rules name for this game ("" for
	// none); Missing says why it cannot be shown when it is named but
	// not there.
	Solution string      `json:"solution,omitempty"`
	Missing  string      `json:"missing,omitempty"`
	Players  int         `json:"players"`
	Solve    solveStatus `json:"solve"`
}

// solveStatus is GET /api/g/ID/solve.
type solveStatus struct {
	State    string  `json:"state"` // "none", "running", "done", "stopped", "failed"
	Seq      int     `json:"seq,omitempty"`
	Puzzle   bool    `json:"puzzle"`
	Nodes    int64   `json:"nodes"`
	Elapsed  float64 `json:"elapsed"` // seconds
	Bound    int     `json:"bound,omitempty"`
	Progress string  `json:"progress,omitempty"` // the CLI's progress line
	// Report is the answer as "zrun solve" prints it (play.Solved.Report).
	Report string     `json:"report,omitempty"`
	Found  bool       `json:"found"`
	Error  string     `json:"error,omitempty"`
	Line   *lineView  `json:"line,omitempty"`
	ZSG    string     `json:"zsg,omitempty"`   // the solution's .zsg, when it saves
	NoZSG  string     `json:"noZsg,omitempty"` // why it does not
	Limits solveLimit `json:"limits"`
	Time   int        `json:"time,omitempty"` // the time limit asked, seconds
}

// solveJob is one solve of one page. mu guards the fields below it.
type solveJob struct {
	cancel context.CancelFunc
	done   chan struct{}

	mu       sync.Mutex
	seq      int
	state    string
	puzzle   bool
	timeSec  int
	progress solve.Progress
	started  time.Time
	finished time.Time
	report   string
	found    bool
	err      string
	line     *lineView
	zsg      []byte // the solution saved, nil when it does not save
	noZSG    string
	// For taking the line into the game: its rules and start position
	// and the moves' coordinates.
	vg     *vm.Game
	path   string
	start  *vm.State
	coords []string
}

// solveSet is the server's solves, one per game page (session).
type solveSet struct {
	jobTable[*solveJob]
	// solutions: the rule files' solutions as lines, made once (a file
	// replays with its rules loaded, which takes Axiom games a second);
	// the table's mu guards it.
	solutions map[solutionKey]*lineView
}

func (s *Server) solveRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /api/g/{id}/puzzle", s.withSession(false, (*session).apiPuzzle))
	m.HandleFunc("GET /api/g/{id}/solution", s.withSession(false, (*session).apiSolution))
	m.HandleFunc("GET /api/g/{id}/solve", s.withSession(false, (*session).apiSolveStatus))
	m.HandleFunc("POST /api/g/{id}/solve", s.withSession(true, (*session).apiSolveStart))
	m.HandleFunc("POST /api/g/{id}/solve/stop", s.withSession(true, (*session).apiSolveStop))
	m.HandleFunc("GET /api/g/{id}/solve.zsg", s.withSession(false, (*session).apiSolveZSG))
	m.HandleFunc("POST /api/g/{id}/line", s.withSession(true, (*session).apiTakeLine))
}

// --- the rule file's solution

// solutionPath is the saved game the rules name for the page's game: its
// path, or "" and why not ("" and "" when the rules name none).
func (se *session) solutionPath() (path, missing string) {
	se.mu.Lock()
	rules, title := se.g.Path, se.g.Variant
	se.mu.Unlock()
	p, err := play.SolutionFile(rules, title)
	if err != nil {
		return "", "" // names none (or the rule file is gone: nothing to offer)
	}
	if rel, err := filepath.Rel(filepath.Dir(rules), p); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Sprintf("the rules name the solution %q outside the rule file's folder; it is not read", filepath.ToSlash(rel))
	}
	if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
		return "", fmt.Sprintf("the rules name the solution %q, which is not there (looked for at %s)",
			filepath.Base(p), se.srv.shownPath(p))
	}
	return p, ""
}

func (se *session) apiPuzzle(w http.ResponseWriter, r *http.Request) error {
	p, missing := se.solutionPath()
	se.mu.Lock()
	out := puzzleJSON{Missing: missing, Players: len(se.g.G.Players)}
	se.mu.Unlock()
	if p != "" {
		out.Solution = filepath.Base(p)
	}
	out.Solve = se.solveStatus()
	writeJSON(w, http.StatusOK, out)
	return nil
}

// loadSolution replays the solution file on a new game of the page's
// rules and returns it at its end (the moves in its history).
func (se *session) loadSolution() (*play.Game, string, error) {
	p, missing := se.solutionPath()
	if missing != "" {
		return nil, "", &httpError{http.StatusNotFound, missing}
	}
	if p == "" {
		se.mu.Lock()
		title := se.g.Variant
		se.mu.Unlock()
		return nil, "", &httpError{http.StatusNotFound, fmt.Sprintf("the rules name no solution for %s", title)}
	}
	se.mu.Lock()
	path, vg := se.g.Path, se.g.G
	se.mu.Unlock()
	g, err := newGame(path, vg)
	if err != nil {
		return nil, "", err
	}
	sv, err := g.LoadZSGRules(p, path)
	if err != nil {
		return nil, "", &httpError{http.StatusUnprocessableEntity, se.srv.relPaths("the solution does not replay: " + err.Error())}
	}
	if sv.Game.Title != vg.Title {
		return nil, "", &httpError{http.StatusUnprocessableEntity, fmt.Sprintf("the solution %s is a game of %q, not %q", filepath.Base(p), sv.Game.Title, vg.Title)}
	}
	if len(g.History()) > maxLineSteps {
		return nil, "", &httpError{http.StatusUnprocessableEntity, fmt.Sprintf("the solution has %d moves; the page shows at most %d", len(g.History()), maxLineSteps)}
	}
	return g, filepath.Base(p), nil
}

// apiSolution answers the solution as a line the page steps through.
func (se *session) apiSolution(w http.ResponseWriter, r *http.Request) error {
	key, ok := se.solutionKey()
	if lv := se.srv.solves.cached(key); ok && lv != nil {
		writeJSON(w, http.StatusOK, lv)
		return nil
	}
	g, name, err := se.loadSolution()
	if err != nil {
		return err
	}
	coords := coordsOf(g)
	start, err := g.StartState()
	if err != nil {
		return err
	}
	lv, err := se.lineOf(gameAtStart(g, start), coords)
	if err != nil {
		return err
	}
	lv.Source, lv.Name = "solution", name
	if ok {
		se.srv.solves.keep(key, lv)
	}
	writeJSON(w, http.StatusOK, lv)
	return nil
}

// solutionKey names the solution of the page's game as last loaded: the
// rules loaded and the saved game's file as it is now (a file edited, or
// rules reloaded, is another key). ok is false when there is none.
type solutionKey struct {
	vg   *vm.Game
	path string
	mod  time.Time
	size int64
}

func (se *session) solutionKey() (solutionKey, bool) {
	p, missing := se.solutionPath()
	if p == "" || missing != "" {
		return solutionKey{}, false
	}
	st, err := os.Stat(p)
	if err != nil {
		return solutionKey{}, false
	}
	se.mu.Lock()
	vg := se.g.G
	se.mu.Unlock()
	return solutionKey{vg, p, st.ModTime(), st.Size()}, true
}

// maxSolutionsKept bounds the solutions' lines kept (each of a few rule
// sets' worth of memory at most).
const maxSolutionsKept = 16

// cached is the line of a solution shown before (nil when none is kept);
// lines are not changed once made, so pages share them.
func (ss *solveSet) cached(k solutionKey) *lineView {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.solutions[k]
}

func (ss *solveSet) keep(k solutionKey, lv *lineView) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.solutions == nil || len(ss.solutions) >= maxSolutionsKept {
		ss.solutions = map[solutionKey]*lineView{}
	}
	ss.solutions[k] = lv
}

// gameAtStart is a game of g's rules at start, its history starting there.
func gameAtStart(g *play.Game, start *vm.State) *play.Game {
	h := play.GameAt(g.Path, start)
	h.StartFEN = g.StartFEN
	return h
}

// coordsOf is the coordinates of g's moves.
func coordsOf(g *play.Game) []string {
	var out []string
	for _, pm := range g.History() {
		out = append(out, pm.Coord)
	}
	return out
}

// lineOf plays coords on g (at the line's start) and returns each position
// for the page; g ends at the line's end.
func (se *session) lineOf(g *play.Game, coords []string) (*lineView, error) {
	se.mu.Lock()
	royal := se.view().royal
	se.mu.Unlock()
	lv := &lineView{Text: g.LineText(coords)}
	if !g.SAN || len(g.G.Players) != 2 {
		lv.Text = "" // the page lists the moves one by one
	}
	lv.Steps = append(lv.Steps, stepOf(g, royal, nil))
	for k, c := range coords {
		ml, err := g.Legal()
		if err != nil {
			return nil, err
		}
		i := g.S.CoordIndex(ml, c)
		if i < 0 {
			return nil, fmt.Errorf("move %d of the line (%s) is not legal", k+1, c)
		}
		t := textOf(g.S, ml, i, g.View, g.SAN)
		if err := g.Play(ml, i, false); err != nil {
			return nil, fmt.Errorf("move %d of the line: %v", k+1, err)
		}
		lv.Steps = append(lv.Steps, stepOf(g, royal, &t))
	}
	// A goal's source (a script's file) as pages see paths.
	for i := range lv.Steps {
		lv.Steps[i].Goal = se.srv.relPaths(lv.Steps[i].Goal)
	}
	return lv, nil
}

// stepOf is g's position as the page draws it.
func stepOf(g *play.Game, royal []bool, mv *moveText) stepJSON {
	st := stepJSON{Move: mv, Mover: g.S.Chooser(), Status: g.Status()}
	st.Board, st.Hands, st.Last = piecesOf(g)
	if o := g.Outcome(); o.Over {
		st.Over = true
		st.Result, st.Goal = endedText(g, o)
	}
	if g.S.InCheck() {
		for p, c := range g.S.Board {
			if c != vm.Empty && c.Owner() == g.S.Mover() && c.Type() < len(royal) && royal[c.Type()] {
				st.Check = append(st.Check, p)
			}
		}
	}
	return st
}

// --- solving

// limits checks a request against the bounds: the search's limits and
// the time asked (seconds).
func (req *solveRequest) limits(puzzle bool) (solve.Limits, int, error) {
	nodes := int64(maxMateNodes)
	if puzzle {
		nodes = maxPuzzleNodes
	}
	lim := solve.Limits{Nodes: nodes, Every: 200 * time.Millisecond}
	secs := defaultSolveTime
	if req.Time != nil {
		if *req.Time < 1 || *req.Time > maxSolveTime {
			return lim, 0, badRequest("time must be 1 to %d seconds, not %d", maxSolveTime, *req.Time)
		}
		secs = *req.Time
	}
	lim.Time = time.Duration(secs) * time.Second
	if req.Nodes != nil {
		if *req.Nodes < 1 || *req.Nodes > nodes {
			return lim, 0, badRequest("nodes must be 1 to %d, not %d", nodes, *req.Nodes)
		}
		lim.Nodes = *req.Nodes
	}
	if req.Moves != nil {
		most := maxMateMoves
		if puzzle {
			most = maxPuzzleMoves
		}
		if *req.Moves < 1 || *req.Moves > most {
			return lim, 0, badRequest("moves must be 1 to %d, not %d", most, *req.Moves)
		}
		lim.Moves = *req.Moves
	}
	if req.Weight != nil {
		if !puzzle && *req.Weight != 1 {
			return lim, 0, badRequest("a weight is for one-player puzzles; this game has more players")
		}
		if !(*req.Weight >= 1 && *req.Weight <= maxSolveWeight) {
			return lim, 0, badRequest("weight must be 1 to %d, not %g", maxSolveWeight, *req.Weight)
		}
		lim.Weight = *req.Weight
	}
	if req.Macro && !puzzle {
		return lim, 0, badRequest("macro moves are for one-player puzzles; this game has more players")
	}
	lim.Macro = req.Macro
	return lim, secs, nil
}

// apiSolveStart starts a solve of the page's position (or the position
// sent): 409 while the page's last solve runs, 503 when the server runs
// its limit of solves.
func (se *session) apiSolveStart(w http.ResponseWriter, r *http.Request) error {
	var req solveRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	se.mu.Lock()
	path, vg, s := se.g.Path, se.g.G, se.g.S.Clone()
	se.mu.Unlock()
	if why := play.ExternalEngine(vg); why != "" {
		return &httpError{http.StatusUnprocessableEntity, why}
	}
	puzzle := play.IsPuzzle(vg)
	lim, secs, err := req.limits(puzzle)
	if err != nil {
		return err
	}
	if strings.TrimSpace(req.Text) != "" {
		text, err := positionText(vg, &positionRequest{Text: req.Text})
		if err != nil {
			return err
		}
		g, err := newGame(path, vg)
		if err != nil {
			return err
		}
		if err := g.SetPosition(text); err != nil {
			return &httpError{http.StatusUnprocessableEntity, "position refused: " + err.Error()}
		}
		s = g.S.Clone()
	}
	if o, err := s.Outcome(nil); err == nil && o.Over {
		return conflict("the game is over in this position; there is nothing to solve")
	}
	ss := &se.srv.solves
	seq, err := ss.admit(se, DefaultSolves, "this page's solve is still running; stop it first",
		"this server runs %d solves at once, all busy; try again when one ends")
	if err != nil {
		return err
	}
	job := &solveJob{seq: seq, state: "running", puzzle: puzzle, timeSec: secs, started: time.Now(),
		done: make(chan struct{}), vg: vg, path: path, start: s.Clone()}
	var ctx context.Context
	ctx, job.cancel = context.WithCancel(context.Background())
	lim.Progress = func(p solve.Progress) {
		job.mu.Lock()
		job.progress = p
		job.mu.Unlock()
	}
	ss.add(se, job, maxSolveKept)
	go se.runSolve(ctx, job, s, lim)
	writeJSON(w, http.StatusAccepted, job.status(se.entry.ID))
	return nil
}

// runSolve runs play.Solve and keeps its answer: the report as the CLI
// prints it, the line and the .zsg.
func (se *session) runSolve(ctx context.Context, job *solveJob, s *vm.State, lim solve.Limits) {
	defer se.srv.solves.ended()
	defer close(job.done)
	defer job.cancel()
	defer func() {
		if p := recover(); p != nil {
			se.srv.logPanic(p)
			job.finish("failed", fmt.Sprintf("internal error: %v (logged on the server)", p))
		}
	}()
	sv, err := play.Solve(ctx, job.path, s, lim)
	if err != nil {
		job.finish("failed", se.srv.relPaths(err.Error()))
		return
	}
	var b bytes.Buffer
	answered := sv.Report(&b, s, lim)
	var lv *lineView
	var zsg []byte
	noZSG := ""
	if sv.Found {
		lv, err = se.lineOf(play.GameAt(job.path, s.Clone()), sv.Line)
		if err != nil {
			job.finish("failed", err.Error())
			return
		}
		lv.Source, lv.Name = "solve", "Solve"
		var z bytes.Buffer
		if err := sv.Game.WriteZSG(&z); err != nil {
			noZSG = err.Error()
		} else {
			zsg = z.Bytes()
		}
	}
	job.mu.Lock()
	job.report, job.found, job.line, job.zsg, job.noZSG = strings.TrimRight(b.String(), "\n"), sv.Found, lv, zsg, noZSG
	job.coords = sv.Line
	job.progress.Nodes, job.progress.Elapsed = sv.Nodes, sv.Elapsed
	job.mu.Unlock()
	state := "done"
	if !answered {
		state = "stopped"
	}
	job.finish(state, "")
}

// finish ends a job with its state and error.
func (job *solveJob) finish(state, err string) {
	job.mu.Lock()
	defer job.mu.Unlock()
	job.state, job.err, job.finished = state, err, time.Now()
}

func (job *solveJob) running() bool {
	job.mu.Lock()
	defer job.mu.Unlock()
	return job.state == "running"
}

// status is the job's JSON for the page of game id.
func (job *solveJob) status(id int) solveStatus {
	job.mu.Lock()
	defer job.mu.Unlock()
	st := solveStatus{State: job.state, Seq: job.seq, Puzzle: job.puzzle, Nodes: job.progress.Nodes, Bound: job.progress.Bound,
		Report: job.report, Found: job.found, Error: job.err, Line: job.line, NoZSG: job.noZSG, Limits: solveLimits, Time: job.timeSec}
	end := job.finished
	if job.state == "running" {
		end = time.Now()
		if job.progress.Elapsed > 0 {
			st.Progress = job.progress.Text(job.puzzle)
		}
	}
	st.Elapsed = end.Sub(job.started).Seconds()
	if job.zsg != nil {
		st.ZSG = fmt.Sprintf("/api/g/%d/solve.zsg?run=%d", id, job.seq)
	}
	return st
}

// solveStatus is the page's last solve's status ("none" before one).
func (se *session) solveStatus() solveStatus {
	if job := se.srv.solves.job(se); job != nil {
		return job.status(se.entry.ID)
	}
	return solveStatus{State: "none", Limits: solveLimits}
}

func (se *session) apiSolveStatus(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, http.StatusOK, se.solveStatus())
	return nil
}

// apiSolveStop stops the page's solve and answers once it has ended (its
// report: no solution found, interrupted).
func (se *session) apiSolveStop(w http.ResponseWriter, r *http.Request) error {
	if err := readJSON(w, r, &struct{}{}); err != nil {
		return err
	}
	job := se.srv.solves.job(se)
	if job == nil || !job.running() {
		return conflict("this page has no solve running")
	}
	job.cancel()
	select {
	case <-job.done:
	case <-time.After(solveStopWait):
	}
	writeJSON(w, http.StatusOK, job.status(se.entry.ID))
	return nil
}

// apiSolveZSG serves the last solution found as a saved game.
func (se *session) apiSolveZSG(w http.ResponseWriter, r *http.Request) error {
	var zsg []byte
	why := "this page has no solution found"
	if job := se.srv.solves.job(se); job != nil {
		job.mu.Lock()
		zsg = job.zsg
		if job.noZSG != "" {
			why = "the solution does not save as .zsg: " + job.noZSG
		}
		job.mu.Unlock()
	}
	if zsg == nil {
		return &httpError{http.StatusNotFound, why}
	}
	se.mu.Lock()
	name := fileName(se.g.Variant)
	se.mu.Unlock()
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-solution.zsg"`, name))
	w.Header().Set("Cache-Control", "no-store")
	_, err := w.Write(zsg)
	return err
}

// fileName is s with only the characters safe in a download's name.
func fileName(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x80 && (r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return r
		}
		return '_'
	}, s)
}

// --- taking a line into the game

// lineTakeRequest takes a line into the game in progress at one of its steps:
// the moves after it stay to redo.
type lineTakeRequest struct {
	Source string `json:"source"` // "solution" or "solve"
	Step   int    `json:"step"`
	Seq    int    `json:"seq"` // the solve's number, for "solve"
}

func (se *session) apiTakeLine(w http.ResponseWriter, r *http.Request) error {
	var req lineTakeRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	var (
		g      *play.Game // the line's game at its start, when it replaces the game
		coords []string
		start  *vm.State
	)
	switch req.Source {
	case "solution":
		sg, _, err := se.loadSolution()
		if err != nil {
			return err
		}
		coords = coordsOf(sg)
		if start, err = sg.StartState(); err != nil {
			return err
		}
		g = gameAtStart(sg, start.Clone())
	case "solve":
		job := se.srv.solves.job(se)
		if job == nil {
			return conflict("this page has no solution found")
		}
		job.mu.Lock()
		found, seq := job.found && job.state != "running", job.seq
		coords, start = job.coords, job.start
		vg, path := job.vg, job.path
		job.mu.Unlock()
		if !found || req.Seq != 0 && req.Seq != seq {
			return conflict("this page's last solve found no solution to take")
		}
		se.mu.Lock()
		same := se.g.G == vg
		se.mu.Unlock()
		if !same {
			return conflict("the rules were reloaded since the solve; solve again")
		}
		g = play.GameAt(path, start.Clone())
		if s0, err := vm.NewState(vg); err == nil && play.PositionText(s0) != play.PositionText(start) {
			g.StartFEN = play.PositionText(start)
		}
	default:
		return badRequest("source %q: want solution or solve", req.Source)
	}
	if req.Step < 0 || req.Step > len(coords) {
		return badRequest("step %d: the line has steps 0 to %d", req.Step, len(coords))
	}
	unlock := se.lockIdle()
	defer unlock()
	// A solve's line from the game's own position goes on from the game
	// (its history kept); otherwise the line's game replaces it.
	if req.Source == "solve" && se.g.G == g.G && se.g.S.Hash() == start.Hash() && play.PositionText(se.g.S) == play.PositionText(start) {
		g = se.g
	} else {
		g.SetHash(hashMB)
	}
	base := len(g.History())
	for k, c := range coords {
		ok, err := g.PlayCoord(c)
		if err == nil && !ok {
			err = fmt.Errorf("%s is not legal", c)
		}
		if err != nil {
			for len(g.History()) > base {
				g.Undo()
			}
			se.retext()
			se.changed()
			return conflict("move %d of the line: %v", k+1, err)
		}
	}
	for len(g.History()) > base+req.Step {
		g.Undo()
	}
	se.g = g
	for i := range se.engineFor {
		se.engineFor[i] = false
	}
	se.study.paused, se.study.lines = false, nil
	se.lastInfo = nil
	if err := se.retext(); err != nil {
		return err
	}
	what := "the solution"
	if req.Source == "solve" {
		what = "the solve's line"
	}
	se.note = fmt.Sprintf("Took %s at move %d of %d (redo replays the rest)", what, req.Step, len(coords))
	se.changed()
	return se.writeState(w)
}

// stop ends the solve of a page the server no longer keeps.
func (ss *solveSet) stop(se *session) {
	if job := ss.job(se); job != nil {
		job.cancel()
	}
}

// closeSolves stops every solve and waits for them to end (Close).
func (s *Server) closeSolves() {
	s.solves.stopAll(func(job *solveJob) { job.cancel() })
}
