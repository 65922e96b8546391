// A terminal player (zrun join's REPL, package repl) and a browser player
// (a Chromium page clicking) play ten moves each of a published game
// through one server; the position reached is compared with
// Fairy-Stockfish's after the same moves.

package web

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"zrun/cmd/zrun/internal/repl"
	"zrun/gamestore"
	"zrun/internal/fsf"
)

// syncBuffer is a terminal's output written by the REPL's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// realRoomServer serves chess with rooms in memory on the real clock.
func realRoomServer(t *testing.T) string {
	t.Helper()
	s, err := New([]string{filepath.Join(gamesDir, "chess.zrf")})
	if err != nil {
		t.Fatal(err)
	}
	s.SetStore(gamestore.Memory())
	_, url := serveServer(t, s)
	return url
}

// The Opera game (Morphy against the Duke of Brunswick and Count
// Isouard, Paris 1858), its first ten moves: White's clicked on the
// page, Black's typed at the terminal in SAN.
var (
	operaWhite = [][2]string{{"e2", "e4"}, {"g1", "f3"}, {"d2", "d4"}, {"d4", "e5"}, {"d1", "f3"}, {"f1", "c4"}, {"f3", "b3"}, {"b1", "c3"}, {"c1", "g5"}, {"c3", "b5"}}
	operaBlack = []string{"e5", "d6", "Bg4", "Bxf3", "dxe5", "Nf6", "Qe7", "c6", "b5", "cxb5"}
	operaUCI   = "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 c1g5 b7b5 c3b5 c6b5"
)

func TestRoomJoinAgainstBrowser(t *testing.T) {
	want := fsf.FEN(t, "startpos moves "+operaUCI) // skips without Fairy-Stockfish
	url := realRoomServer(t)
	inv, _, _ := invite(t, url, `{"clock":{"mode":"fischer","baseMs":600000,"extraMs":2000}}`)
	white := newContextPage(t)
	white.open(url + inv.Seats[0].Link)

	out := &syncBuffer{}
	r, err := repl.Join(url+inv.Seats[1].Link, repl.JoinOptions{}, out)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var script strings.Builder
	for _, m := range operaBlack {
		fmt.Fprintf(&script, "wait 60\n%s\n", m)
	}
	script.WriteString("fen\n")
	done := make(chan int)
	go func() { done <- r.RunScript(strings.NewReader(script.String())) }()

	start := time.Now()
	for i, mv := range operaWhite {
		expr := fmt.Sprintf(`window.zrunState().history.length === %d && window.zrunState().room.toMove === 0`, 2*i)
		if _, err := chromedp.Run(white.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			st := value(white, chromedp.Evaluate[string](`JSON.stringify({h: window.zrunState().history, r: window.zrunState().room})`))
			t.Fatalf("before White's move %d: %v\npage: %s\nterminal:\n%s", i+1, err, st, out)
		}
		clickMove(t, white, mv[0], mv[1], 2*i+1)
	}
	value(white, chromedp.Poll[bool](`window.zrunState().history.length === 20`, chromedp.WithPollingTimeout(30*time.Second)))
	elapsed := time.Since(start)
	var status int
	select {
	case status = <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("the terminal's script did not end; it wrote:\n%s", out)
	}
	text := out.String()
	if status != 0 {
		t.Fatalf("the terminal player's script failed:\n%s", text)
	}
	t.Logf("20 moves (10 clicked, 10 typed) in %v", elapsed)
	// The terminal saw the browser's moves and its own, and the server's clock.
	for _, s := range []string{"you play Black", "White plays Nxb5", "Black plays cxb5", "Clock: White "} {
		if !strings.Contains(text, s) {
			t.Errorf("the terminal did not show %q:\n%s", s, text)
		}
	}
	// The terminal's position (its "fen" command), the page's history
	// and the server's all match Fairy-Stockfish's after the same moves.
	board := strings.Fields(want)[0]
	if !strings.Contains(text, board) {
		t.Errorf("the terminal's position is not Fairy-Stockfish's %s:\n%s", want, text)
	}
	hist := value(white, chromedp.Evaluate[string](`window.zrunState().history.map(m => m.coord).join(" ")`))
	if hist != operaUCI {
		t.Errorf("the page's moves: %s\nwant %s", hist, operaUCI)
	}
	if !strings.Contains(text, "Black plays") || strings.Count(text, "Black plays") != 10 {
		t.Errorf("the terminal reported %d moves of its own, want 10", strings.Count(text, "Black plays"))
	}
}

// clickMove clicks a move's two squares and waits until the page's game
// has n moves. A click while the other side's move is still animating
// may be lost, as a person's would: the clicks are made again, at most
// three times.
func clickMove(t *testing.T, p *page, from, to string, n int) {
	t.Helper()
	for try := 1; ; try++ {
		p.click(from)
		p.click(to)
		_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](fmt.Sprintf(`window.zrunState().history.length >= %d`, n), chromedp.WithPollingTimeout(5*time.Second)))
		if err == nil {
			return
		}
		st := value(p, chromedp.Evaluate[string](`JSON.stringify({n: window.zrunState().history.length, gen: window.zrunState().gen, turn: window.zrunState().room.turn, err: document.getElementById("error") && document.getElementById("error").textContent})`))
		if try == 3 {
			t.Fatalf("move %s%s not made after %d tries: %s", from, to, try, st)
		}
		t.Logf("move %s%s, try %d: not made (%s); clicking again", from, to, try, st)
	}
}

// zrun join's commands against the server: a move out of turn is refused
// before it is sent, the game's own commands are refused, a draw offered
// from the terminal is accepted on the other seat, and a spectator's
// move is refused.
func TestRoomJoinCommands(t *testing.T) {
	_, url := roomServer(t, gamestore.Memory(), &fakeTime{t: time.Unix(1e9, 0)})
	inv, seat, _ := invite(t, url, `{"clock":{"mode":"fischer","baseMs":60000,"extraMs":0}}`)
	out := &syncBuffer{}
	r, err := repl.Join(url+inv.Seats[1].Link, repl.JoinOptions{}, out)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	r.Exec("e5")
	r.Exec("new")
	post(t, seat[0], inv.ID, "move", `{"text":"e2e4"}`, 200)
	r.Exec("wait 10")
	r.Exec("e5")
	r.Exec("draw")
	post(t, seat[0], inv.ID, "offer", `{"accept":true}`, 200)
	r.Exec("clock")
	text := out.String()
	for _, want := range []string{
		"Error: not your move: White to move",
		"Error: new: the game is the server's",
		"Black plays e5",
		"You offer a draw",
		"Game over: Draw by agreement",
		"Clock: White 1:00.0 | Black 1:00.0",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the terminal did not show %q:\n%s", want, text)
		}
	}
	w, err := repl.Join(url+inv.Page, repl.JoinOptions{}, out)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Exec("d4")
	if !strings.Contains(out.String(), "you are watching this game") {
		t.Errorf("a spectator's move:\n%s", out.String())
	}
}
