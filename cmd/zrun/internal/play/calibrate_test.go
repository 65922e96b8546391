package play

import (
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
	if c.Games != 2 || c.MCTS+c.AlphaBeta != 2 || c.Pick() != PlayerAlphaBeta {
		t.Errorf("calibration %+v: want 2 games, alpha-beta picked", c)
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
