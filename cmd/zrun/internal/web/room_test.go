// Tests of shared games (rooms) through the HTTP API, in process: seats,
// spectators, moves at once, clocks on a fake time, offers, a restart, and
// the event stream.

package web

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"zrun/gamestore"
)

// fakeTime is the rooms' clock in tests: it moves only when told.
type fakeTime struct {
	mu sync.Mutex
	t  time.Time
}

func (f *fakeTime) Now() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.t }
func (f *fakeTime) Advance(d time.Duration) {
	f.mu.Lock()
	f.t = f.t.Add(d)
	f.mu.Unlock()
}

// roomServer serves chess with rooms kept in st, on fake time ft.
func roomServer(t *testing.T, st *gamestore.Store, ft *fakeTime) (*Server, string) {
	t.Helper()
	s, err := New([]string{filepath.Join(gamesDir, "chess.zrf")})
	if err != nil {
		t.Fatal(err)
	}
	s.rooms.now = ft.Now
	s.SetStore(st)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	t.Cleanup(s.Close)
	return s, ts.URL
}

func browser(t *testing.T, url string) *client {
	jar, _ := cookiejar.New(nil)
	c := &client{t, url, &http.Client{Jar: jar}}
	c.do("GET", "/", "")
	return c
}

// invite makes a shared game and returns it with a client per seat
// (joined through its link) and a spectator.
func invite(t *testing.T, url, body string) (inviteJSON, []*client, *client) {
	t.Helper()
	host := browser(t, url)
	code, out := host.do("POST", "/api/g/0/invite", body, "Content-Type", "application/json")
	if code != http.StatusCreated {
		t.Fatalf("invite: %d %s", code, out)
	}
	var inv inviteJSON
	json.Unmarshal([]byte(out), &inv)
	var seats []*client
	for _, s := range inv.Seats {
		c := browser(t, url)
		if code, body := c.do("GET", s.Link, ""); code != 200 || !strings.Contains(body, "room.js") {
			t.Fatalf("join %s: %d %.200s", s.Name, code, body)
		}
		seats = append(seats, c)
	}
	return inv, seats, browser(t, url)
}

type roomState struct {
	Gen     int           `json:"gen"`
	Legal   []legalJSON   `json:"legal"`
	History []moveText    `json:"history"`
	Room    roomJSON      `json:"room"`
	Clock   roomClockJSON `json:"-"`
}

func rstate(t *testing.T, c *client, id string) roomState {
	t.Helper()
	code, body := c.do("GET", "/api/r/"+id+"/state", "")
	var st roomState
	if code != 200 || json.Unmarshal([]byte(body), &st) != nil {
		t.Fatalf("room state: %d %.300s", code, body)
	}
	return st
}

func post(t *testing.T, c *client, id, path, body string, want int) string {
	t.Helper()
	code, out := c.do("POST", "/api/r/"+id+"/"+path, body, "Content-Type", "application/json")
	if code != want {
		t.Fatalf("%s %s: %d %.300s, want %d", path, body, code, out, want)
	}
	if code >= 400 && !strings.Contains(out, `"error"`) {
		t.Fatalf("%s: error without a JSON message: %s", path, out)
	}
	return out
}

func TestRoomTwoSeatsPlay(t *testing.T) {
	ft := &fakeTime{t: time.Unix(1e9, 0)}
	_, url := roomServer(t, gamestore.Memory(), ft)
	inv, seat, watcher := invite(t, url, `{"clock":{"mode":"fischer","baseMs":60000,"extraMs":1000}}`)
	id := inv.ID
	if len(inv.Seats) != 2 || inv.Seats[0].Name != "White" {
		t.Fatalf("seats %+v", inv.Seats)
	}
	w := rstate(t, seat[0], id)
	if w.Room.You != 0 || len(w.Legal) != 20 || w.Room.Turn != "Your move (White)" {
		t.Errorf("White sees you=%d, %d legal moves, %q", w.Room.You, len(w.Legal), w.Room.Turn)
	}
	if b := rstate(t, seat[1], id); b.Room.You != 1 || len(b.Legal) != 0 || b.Room.Turn != "White to move" {
		t.Errorf("Black sees you=%d, %d legal moves, %q", b.Room.You, len(b.Legal), b.Room.Turn)
	}
	post(t, watcher, id, "move", `{"text":"e2e4"}`, http.StatusForbidden)
	post(t, seat[1], id, "move", `{"text":"e7e5"}`, http.StatusConflict)
	ft.Advance(5 * time.Second)
	post(t, seat[0], id, "move", `{"text":"e2e4"}`, 200)
	ft.Advance(2 * time.Second)
	post(t, seat[1], id, "move", `{"text":"e7e5"}`, 200)
	ft.Advance(3 * time.Second)
	st := rstate(t, watcher, id)
	if len(st.History) != 2 || st.Room.You != -1 || st.Room.ToMove != 0 {
		t.Fatalf("after two moves: %d moves, you %d, to move %d", len(st.History), st.Room.You, st.Room.ToMove)
	}
	// Fischer: 60 - 5 + 1 = 56 s; Black 60 - 2 + 1 = 59 s; White's clock
	// runs again: 3 s used of 56.
	if c := st.Room.Clock; c.Left[0] != 53000 || c.Left[1] != 59000 || !c.Running || c.Mover != 0 {
		t.Errorf("clocks %+v, want White 53 s running, Black 59 s", c)
	}
	for _, p := range []string{"save.zsg", "save.pgn"} {
		if code, body := watcher.do("GET", "/api/r/"+id+"/"+p, ""); code != 200 || !strings.Contains(body, "e4") && !strings.Contains(body, "e2") {
			t.Errorf("%s: %d %.200s", p, code, body)
		}
	}
}

// Two moves sent at once for one seat: one is played, the other is told
// it is no longer that seat's turn.
func TestRoomSimultaneousMoves(t *testing.T) {
	_, url := roomServer(t, gamestore.Memory(), &fakeTime{t: time.Unix(1e9, 0)})
	inv, seat, _ := invite(t, url, `{}`)
	codes := make([]int, 2)
	var wg sync.WaitGroup
	for i, mv := range []string{"e2e4", "d2d4"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _ = seat[0].do("POST", "/api/r/"+inv.ID+"/move", `{"text":"`+mv+`"}`, "Content-Type", "application/json")
		}()
	}
	wg.Wait()
	if !(codes[0] == 200 && codes[1] == 409 || codes[0] == 409 && codes[1] == 200) {
		t.Errorf("codes %v, want one 200 and one 409", codes)
	}
	if n := len(rstate(t, seat[0], inv.ID).History); n != 1 {
		t.Errorf("%d moves played", n)
	}
}

// The flag falls when the time is used up, ending the game plainly; with
// a (simple) delay the main time starts running only after the delay.
func TestRoomFlagFall(t *testing.T) {
	ft := &fakeTime{t: time.Unix(1e9, 0)}
	_, url := roomServer(t, gamestore.Memory(), ft)
	inv, seat, _ := invite(t, url, `{"clock":{"mode":"delay","baseMs":10000,"extraMs":3000}}`)
	ft.Advance(12 * time.Second) // 3 s delay, then 9 of 10 s
	if st := rstate(t, seat[1], inv.ID); st.Room.Over || st.Room.Clock.Left[0] != 1000 {
		t.Fatalf("after 12 s: over %v, left %v", st.Room.Over, st.Room.Clock.Left)
	}
	ft.Advance(time.Second)
	st := rstate(t, seat[1], inv.ID)
	if !st.Room.Over || st.Room.Result != "Black wins on time (White's time ran out)" {
		t.Fatalf("after 13 s: over %v, result %q", st.Room.Over, st.Room.Result)
	}
	post(t, seat[0], inv.ID, "move", `{"text":"e2e4"}`, http.StatusConflict)
}

func TestRoomOffers(t *testing.T) {
	ft := &fakeTime{t: time.Unix(1e9, 0)}
	_, url := roomServer(t, gamestore.Memory(), ft)
	inv, seat, watcher := invite(t, url, `{"clock":{"mode":"bronstein","baseMs":60000,"extraMs":2000}}`)
	id := inv.ID
	ft.Advance(5 * time.Second)
	post(t, seat[0], id, "move", `{"text":"e2e4"}`, 200) // Bronstein: 60 - 5 + 2 = 57 s
	ft.Advance(time.Second)
	post(t, seat[1], id, "move", `{"text":"e7e5"}`, 200) // 60 - 1 + 1 = 60 s
	// Take-back: asked by Black, accepted by White: Black to move again,
	// its clock as before its move.
	post(t, watcher, id, "offer", `{"kind":"takeback"}`, http.StatusForbidden)
	post(t, seat[1], id, "offer", `{"kind":"takeback"}`, 200)
	post(t, seat[1], id, "offer", `{"accept":true}`, http.StatusConflict) // one's own offer
	post(t, seat[0], id, "offer", `{"kind":"takeback","accept":true}`, 200)
	st := rstate(t, watcher, id)
	if len(st.History) != 1 || st.Room.ToMove != 1 || st.Room.Clock.Left[0] != 57000 || st.Room.Clock.Left[1] != 60000 {
		t.Fatalf("after the take-back: %d moves, to move %d, clocks %v", len(st.History), st.Room.ToMove, st.Room.Clock.Left)
	}
	// Pause by agreement: the clock stops, moves wait.
	post(t, seat[0], id, "offer", `{"kind":"pause"}`, 200)
	post(t, seat[1], id, "offer", `{"accept":true}`, 200)
	ft.Advance(time.Hour)
	post(t, seat[1], id, "move", `{"text":"e7e5"}`, http.StatusConflict)
	if st := rstate(t, watcher, id); !st.Room.Paused || st.Room.Clock.Left[1] != 60000 {
		t.Fatalf("paused: %v, Black %d", st.Room.Paused, st.Room.Clock.Left[1])
	}
	post(t, seat[1], id, "offer", `{"kind":"resume"}`, 200)
	post(t, seat[0], id, "offer", `{"accept":true}`, 200)
	// A declined draw, an accepted one.
	post(t, seat[1], id, "offer", `{"kind":"draw"}`, 200)
	post(t, seat[0], id, "offer", `{"decline":true}`, 200)
	if st := rstate(t, watcher, id); st.Room.Over || st.Room.Offer != nil {
		t.Fatal("a declined draw ended the game")
	}
	post(t, seat[1], id, "offer", `{"kind":"draw"}`, 200)
	post(t, seat[0], id, "offer", `{"accept":true}`, 200)
	if st := rstate(t, watcher, id); st.Room.Result != "Draw by agreement" {
		t.Fatalf("result %q", st.Room.Result)
	}
}

func TestRoomResignLeaveRetake(t *testing.T) {
	_, url := roomServer(t, gamestore.Memory(), &fakeTime{t: time.Unix(1e9, 0)})
	inv, seat, _ := invite(t, url, `{"public":true}`)
	id := inv.ID
	post(t, seat[1], id, "leave", `{}`, 200)
	if st := rstate(t, seat[1], id); st.Room.You != -1 || !st.Room.Seats[1].Open {
		t.Fatalf("after leaving: you %d, open %v", st.Room.You, st.Room.Seats[1].Open)
	}
	// The lobby lists the public game's free seat; a stranger takes it.
	code, body := seat[1].do("GET", "/api/rooms", "")
	if code != 200 || !strings.Contains(body, `"open":["Black"]`) {
		t.Fatalf("lobby: %d %s", code, body)
	}
	stranger := browser(t, url)
	post(t, stranger, id, "take", `{"seat":1}`, 200)
	post(t, seat[0], id, "take", `{"seat":1}`, http.StatusConflict)
	if code, _ := seat[1].do("GET", inv.Seats[1].Link, ""); code != http.StatusForbidden {
		t.Errorf("the replaced link still opens the seat: %d", code)
	}
	post(t, stranger, id, "resign", `{}`, 200)
	if st := rstate(t, seat[0], id); st.Room.Result != "White wins: Black resigned" {
		t.Errorf("result %q", st.Room.Result)
	}
}

func TestRoomBadRequests(t *testing.T) {
	_, url := roomServer(t, gamestore.Memory(), &fakeTime{t: time.Unix(1e9, 0)})
	inv, seat, _ := invite(t, url, `{}`)
	c := browser(t, url)
	for _, tc := range []struct {
		method, path, body string
		want               int
	}{
		{"GET", "/api/r/nope/state", "", 404},
		{"GET", "/api/r/0123456789abcdef0123456789abcdef/state", "", 404},
		{"GET", "/r/" + inv.ID + "/join?t=bad", "", 403},
		{"POST", "/api/g/0/invite", `{"clock":{"mode":"hourglass","baseMs":1000}}`, 400},
		{"POST", "/api/g/0/invite", `{"clock":{"mode":"fischer","baseMs":0}}`, 400},
		{"POST", "/api/g/0/invite", `{"engine":[true]}`, 400},
		{"POST", "/api/r/" + inv.ID + "/offer", `{"kind":"bribe"}`, 403},
		{"POST", "/api/r/" + inv.ID + "/move", `{"text":"e2e4"}`, 403},
		{"POST", "/api/r/" + inv.ID + "/move", strings.Repeat("x", 20000), 413},
	} {
		code, body := c.do(tc.method, tc.path, tc.body, "Content-Type", "application/json")
		if code != tc.want || !strings.Contains(body, `"error"`) {
			t.Errorf("%s %s: %d %.200s, want %d with a JSON message", tc.method, tc.path, code, body, tc.want)
		}
	}
	post(t, seat[0], inv.ID, "offer", `{"kind":"bribe"}`, 400)
	post(t, seat[0], inv.ID, "move", `{"text":"e2e5"}`, 400)
	post(t, seat[0], inv.ID, "move", `{"index":0,"gen":-1}`, 409)
	if code, _ := c.do("POST", "/api/r/"+inv.ID+"/move", `{}`, "Origin", "http://evil.example"); code != 403 {
		t.Errorf("cross-origin move: %d", code)
	}
}

// A restart resumes the game: its moves, and its clocks with the time
// used before it (the side to move's clock does not run while down).
func TestRoomRestart(t *testing.T) {
	dir := t.TempDir()
	ft := &fakeTime{t: time.Unix(1e9, 0)}
	st, err := gamestore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, url := roomServer(t, st, ft)
	inv, seat, _ := invite(t, url, `{"clock":{"mode":"fischer","baseMs":60000,"extraMs":0}}`)
	ft.Advance(4 * time.Second)
	post(t, seat[0], inv.ID, "move", `{"text":"e2e4"}`, 200)
	ft.Advance(3 * time.Second) // Black thinks 3 s, then the server stops
	s.Close()
	st.Close()
	ft.Advance(time.Hour) // down for an hour

	st, err = gamestore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, url = roomServer(t, st, ft)
	for _, c := range seat {
		c.url = url // the same browsers (cookies) on the new server
	}
	ft.Advance(2 * time.Second)
	got := rstate(t, seat[1], inv.ID)
	if len(got.History) != 1 || got.Room.You != 1 || got.Room.Clock.Left[0] != 56000 || got.Room.Clock.Left[1] != 55000 {
		t.Fatalf("resumed: %d moves, you %d, clocks %v (want 56 s and 55 s)", len(got.History), got.Room.You, got.Room.Clock.Left)
	}
	post(t, seat[1], inv.ID, "move", `{"text":"e7e5"}`, 200)
}

// A move reaches a page's event stream within 100 ms.
func TestRoomEvents(t *testing.T) {
	_, url := roomServer(t, gamestore.Memory(), &fakeTime{t: time.Unix(1e9, 0)})
	inv, seat, _ := invite(t, url, `{}`)
	resp, err := http.Get(url + "/api/r/" + inv.ID + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	next := func() int {
		for l := range lines {
			var d struct{ Seq int }
			if strings.HasPrefix(l, "data: ") && json.Unmarshal([]byte(l[6:]), &d) == nil {
				return d.Seq
			}
		}
		t.Fatal("stream ended")
		return 0
	}
	first := next() // the page's own connection is a change too: it may come twice
	start := time.Now()
	post(t, seat[0], inv.ID, "move", `{"text":"e2e4"}`, 200)
	seq := next()
	for seq <= first {
		seq = next()
	}
	if d := time.Since(start); d > 100*time.Millisecond {
		t.Errorf("the move's event came after %v", d)
	}
	if st := rstate(t, seat[0], inv.ID); seq != st.Room.Seq || len(st.History) != 1 {
		t.Errorf("event seq %d, state seq %d with %d moves", seq, st.Room.Seq, len(st.History))
	}
}
