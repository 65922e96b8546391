// This file defines a session: one browser's game in progress on one page,
// and the API requests that change it.

package web

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/vm"
)

// session is one game in progress. mu guards everything. The engine
// searches a fork of the position (play.Game.Think), so requests read the
// game while it thinks; a request that changes the position stops the search
// first, or refuses while it runs. run orders the requests that may stop or
// start the engine: it is held from stopping a search until a new one has
// started (or the change is made), so no request starts a search in the gap,
// and it is always taken before mu.
type session struct {
	srv   *Server
	entry *Entry
	// confirmed: the game's cookie has come back in a later request
	// (guarded by srv.mu; such games are dropped last).
	confirmed bool

	run   sync.Mutex
	mu    sync.Mutex
	g     *play.Game
	texts []moveText // the history's moves as written when played
	gen   int        // bumped on every change of the position or rules
	// cache is the state JSON of gen: read without mu, so a state request
	// is answered at once even while a request holds the game (the auto
	// player's calibration match takes seconds).
	cache atomic.Pointer[[]byte]
	// ruleErr is the last reload's error, shown until the file loads again.
	ruleErr string
	note    string // a one-off message about the last change (a reload)

	// The engine: which players it moves for, its time per move, and the
	// search running (epoch invalidates a search's result once the game has
	// changed under it).
	engineFor []bool
	moveTime  time.Duration
	thinking  bool
	epoch     int
	lastInfo  *infoJSON

	subs map[chan sseEvent]struct{}
	gv   *gameView
	// study: the analysis board (study.go).
	study studyState
}

// moveText is one played move as the move list shows it.
type moveText struct {
	Player string `json:"player"`
	SAN    string `json:"san,omitempty"`
	Zil    string `json:"zil"`
	Coord  string `json:"coord"`
}

func newSession(srv *Server, e *Entry, vg *vm.Game) (*session, error) {
	if vg == nil {
		return nil, &httpError{http.StatusUnprocessableEntity, "the game did not load"}
	}
	if why := play.ExternalEngine(vg); why != "" {
		return nil, &httpError{http.StatusUnprocessableEntity, why}
	}
	g, err := newGame(e.Path, vg)
	if err != nil {
		return nil, &httpError{http.StatusUnprocessableEntity, err.Error()}
	}
	se := &session{srv: srv, entry: e, g: g, moveTime: 2 * time.Second,
		engineFor: make([]bool, len(g.G.Players)), subs: map[chan sseEvent]struct{}{}}
	se.mu.Lock()
	defer se.mu.Unlock()
	if err := se.moveRandom(); err != nil {
		se.note = err.Error()
	}
	se.changed()
	return se, nil
}

// hashMB is the engine's transposition table per game in progress: a
// server keeps many games, and moves of a few seconds fill little of it.
const hashMB = 16

func newGame(path string, vg *vm.Game) (*play.Game, error) {
	g, err := play.NewGame(path, vg, nil)
	if err == nil {
		g.SetHash(hashMB)
	}
	return g, err
}

// changed rebuilds the cached state after a change; mu is held and the
// engine is not running.
func (se *session) changed() {
	se.gen++
	b, err := se.buildState()
	if err != nil {
		b = []byte(fmt.Sprintf(`{"error":%q}`, err.Error()))
	}
	se.cache.Store(&b)
	se.broadcast(sseEvent{"state", fmt.Sprintf(`{"gen":%d}`, se.gen)})
}

// retext writes the whole history again (after undo across a reload, a
// loaded game, new rules): it replays the moves from the start position.
func (se *session) retext() error {
	g := se.g
	s, err := g.StartState()
	if err != nil {
		return err
	}
	se.texts = se.texts[:0]
	ml := &vm.MoveList{}
	for _, pm := range g.History() {
		ml.Reset()
		if err := s.Generate(ml); err != nil {
			return err
		}
		i := play.FindSame(ml, &pm.Move)
		if i < 0 {
			se.texts = append(se.texts, moveText{Zil: s.MoveString(&pm.Move), Coord: pm.Coord})
		} else {
			se.texts = append(se.texts, textOf(s, ml, i, g.View, g.SAN))
		}
		if err := s.Make(&pm.Move); err != nil {
			return err
		}
	}
	return nil
}

// textOf names legal move i of ml in position s for the move list.
func textOf(s *vm.State, ml *vm.MoveList, i int, v *vm.GridView, san bool) moveText {
	m := &ml.Moves[i]
	t := moveText{Player: s.Game().Players[s.Chooser()].Name, Zil: s.MoveString(m), Coord: s.CoordString(m)}
	if san {
		if sn := play.SANOf(s, ml, i, v); sn != "" {
			t.SAN = sn + play.CheckSuffix(s, m)
		}
	}
	return t
}

// play makes legal move i of ml, recording its text; mu is held.
func (se *session) play(ml *vm.MoveList, i int, keepRedo bool) error {
	t := textOf(se.g.S, ml, i, se.g.View, se.g.SAN)
	if err := se.g.Play(ml, i, keepRedo); err != nil {
		return err
	}
	se.texts = append(se.texts, t)
	return nil
}

// moveRandom plays the moves of random players (Zillions' "?Name"
// players, which pick a legal move at random) until a player who chooses
// is to move; mu is held and the engine idle.
func (se *session) moveRandom() error {
	for n := 0; n < 10000; n++ {
		if !se.g.G.Players[se.g.S.Chooser()].Random || se.g.GameOver() != nil {
			return nil
		}
		ml, err := se.g.Legal()
		if err != nil {
			return err
		}
		if len(ml.Moves) == 0 {
			return nil
		}
		if err := se.play(ml, rand.IntN(len(ml.Moves)), false); err != nil {
			return err
		}
	}
	return fmt.Errorf("random players made 10000 moves in a row; stopped")
}

// lockIdle locks the session with the engine stopped, for a request that
// changes the game: any search is ended first (its result is dropped). The
// returned function unlocks.
func (se *session) lockIdle() (unlock func()) {
	se.run.Lock()
	se.stopSearch()
	se.mu.Lock()
	se.pauseStudy()
	return se.unlockBoth
}

// lockRun locks the session for a request that may start the engine but
// leaves a running search alone (it refuses what the search forbids).
func (se *session) lockRun() (unlock func()) {
	se.run.Lock()
	se.mu.Lock()
	return se.unlockBoth
}

func (se *session) unlockBoth() {
	se.mu.Unlock()
	se.run.Unlock()
}

// halt stops a running search and waits until it has finished.
func (se *session) halt() {
	se.run.Lock()
	defer se.run.Unlock()
	se.stopSearch()
}

// stopSearch ends the running search, if any, and waits for its goroutine;
// run is held and mu is not (the search's finish takes mu). The epoch
// changes first, so whatever the search found is dropped.
func (se *session) stopSearch() {
	se.mu.Lock()
	se.epoch++
	busy, g := se.thinking, se.g
	se.thinking = false
	se.mu.Unlock()
	if busy {
		g.Stop()
	}
}

// retire stops the engine of a session the server no longer keeps and
// frees its table.
func (se *session) retire() {
	se.srv.solves.stop(se)
	unlock := se.lockIdle()
	defer unlock()
	se.g.FreeEngine()
}

// --- API handlers

func (se *session) apiState(w http.ResponseWriter, r *http.Request) error {
	return se.writeState(w)
}

// moveRequest names a move by its index in the state's legal list (gen
// says which state the page saw) or by text in any notation the REPL takes.
type moveRequest struct {
	Index *int   `json:"index"`
	Gen   int    `json:"gen"`
	Text  string `json:"text"`
}

func (se *session) apiMove(w http.ResponseWriter, r *http.Request) error {
	var req moveRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	unlock := se.lockRun()
	defer unlock()
	if se.pauseAnalysis() {
		defer se.resumeAnalysis() // on the position after the move
	}
	if se.thinking {
		return conflict("the engine is thinking; stop it first")
	}
	if err := se.g.GameOver(); err != nil {
		return conflict("%v", err)
	}
	ml, err := se.g.Legal()
	if err != nil {
		return err
	}
	var i int
	switch {
	case req.Index != nil:
		if req.Gen != se.gen {
			return conflict("the position has changed since the page was drawn; try again")
		}
		if *req.Index < 0 || *req.Index >= len(ml.Moves) {
			return badRequest("no legal move %d (there are %d)", *req.Index, len(ml.Moves))
		}
		i = *req.Index
	case strings.TrimSpace(req.Text) != "":
		if len(req.Text) > 200 {
			return badRequest("move text too long")
		}
		idx := se.g.Match(ml, req.Text)
		switch len(idx) {
		case 0:
			if why := se.g.WhyNotLegal(ml, req.Text, true); why.Text != "" {
				return badRequest("%q is not a legal move here: %s", req.Text, why.Text)
			}
			return badRequest("%q is not a legal move here", req.Text)
		case 1:
			i = idx[0]
		default:
			var names []string
			for _, k := range idx {
				names = append(names, se.g.S.MoveString(&ml.Moves[k]))
			}
			return badRequest("%q is ambiguous: %s", req.Text, strings.Join(names, "; "))
		}
	default:
		return badRequest("no move given (want index or text)")
	}
	if err := se.play(ml, i, false); err != nil {
		return err
	}
	se.note = ""
	if err := se.moveRandom(); err != nil {
		se.note = err.Error()
	}
	se.changed()
	se.startEngineTurn()
	return se.writeState(w)
}

// writeState answers with the current state JSON (mu need not be held).
func (se *session) writeState(w http.ResponseWriter) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, err := w.Write(*se.cache.Load())
	return err
}

func (se *session) apiUndo(w http.ResponseWriter, r *http.Request) error {
	if err := readJSON(w, r, &struct{}{}); err != nil {
		return err
	}
	unlock := se.lockIdle()
	defer unlock()
	defer se.resumeAnalysis()
	if _, ok := se.g.Undo(); !ok {
		return conflict("no move to take back")
	}
	se.texts = se.texts[:max(0, len(se.texts)-1)]
	// A random player's move is taken back with the move before it, or
	// the random player would just move again.
	for se.g.G.Players[se.g.S.Chooser()].Random {
		if _, ok := se.g.Undo(); !ok {
			break
		}
		se.texts = se.texts[:max(0, len(se.texts)-1)]
	}
	se.note = ""
	se.changed()
	return se.writeState(w)
}

func (se *session) apiRedo(w http.ResponseWriter, r *http.Request) error {
	if err := readJSON(w, r, &struct{}{}); err != nil {
		return err
	}
	unlock := se.lockIdle()
	defer unlock()
	defer se.resumeAnalysis()
	ml, i, err := se.g.NextRedo()
	if err != nil {
		return conflict("%v", err)
	}
	if err := se.play(ml, i, true); err != nil {
		return err
	}
	se.changed()
	return se.writeState(w)
}

func (se *session) apiNew(w http.ResponseWriter, r *http.Request) error {
	if err := readJSON(w, r, &struct{}{}); err != nil {
		return err
	}
	unlock := se.lockIdle()
	defer unlock()
	defer se.resumeAnalysis()
	if err := se.g.Restart(); err != nil {
		return err
	}
	se.texts = nil
	se.note, se.lastInfo = "", nil
	if err := se.moveRandom(); err != nil {
		se.note = err.Error()
	}
	se.changed()
	se.startEngineTurn()
	return se.writeState(w)
}

func (se *session) apiSaveZSG(w http.ResponseWriter, r *http.Request) error {
	return se.download(w, "zsg", (*play.Game).WriteZSG)
}

func (se *session) apiSavePGN(w http.ResponseWriter, r *http.Request) error {
	se.mu.Lock()
	san := se.g.SAN
	se.mu.Unlock()
	if !san {
		return badRequest("PGN needs a chess-like game; save as .zsg instead")
	}
	return se.download(w, "pgn", (*play.Game).WritePGN)
}

// download answers with the saved game as an attachment.
func (se *session) download(w http.ResponseWriter, ext string, write func(*play.Game, io.Writer) error) error {
	se.mu.Lock()
	defer se.mu.Unlock()
	var buf bytes.Buffer
	if err := write(se.g, &buf); err != nil {
		return err
	}
	name := strings.Map(func(r rune) rune {
		if r < 0x80 && (r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return r
		}
		return '_'
	}, se.g.Variant)
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.%s"`, name, ext))
	_, err := w.Write(buf.Bytes())
	return err
}

// apiLoad replays an uploaded .zsg (the request body) with this page's rule
// file: the file the saved game names is not looked up, so an upload cannot
// make the server read any file it does not serve.
func (se *session) apiLoad(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload)
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return badRequest("empty upload")
	}
	f, err := os.CreateTemp("", "zrun-upload-*.zsg")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	f.Close()
	unlock := se.lockIdle()
	defer unlock()
	// Load into a copy, so a saved game of another variant or with a
	// move that does not replay leaves the game as it was.
	g, err := newGame(se.g.Path, se.g.G)
	if err != nil {
		return err
	}
	sv, err := g.LoadZSGRules(f.Name(), se.g.Path)
	if err != nil {
		return badRequest("%s", strings.ReplaceAll(err.Error(), f.Name(), "upload"))
	}
	if sv.Game.Title != se.g.Variant {
		return badRequest("the saved game is of %q, not %q; load it on that game's page", sv.Game.Title, se.g.Variant)
	}
	se.g = g
	if err := se.retext(); err != nil {
		return err
	}
	se.note = fmt.Sprintf("Loaded a saved game of %d moves", len(se.texts))
	if n := sv.AfterEndNote(); n != "" {
		se.note += ". " + n
	}
	se.changed()
	return se.writeState(w)
}

// apiPieces answers each piece's help text with its moves described (Betza
// and English), for the hover help; large games take a few seconds the
// first time, which is why the state does not carry them.
func (se *session) apiPieces(w http.ResponseWriter, r *http.Request) error {
	se.mu.Lock()
	gv := se.gv
	se.mu.Unlock()
	if gv == nil {
		return conflict("no game")
	}
	writeJSON(w, http.StatusOK, gv.pieceHelps())
	return nil
}
