// This file defines the engine's play on the server and the Server-Sent
// Events stream that carries its progress and every change of the game to
// the page.

package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
	"zrun/vm"
)

// sseEvent is one event of the stream: a name and a JSON payload.
type sseEvent struct {
	name, data string
}

// broadcast sends ev to every page of the session; a page that does not
// keep up loses events rather than blocking the game (it refetches the
// state on the next one).
func (se *session) broadcast(ev sseEvent) {
	for ch := range se.subs {
		select {
		case ch <- ev:
		default:
		}
	}
}

func (se *session) apiEvents(w http.ResponseWriter, r *http.Request) error {
	fl, ok := w.(http.Flusher)
	if !ok {
		return fmt.Errorf("streaming unsupported")
	}
	ch := make(chan sseEvent, 64)
	se.mu.Lock()
	if len(se.subs) >= maxStreams {
		se.mu.Unlock()
		return &httpError{http.StatusTooManyRequests, fmt.Sprintf("this game already has %d pages open; close one", maxStreams)}
	}
	se.subs[ch] = struct{}{}
	gen := se.gen
	se.mu.Unlock()
	defer func() {
		se.mu.Lock()
		delete(se.subs, ch)
		se.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprintf(w, "event: state\ndata: {\"gen\":%d}\n\n", gen)
	fl.Flush()
	keep := time.NewTicker(20 * time.Second)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return nil
		case <-se.srv.done:
			return nil
		case ev := <-ch:
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.name, ev.data)
			fl.Flush()
		case <-keep.C:
			fmt.Fprint(w, ": keep-alive\n\n")
			fl.Flush()
		}
	}
}

// engineRequest sets who the engine plays and its time, and starts ("go":
// move now for the side to move) or stops it.
type engineRequest struct {
	EngineFor []bool `json:"engineFor"`
	MoveTime  *int   `json:"moveTime"` // milliseconds
	// Player: how the engine chooses, alphabeta, mcts or auto (package
	// play's SetPlayer).
	Player *string `json:"player"`
	Go     bool    `json:"go"`
	Stop   bool    `json:"stop"`
}

func (se *session) apiEngine(w http.ResponseWriter, r *http.Request) error {
	var req engineRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	if req.MoveTime != nil && (*req.MoveTime < 10 || *req.MoveTime > 600000) {
		return badRequest("move time must be 10 ms to 10 minutes, not %d ms", *req.MoveTime)
	}
	var unlock func()
	if req.Stop {
		// Stopping plays nothing: the search's result is dropped and the
		// engine stops playing for anyone until asked again.
		unlock = se.lockIdle()
		for i := range se.engineFor {
			se.engineFor[i] = false
		}
	} else {
		unlock = se.lockRun()
	}
	defer unlock()
	if req.EngineFor != nil {
		if len(req.EngineFor) != len(se.engineFor) {
			return badRequest("engineFor has %d entries; the game has %d players", len(req.EngineFor), len(se.engineFor))
		}
		copy(se.engineFor, req.EngineFor)
	}
	if req.MoveTime != nil {
		se.moveTime = time.Duration(*req.MoveTime) * time.Millisecond
	}
	if req.Player != nil {
		if se.thinking {
			return conflict("the engine is thinking; stop it before changing the player")
		}
		if err := se.g.SetPlayer(*req.Player); err != nil {
			return badRequest("%v", err)
		}
	}
	if req.Go {
		if se.thinking {
			return conflict("the engine is already thinking")
		}
		if err := se.g.GameOver(); err != nil {
			return conflict("%v", err)
		}
	}
	if !se.thinking {
		se.changed()
		if err := se.engineTurn(req.Go); err != nil {
			return err
		}
	}
	return se.writeState(w)
}

// startEngineTurn is engineTurn after a change the user made: an engine
// that cannot start says why on the page instead of failing the change.
func (se *session) startEngineTurn() {
	if err := se.engineTurn(false); err != nil {
		se.note = "Engine: " + err.Error()
		se.changed()
	}
}

// engineTurn starts a search when the engine is to move (or now, when
// force); run and mu are held and no search is running. The search needs
// one of the server's engine tables (Server.claimEngine).
func (se *session) engineTurn(force bool) error {
	if se.thinking || se.g.GameOver() != nil {
		return nil
	}
	if !force && !se.engineFor[se.g.S.Chooser()] {
		return nil
	}
	epoch, err := se.beginSearch()
	if err != nil {
		return err
	}
	se.changed() // the cached state now says "thinking"
	start := time.Now()
	g := se.g
	err = g.Think(engine.Limits{MoveTime: se.moveTime},
		func(in engine.Info) { se.info(in) },
		func(res engine.Result[*vm.Move], err error) bool {
			se.finish(g, epoch, res, err, start)
			return false
		})
	return se.searchStarted(err)
}

// beginSearch readies a search (run and mu held, none running): it claims
// one of the server's engine tables, makes the searcher, and marks the game
// thinking; the epoch it returns tells the search's callbacks whether they
// are still wanted.
func (se *session) beginSearch() (epoch int, err error) {
	if err := se.srv.claimEngine(se); err != nil {
		return 0, err
	}
	if _, _, err := se.g.Searcher(); err != nil {
		return 0, err
	}
	se.thinking = true
	se.lastInfo = nil
	return se.epoch, nil
}

// searchStarted undoes beginSearch's mark when Think refused to start.
func (se *session) searchStarted(err error) error {
	if err != nil {
		se.thinking = false
		se.changed()
	}
	return err
}

// info publishes an iteration of the search. It runs in the search's
// goroutine and touches only what mu guards.
func (se *session) info(in engine.Info) {
	ij := &infoJSON{Depth: in.Depth, Nodes: in.Nodes, Time: in.Time.Milliseconds(),
		NPS: int64(float64(in.Nodes) / max(in.Time.Seconds(), 1e-3))}
	ij.Score = scoreText(in.Score)
	for i, m := range in.PV {
		if i > 0 {
			ij.PV += " "
		}
		ij.PV += m
	}
	b, _ := json.Marshal(ij)
	se.mu.Lock()
	se.lastInfo = ij
	se.broadcast(sseEvent{"info", string(b)})
	se.mu.Unlock()
}

// finish plays the move the search found, unless the game changed or the
// search was stopped meanwhile; then the engine moves again if it is still
// its turn (the other side is the engine's too, or a multi-part move goes
// on). It runs in the search's goroutine: a panic here is recovered and
// shown on the page, so it never ends the server.
func (se *session) finish(g *play.Game, epoch int, res engine.Result[*vm.Move], err error, start time.Time) {
	se.mu.Lock()
	defer se.mu.Unlock()
	defer se.recoverInto("the engine's move")
	if epoch != se.epoch || g != se.g {
		return // stopSearch() owns thinking and the state now
	}
	se.thinking = false
	if err == nil && !res.Found {
		err = fmt.Errorf("the engine found no move")
	}
	if err == nil {
		ml, lerr := se.g.Legal()
		i := -1
		if lerr == nil {
			i = play.FindSame(ml, res.Best)
		}
		if i < 0 {
			err = fmt.Errorf("the engine's move is not legal here")
		} else if err = se.play(ml, i, false); err == nil {
			err = se.moveRandom()
		}
	}
	if err != nil {
		se.srv.logf("%s: engine: %v", se.entry.Title, err)
		se.note = "Engine: " + firstLine(err.Error())
	} else {
		se.note = ""
	}
	se.changed()
	if err != nil {
		return
	}
	go se.continueEngine(g, epoch)
}

// continueEngine starts the engine's next search, if it is still the
// engine's turn, once the search that just moved has ended (Think's
// goroutine must end before another search starts on the same searcher).
func (se *session) continueEngine(g *play.Game, epoch int) {
	se.run.Lock()
	defer se.run.Unlock()
	g.Wait()
	se.mu.Lock()
	defer se.mu.Unlock()
	defer se.recoverInto("the engine's next move")
	if epoch != se.epoch || se.thinking || g != se.g {
		return
	}
	cont := se.g.S.Partial != vm.NoPos
	if err := se.engineTurn(cont); err != nil {
		se.note = "Engine: " + err.Error()
		se.changed()
	}
}

// recoverInto, deferred where mu is held outside a request (the search's
// goroutines), turns a panic into a logged stack and a note on the page.
func (se *session) recoverInto(what string) {
	r := recover()
	if r == nil {
		return
	}
	se.srv.logPanic(r)
	se.thinking = false
	se.note = fmt.Sprintf("Internal error in %s: %v (logged)", what, r)
	func() {
		defer func() {
			if r := recover(); r != nil {
				se.srv.logPanic(r)
			}
		}()
		se.changed()
	}()
}

// firstLine is the first line of a message (a recovered panic's error
// carries its stack after it, for the log).
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
