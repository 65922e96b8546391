// This file defines the study API (issue #47): the board editor's position
// check and set-up (the REPL's setboard check, play.Game.SetPosition, on a
// copy first, so a refused position never replaces the game), the analysis
// board (an endless multi-PV search whose lines go to the page by the event
// stream, stopped by a click or by a move), the game tree as a clickable
// move list (go to, promote, delete) and PGN upload with its variations.

package web

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
	"zrun/vm"
)

// maxMultiPV bounds the lines the analysis board asks for.
const maxMultiPV = 8

// studyState is a session's analysis board; the session's mu guards it.
type studyState struct {
	// analysing: the page asked for analysis and its search runs (or is
	// about to); Stop ends it. paused: a change of the position stopped
	// it (lockIdle, pauseAnalysis), and resumeAnalysis starts it again on
	// the new position; a change that does not resume it ends it.
	analysing, paused bool
	multiPV           int
	lines             []lineJSON // by rank, best first
}

// lineJSON is one line of the analysis.
type lineJSON struct {
	Rank  int    `json:"rank"`
	Depth int    `json:"depth"`
	Score string `json:"score"`
	PV    string `json:"pv"` // in the game's notation
	Nodes uint64 `json:"nodes"`
	Time  int64  `json:"ms"`
}

// analysisJSON is the analysis board's state.
type analysisJSON struct {
	Analysing bool       `json:"analysing"`
	MultiPV   int        `json:"multipv"`
	Lines     []lineJSON `json:"lines"`
	Gen       int        `json:"gen"`
}

func (s *Server) studyRoutes(m *http.ServeMux) {
	m.HandleFunc("GET /api/g/{id}/editor", s.withSession(false, (*session).apiEditor))
	m.HandleFunc("POST /api/g/{id}/position", s.withSession(true, (*session).apiPosition))
	m.HandleFunc("POST /api/g/{id}/analyse", s.withSession(true, (*session).apiAnalyse))
	m.HandleFunc("GET /api/g/{id}/analysis", s.withSession(false, (*session).apiAnalysis))
	m.HandleFunc("GET /api/g/{id}/tree", s.withSession(false, (*session).apiTree))
	m.HandleFunc("POST /api/g/{id}/tree", s.withSession(true, (*session).apiTreeOp))
	m.HandleFunc("POST /api/g/{id}/loadpgn", s.withSession(true, (*session).apiLoadPGN))
}

// --- the board editor

// editorJSON is what the editor needs beyond the state: the players who
// may be to move, whether pieces go in hand, a Chess960 start array, and
// the current position's text (its link) and castling field.
type editorJSON struct {
	Movers   []int  `json:"movers"`
	Hands    bool   `json:"hands"`
	Has960   bool   `json:"has960"`
	Text     string `json:"text"`
	Start    string `json:"start"` // the start position's text
	Castling string `json:"castling"`
	FEN      bool   `json:"fen"` // the game's positions have FENs
	// Castles: the start position has castling rights (the editor offers
	// the castling field).
	Castles bool `json:"castles"`
}

func (se *session) apiEditor(w http.ResponseWriter, r *http.Request) error {
	se.mu.Lock()
	vg, s := se.g.G, se.g.S.Clone()
	se.mu.Unlock()
	out := editorJSON{Hands: play.HasHands(vg), Has960: play.Has960(vg), Text: play.PositionText(s)}
	if start, err := vm.NewState(vg); err == nil {
		out.Start = play.PositionText(start)
		if f := strings.Fields(out.Start); !strings.HasPrefix(out.Start, play.CompactPrefix) && len(f) > 2 && f[2] != "-" {
			out.Castles = true
		}
	}
	for _, t := range vg.TurnOrder {
		if !containsInt(out.Movers, t.As) {
			out.Movers = append(out.Movers, t.As)
		}
	}
	if !strings.HasPrefix(out.Text, play.CompactPrefix) {
		out.FEN = true
		if f := strings.Fields(out.Text); len(f) > 2 {
			out.Castling = f[2]
		}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func containsInt(a []int, x int) bool {
	for _, v := range a {
		if v == x {
			return true
		}
	}
	return false
}

// positionRequest is a position from the editor: its text (a FEN or a
// compact text, as a link gives it), a Chess960 start array (-1: one at
// random), or the pieces placed (board: position, type, owner; hands:
// player, type, count) with the player to move and a FEN castling field.
// Apply says what to do: "check" (the default) only checks it; "play"
// and "analyse" set it up in the game in progress when it is accepted.
type positionRequest struct {
	Text     string     `json:"text"`
	Start960 *int       `json:"start960"`
	Board    [][3]int   `json:"board"`
	Hands    [][3]int64 `json:"hands"`
	Mover    *int       `json:"mover"`
	Castling string     `json:"castling"`
	Apply    string     `json:"apply"`
	MultiPV  int        `json:"multipv"`
}

// positionJSON answers a check: accepted or the reason it is refused (the
// words setboard says), the position's text, and the pieces it sets up.
type positionJSON struct {
	OK       bool       `json:"ok"`
	Reason   string     `json:"reason,omitempty"`
	Text     string     `json:"text"`
	Status   string     `json:"status,omitempty"`
	Board    [][3]int   `json:"board"`
	Hands    [][3]int64 `json:"hands"`
	Mover    int        `json:"mover"`
	Castling string     `json:"castling"`
}

func (se *session) apiPosition(w http.ResponseWriter, r *http.Request) error {
	var req positionRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	switch req.Apply {
	case "", "check", "play", "analyse":
	default:
		return badRequest("apply %q: want check, play or analyse", req.Apply)
	}
	if req.MultiPV < 0 || req.MultiPV > maxMultiPV {
		return badRequest("multipv %d: want 1 to %d", req.MultiPV, maxMultiPV)
	}
	se.mu.Lock()
	path, vg := se.g.Path, se.g.G
	se.mu.Unlock()
	text, err := positionText(vg, &req)
	if err != nil {
		return err
	}
	// The check is setboard's own (play.Game.SetPosition), on a copy of
	// the game: the game in progress is not touched by a refused position.
	g, err := newGame(path, vg)
	if err != nil {
		return err
	}
	out := positionJSON{Text: text}
	if err := g.SetPosition(text); err != nil {
		out.Reason = err.Error()
	} else {
		out.OK, out.Status = true, g.Status()
	}
	if st, err := decodePosition(vg, text); err == nil {
		fillPieces(&out, st, text)
	}
	if req.Apply == "" || req.Apply == "check" {
		writeJSON(w, http.StatusOK, out)
		return nil
	}
	if !out.OK {
		return &httpError{http.StatusUnprocessableEntity, "position refused: " + out.Reason}
	}
	unlock := se.lockIdle()
	defer unlock()
	if se.g.G != vg {
		return conflict("the rules were reloaded meanwhile; check the position again")
	}
	if err := se.g.SetPosition(text); err != nil {
		return &httpError{http.StatusUnprocessableEntity, "position refused: " + err.Error()}
	}
	se.texts = se.texts[:0]
	se.lastInfo = nil
	se.note = "Position set up from the editor"
	if err := se.moveRandom(); err != nil { // dice and the like move by themselves
		se.note = err.Error()
	}
	for i := range se.engineFor {
		se.engineFor[i] = false
	}
	se.study.lines = nil
	se.study.paused = req.Apply == "analyse"
	if req.MultiPV > 0 {
		se.study.multiPV = req.MultiPV
	}
	se.changed()
	se.resumeAnalysis()
	return se.writeState(w)
}

// positionText is the text of the position a request describes.
func positionText(vg *vm.Game, req *positionRequest) (string, error) {
	switch {
	case req.Start960 != nil:
		if !play.Has960(vg) {
			return "", badRequest("%s has no Chess960 start arrays", vg.Title)
		}
		n := *req.Start960
		if n == -1 {
			n = rand.IntN(960)
		}
		fen, err := play.Chess960FEN(n)
		if err != nil {
			return "", badRequest("%v", err)
		}
		return fen, nil
	case strings.TrimSpace(req.Text) != "":
		if len(req.Text) > play.MaxPositionText {
			return "", badRequest("position text too long (%d bytes; the limit is %d)", len(req.Text), play.MaxPositionText)
		}
		return strings.TrimSpace(req.Text), nil
	case req.Mover != nil:
		if len(req.Board) > len(vg.Board.Positions) {
			return "", badRequest("%d pieces on a board of %d positions", len(req.Board), len(vg.Board.Positions))
		}
		if len(req.Hands) > len(vg.Players)*len(vg.Pieces) {
			return "", badRequest("%d hand entries: the game has %d players and %d piece types", len(req.Hands), len(vg.Players), len(vg.Pieces))
		}
		text, err := play.SetupText(vg, req.Board, req.Hands, *req.Mover, req.Castling)
		if err != nil {
			return "", badRequest("%v", err)
		}
		return text, nil
	}
	return "", badRequest("no position given (want text, start960, or board and mover)")
}

// decodePosition sets up a position text (as setboard reads it) without
// checking it against the rules.
func decodePosition(vg *vm.Game, text string) (*vm.State, error) {
	if strings.HasPrefix(text, play.CompactPrefix) {
		return play.ParseCompact(vg, text)
	}
	s, err := vm.NewState(vg)
	if err != nil {
		return nil, err
	}
	return s, s.SetFEN(text)
}

// fillPieces lists s's pieces, hands and player to move for the editor.
func fillPieces(out *positionJSON, s *vm.State, text string) {
	out.Board, out.Hands = [][3]int{}, [][3]int64{}
	for p, c := range s.Board {
		if c != vm.Empty {
			out.Board = append(out.Board, [3]int{p, c.Type(), c.Owner()})
		}
	}
	nT := len(s.Game().Pieces)
	for i, n := range s.Hands {
		if n != 0 {
			out.Hands = append(out.Hands, [3]int64{int64(i / nT), int64(i % nT), n})
		}
	}
	out.Mover = s.Mover()
	if f := strings.Fields(text); !strings.HasPrefix(text, play.CompactPrefix) && len(f) > 2 {
		out.Castling = f[2]
	}
}

// --- the analysis board

// analyseRequest starts the analysis with MultiPV lines, or stops it.
type analyseRequest struct {
	MultiPV int  `json:"multipv"`
	Stop    bool `json:"stop"`
}

func (se *session) apiAnalyse(w http.ResponseWriter, r *http.Request) error {
	var req analyseRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	if !req.Stop && (req.MultiPV < 1 || req.MultiPV > maxMultiPV) {
		return badRequest("multipv %d: want 1 to %d lines", req.MultiPV, maxMultiPV)
	}
	unlock := se.lockIdle()
	defer unlock()
	if req.Stop {
		se.study.paused = false
		se.changed()
		writeJSON(w, http.StatusOK, se.analysis())
		return nil
	}
	if err := se.g.GameOver(); err != nil {
		se.study.analysing = false
		se.changed()
		return conflict("%v", err)
	}
	for i := range se.engineFor {
		se.engineFor[i] = false
	}
	se.study.analysing, se.study.paused, se.study.multiPV, se.study.lines = true, false, req.MultiPV, nil
	if err := se.startAnalysis(); err != nil {
		se.study.analysing = false
		se.changed()
		return err
	}
	writeJSON(w, http.StatusOK, se.analysis())
	return nil
}

func (se *session) apiAnalysis(w http.ResponseWriter, r *http.Request) error {
	se.mu.Lock()
	a := se.analysis()
	se.mu.Unlock()
	writeJSON(w, http.StatusOK, a)
	return nil
}

// analysis is the analysis board's state; mu is held.
func (se *session) analysis() analysisJSON {
	return analysisJSON{Analysing: se.study.analysing, MultiPV: max(1, se.study.multiPV),
		Lines: append([]lineJSON{}, se.study.lines...), Gen: se.gen}
}

// pauseStudy marks the analysis, whose search lockIdle has just stopped
// (run and mu held), paused: off until resumeAnalysis.
func (se *session) pauseStudy() {
	se.study.paused, se.study.analysing = se.study.analysing, false
}

// pauseAnalysis stops the analysis's search before a move (run and mu are
// held; mu is released while the search ends) and reports whether the
// analysis was on, to be resumed on the new position.
func (se *session) pauseAnalysis() bool {
	if !se.study.analysing {
		return false
	}
	if se.thinking {
		se.mu.Unlock()
		se.stopSearch()
		se.mu.Lock()
	}
	se.pauseStudy()
	return true
}

// resumeAnalysis starts the paused analysis again on the current position
// (run and mu are held); a finished game, or an engine's search started
// meanwhile, ends it.
func (se *session) resumeAnalysis() {
	if !se.study.paused {
		return
	}
	se.study.paused = false
	if se.thinking {
		se.changed()
		return
	}
	se.study.analysing = true
	if se.g.GameOver() != nil {
		se.study.analysing = false
		se.changed()
		return
	}
	if err := se.startAnalysis(); err != nil {
		se.study.analysing = false
		se.note = "Analysis: " + err.Error()
		se.changed()
	}
}

// startAnalysis starts the endless search (run and mu held, no search
// running): every iteration's lines go to the page; the search plays no
// move when it ends.
func (se *session) startAnalysis() error {
	epoch, err := se.beginSearch()
	if err != nil {
		return err
	}
	se.study.lines = nil
	se.changed()
	g := se.g
	err = g.Think(engine.Limits{MultiPV: max(1, se.study.multiPV)},
		func(in engine.Info) { se.analysisInfo(g, epoch, in) },
		func(res engine.Result[*vm.Move], err error) bool {
			se.mu.Lock()
			defer se.mu.Unlock()
			defer se.recoverInto("the analysis")
			if epoch != se.epoch || g != se.g {
				return false // stopped: stopSearch owns the state
			}
			// The search ended by itself (its deepest depth, a forced
			// result): the lines stay shown.
			se.thinking, se.study.analysing = false, false
			if err != nil {
				se.note = "Analysis: " + firstLine(err.Error())
			}
			se.changed()
			return false
		})
	return se.searchStarted(err)
}

// analysisInfo publishes one line of an iteration (the search's goroutine).
func (se *session) analysisInfo(g *play.Game, epoch int, in engine.Info) {
	se.mu.Lock()
	defer se.mu.Unlock()
	if epoch != se.epoch || g != se.g {
		return
	}
	rank := max(1, in.MultiPV)
	ln := lineJSON{Rank: rank, Depth: in.Depth, Score: scoreText(in.Score), PV: g.LineText(in.PV),
		Nodes: in.Nodes, Time: in.Time.Milliseconds()}
	for len(se.study.lines) < rank {
		se.study.lines = append(se.study.lines, lineJSON{Rank: len(se.study.lines) + 1})
	}
	se.study.lines[rank-1] = ln
	b, _ := json.Marshal(se.analysis())
	se.broadcast(sseEvent{"analysis", string(b)})
}

// scoreText words a score for the player to move: pawns, or mate in moves.
func scoreText(score int) string {
	if plies, ok := engine.MateIn(score); ok {
		if plies > 0 {
			return fmt.Sprintf("mate in %d", (plies+1)/2)
		}
		return fmt.Sprintf("mated in %d", (-plies+1)/2)
	}
	return fmt.Sprintf("%+.2f", float64(score)/100)
}

// --- the game tree

// treeJSON is the game tree as the move list draws it.
type treeJSON struct {
	Lines       []play.TreeMove `json:"lines"`
	Current     int             `json:"current"`
	OnVariation bool            `json:"onVariation"`
	Gen         int             `json:"gen"`
}

func (se *session) apiTree(w http.ResponseWriter, r *http.Request) error {
	se.mu.Lock()
	t := se.tree()
	se.mu.Unlock()
	writeJSON(w, http.StatusOK, t)
	return nil
}

// tree is the game tree's JSON; mu is held.
func (se *session) tree() treeJSON {
	cur := se.g.Current()
	onVar := false
	for n := cur; n.Parent != nil; n = n.Parent {
		if n.Parent.Children[0] != n {
			onVar = true
			break
		}
	}
	lines := se.g.TreeLines()
	if lines == nil {
		lines = []play.TreeMove{}
	}
	return treeJSON{Lines: lines, Current: cur.ID, OnVariation: onVar, Gen: se.gen}
}

// treeRequest: go to a move of the tree (by its ID; 0 is the start), or
// promote or delete the variation of the current move.
type treeRequest struct {
	Op string `json:"op"`
	ID int    `json:"id"`
}

func (se *session) apiTreeOp(w http.ResponseWriter, r *http.Request) error {
	var req treeRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	unlock := se.lockIdle()
	defer unlock()
	defer se.resumeAnalysis()
	switch req.Op {
	case "goto":
		n := se.g.Find(req.ID)
		if n == nil {
			return &httpError{http.StatusNotFound, fmt.Sprintf("no move [%d] in the game tree", req.ID)}
		}
		if err := se.g.GoTo(n); err != nil {
			se.retext()
			se.changed()
			return conflict("%v", err)
		}
	case "promote":
		if err := se.g.Promote(); err != nil {
			return conflict("%v", err)
		}
	case "delete":
		if err := se.g.DeleteVariation(); err != nil {
			return conflict("%v", err)
		}
	default:
		return badRequest("op %q: want goto, promote or delete", req.Op)
	}
	if err := se.retext(); err != nil {
		return err
	}
	se.note = ""
	se.changed()
	writeJSON(w, http.StatusOK, se.tree())
	return nil
}

// apiLoadPGN replaces the game with the first game of an uploaded PGN (the
// request body), variations included; a PGN that does not replay leaves
// the game as it was.
func (se *session) apiLoadPGN(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload)
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	if strings.TrimSpace(string(data)) == "" {
		return badRequest("empty PGN")
	}
	se.mu.Lock()
	path, vg, san := se.g.Path, se.g.G, se.g.SAN
	se.mu.Unlock()
	if !san {
		return badRequest("PGN needs a chess-like game; load a .zsg instead")
	}
	recs, err := play.ParsePGN(string(data))
	if err != nil {
		return badRequest("%v", err)
	}
	if len(recs) == 0 {
		return badRequest("no game in the PGN")
	}
	g, err := newGame(path, vg)
	if err != nil {
		return err
	}
	if err := g.ImportPGN(recs[0]); err != nil {
		return badRequest("%v", err)
	}
	unlock := se.lockIdle()
	defer unlock()
	if se.g.G != vg {
		return conflict("the rules were reloaded meanwhile; load the PGN again")
	}
	se.g = g
	se.study.paused, se.study.lines = false, nil
	if err := se.retext(); err != nil {
		return err
	}
	se.note = fmt.Sprintf("Loaded a PGN game of %d moves in its main line", len(g.MainLine()))
	se.changed()
	return se.writeState(w)
}
