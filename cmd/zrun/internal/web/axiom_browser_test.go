// Browser tests of Axiom games (moves from ForthScript, package axiom):
// a move made by clicking, and the engine's answer.

package web

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestAxiomClickAndReply plays Afrika (an Axiom mancala) by clicking: the
// first player sows pit c1 (click c1, then the pit the sowing starts in),
// and the engine, set to play Second, answers by itself. The sowing is the
// rules' (Afrika's readme: every pit starts with 8 seeds; a pit's seeds
// go one by one into the next pits): c1 empties and d1 ... h1 get 9.
func TestAxiomClickAndReply(t *testing.T) {
	rules := corpus(t, "Afrika/Afrika.zrf")
	p := newBrowser(t, 1280, 900)
	_, url := serve(t, rules)
	p.open(url + "/")
	start := p.gen()
	// The engine plays Second, quickly.
	p.run(chromedp.SetValue(chromedp.CSS(`#movetime`), "250"))
	p.run(chromedp.Evaluate[chromedp.Void](`document.getElementById("movetime").dispatchEvent(new Event("change"))`))
	// The setting's answer is a new state, which clears a selection: wait
	// for it before the clicks (else it may land between c1 and d1).
	value(p, chromedp.Poll[bool](`window.zrunState().moveTime === 250`, chromedp.WithPollingTimeout(30*time.Second)))
	if got := p.pieceAt("c1"); got == "" {
		t.Fatalf("c1 is empty at the start; want a pit of 8 seeds")
	}
	p.click("c1")
	p.finish("d1")
	if got := p.pieceAt("c1"); got != "" {
		t.Errorf("after sowing c1 it holds %q, want it empty", got)
	}
	for _, pos := range []string{"d1", "e1", "f1", "g1", "h1"} {
		if got := p.pieceAt(pos); got != "p9/First" {
			t.Errorf("after sowing c1, %s holds %q, want p9/First (9 seeds of First)", pos, got)
		}
	}
	// The engine's answer: the history gets Second's move and First is
	// to move again. The engine is given Second only now: playing it from
	// the start, its answer could sow into d1-h1 before they were read.
	began := time.Now()
	p.run(chromedp.Click(chromedp.CSS(`#engine-sides input[data-player="1"]`)))
	value(p, chromedp.Poll[bool](`document.querySelectorAll("#moves li").length >= 2 && /First/.test(document.getElementById("status").textContent)`,
		chromedp.WithPollingTimeout(60*time.Second)))
	t.Logf("engine answered in %v (generation %d -> %d): %s", time.Since(began).Round(time.Millisecond), start, p.gen(), p.text("#moves li:nth-child(2)"))
	if dir := os.Getenv("ZRUN_WEB_SHOTS"); dir != "" {
		p.screenshot(filepath.Join(dir, "afrika-reply.png"))
	}
}

// TestAxiomScreenshots writes screenshots of the Axiom games a new user
// would try first to $ZRUN_WEB_SHOTS (skipped when unset): for people to
// look at.
func TestAxiomScreenshots(t *testing.T) {
	dir := os.Getenv("ZRUN_WEB_SHOTS")
	if dir == "" {
		t.Skip("set ZRUN_WEB_SHOTS=DIR to write screenshots")
	}
	for _, c := range []struct{ name, rel string }{
		{"senet", "Senet/Senet.zrf"}, {"ur-axiom", "Ur/Axiomatic.Ur.zrf"}, {"afrika", "Afrika/Afrika.zrf"},
		{"qxo", "QXO/QXO.zrf"}, {"splut", "GlukKazan+ZoG/Rules/08.Axiomatic.Splut.zrf"},
	} {
		f := filepath.Join(sharedDir, "zrf-corpus", c.rel)
		if _, err := os.Stat(f); err != nil {
			t.Logf("%s: %v", c.name, err)
			continue
		}
		p := newBrowser(t, 1280, 900) // a tab each: each has its time limit
		_, url := serve(t, f)
		d := p.open(url + "/")
		time.Sleep(2 * time.Second) // the author's pictures load after the first drawing
		p.screenshot(filepath.Join(dir, c.name+".png"))
		t.Logf("%s: drawn in %v; status %q", c.name, d, p.text("#status"))
		// The first legal move by clicks (its from square, then its to
		// square), then the engine's answer by its button.
		mv := value(p, chromedp.Evaluate[[]string](`(() => { const s = window.zrunState(), m = s.legal[0];
			const n = (i) => (s.layout.cells.find((c) => c.p === i) || {}).n || "";
			return [n(m.f), n(m.t), m.z]; })()`))
		if mv[0] != "" && mv[0] != mv[1] {
			p.click(mv[0])
		}
		p.finish(mv[1])
		t.Logf("%s: clicked %s %s: %s; status %q", c.name, mv[0], mv[1], mv[2], p.text("#status"))
		n := value(p, chromedp.Evaluate[int](`window.zrunState().history.length`))
		p.run(chromedp.SetValue(chromedp.CSS(`#movetime`), "1000"), chromedp.Click(chromedp.CSS(`#go`)))
		value(p, chromedp.Poll[bool](fmt.Sprintf(`window.zrunState().history.length > %d && !window.zrunState().thinking`, n),
			chromedp.WithPollingTimeout(60*time.Second)))
		time.Sleep(time.Second)
		p.screenshot(filepath.Join(dir, c.name+"-reply.png"))
		t.Logf("%s: engine answered; moves %q; status %q", c.name, p.text("#moves"), p.text("#status"))
	}
}
