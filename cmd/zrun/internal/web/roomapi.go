// This file defines the rooms' HTTP side: the pages (the room, the lobby,
// the invitation form), the seat links, the JSON API and the event stream.

package web

import (
	"fmt"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/gamestore"
	"zrun/vm"
)

// roomHandler is an API request on a room with its lock held; seat is the
// request's seat (-1: a spectator).
type roomHandler func(rm *room, seat int, w http.ResponseWriter, r *http.Request) error

// withRoom wraps a room's API handler: changes must come from the room's
// own pages (same origin, a JSON body); every error is a JSON message.
func (s *Server) withRoom(mutates bool, h roomHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		defer s.recoverAPI(w)
		if refusedCrossOrigin(w, r, mutates) {
			return
		}
		if mutates {
			if err := s.roomWriteAllowed(r, r.PathValue("rid")); err != nil {
				writeError(w, err)
				return
			}
		}
		rm, err := s.room(r.PathValue("rid"))
		if err != nil {
			writeError(w, err)
			return
		}
		rm.mu.Lock()
		seat := rm.seatOf(r)
		err = h(rm, seat, w, r)
		rm.mu.Unlock()
		if err != nil {
			writeError(w, err)
		}
	}
}

// writeRoom answers the room's state as seat sees it; rm.mu is held.
func (rm *room) write(w http.ResponseWriter, seat int) error {
	b, err := rm.state(seat)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, err = w.Write(b)
	return err
}

func apiRoomState(rm *room, seat int, w http.ResponseWriter, r *http.Request) error {
	return rm.write(w, seat)
}

// apiRoomMove plays the seat's move: an index into the legal moves of the
// state the page saw (gen) or a move's text. Of two moves sent at once for
// one seat the first wins and the second finds it is no longer that seat's
// turn (409).
func apiRoomMove(rm *room, seat int, w http.ResponseWriter, r *http.Request) error {
	var req moveRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	now := rm.set.now()
	if rm.checkFlag(now) {
		rm.changed(false)
	}
	if err := rm.canMove(seat); err != nil {
		return err
	}
	if len(req.Text) > 200 {
		return badRequest("move text too long")
	}
	if req.Index != nil && req.Gen < rm.posSeq {
		return conflict("the position has changed since the page was drawn; try again")
	}
	err := rm.playMove(func(ml *vm.MoveList) (int, error) {
		switch {
		case req.Index != nil:
			if *req.Index < 0 || *req.Index >= len(ml.Moves) {
				return -1, badRequest("no legal move %d (there are %d)", *req.Index, len(ml.Moves))
			}
			return *req.Index, nil
		case req.Text != "":
			idx := rm.se.g.Match(ml, req.Text)
			if len(idx) == 1 {
				return idx[0], nil
			}
			if len(idx) > 1 {
				return -1, badRequest("%q is ambiguous", req.Text)
			}
			return -1, badRequest("%q is not a legal move here", req.Text)
		}
		return -1, badRequest("no move given (want index or text)")
	}, now)
	if err != nil {
		return err
	}
	return rm.write(w, seat)
}

// apiRoomResign ends the game: with two players the other wins.
func apiRoomResign(rm *room, seat int, w http.ResponseWriter, r *http.Request) error {
	if err := readJSON(w, r, &struct{}{}); err != nil {
		return err
	}
	if err := rm.player(seat); err != nil {
		return err
	}
	name := rm.rec.Seats[seat].Name
	if len(rm.rec.Seats) == 2 {
		rm.end(fmt.Sprintf("%s wins: %s resigned", rm.rec.Seats[1-seat].Name, name))
	} else {
		rm.end(name + " resigned")
	}
	rm.changed(false)
	return rm.write(w, seat)
}

// player refuses requests from spectators and once the game is over;
// rm.mu is held.
func (rm *room) player(seat int) error {
	if seat < 0 {
		return &httpError{http.StatusForbidden, "you are watching this game: only its players may do that"}
	}
	if rm.rec.Over {
		return conflict("the game is over: %s", rm.rec.Result)
	}
	return nil
}

// offerRequest proposes (or, with accept or decline, answers) a draw, a
// take-back, a pause or the end of a pause.
type offerRequest struct {
	Kind    string `json:"kind"`
	Accept  bool   `json:"accept"`
	Decline bool   `json:"decline"`
}

var offerWords = map[string]string{"draw": "a draw", "takeback": "to take back a move", "pause": "a pause", "resume": "to resume"}

func apiRoomOffer(rm *room, seat int, w http.ResponseWriter, r *http.Request) error {
	var req offerRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	if err := rm.player(seat); err != nil {
		return err
	}
	now := rm.set.now()
	if rm.checkFlag(now) {
		rm.changed(false)
		return conflict("the game is over: %s", rm.rec.Result)
	}
	if req.Accept || req.Decline {
		o := rm.offer
		if o == nil || (req.Kind != "" && req.Kind != o.Kind) {
			return conflict("there is no such offer to answer")
		}
		if o.From == seat {
			if req.Decline { // withdrawn
				rm.offer = nil
				rm.changed(false)
				return rm.write(w, seat)
			}
			return conflict("you made this offer; the other players answer it")
		}
		if req.Decline {
			rm.offer = nil
			rm.note = fmt.Sprintf("%s declined %s", rm.rec.Seats[seat].Name, offerWords[o.Kind])
			rm.changed(false)
			return rm.write(w, seat)
		}
		o.accepted[seat] = true
		if err := rm.settle(now); err != nil {
			return err
		}
		return rm.write(w, seat)
	}
	if _, ok := offerWords[req.Kind]; !ok {
		return badRequest("unknown offer %q (want draw, takeback, pause or resume)", req.Kind)
	}
	switch {
	case req.Kind == "pause" && rm.rec.Paused:
		return conflict("the game is already paused")
	case req.Kind == "resume" && !rm.rec.Paused:
		return conflict("the game is not paused")
	case req.Kind == "takeback" && !rm.hasMoveOf(seat):
		return conflict("you have no move to take back")
	}
	rm.offer = &roomOffer{Kind: req.Kind, From: seat, FromName: rm.rec.Seats[seat].Name, accepted: map[int]bool{seat: true}}
	rm.note = ""
	if err := rm.settle(now); err != nil {
		return err
	}
	return rm.write(w, seat)
}

// settle carries out the offer once every other human seat accepted it.
// The engine agrees to take-backs and pauses, never to a draw.
func (rm *room) settle(now time.Time) error {
	o := rm.offer
	rm.se.mu.Lock()
	players := rm.se.g.G.Players
	rm.se.mu.Unlock()
	humans := 0
	for i, st := range rm.rec.Seats {
		if players[i].Random {
			continue
		}
		if st.Engine {
			if o.Kind == "draw" {
				rm.offer = nil
				rm.changed(false)
				return conflict("the engine plays on: it does not accept draws")
			}
			continue
		}
		humans++
		if !o.accepted[i] {
			rm.changed(false) // the offer waits for this seat
			return nil
		}
	}
	rm.offer = nil
	switch o.Kind {
	case "draw":
		rm.end("Draw by agreement")
		rm.changed(false)
	case "pause":
		rm.stopEngine()
		rm.rec.Paused = true
		if rm.clock != nil {
			rm.clock.Stop(now)
		}
		rm.changed(false)
	case "resume":
		rm.rec.Paused = false
		if rm.clock != nil {
			rm.clock.Start(now)
		}
		rm.changed(true)
	case "takeback":
		if err := rm.takeBack(o.From, now); err != nil {
			return err
		}
	}
	return nil
}

// hasMoveOf: seat has made a move that can be taken back; rm.mu is held.
func (rm *room) hasMoveOf(seat int) bool {
	rm.se.mu.Lock()
	defer rm.se.mu.Unlock()
	s, err := rm.se.g.StartState()
	if err != nil {
		return false
	}
	for _, pm := range rm.se.g.History() {
		if s.Chooser() == seat {
			return true
		}
		if s.Make(&pm.Move) != nil {
			return false
		}
	}
	return false
}

// takeBack undoes moves until seat is to move again, having undone one of
// its moves; the clocks go back to what they were then.
func (rm *room) takeBack(seat int, now time.Time) error {
	rm.stopEngine()
	rm.se.mu.Lock()
	g := rm.se.g
	for {
		if _, ok := g.Undo(); !ok {
			break
		}
		if g.S.Chooser() == seat {
			break
		}
	}
	n := len(g.History())
	mover := g.S.Chooser()
	err := rm.se.retext()
	rm.se.mu.Unlock()
	if err != nil {
		return err
	}
	rm.rec.Moves = rm.rec.Moves[:min(n, len(rm.rec.Moves))]
	if rm.clock != nil {
		d := rm.clock.Data(now)
		left := make([]int64, len(d.Left))
		for i := range left {
			left[i] = d.Base
		}
		if n > 0 && rm.rec.Moves[n-1].Left != nil {
			left = rm.rec.Moves[n-1].Left
		}
		rm.clock.Set(left, mover, now)
	}
	rm.note = rm.rec.Seats[seat].Name + " took back a move"
	rm.changed(true)
	return nil
}

// apiRoomLeave gives the seat up: the page watches from now on; the
// seat's link takes it again (and in a public room anyone may).
func apiRoomLeave(rm *room, seat int, w http.ResponseWriter, r *http.Request) error {
	if err := readJSON(w, r, &struct{}{}); err != nil {
		return err
	}
	if seat < 0 {
		return conflict("you hold no seat here")
	}
	rm.rec.Seats[seat].Left = true
	http.SetCookie(w, &http.Cookie{Name: seatCookie, Value: "", Path: rm.cookiePath(), MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	rm.changed(false)
	return rm.write(w, -1)
}

// takeRequest names a public room's open seat to take.
type takeRequest struct {
	Seat int `json:"seat"`
}

// apiRoomTake gives the page a public room's open seat, with a new token
// (the seat's old link no longer opens it).
func apiRoomTake(rm *room, seat int, w http.ResponseWriter, r *http.Request) error {
	var req takeRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	if seat >= 0 {
		return conflict("you already hold a seat here (%s); leave it first", rm.rec.Seats[seat].Name)
	}
	if req.Seat < 0 || req.Seat >= len(rm.rec.Seats) {
		return badRequest("no seat %d", req.Seat)
	}
	if !rm.seatOpen(req.Seat) {
		return conflict("the seat %s is not open", rm.rec.Seats[req.Seat].Name)
	}
	tok := newToken()
	st := &rm.rec.Seats[req.Seat]
	st.TokenHash, st.Claimed, st.Left = gamestore.HashToken(tok), true, false
	rm.setSeatCookie(w, tok)
	rm.changed(false)
	return rm.write(w, req.Seat)
}

// engineSeatRequest hands the request's seat to the engine, or takes it back.
type engineSeatRequest struct {
	On bool `json:"on"`
}

func apiRoomEngine(rm *room, seat int, w http.ResponseWriter, r *http.Request) error {
	var req engineSeatRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	if err := rm.player(seat); err != nil {
		return err
	}
	if rm.rec.Seats[seat].Engine == req.On {
		return rm.write(w, seat)
	}
	rm.rec.Seats[seat].Engine = req.On
	if !req.On {
		rm.stopEngine()
	}
	rm.changed(true)
	return rm.write(w, seat)
}

func (rm *room) cookiePath() string { return "/api/r/" + rm.id + "/" }

// setSeatCookie gives the browser the seat's token, for this room's API
// only; rm.mu is held.
func (rm *room) setSeatCookie(w http.ResponseWriter, tok string) {
	http.SetCookie(w, &http.Cookie{Name: seatCookie, Value: tok, Path: rm.cookiePath(), HttpOnly: true,
		SameSite: http.SameSiteStrictMode, MaxAge: 90 * 24 * 3600})
}

// roomJoin is a seat's link: the token goes into a cookie and the browser
// to the room's page, so the address bar (and history) no longer shows it.
func (s *Server) roomJoin(w http.ResponseWriter, r *http.Request) {
	rm, err := s.room(r.PathValue("rid"))
	if err != nil {
		writeError(w, err)
		return
	}
	tok := r.URL.Query().Get("t")
	rm.mu.Lock()
	seat := -1
	if len(tok) == 64 {
		h := gamestore.HashToken(tok)
		for i, st := range rm.rec.Seats {
			if st.TokenHash == h {
				seat = i
			}
		}
	}
	if seat >= 0 {
		st := &rm.rec.Seats[seat]
		st.Claimed, st.Left = true, false
		rm.setSeatCookie(w, tok)
		rm.changed(false)
	}
	rm.mu.Unlock()
	if seat < 0 {
		writeError(w, &httpError{http.StatusForbidden, "this seat link is not valid (it may have been replaced: the seat was taken by someone else)"})
		return
	}
	http.Redirect(w, r, "/r/"+rm.id+"/", http.StatusSeeOther)
}

// apiRoomEvents streams the room's changes: each event carries the
// room's sequence number (also the event's id) and the state as the page
// sees it; a page that reconnects is sent the current state at once, so
// it catches up.
func (s *Server) apiRoomEvents(w http.ResponseWriter, r *http.Request) {
	rm, err := s.room(r.PathValue("rid"))
	if err != nil {
		writeError(w, err)
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		writeError(w, fmt.Errorf("streaming unsupported"))
		return
	}
	rm.mu.Lock()
	if len(rm.subs) >= maxRoomStreams {
		rm.mu.Unlock()
		writeError(w, &httpError{http.StatusTooManyRequests, fmt.Sprintf("this game already has %d pages open", maxRoomStreams)})
		return
	}
	sub := &roomSub{ch: make(chan int, 16), seat: rm.seatOf(r)}
	rm.subs[sub] = struct{}{}
	rm.changed(false) // who is connected has changed
	seq := rm.seq
	rm.mu.Unlock()
	defer func() {
		rm.mu.Lock()
		delete(rm.subs, sub)
		rm.changed(false)
		rm.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	// Each event carries the page's new state, as /state would answer
	// it, so a page needs no request to follow the game.
	send := func(seq int) {
		for more := true; more; { // changes queued meanwhile: the latest is enough
			select {
			case seq = <-sub.ch:
			default:
				more = false
			}
		}
		rm.mu.Lock()
		seq = rm.seq
		st, err := rm.state(sub.seat)
		rm.mu.Unlock()
		if err != nil {
			st = []byte("null")
		}
		fmt.Fprintf(w, "id: %d\nevent: state\ndata: {\"gen\":%d,\"seq\":%d,\"state\":%s}\n\n", seq, seq, seq, st)
		fl.Flush()
	}
	send(seq)
	keep := time.NewTicker(20 * time.Second)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		case seq := <-sub.ch:
			send(seq)
		case <-keep.C:
			fmt.Fprint(w, ": keep-alive\n\n")
			fl.Flush()
		}
	}
}

// apiRoomSave downloads the game (.zsg or PGN), finished or not.
func (s *Server) apiRoomSave(ext string) http.HandlerFunc {
	return s.withRoom(false, func(rm *room, seat int, w http.ResponseWriter, r *http.Request) error {
		if ext == "pgn" {
			rm.se.mu.Lock()
			san := rm.se.g.SAN
			rm.se.mu.Unlock()
			if !san {
				return badRequest("PGN needs a chess-like game; save as .zsg instead")
			}
			return rm.se.download(w, ext, (*play.Game).WritePGN)
		}
		return rm.se.download(w, ext, (*play.Game).WriteZSG)
	})
}

// apiRoomRules downloads the rule file the room's game is played by, as
// served now (zrun join loads it to draw the board and read moves).
func apiRoomRules(rm *room, seat int, w http.ResponseWriter, r *http.Request) error {
	b, err := os.ReadFile(rm.se.entry.Path)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": filepath.Base(rm.se.entry.Path)}))
	_, err = w.Write(b)
	return err
}

// apiRoomPieces is the pieces' help for the room's page.
func apiRoomPieces(rm *room, seat int, w http.ResponseWriter, r *http.Request) error {
	return rm.se.apiPieces(w, r)
}

// lobbyGame is a shared game as the lobby lists it.
type lobbyGame struct {
	ID      string   `json:"id"`
	Variant string   `json:"variant"`
	Rules   string   `json:"rules"`
	Moves   int      `json:"moves"`
	Clock   string   `json:"clock,omitempty"`
	Open    []string `json:"open,omitempty"` // the seats free to take
	Over    bool     `json:"over"`
	Result  string   `json:"result,omitempty"`
	Updated string   `json:"updated"`
}

const lobbyMax = 50

// apiLobby lists the public games: those with a seat to take, and the
// most recent to watch. Private games are never listed: their ID is what
// lets one watch them.
func (s *Server) apiLobby(w http.ResponseWriter, r *http.Request) {
	set := s.roomSet()
	list, err := set.store.List()
	if err != nil {
		writeError(w, err)
		return
	}
	out := struct {
		Open   []lobbyGame `json:"open"`
		Recent []lobbyGame `json:"recent"`
	}{[]lobbyGame{}, []lobbyGame{}}
	cut := set.now().Add(-roomStale)
	for _, g := range list {
		if !g.Public {
			continue
		}
		lg := lobbyGame{ID: g.ID, Variant: g.Variant, Rules: g.Rules, Moves: len(g.Moves), Over: g.Over, Result: g.Result,
			Updated: g.Updated.Format(time.RFC3339)}
		if c := g.Clock; c != nil {
			lg.Clock = fmt.Sprintf("%s %v+%v", c.Mode, time.Duration(c.Base)*time.Millisecond, time.Duration(c.Extra)*time.Millisecond)
		}
		for _, st := range g.Seats {
			if !g.Over && !st.Engine && st.TokenHash != "" && (!st.Claimed || st.Left) {
				lg.Open = append(lg.Open, st.Name)
			}
		}
		if len(lg.Open) > 0 && g.Updated.After(cut) && len(out.Open) < lobbyMax {
			out.Open = append(out.Open, lg)
		}
		if len(out.Recent) < lobbyMax {
			out.Recent = append(out.Recent, lg)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// --- pages

func (s *Server) roomPage(w http.ResponseWriter, r *http.Request) {
	rm, err := s.room(r.PathValue("rid"))
	if err != nil {
		writeError(w, err)
		return
	}
	rm.mu.Lock()
	data := struct {
		ID, Title string
		Game      int
	}{rm.id, rm.rec.Variant, rm.se.entry.ID}
	rm.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := pageTmpl.ExecuteTemplate(w, "room.html", data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (s *Server) lobbyPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := pageTmpl.ExecuteTemplate(w, "lobby.html", nil); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// invitePage is the form that makes a shared game of a game page's game.
func (s *Server) invitePage(w http.ResponseWriter, r *http.Request) {
	browserID(w, r) // the invitation is posted with the page's cookie
	e, err := s.entry(r)
	if err != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := pageTmpl.ExecuteTemplate(w, "invite.html", e); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// roomRoutes adds the rooms' routes to m.
func (s *Server) roomRoutes(m *http.ServeMux) {
	m.HandleFunc("POST /api/g/{id}/invite", s.withSession(true, (*session).apiInvite))
	m.HandleFunc("GET /g/{id}/invite", s.invitePage)
	m.HandleFunc("GET /lobby", s.lobbyPage)
	m.HandleFunc("GET /api/rooms", s.apiLobby)
	m.HandleFunc("GET /r/{rid}/{$}", s.roomPage)
	m.HandleFunc("GET /r/{rid}/join", s.roomJoin)
	m.HandleFunc("GET /api/r/{rid}/state", s.withRoom(false, apiRoomState))
	m.HandleFunc("GET /api/r/{rid}/events", s.apiRoomEvents)
	m.HandleFunc("GET /api/r/{rid}/rules", s.withRoom(false, apiRoomRules))
	m.HandleFunc("GET /api/r/{rid}/pieces", s.withRoom(false, apiRoomPieces))
	m.HandleFunc("GET /api/r/{rid}/save.zsg", s.apiRoomSave("zsg"))
	m.HandleFunc("GET /api/r/{rid}/save.pgn", s.apiRoomSave("pgn"))
	m.HandleFunc("POST /api/r/{rid}/move", s.withRoom(true, apiRoomMove))
	m.HandleFunc("POST /api/r/{rid}/resign", s.withRoom(true, apiRoomResign))
	m.HandleFunc("POST /api/r/{rid}/offer", s.withRoom(true, apiRoomOffer))
	m.HandleFunc("POST /api/r/{rid}/leave", s.withRoom(true, apiRoomLeave))
	m.HandleFunc("POST /api/r/{rid}/take", s.withRoom(true, apiRoomTake))
	m.HandleFunc("POST /api/r/{rid}/seat-engine", s.withRoom(true, apiRoomEngine))
}
