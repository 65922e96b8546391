package play

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCalibrateChess: in chess, random playouts say little and the derived
// evaluation much, so the calibration match goes to alpha-beta (or is
// even, which also keeps alpha-beta); a game asked to use auto says so.
func TestCalibrateChess(t *testing.T) {
	g, err := Open("../../../../games/chess.zrf", "")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := g.Evaluator()
	if err != nil {
		t.Fatal(err)
	}
	c, err := Calibrate(g.G, ev, 2, 10*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	// on a loaded machine the budget (calibrationBudget) may stop it after
	// one game
	if c.Games < 1 || c.MCTS+c.AlphaBeta != float64(c.Games) || c.Pick() != PlayerAlphaBeta {
		t.Errorf("calibration %+v: want 1 or 2 games, alpha-beta picked", c)
	}
	if err := g.SetPlayer("minimax"); err == nil {
		t.Error("SetPlayer accepted an unknown player")
	}
	if err := g.SetPlayer(PlayerMCTS); err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.Searcher(); err != nil {
		t.Fatal(err)
	}
	if kind, why := g.PlayerChoice(); kind != PlayerMCTS || why != "" {
		t.Errorf("choice %q %q, want mcts", kind, why)
	}
	if !strings.Contains(c.String(), "auto: alphabeta (calibration: mcts ") {
		t.Errorf("report %q", c.String())
	}
}

// TestCalibrateSlowScript: Ordo's moves come from its ForthScript, tens
// of milliseconds a position (each move's connected-group test runs in
// Forth): a UCT playout cannot fit in the calibration's 40 ms a move, so
// auto keeps alpha-beta without a match (the match took over twenty
// minutes), and says why.
func TestCalibrateSlowScript(t *testing.T) {
	path := filepath.Join(corpusDir, "Ordo", "Ordo.zrf")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("the corpus is not at %s: %v", corpusDir, err)
	}
	g, ev, err := LoadEvaluated(path, "")
	if err != nil {
		t.Fatal(err)
	}
	if g.Moves == nil {
		t.Fatalf("no moves from the script: %s", g.EngineErr)
	}
	start := time.Now()
	c, err := Calibrate(g, ev, CalibrationGames, CalibrationMoveTime)
	if err != nil {
		t.Fatal(err)
	}
	if c.Games != 0 || c.Pick() != PlayerAlphaBeta || !strings.Contains(c.Skipped, "to generate") {
		t.Errorf("calibration %+v (%s): want none played, alpha-beta", c, c)
	}
	t.Logf("%s (in %v)", c, time.Since(start))
}

// TestChoosingPlayers: the players a match seats are those the rule file's
// turn order gives a turn, less its random players: Splut's Duel is
// "(turn-order South North North repeat ?Cleaner South South South North
// North North)" among "(players South West North East ?Cleaner)";
// Abstract Mancala's "(players ?C First Second)" play "(First ?C) (Second
// ?C)" after ?C's setup turns.
func TestChoosingPlayers(t *testing.T) {
	corpus := filepath.Join(sharedDir, "zrf-corpus")
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("corpus not available (%v): expected at %s", err, corpus)
	}
	t.Setenv("ZRUN_AXIOM_FRAMEWORK", filepath.Join(corpus, "Senet", "Axiom", "Senet"))
	for _, c := range []struct {
		file, variant string
		want          []string
	}{
		{"GlukKazan+ZoG/Rules/08.Axiomatic.Splut.zrf", "Duel", []string{"South", "North"}},
		{"AbstractMancala/AbstractMancala.zrf", "", []string{"First", "Second"}},
		{"Ur/Axiomatic.Ur.zrf", "", []string{"Black", "White"}},
	} {
		g, err := LoadGame(filepath.Join(corpus, filepath.FromSlash(c.file)), c.variant)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range ChoosingPlayers(g) {
			got = append(got, g.Players[p].Name)
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s %q: choosing players %v, want %v", c.file, c.variant, got, c.want)
		}
	}
}
