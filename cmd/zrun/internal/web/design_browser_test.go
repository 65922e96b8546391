// A browser test of the Design tab: open it, start a run, see its
// progress, stop it, see the report of the games finished.

package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestDesignTabBrowser: as a user would, in headless Chromium. With
// ZRUN_WEB_SHOTS=DIR set it writes design-running.png and
// design-report.png there.
func TestDesignTabBrowser(t *testing.T) {
	_, url := serve(t, filepath.Join(gamesDir, "chess.zrf"))
	p := newBrowser(t, 1280, 1000)
	p.open(url + "/")
	shots := os.Getenv("ZRUN_WEB_SHOTS")
	p.run(chromedp.Click(chromedp.CSS(`#tab-design`)))
	if !value(p, chromedp.Evaluate[bool](`document.querySelector("main").hidden && !document.getElementById("design-tab").hidden`)) {
		t.Fatal("the Design tab did not replace the board")
	}
	value(p, chromedp.Poll[bool](`document.getElementById("design-live").textContent === "No run yet."`, chromedp.WithPollingTimeout(10*time.Second)))
	// 200 games at depth 2: minutes of play, so it is still playing when stopped.
	p.run(chromedp.SetValue(chromedp.CSS(`#design-games`), "200"), chromedp.SetValue(chromedp.CSS(`#design-strength`), "d2"),
		chromedp.Click(chromedp.CSS(`#design-start`)))
	// Progress: games counted as they finish, the running figures shown.
	value(p, chromedp.Poll[bool](`/^Playing: [2-9]\d* of 200 games/.test(document.getElementById("design-live").textContent) &&
		document.getElementById("design-bar").value >= 2`, chromedp.WithPollingTimeout(90*time.Second)))
	live := p.text(`#design-live`)
	for _, want := range []string{"depth 2", "first player +", "first player's score", "game length"} {
		if !strings.Contains(live, want) {
			t.Errorf("progress %q lacks %q", live, want)
		}
	}
	if !value(p, chromedp.Evaluate[bool](`document.getElementById("design-start").disabled && !document.getElementById("design-stop").disabled`)) {
		t.Error("while playing, Start should be disabled and Stop enabled")
	}
	if shots != "" {
		p.screenshot(filepath.Join(shots, "design-running.png"))
	}
	p.run(chromedp.Click(chromedp.CSS(`#design-stop`)))
	value(p, chromedp.Poll[bool](`document.getElementById("design-tab").dataset.state === "stopped" && !document.getElementById("design-report").hidden`,
		chromedp.WithPollingTimeout(60*time.Second)))
	live = p.text(`#design-live`)
	if !strings.HasPrefix(live, "Stopped: ") {
		t.Errorf("after Stop: %q", live)
	}
	// The frame shows the report of the games finished (its page is
	// sandboxed: read it as the frame loads it, by its URL).
	report := value(p, chromedp.Poll[string](`(async () => { const f = document.getElementById("design-report");
		const r = await fetch(f.src); return r.ok ? await r.text() : ""; })()`, chromedp.WithPollingTimeout(10*time.Second)))
	for _, want := range []string{"<svg", "Stopped early:", "Game length", "chess.zrf:"} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if shots != "" {
		time.Sleep(500 * time.Millisecond) // the frame draws
		p.screenshot(filepath.Join(shots, "design-report.png"))
	}
	// Back to the board.
	p.run(chromedp.Click(chromedp.CSS(`#tab-play`)))
	if !value(p, chromedp.Evaluate[bool](`!document.querySelector("main").hidden && document.getElementById("design-tab").hidden`)) {
		t.Error("the Play tab did not bring the board back")
	}
}
