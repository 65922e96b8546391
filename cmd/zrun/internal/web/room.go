// This file defines rooms: shared games ("Invite" on a game page) with a
// seat per player held by an unguessable token, spectators, a clock the
// server keeps, offers (draw, take-back, pause, resume) and resignation.
// Every change is stored (package gamestore) before it is answered, so a
// restarted server resumes the game.

package web

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
	"zrun/gamestore"
	"zrun/vm"
)

// Bounds on rooms: the server is shared by many at once.
const (
	maxRoomsKept   = 300  // rooms in memory; finished or idle ones beyond are dropped (they stay stored)
	maxLiveRooms   = 1000 // unfinished games played within roomStale; invites beyond are refused
	roomStale      = 7 * 24 * time.Hour
	maxRoomStreams = 64 // open pages (players and spectators) of one room
	maxRoomEngines = 4  // rooms whose engine searches at once; more wait their turn
	roomIDLen      = 32 // hex digits of a room ID (128 random bits: a private room's ID is its secret)
	seatCookie     = "zrun-seat"
)

// roomSet is the server's rooms: those in memory and the store behind.
type roomSet struct {
	once    sync.Once
	mu      sync.Mutex
	store   *gamestore.Store
	m       map[string]*room
	order   []string      // room IDs, least recently used first
	engines chan struct{} // a slot per room engine searching
	// now is the time the clocks read (tests set a fake one).
	now func() time.Time
	// alive is the store's last heartbeat when this server opened it: the
	// previous server ran until then (a killed server's running clocks
	// are charged up to it).
	alive time.Time
}

// beatEvery is how often a server with a data folder records that it is
// alive: a killed server's running clocks lose at most this much.
const beatEvery = 250 * time.Millisecond

// SetStore makes the server keep its rooms in st (before it serves; the
// default is a store in memory, lost when the server stops).
func (s *Server) SetStore(st *gamestore.Store) {
	set := s.roomSet()
	set.store = st
	if t, err := st.LastBeat(); err != nil {
		s.logf("shared games: the last heartbeat: %v", err)
	} else {
		set.alive = t
	}
	s.resumeRooms()
	if st.Persistent() {
		go s.heartbeat(set)
	}
}

// heartbeat records in the store, until the server closes, that it is
// alive (gamestore.Store.Beat), so that if it is killed its running clocks
// are charged to the last beat when it restarts.
func (s *Server) heartbeat(set *roomSet) {
	tick := time.NewTicker(beatEvery)
	defer tick.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-tick.C:
			if err := set.store.Beat(set.now()); err != nil {
				s.logf("shared games: heartbeat: %v", err)
				return
			}
		}
	}
}

// resumeRooms loads the store's unfinished games, so their clocks run
// again from now (the time used before the server stopped is counted; the
// time it was down is not). A game whose rule file has not loaded yet (a
// large folder loads in the background) resumes when first opened.
func (s *Server) resumeRooms() {
	set := s.roomSet()
	list, err := set.store.List()
	if err != nil {
		s.logf("shared games: %v", err)
		return
	}
	cut := set.now().Add(-roomStale)
	n := 0
	for _, g := range list {
		if g.Over || !g.Updated.After(cut) || n >= maxRoomsKept {
			continue
		}
		if e, _ := s.entryNamed(g.Rules, g.Variant); e != nil {
			if _, err := set.open(s, g, e, e.game); err != nil {
				s.logf("shared game %.8s…: %v", g.ID, err)
			}
			n++
		}
	}
}

// roomSet returns the server's rooms, made on first use.
func (s *Server) roomSet() *roomSet {
	s.rooms.once.Do(func() {
		s.rooms.m = map[string]*room{}
		s.rooms.engines = make(chan struct{}, maxRoomEngines)
		if s.rooms.store == nil {
			s.rooms.store = gamestore.Memory()
		}
		if s.rooms.now == nil {
			s.rooms.now = time.Now
		}
	})
	return &s.rooms
}

// room is one shared game in memory. mu guards everything, and is taken
// before the game's session lock (se.mu, held with it whenever the game
// is read or changed).
type room struct {
	srv *Server
	set *roomSet
	id  string

	mu     sync.Mutex
	rec    *gamestore.Game
	se     *session // the game and its move texts; never among srv.sessions
	clock  *gamestore.Clock
	seq    int // bumped on every change a page should see
	posSeq int // the seq of the last change of the position
	subs   map[*roomSub]struct{}
	offer  *roomOffer
	timer  *time.Timer // fires when the mover's flag would fall
	note   string      // shown on the page: why the last thing did not happen
	// The engine: thinking while a search runs; epoch drops the result of
	// a search the game has moved on from.
	thinking bool
	epoch    int
	// base is the state's text for the current seq but for the room's
	// part, shared by the room's pages (stateBase).
	base roomBase
}

// roomSub is one open page of a room.
type roomSub struct {
	ch   chan int // the seq of each change
	seat int      // -1: a spectator
}

// roomOffer is a proposal waiting for the other players: a draw, a move
// taken back, a pause or the end of one.
type roomOffer struct {
	Kind     string `json:"kind"`
	From     int    `json:"from"`
	FromName string `json:"fromName"`
	accepted map[int]bool
}

func newToken() string {
	var b [32]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func validRoomID(id string) bool {
	if len(id) != roomIDLen {
		return false
	}
	_, err := hex.DecodeString(id)
	return err == nil
}

// --- making and finding rooms

// inviteRequest is what a new shared game is made with.
type inviteRequest struct {
	Clock *struct {
		Mode    string `json:"mode"`
		BaseMs  int64  `json:"baseMs"`
		ExtraMs int64  `json:"extraMs"`
	} `json:"clock"`
	Engine   []bool `json:"engine"`   // per seat: the engine plays it
	EngineMs int64  `json:"engineMs"` // the engine's time a move (0: from the clock)
	Public   bool   `json:"public"`   // listed in the lobby, its open seats free to take
	FEN      string `json:"fen"`      // a setup other than the start
}

type seatLink struct {
	Name   string `json:"name"`
	Link   string `json:"link,omitempty"` // with the seat's token: give it only to that player
	Engine bool   `json:"engine,omitempty"`
	Random bool   `json:"random,omitempty"`
}

type inviteJSON struct {
	// Origin is where the links are to be opened, when not the page's
	// own address (a page on localhost of a server on the LAN).
	Origin string     `json:"origin,omitempty"`
	ID     string     `json:"id"`
	Page   string     `json:"page"` // also the spectators' link
	Seats  []seatLink `json:"seats"`
}

// apiInvite makes a shared game of this page's game and answers its links.
func (se *session) apiInvite(w http.ResponseWriter, r *http.Request) error {
	var req inviteRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	if len(req.FEN) > 2000 {
		return badRequest("FEN too long")
	}
	set := se.srv.roomSet()
	maker := makerOf(r)
	if err := set.roomForNew(maker); err != nil {
		return err
	}
	se.mu.Lock()
	vg := se.g.G
	se.mu.Unlock()
	now := set.now()
	sum, err := fileSHA(se.entry.Path)
	if err != nil {
		return err
	}
	rec := &gamestore.Game{Rules: se.srv.shownPath(se.entry.Path), RulesSHA256: sum, Variant: vg.Title, Setup: "start",
		Public: req.Public, Created: now.UTC(), Updated: now.UTC(), Maker: maker}
	if req.FEN != "" {
		rec.Setup = req.FEN
	}
	if req.EngineMs != 0 && (req.EngineMs < 10 || req.EngineMs > 60000) {
		return badRequest("engineMs must be 10 to 60000 (ms a move), not %d", req.EngineMs)
	}
	rec.EngineMs = req.EngineMs
	if req.Engine != nil && len(req.Engine) != len(vg.Players) {
		return badRequest("engine has %d entries; the game has %d players", len(req.Engine), len(vg.Players))
	}
	out := inviteJSON{Origin: se.srv.inviteOrigin(r.Host)}
	var b [16]byte
	rand.Read(b[:])
	rec.ID = hex.EncodeToString(b[:])
	out.ID, out.Page = rec.ID, "/r/"+rec.ID+"/"
	for i, p := range vg.Players {
		st := gamestore.Seat{Name: p.Name, Engine: req.Engine != nil && req.Engine[i] && !p.Random}
		sl := seatLink{Name: p.Name, Engine: st.Engine, Random: p.Random}
		if !p.Random {
			// Engine seats get a link too: its holder can take the
			// seat back from the engine.
			tok := newToken()
			st.TokenHash = gamestore.HashToken(tok)
			sl.Link = "/r/" + rec.ID + "/join?t=" + tok
		}
		rec.Seats = append(rec.Seats, st)
		out.Seats = append(out.Seats, sl)
	}
	if c := req.Clock; c != nil && c.Mode != "" {
		ck, err := gamestore.NewClock(gamestore.Mode(c.Mode), time.Duration(c.BaseMs)*time.Millisecond,
			time.Duration(c.ExtraMs)*time.Millisecond, len(vg.Players), 0)
		if err != nil {
			return badRequest("%v", err)
		}
		d := ck.Data(now)
		rec.Clock = &d
	}
	rm, err := set.open(se.srv, rec, se.entry, vg)
	if err != nil {
		return err
	}
	rm.mu.Lock()
	err = rm.save()
	rm.mu.Unlock()
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, out)
	return nil
}

// fileSHA is the SHA-256 of a rule file's text, which names the rules a
// stored game was played by.
func fileSHA(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:]), nil
}

// roomForNew refuses a new room when the server has as many unfinished
// games as it takes, or their maker (a client address, limits.go) has
// made as many as one client may.
func (set *roomSet) roomForNew(maker string) error {
	list, err := set.store.List()
	if err != nil {
		return err
	}
	live, mine := 0, 0
	cut := set.now().Add(-roomStale)
	for _, g := range list {
		if !g.Over && g.Updated.After(cut) {
			live++
			if g.Maker == maker {
				mine++
			}
		}
	}
	if live >= maxLiveRooms {
		return &httpError{http.StatusTooManyRequests, fmt.Sprintf("this server has %d games in progress, its limit; try again later", live)}
	}
	if mine >= maxGamesPerClient {
		return &httpError{http.StatusTooManyRequests, fmt.Sprintf("you have made %d shared games that are not finished, the most one client may; finish or resign some first", mine)}
	}
	return nil
}

// get returns the room of id, loading it from the store.
func (s *Server) room(id string) (*room, error) {
	set := s.roomSet()
	notFound := &httpError{http.StatusNotFound, "no shared game " + fmt.Sprintf("%.40q", id)}
	if !validRoomID(id) {
		return nil, notFound
	}
	set.mu.Lock()
	rm := set.m[id]
	if rm != nil {
		set.touch(id)
	}
	set.mu.Unlock()
	if rm != nil {
		return rm, nil
	}
	rec, err := set.store.Get(id)
	if errors.Is(err, gamestore.ErrNotFound) {
		return nil, notFound
	}
	if err != nil {
		return nil, err
	}
	e, loading := s.entryNamed(rec.Rules, rec.Variant)
	if e == nil {
		if loading {
			return nil, &httpError{http.StatusServiceUnavailable, "the server is still loading its rule files; try again in a moment"}
		}
		return nil, &httpError{http.StatusNotFound, fmt.Sprintf("this server no longer serves %s (%s)", rec.Variant, rec.Rules)}
	}
	return set.open(s, rec, e, e.game)
}

// entryNamed finds the served game of a stored room; loading: some file
// has not loaded yet.
func (s *Server) entryNamed(rules, variant string) (e *Entry, loading bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.files {
		loading = loading || f.Loading
		if s.shownPath(f.Path) != rules {
			continue
		}
		for _, o := range f.Entries {
			if o.Title == variant {
				return o, false
			}
		}
	}
	return nil, loading
}

// touch marks id the most recently used; set.mu is held.
func (set *roomSet) touch(id string) {
	for i, o := range set.order {
		if o == id {
			set.order = append(append(set.order[:i:i], set.order[i+1:]...), id)
			return
		}
	}
}

// open makes the room of a stored game in memory: the moves are replayed
// and the clock starts again (it did not run while the game was not in
// memory: a server that was down, or a room dropped for others).
func (set *roomSet) open(srv *Server, rec *gamestore.Game, e *Entry, vg *vm.Game) (*room, error) {
	se, err := newSession(srv, e, vg)
	if err != nil {
		return nil, err
	}
	rm := &room{srv: srv, set: set, id: rec.ID, rec: rec, se: se, subs: map[*roomSub]struct{}{}}
	se.mu.Lock()
	err = rm.replay()
	se.mu.Unlock()
	if err != nil {
		return nil, &httpError{http.StatusConflict, "the shared game does not replay with the rules served now: " + err.Error()}
	}
	set.mu.Lock()
	defer set.mu.Unlock()
	if o := set.m[rec.ID]; o != nil {
		return o, nil // another request loaded it first
	}
	set.m[rec.ID] = rm
	set.order = append(set.order, rec.ID)
	set.evict()
	rm.mu.Lock()
	defer rm.mu.Unlock()
	if rm.clock != nil && !rec.Over && !rec.Paused {
		rm.clock.Start(set.now())
		rm.schedule()
	}
	rm.engineTurn()
	return rm, nil
}

// replay plays the stored moves on the room's fresh game; se.mu is held.
func (rm *room) replay() error {
	g := rm.se.g
	if err := g.Restart(); err != nil { // newSession's random players moved
		return err
	}
	if rm.rec.Setup != "start" {
		if err := g.SetFEN(rm.rec.Setup); err != nil {
			return fmt.Errorf("setup: %v", err)
		}
	}
	if sum, err := fileSHA(rm.se.entry.Path); err == nil && sum != rm.rec.RulesSHA256 {
		rm.note = "The rule file has changed since this game began; its moves were replayed with the current rules."
	}
	for i, m := range rm.rec.Moves {
		ok, err := g.PlayCoord(m.Coord)
		if err != nil || !ok {
			return fmt.Errorf("move %d (%s) is not legal", i+1, m.Coord)
		}
	}
	if !rm.rec.Over {
		if err := rm.se.moveRandom(); err != nil {
			return err
		}
	}
	if err := rm.se.retext(); err != nil {
		return err
	}
	if c := rm.rec.Clock; c != nil {
		rm.clock = gamestore.Resume(*c, rm.set.alive)
	}
	rm.se.changed()
	return nil
}

// evict drops rooms beyond maxRoomsKept, least recently used first, that
// nothing needs in memory: no page open, no engine thinking and no clock
// running; set.mu is held. They stay stored and load again when asked for.
func (set *roomSet) evict() {
	for i := 0; len(set.m) > maxRoomsKept && i < len(set.order); {
		rm := set.m[set.order[i]]
		if !rm.mu.TryLock() {
			i++
			continue
		}
		idle := len(rm.subs) == 0 && !rm.thinking && (rm.clock == nil || !rm.clock.Running())
		rm.mu.Unlock()
		if !idle {
			i++
			continue
		}
		delete(set.m, set.order[i])
		set.order = append(set.order[:i], set.order[i+1:]...)
	}
}

// closeRooms stops every room's engine and clock and stores them, so a
// restart counts the time the side to move has used (Server.Close).
func (s *Server) closeRooms() {
	set := s.roomSet()
	set.mu.Lock()
	rooms := make([]*room, 0, len(set.m))
	for _, rm := range set.m {
		rooms = append(rooms, rm)
	}
	set.mu.Unlock()
	for _, rm := range rooms {
		rm.mu.Lock()
		rm.stopEngine()
		if rm.timer != nil {
			rm.timer.Stop()
		}
		if rm.clock != nil {
			rm.clock.Stop(set.now())
		}
		if err := rm.save(); err != nil {
			s.logf("saving shared game: %v", err)
		}
		rm.mu.Unlock()
	}
}

// --- the room's state

// save stores the room's record, the moves and clock as they are now;
// rm.mu is held.
func (rm *room) save() error {
	rm.se.mu.Lock()
	hist := rm.se.g.History()
	rm.se.mu.Unlock()
	moves := rm.rec.Moves[:min(len(rm.rec.Moves), len(hist))]
	for i := len(moves); i < len(hist); i++ {
		var left []int64
		if rm.clock != nil {
			left = rm.clock.Lefts()
		}
		moves = append(moves, gamestore.Move{Coord: hist[i].Coord, Left: left})
	}
	rm.rec.Moves = moves
	now := rm.set.now()
	if rm.clock != nil {
		d := rm.clock.Data(now)
		rm.rec.Clock = &d
	}
	rm.rec.Updated = now.UTC()
	return rm.set.store.Put(rm.rec)
}

// changed stores the room and tells its pages; rm.mu is held. A position
// change also moves the engine if it is its turn.
func (rm *room) changed(position bool) {
	rm.seq++
	if position {
		rm.posSeq = rm.seq
		rm.se.mu.Lock()
		rm.se.changed()
		rm.se.mu.Unlock()
	}
	if err := rm.save(); err != nil {
		rm.srv.logf("saving shared game: %v", err)
		rm.note = "This change could not be stored: " + err.Error()
	}
	rm.schedule()
	for sub := range rm.subs {
		select {
		case sub.ch <- rm.seq:
		default: // a page that does not keep up refetches on the next one
		}
	}
	if position {
		rm.engineTurn()
	}
}

// seatOf is the seat whose token the request's cookie holds, or -1.
func (rm *room) seatOf(r *http.Request) int {
	c, err := r.Cookie(seatCookie)
	if err != nil || len(c.Value) != 64 {
		return -1
	}
	h := gamestore.HashToken(c.Value)
	for i, st := range rm.rec.Seats {
		if st.TokenHash != "" && st.TokenHash == h {
			return i
		}
	}
	return -1
}

// mover is the seat to move; rm.mu is held.
func (rm *room) mover() int {
	rm.se.mu.Lock()
	defer rm.se.mu.Unlock()
	return rm.se.g.S.Chooser()
}

// checkFlag ends the game if the mover's time has run out, as
// play.Game.TimeOut words it (FIDE 6.9: a loss, or a draw when the
// opponent cannot win); rm.mu is held.
func (rm *room) checkFlag(now time.Time) bool {
	if rm.clock == nil || rm.rec.Over || !rm.clock.Running() || !rm.clock.Flagged(now) {
		return false
	}
	p := rm.clock.Mover()
	rm.clock.Stop(now)
	rm.stopEngine()
	rm.se.mu.Lock()
	result, _ := rm.se.g.TimeOut(p)
	rm.se.mu.Unlock()
	rm.end(result)
	return true
}

// end finishes the game with result; rm.mu is held.
func (rm *room) end(result string) {
	rm.rec.Over, rm.rec.Result, rm.rec.Paused = true, result, false
	rm.offer = nil
	if rm.clock != nil {
		rm.clock.Stop(rm.set.now())
	}
	rm.stopEngine()
}

// schedule sets the timer that ends the game when the mover's flag falls;
// rm.mu is held.
func (rm *room) schedule() {
	if rm.timer != nil {
		rm.timer.Stop()
		rm.timer = nil
	}
	if rm.clock == nil || rm.rec.Over {
		return
	}
	at, ok := rm.clock.FlagAt()
	if !ok {
		return
	}
	rm.timer = time.AfterFunc(at.Sub(rm.set.now())+time.Millisecond, func() {
		rm.mu.Lock()
		defer rm.mu.Unlock()
		if rm.checkFlag(rm.set.now()) {
			rm.changed(false)
		}
	})
}

// after a move: the game's own end, or the clock passed to the next
// player (a multi-part move keeps the mover's clock running); rm.mu is
// held.
func (rm *room) moved(mover int, now time.Time) {
	rm.se.mu.Lock()
	o := rm.se.g.Outcome()
	result := rm.se.g.ResultText(o)
	next := rm.se.g.S.Chooser()
	rm.se.mu.Unlock()
	if rm.clock != nil && next != mover {
		rm.clock.Press(now, next) // not flagged: checked before the move
	}
	if o.Over {
		rm.end(strings.ToUpper(result[:1]) + result[1:])
	}
	rm.offer = nil // a move answers an offer by playing on
	rm.note = ""
}

// --- the room's JSON

type roomSeatJSON struct {
	Name      string `json:"name"`
	Engine    bool   `json:"engine,omitempty"`
	Random    bool   `json:"random,omitempty"`
	Taken     bool   `json:"taken"`     // someone holds the seat
	Open      bool   `json:"open"`      // anyone may take it (a public room's free seat)
	Connected bool   `json:"connected"` // its holder has the page open
}

type roomClockJSON struct {
	Mode    gamestore.Mode `json:"mode"`
	BaseMs  int64          `json:"baseMs"`
	ExtraMs int64          `json:"extraMs"`
	Left    []int64        `json:"left"`    // main time per player, ms, at this answer
	Delay   int64          `json:"delay"`   // the mover's delay left, ms (delay mode)
	Running bool           `json:"running"` // the mover's clock is running
	Mover   int            `json:"mover"`
}

type roomJSON struct {
	ID         string         `json:"id"`
	Seq        int            `json:"seq"`
	You        int            `json:"you"` // your seat, -1 when watching
	Seats      []roomSeatJSON `json:"seats"`
	ToMove     int            `json:"toMove"`
	Turn       string         `json:"turn"` // "White (Alice's seat) to move" in words
	Spectators int            `json:"spectators"`
	Clock      *roomClockJSON `json:"clock,omitempty"`
	Paused     bool           `json:"paused"`
	Over       bool           `json:"over"`
	Result     string         `json:"result,omitempty"`
	Offer      *roomOffer     `json:"offer,omitempty"`
	Public     bool           `json:"public"`
	Note       string         `json:"note,omitempty"`
	Thinking   bool           `json:"thinking"`
	// The rules the game is played by (zrun join loads them): the file as
	// served, its SHA-256 when the game was made, the variant and setup.
	Rules       string `json:"rules"`
	RulesSHA256 string `json:"rulesSHA256"`
	Variant     string `json:"variant"`
	Setup       string `json:"setup"`
}

// seatOpen: a public room's seat nobody holds may be taken by anyone.
func (rm *room) seatOpen(i int) bool {
	st := rm.rec.Seats[i]
	return rm.rec.Public && !rm.rec.Over && !st.Engine && st.TokenHash != "" && (!st.Claimed || st.Left)
}

// canMove: seat may play now; rm.mu is held.
func (rm *room) canMove(seat int) error {
	switch {
	case seat < 0:
		return &httpError{http.StatusForbidden, "you are watching this game: only its players move"}
	case rm.rec.Over:
		return conflict("the game is over: %s", rm.rec.Result)
	case rm.rec.Paused:
		return conflict("the game is paused; resume it first")
	case rm.rec.Seats[seat].Engine:
		return conflict("the engine plays your seat; take it back first")
	case rm.mover() != seat:
		return conflict("it is not your turn: %s is to move", rm.rec.Seats[rm.mover()].Name)
	}
	return nil
}

// state is the page's JSON for seat: the game's state (state.go's, the
// board page draws it) with the room's added; rm.mu is held.
func (rm *room) state(seat int) ([]byte, error) {
	now := rm.set.now()
	if rm.checkFlag(now) {
		rm.changed(false)
	}
	base, err := rm.stateBase(rm.canMove(seat) == nil)
	if err != nil {
		return nil, err
	}
	mover := rm.mover()
	rj := roomJSON{ID: rm.id, Seq: rm.seq, You: seat, ToMove: mover, Paused: rm.rec.Paused, Over: rm.rec.Over,
		Result: rm.rec.Result, Offer: rm.offer, Public: rm.rec.Public, Note: rm.note, Thinking: rm.thinking,
		Rules: rm.rec.Rules, RulesSHA256: rm.rec.RulesSHA256, Variant: rm.rec.Variant, Setup: rm.rec.Setup}
	conn := map[int]bool{}
	for sub := range rm.subs {
		if sub.seat < 0 {
			rj.Spectators++
		}
		conn[sub.seat] = true
	}
	rm.se.mu.Lock()
	players := rm.se.g.G.Players
	rm.se.mu.Unlock()
	for i, st := range rm.rec.Seats {
		rj.Seats = append(rj.Seats, roomSeatJSON{Name: st.Name, Engine: st.Engine, Random: players[i].Random,
			Taken: st.Claimed && !st.Left, Open: rm.seatOpen(i), Connected: conn[i]})
	}
	switch {
	case rm.rec.Over:
		rj.Turn = "Game over: " + rm.rec.Result
	case rm.rec.Paused:
		rj.Turn = "Paused (" + rm.rec.Seats[mover].Name + " to move)"
	case seat == mover:
		rj.Turn = "Your move (" + rm.rec.Seats[mover].Name + ")"
	default:
		rj.Turn = rm.rec.Seats[mover].Name + " to move"
	}
	if c := rm.clock; c != nil {
		d := c.Data(now)
		cj := &roomClockJSON{Mode: d.Mode, BaseMs: d.Base, ExtraMs: d.Extra, Running: c.Running(), Mover: c.Mover()}
		for p := range d.Left {
			main, delay := c.Left(p, now)
			cj.Left = append(cj.Left, main.Milliseconds())
			if p == c.Mover() {
				cj.Delay = delay.Milliseconds()
			}
		}
		if rm.rec.Over {
			cj.Running = false
		}
		rj.Clock = cj
	}
	room, err := json.Marshal(rj)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(base)+len(room)+40)
	out = append(out, base...)
	out = fmt.Appendf(out, `,"gen":%d,"room":`, rm.seq)
	out = append(out, room...)
	return append(out, '}'), nil
}

// roomBase is the page's state of a room for one seq, but for its room
// part: the game's state (the session's cache) with what a room changes
// in it, as JSON without the object's closing brace; one for the seat
// that may move, one for the others. Every page of a room asks for the
// state on every change, so it is made once per change, not per page.
type roomBase struct {
	seq   int
	cache *[]byte
	text  [2][]byte // [0]: the seat may not move now; [1]: it may
}

// stateBase returns the state's base for a seat that may move (or not);
// rm.mu is held.
func (rm *room) stateBase(movable bool) ([]byte, error) {
	cache := rm.se.cache.Load()
	if rm.base.seq != rm.seq || rm.base.cache != cache {
		rm.base = roomBase{seq: rm.seq, cache: cache}
	}
	k := 0
	if movable {
		k = 1
	}
	if b := rm.base.text[k]; b != nil {
		return b, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(*cache, &m); err != nil {
		return nil, err
	}
	delete(m, "gen") // the room's own, added with its part
	delete(m, "room")
	if !movable {
		m["legal"] = json.RawMessage("[]")
	}
	if rm.rec.Over {
		m["over"], m["status"] = json.RawMessage("true"), mustJSON("Game over: "+rm.rec.Result)
	}
	m["canUndo"], m["canRedo"] = json.RawMessage("false"), json.RawMessage("false")
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	b = b[:len(b)-1] // the closing brace: the room's part follows
	rm.base.text[k] = b
	return b, nil
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// --- the engine in a room

// engineTurn starts the engine when an engine seat is to move; rm.mu is
// held. A room's engine frees its table after each move (rooms are many),
// and at most maxRoomEngines search at once: one that finds none free
// tries again shortly.
func (rm *room) engineTurn() {
	if rm.thinking || rm.rec.Over || rm.rec.Paused {
		return
	}
	mover := rm.mover()
	if !rm.rec.Seats[mover].Engine {
		return
	}
	select {
	case rm.set.engines <- struct{}{}:
	default:
		time.AfterFunc(300*time.Millisecond, func() {
			rm.mu.Lock()
			defer rm.mu.Unlock()
			rm.engineTurn()
		})
		return
	}
	rm.se.mu.Lock()
	defer rm.se.mu.Unlock()
	g := rm.se.g
	release := func() { <-rm.set.engines }
	if _, _, err := g.Searcher(); err != nil {
		release()
		rm.note = "Engine: " + err.Error()
		return
	}
	rm.thinking = true
	rm.epoch++
	epoch := rm.epoch
	err := g.Think(engine.Limits{MoveTime: rm.engineTime()}, func(engine.Info) {},
		func(res engine.Result[*vm.Move], err error) bool {
			go rm.engineDone(g, epoch, res, err, release)
			return false
		})
	if err != nil {
		release()
		rm.thinking = false
		rm.note = "Engine: " + err.Error()
	}
}

// engineTime is the engine's time for this move: a thirtieth of what its
// clock has left plus half the increment, at most 5 s (2 s untimed), or
// the time the host chose, within what the clock allows.
func (rm *room) engineTime() time.Duration {
	if rm.clock == nil {
		if rm.rec.EngineMs > 0 {
			return time.Duration(rm.rec.EngineMs) * time.Millisecond
		}
		return 2 * time.Second
	}
	if rm.rec.EngineMs > 0 {
		main, delay := rm.clock.Left(rm.clock.Mover(), rm.set.now())
		return min(time.Duration(rm.rec.EngineMs)*time.Millisecond, max((main+delay)/2, 20*time.Millisecond))
	}
	main, delay := rm.clock.Left(rm.clock.Mover(), rm.set.now())
	d := main/30 + delay/2
	if m := rm.clock.Mode(); m == gamestore.Fischer || m == gamestore.Bronstein {
		d += time.Duration(rm.rec.Clock.Extra) * time.Millisecond / 2
	}
	if rm.clock.Mode() == gamestore.PerMove {
		d = main / 2
	}
	return min(max(d, 20*time.Millisecond), 5*time.Second)
}

// engineDone plays the move the search found, unless the game moved on.
func (rm *room) engineDone(g *play.Game, epoch int, res engine.Result[*vm.Move], err error, release func()) {
	g.Wait()
	defer release()
	rm.mu.Lock()
	defer rm.mu.Unlock()
	defer func() {
		if p := recover(); p != nil {
			rm.srv.logPanic(p)
			rm.thinking = false
		}
	}()
	rm.se.mu.Lock()
	g.FreeEngine()
	rm.se.mu.Unlock()
	if epoch != rm.epoch || g != rm.se.g || !rm.thinking {
		return
	}
	rm.thinking = false
	if err == nil && !res.Found {
		err = fmt.Errorf("the engine found no move")
	}
	now := rm.set.now()
	if err == nil && rm.checkFlag(now) {
		rm.changed(false)
		return
	}
	if err == nil {
		err = rm.playMove(func(ml *vm.MoveList) (int, error) {
			if i := play.FindSame(ml, res.Best); i >= 0 {
				return i, nil
			}
			return -1, fmt.Errorf("the engine's move is not legal here")
		}, now)
	}
	if err != nil {
		rm.note = "Engine: " + firstLine(err.Error())
		rm.changed(false)
	}
}

// stopEngine ends a running search and drops its result; rm.mu is held.
func (rm *room) stopEngine() {
	rm.epoch++
	if rm.thinking {
		rm.thinking = false
		g := rm.se.g
		go g.Stop() // the search's end takes no lock of ours, and need not be waited for
	}
}

// playMove plays the legal move pick chooses for the mover, then the
// random players' moves; rm.mu is held and the move's checks are done.
func (rm *room) playMove(pick func(*vm.MoveList) (int, error), now time.Time) error {
	mover := rm.mover()
	rm.se.mu.Lock()
	ml, err := rm.se.g.Legal()
	i := -1
	if err == nil {
		i, err = pick(ml)
	}
	if err == nil {
		err = rm.se.play(ml, i, false)
	}
	if err == nil {
		if rerr := rm.se.moveRandom(); rerr != nil {
			rm.note = rerr.Error()
		}
	}
	rm.se.mu.Unlock()
	if err != nil {
		return err
	}
	rm.moved(mover, now)
	rm.changed(true)
	return nil
}
