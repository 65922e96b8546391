// Three Chromium pages on one shared game, each in its own browser context
// (its own cookies, as three people's browsers): White's and Black's seat
// links and the spectators' link. They play Fool's mate by clicks; the
// spectator's move is refused; the clocks run only for the side to move
// and agree across the pages; a flag's fall ends a game as FIDE 6.9 says.

package web

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// pageClock is one page's clock faces, as zrunClock reports them.
type pageClock struct {
	Faces   [][2]float64 `json:"faces"`
	Running bool         `json:"running"`
	Mover   int          `json:"mover"`
	Now     float64      `json:"now"` // the page's Date.now()
}

func readClock(p *page) pageClock {
	p.t.Helper()
	return value(p, chromedp.Evaluate[pageClock](`window.zrunClock()`))
}

// at is the main time of seat i at the instant t (ms since the epoch):
// the running clock counts down between the page's reading and t.
func (c pageClock) at(i int, t float64) float64 {
	left := c.Faces[i][0]
	if c.Running && i == c.Mover {
		left -= t - c.Now
	}
	return left
}

// checkClocks reads the clocks of every page and checks they agree within
// 100 ms at one instant; it returns the first page's reading and the
// largest difference.
func checkClocks(t *testing.T, pages ...*page) (pageClock, float64) {
	t.Helper()
	var cs []pageClock
	for _, p := range pages {
		cs = append(cs, readClock(p))
	}
	ref, worst := cs[0].Now, 0.0
	for i := range cs[0].Faces {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, c := range cs {
			v := c.at(i, ref)
			lo, hi = min(lo, v), max(hi, v)
		}
		worst = max(worst, hi-lo)
		if hi-lo > 100 {
			t.Errorf("seat %d's clock differs by %.0f ms across the pages: %+v", i, hi-lo, cs)
		}
	}
	return cs[0], worst
}

// waitPages waits until expr holds on every page.
func waitPages(t *testing.T, expr string, pages ...*page) {
	t.Helper()
	for _, p := range pages {
		if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			st := value(p, chromedp.Evaluate[string](`JSON.stringify(window.zrunState() && window.zrunState().room)`))
			t.Fatalf("waiting for %s: %v; the page's room: %s", expr, err, st)
		}
	}
}

func TestRoomBrowserThreePagesMate(t *testing.T) {
	url := realRoomServer(t)
	inv, _, _ := invite(t, url, `{"clock":{"mode":"fischer","baseMs":120000,"extraMs":3000}}`)
	white, black, watcher := newContextPage(t), newContextPage(t), newContextPage(t)
	white.open(url + inv.Seats[0].Link)
	black.open(url + inv.Seats[1].Link)
	watcher.open(url + inv.Page)
	all := []*page{white, black, watcher}
	for i, p := range all {
		waitPages(t, fmt.Sprintf(`window.zrunState().room.you === %d && window.zrunState().room.seats.every(s => s.connected)`, []int{0, 1, -1}[i]), p)
	}

	// The spectator's page offers no move, and the server refuses one
	// sent from it.
	if n := value(watcher, chromedp.Evaluate[int](`window.zrunState().legal.length`)); n != 0 {
		t.Errorf("the spectator's page has %d legal moves", n)
	}
	refused := value(watcher, chromedp.Evaluate[string](`fetch(document.body.dataset.api + "/move", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({text: "f2f3"})}).then(r => r.json().then(j => r.status + " " + j.error))`,
		func(e *runtime.EvaluateParams) { yes := true; e.AwaitPromise = &yes }))
	if !strings.HasPrefix(refused, "403 ") || !strings.Contains(refused, "watching") {
		t.Errorf("the spectator's move: %s, want 403 and why", refused)
	}

	// Fool's mate by clicks; before each move the side to move's clock,
	// and only its, runs on every page, and the pages agree.
	moves := []struct {
		p        *page
		from, to string
	}{{white, "f2", "f3"}, {black, "e7", "e5"}, {white, "g2", "g4"}, {black, "d8", "h4"}}
	spread := 0.0
	for n, mv := range moves {
		side := n % 2
		waitPages(t, fmt.Sprintf(`window.zrunState().history.length === %d && window.zrunClock().running && window.zrunClock().mover === %d`, n, side), all...)
		c1, d1 := checkClocks(t, all...)
		time.Sleep(400 * time.Millisecond)
		c2, d2 := checkClocks(t, all...)
		spread = max(spread, d1, d2)
		ran := c1.Faces[side][0] - c2.at(side, c2.Now)
		if gone := c2.Now - c1.Now; math.Abs(ran-gone) > 100 {
			t.Errorf("move %d: the mover's clock ran %.0f ms in %.0f ms", n+1, ran, gone)
		}
		if c1.Faces[1-side][0] != c2.Faces[1-side][0] {
			t.Errorf("move %d: the waiting side's clock moved: %v then %v", n+1, c1.Faces[1-side][0], c2.Faces[1-side][0])
		}
		clickMove(t, mv.p, mv.from, mv.to, n+1)
	}
	t.Logf("the three pages' clocks differed by at most %.1f ms", spread)
	waitPages(t, `window.zrunState().room.over && !window.zrunClock().running`, all...)
	for _, p := range all {
		if r := value(p, chromedp.Evaluate[string](`window.zrunState().room.result`)); r != "Black wins by checkmate" {
			t.Errorf("result %q", r)
		}
		if turn := p.text("#turn"); turn != "Game over: Black wins by checkmate" {
			t.Errorf("the page says %q", turn)
		}
	}
	if dir := os.Getenv("ZRUN_WEB_SHOTS"); dir != "" {
		for i, p := range all {
			p.screenshot(filepath.Join(dir, []string{"room-white.png", "room-black.png", "room-spectator.png"}[i]))
		}
	}
}

// A flag's fall on the pages: a loss with material on the board; a draw
// when the side with time left has only its king (FIDE 6.9).
func TestRoomBrowserFlagFall(t *testing.T) {
	url := realRoomServer(t)
	for n, tc := range []struct{ fen, want string }{
		{"", "Black wins on time (White's time ran out)"},
		{"4k3/8/8/8/8/8/8/QR2K3 w - - 0 1", "Draw: White's time ran out, but Black has only its king left and cannot win"},
	} {
		body := fmt.Sprintf(`{"clock":{"mode":"fischer","baseMs":1500,"extraMs":0},"fen":%q}`, tc.fen)
		inv, _, _ := invite(t, url, body)
		watcher, black := newContextPage(t), newContextPage(t)
		watcher.open(url + inv.Page)
		black.open(url + inv.Seats[1].Link)
		waitPages(t, `window.zrunState().room.over`, watcher, black)
		for _, p := range []*page{watcher, black} {
			if turn := p.text("#turn"); turn != "Game over: "+tc.want {
				t.Errorf("%q: the page says %q", tc.fen, turn)
			}
			if c := readClock(p); c.Running || c.Faces[0][0] != 0 {
				t.Errorf("%q: clocks after the flag fell: %+v", tc.fen, c)
			}
		}
		if dir := os.Getenv("ZRUN_WEB_SHOTS"); dir != "" {
			watcher.screenshot(filepath.Join(dir, fmt.Sprintf("room-flag-%d.png", n)))
		}
	}
}
