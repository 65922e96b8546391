package axiom_test

import (
	"os"
	"path/filepath"
	"testing"

	"zrun/gamefile"
	"zrun/vm"
)

// miniZRF and miniScript are a game of our own: a King of each side on a
// 3x3 board, stepping to an empty orthogonal neighbour; the script's
// OnEvaluate is the corpus scripts' mobility term (Viruses' AI.4th,
// Filler's F-AI.4th, Ordo's and Chase's AI.4th) alone.
const miniZRF = `(game (title "Mini")
 (engine "Axiom/Mini/axiom.dll")
 (players A B) (turn-order A B)
 (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))))
 (board-setup (A (King a1)) (B (King c3)))
 (piece (name King) (moves (from))))
`

const miniScript = `{board 3 3 {grid} board}
{directions
	-1  0 {direction} n
	 1  0 {direction} s
	 0  1 {direction} e
	 0 -1 {direction} w
directions}
{players {player} A {player} B players}
{turn-order {turn} A {turn} B turn-order}
: step ( 'dir -- ) EXECUTE verify empty? verify from here move add-move ;
: step-n ['] n step ; : step-s ['] s step ; : step-e ['] e step ; : step-w ['] w step ;
{moves king-moves
	{move} step-n {move} step-s {move} step-e {move} step-w
moves}
{pieces {piece} King {moves} king-moves pieces}
: Mobility ( -- score )
	move-count
	current-player TRUE 0 $GenerateMoves
	move-count -
	$DeallocateMoves
;
: OnEvaluate ( -- score ) Mobility ;
`

// TestMobilityIdiom: the scripts' mobility term, "move-count current-player
// TRUE 0 $GenerateMoves move-count - $DeallocateMoves", is the player to
// move's moves less its opponent's. Counted by hand from the rules: at the
// start each King, in its corner (a1, c3), has 2 steps; after A steps to
// b1, B (to move) still has 2 and A 3.
func TestMobilityIdiom(t *testing.T) {
	if _, err := os.Stat(filepath.Join(framework, "axiom.4th")); err != nil {
		t.Skipf("framework not found: %v", err)
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "Axiom", "Mini"), 0o755); err != nil {
		t.Fatal(err)
	}
	rule := filepath.Join(dir, "Mini.zrf")
	if err := os.WriteFile(rule, []byte(miniZRF), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "Axiom", "Mini", "Mini.4th"), []byte(miniScript), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := gamefile.LoadGame(rule, "")
	if err != nil {
		t.Fatal(err)
	}
	if g.Moves == nil || g.Eval == nil {
		t.Fatalf("no move source or evaluation: %s", g.EngineErr)
	}
	s := start(t, g)
	a, b := playerNamed(t, g, "A"), playerNamed(t, g, "B")
	check := func(when string, pl, want int) {
		t.Helper()
		got, err := g.Eval.Evaluate(s, pl)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%s: evaluation for %s %d, want %d", when, g.Players[pl].Name, got, want)
		}
	}
	// scores are scaled by 10; for the player not to move, negated
	check("start, A to move", a, 0)
	check("start, A to move", b, 0)
	var step *vm.Move
	for _, m := range legal(t, s) {
		if s.MoveString(&m) == "King a1 - b1" {
			c := m.Clone()
			step = &c
		}
	}
	if step == nil {
		t.Fatalf("A has no step a1-b1: %d moves", len(legal(t, s)))
	}
	if err := s.Make(step); err != nil {
		t.Fatal(err)
	}
	check("after a1-b1, B to move", b, 10*(2-3))
	check("after a1-b1, B to move", a, -10*(2-3))
}
