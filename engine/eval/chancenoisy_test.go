package eval_test

import (
	"os"
	"path/filepath"
	"testing"

	"zrun/engine/eval"
	"zrun/gamefile"
	"zrun/vm"
)

// chanceZRF: A's stones step east, taking what stands there; b1 holds a
// stone of the random player ?R (a setter's cell, as Filler's), d1 one of
// B; A's Red turns Blue as it steps (a change of type that gains nothing:
// the two move alike, so they are worth the same).
const chanceZRF = `(game (title "Chance noisy")
 (players A B ?R) (turn-order A B)
 (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d/e/f" (10 0)) ("1" (0 10)))
  (directions (e 1 0))))
 (board-setup (A (Stone a1 c1) (Red e1)) (?R (Stone b1)) (B (Stone d1)))
 (piece (name Stone) (moves (e add)))
 (piece (name Red) (moves (e (add Blue))))
 (piece (name Blue) (moves (e add))))
`

// TestChanceNoisy: in a game with a random player, taking the random
// player's piece or changing type without gaining value does not make a
// move noisy (quiescence leaves it), taking the opponent's does; what a
// move takes still counts in its Victim.
func TestChanceNoisy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "chance.zrf")
	if err := os.WriteFile(path, []byte(chanceZRF), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := gamefile.LoadGame(path, "")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.Derive(g)
	if err != nil {
		t.Fatal(err)
	}
	s, err := vm.NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	pos := eval.NewPosition(s, ev)
	want := map[string]bool{"a1b1": false, "c1d1": true, "e1f1b": false}
	seen := 0
	for _, m := range pos.Generate(nil) {
		text := pos.MoveText(m)
		w, ok := want[text]
		if !ok {
			continue
		}
		seen++
		info := pos.Info(m)
		if info.Noisy != w {
			t.Errorf("%s: noisy %v, want %v", text, info.Noisy, w)
		}
		if text == "a1b1" && info.Victim <= 0 {
			t.Errorf("%s: victim %d, want the stone's value", text, info.Victim)
		}
	}
	if seen != len(want) {
		t.Fatalf("%d of the moves %v found", seen, want)
	}
}
