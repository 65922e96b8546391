// Tests that drive the real page in headless Chromium (chromedp), clicking
// data-pos elements as a user would.

package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

const (
	sharedDir = "../../../../../shared"
	gamesDir  = "../../../../games"
)

// corpus returns the path of a corpus file, skipping the test without it.
func corpus(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(sharedDir, "zrf-corpus", rel)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("reference data %s is absent (%v); clone shared next to the repository to run this test", p, err)
	}
	return p
}

// chromiumPath finds the browser, skipping the test without one.
func chromiumPath(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("chromium is not installed (apt-get install chromium; .ci/run does); browser tests skipped")
	return ""
}

// serve starts a server for files and returns its URL.
func serve(t testing.TB, files ...string) (*Server, string) {
	t.Helper()
	s, err := New(files)
	if err != nil {
		t.Fatal(err)
	}
	return serveServer(t, s)
}

func serveServer(t testing.TB, s *Server) (*Server, string) {
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	t.Cleanup(s.Close) // runs first: ends the event streams ts.Close would wait for
	return s, ts.URL
}

// page is a browser tab on a served page.
type page struct {
	t   testing.TB
	ctx context.Context
}

// The tests share one Chromium (started by the first that needs it and
// ended by TestMain); each gets its own tab.
var (
	browserOnce sync.Once
	browserCtx  context.Context
	browserErr  error
	browserStop = func() {}
)

func TestMain(m *testing.M) {
	code := m.Run()
	browserStop()
	os.Exit(code)
}

// newBrowser opens a tab in headless Chromium.
func newBrowser(t testing.TB, width, height int) *page {
	t.Helper()
	exe := chromiumPath(t)
	browserOnce.Do(func() {
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
			chromedp.WindowSize(width, height), chromedp.Flag("headless", true))
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelBrowser := chromedp.NewContext(actx)
		browserStop = func() { cancelBrowser(); cancelAlloc() }
		browserCtx, browserErr = bctx, chromedp.Do(bctx)
	})
	if browserErr != nil {
		t.Fatalf("starting chromium: %v", browserErr)
	}
	ctx, cancel := chromedp.NewContext(browserCtx)
	t.Cleanup(cancel)
	ctx, cancel2 := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancel2)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatalf("new tab: %v", err)
	}
	return &page{t, ctx}
}

func (p *page) run(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// value runs an action that returns a value.
func value[T any](p *page, a chromedp.Action[T]) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, a)
	if err != nil {
		p.t.Fatal(err)
	}
	return v
}

// open loads url and waits until the board is drawn; it returns how long
// that took by the page's own clock (navigation start to first drawing).
func (p *page) open(url string) time.Duration {
	p.t.Helper()
	p.run(chromedp.Navigate(url))
	ms := value(p, chromedp.Poll[float64](`window.zrunTimes && window.zrunTimes.ready ? window.zrunTimes.ready : 0`, chromedp.WithPollingTimeout(20*time.Second)))
	return time.Duration(ms * float64(time.Millisecond))
}

func (p *page) gen() int {
	return value(p, chromedp.Evaluate[int](`window.zrunState().gen`))
}

// click clicks the element of position pos (as a user's mouse would, at
// its centre) and, when it is expected to play a move, waits for the new
// state.
func (p *page) click(pos string) {
	p.t.Helper()
	p.run(chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-pos=%q]`, pos))))
}

// move clicks from then to and waits until the move is made.
func (p *page) move(from, to string) {
	p.t.Helper()
	p.click(from)
	p.finish(to)
}

// finish clicks pos, which ends a move, and waits until it is made.
func (p *page) finish(pos string) {
	p.t.Helper()
	g := p.gen()
	p.click(pos)
	p.waitGen(g)
}

// waitGen waits until the state is newer than generation g.
func (p *page) waitGen(g int) {
	p.t.Helper()
	value(p, chromedp.Poll[bool](fmt.Sprintf(`window.zrunState() && window.zrunState().gen > %d`, g), chromedp.WithPollingTimeout(30*time.Second)))
}

func (p *page) text(sel string) string {
	p.t.Helper()
	return strings.TrimSpace(value(p, chromedp.TextContent(chromedp.CSS(sel))))
}

// typed plays a move through the move box.
func (p *page) typed(move string) {
	p.t.Helper()
	g := p.gen()
	p.run(chromedp.SetValue(chromedp.CSS(`#move-text`), move), chromedp.Click(chromedp.CSS(`#typed button`)))
	msg := value(p, chromedp.Poll[string](fmt.Sprintf(`window.zrunState().gen > %d ? "ok" : document.getElementById("error").hidden ? "" : document.getElementById("error").textContent`, g),
		chromedp.WithPollingTimeout(30*time.Second)))
	if msg != "ok" {
		p.t.Fatalf("typed move %s: %s", move, msg)
	}
}

// pieceAt is "piece/owner" on the named position, "" when empty.
func (p *page) pieceAt(pos string) string {
	p.t.Helper()
	return value(p, chromedp.Evaluate[string](fmt.Sprintf(`(() => { const e = document.querySelector('[data-at=%q]'); return e ? e.dataset.piece + "/" + e.dataset.owner : ""; })()`, pos)))
}

func (p *page) screenshot(path string) {
	p.t.Helper()
	buf := value(p, chromedp.FullScreenshot(90))
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// TestScreenshots writes screenshots of a few boards to $ZRUN_WEB_SHOTS
// (skipped when unset): for people to look at, not to compare.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("ZRUN_WEB_SHOTS")
	if dir == "" {
		t.Skip("set ZRUN_WEB_SHOTS=DIR to write screenshots")
	}
	files := map[string]string{
		"chess":      filepath.Join(gamesDir, "chess.zrf"),
		"schoolbook": filepath.Join(gamesDir, "schoolbook.zrf"),
		"reserve":    filepath.Join(gamesDir, "reserve-chess.zrf"),
	}
	for name, rel := range map[string]string{"shisima": "Shisima/shisima.zrf", "dakon": "Dakon/Dakon.zrf", "ur": "Ur/Ur.zrf",
		"toguz": "ToguzKumalak/ToguzKumalak.zrf", "tenjiku": "TenjikuShogi/Tenjiku Shogi [No AI].zrf",
		"glinski": "GlinskiCheskers/glinski-cheskers.zrf", "alquerque": "GlukKazan+ZoG/Rules/alquerque.zrf",
		"gonu": "Gonu/Gonu.zrf", "cubic": "CubicChess/CubicChess.zrf", "dobutsu": "DobutsuShogi/Dobutsu.zrf"} {
		files[name] = filepath.Join(sharedDir, "zrf-corpus", rel)
	}
	if only := os.Getenv("ZRUN_WEB_SHOT"); only != "" {
		files = map[string]string{only: files[only]}
	}
	p := newBrowser(t, 1280, 900)
	for name, f := range files {
		if _, err := os.Stat(f); err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		_, url := serve(t, f)
		d := p.open(url + "/")
		p.screenshot(filepath.Join(dir, name+".png"))
		t.Logf("%s: drawn in %v", name, d)
		if name == "chess" {
			// The engine thinking, its progress in the panel.
			p.typed("e4")
			p.run(chromedp.SetValue(chromedp.CSS(`#movetime`), "5000"), chromedp.Click(chromedp.CSS(`#go`)))
			value(p, chromedp.Poll[bool](`/depth [3-9]/.test(document.getElementById("engine-info").textContent)`))
			p.screenshot(filepath.Join(dir, "chess-engine.png"))
			p.run(chromedp.Click(chromedp.CSS(`#stop`)))
		}
	}
}
