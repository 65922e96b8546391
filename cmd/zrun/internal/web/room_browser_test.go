// A browser test of a shared game: two players in two browser contexts
// (their own cookies, as two people's browsers) play a move each.

package web

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"zrun/gamestore"
)

// newContextPage opens a tab in a browser context of its own (no cookies
// shared with the other tabs).
func newContextPage(t *testing.T) *page {
	t.Helper()
	newBrowser(t, 1000, 800) // starts the shared Chromium
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	ctx, cancel2 := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancel2)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1000, 800)); err != nil {
		t.Fatalf("new context: %v", err)
	}
	return &page{t, ctx}
}

func TestRoomBrowserTwoPlayers(t *testing.T) {
	_, url := roomServer(t, gamestore.Memory(), &fakeTime{t: time.Unix(1e9, 0)})
	inv, _, _ := invite(t, url, `{"clock":{"mode":"fischer","baseMs":300000,"extraMs":2000}}`)
	white, black := newContextPage(t), newContextPage(t)
	white.open(url + inv.Seats[0].Link)
	black.open(url + inv.Seats[1].Link)
	// Each page holds its own seat (its context's cookie).
	for i, p := range []*page{white, black} {
		value(p, chromedp.Poll[bool](fmt.Sprintf(`!!window.zrunState() && !!window.zrunState().room && window.zrunState().room.you === %d`, i),
			chromedp.WithPollingTimeout(10*time.Second)))
	}
	white.move("e2", "e4")
	// Black's page learns of the move by its event stream.
	value(black, chromedp.Poll[bool](`window.zrunState().history.length === 1 && document.getElementById("turn").textContent === "Your move (Black)"`,
		chromedp.WithPollingTimeout(10*time.Second)))
	black.move("e7", "e5")
	value(white, chromedp.Poll[bool](`window.zrunState().history.length === 2 && document.querySelectorAll("#clocks .clock").length === 2`,
		chromedp.WithPollingTimeout(10*time.Second)))
}
