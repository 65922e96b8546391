package web

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestWatchBrokenThenFixed: with --watch, breaking the served rule file
// shows its file:line:col error in the page while the old rules go on
// playing; fixing it reloads the rules and replays the game.
func TestWatchBrokenThenFixed(t *testing.T) {
	f, src := chessCopy(t)
	s, url := serve(t, f)
	if err := s.Watch(); err != nil {
		t.Fatal(err)
	}
	p := newBrowser(t, 1280, 900)
	p.open(url + "/")
	p.move("e2", "e4")

	// An unknown form inside the Pawn's definition.
	broken := strings.Replace(string(src), "(name Pawn)", "(name Pawn) (flies-over-everything)", 1)
	if broken == string(src) {
		t.Fatal("chess.zrf has no (name Pawn)")
	}
	if err := os.WriteFile(f, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	msg := value(p, chromedp.Poll[string](`document.getElementById("rule-error").hidden ? "" : document.getElementById("rule-error").textContent`,
		chromedp.WithPollingTimeout(15*time.Second)))
	if !regexp.MustCompile(`chess\.zrf:\d+:\d+`).MatchString(msg) {
		t.Errorf("rule error %q has no file:line:col", msg)
	}
	t.Logf("shown: %s", msg)
	// The old rules still play.
	p.move("e7", "e5")
	p.wantPiece("e5", "Pawn/Black")

	if err := os.WriteFile(f, src, 0o644); err != nil {
		t.Fatal(err)
	}
	value(p, chromedp.Poll[bool](`document.getElementById("rule-error").hidden`, chromedp.WithPollingTimeout(15*time.Second)))
	if n := p.historyLen(); n != 2 {
		t.Errorf("%d moves after the reload, want the 2 played", n)
	}
	p.wantPiece("e4", "Pawn/White")
	p.wantPiece("e5", "Pawn/Black")
	t.Logf("note: %s", p.text("#note"))
}

// chessCopy writes games/chess.zrf into a folder of the test's own, for a
// test that edits the served file, and returns its path and text.
func chessCopy(t *testing.T) (path string, src []byte) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(gamesDir, "chess.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(t.TempDir(), "chess.zrf")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, src
}
