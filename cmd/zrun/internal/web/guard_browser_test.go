// A browser test of the server's edge: the pages under its content policy.

package web

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPageKeepsContentPolicy: in a real browser the pages work under the
// content policy the server sends: loading, playing a move, the hover
// help, the engine's buttons and the index raise no policy violation and
// no script error. A violation made on purpose is seen, so a quiet
// console means something.
func TestPageKeepsContentPolicy(t *testing.T) {
	_, url := serve(t, filepath.Join(gamesDir, "chess.zrf"), filepath.Join(gamesDir, "schoolbook.zrf"))
	p := newBrowser(t, 1280, 900)
	var (
		mu   sync.Mutex
		msgs []string
	)
	messages := chromedp.Console(p.ctx) // subscribed now: nothing is missed
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if strings.HasSuffix(m.URL, "/favicon.ico") {
				continue // the browser asks for one; the server has none
			}
			if m.Type == chromedp.ConsoleError || m.IsException() || strings.Contains(m.Text, "Content Security Policy") {
				mu.Lock()
				msgs = append(msgs, m.String()+" ("+m.URL+")")
				mu.Unlock()
			}
		}
	}()
	// seen waits a moment for the console (events arrive after the
	// actions) and returns what it reported since the last call.
	seen := func() []string {
		time.Sleep(300 * time.Millisecond)
		mu.Lock()
		defer mu.Unlock()
		out := msgs
		msgs = nil
		return out
	}

	p.run(chromedp.Navigate(url + "/"))
	value(p, chromedp.Poll[bool](`document.querySelectorAll("section.file").length == 2`, chromedp.WithPollingTimeout(10*time.Second)))
	p.open(url + "/g/0")
	p.move("e2", "e4")
	// The hover help is placed through the element's style.
	xy := value(p, chromedp.Poll[[]float64](`(() => { const e = document.querySelector("[data-help]"); if (!e) return null;
		const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, chromedp.WithPollingTimeout(20*time.Second)))
	p.run(chromedp.MouseEvent("mouseMoved", xy[0], xy[1]))
	value(p, chromedp.Poll[bool](`!document.getElementById("hover").hidden && document.getElementById("hover").style.left != ""`, chromedp.WithPollingTimeout(5*time.Second)))
	p.run(chromedp.Click(chromedp.CSS(`#go`)))
	value(p, chromedp.Poll[bool](`window.zrunState().thinking || window.zrunState().history.length > 1`, chromedp.WithPollingTimeout(10*time.Second)))
	p.run(chromedp.Click(chromedp.CSS(`#stop`)))
	if got := seen(); len(got) > 0 {
		t.Errorf("the page broke the content policy or failed:\n%s", strings.Join(got, "\n"))
	}

	// An inline style set on purpose must be refused and reported.
	value(p, chromedp.Evaluate[bool](`(document.getElementById("status").setAttribute("style", "color: red"), true)`))
	got := seen()
	if len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), "Content Security Policy") {
		t.Errorf("an inline style went unreported (%q): the console check sees nothing", got)
	}
}
