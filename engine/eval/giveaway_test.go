package eval_test

import (
	"os"
	"testing"

	"zrun/engine/eval"
	"zrun/vm"
	"zrun/zrf"
)

const (
	checkerGames = "../../../shared/zrf-corpus/GlukKazan+ZoG/External/Checker Games.zrf"
	urGame       = "../../../shared/zrf-corpus/Ur/Ur.zrf"
)

// TestGiveawayGoals: in losing draughts a player wins by losing
// all its pieces or having no move ("(win-condition (White Black)
// (pieces-remaining 0))" and "stalemated" in the corpus file, as the
// published rules of Losing International Checkers have it), so a side
// with a man fewer stands better; in the same file's International
// Checkers it stands worse. Ur is won by bearing off every man and king
// (pieces-remaining 0 of each of their types), so there too a man fewer
// on the board is better.
func TestGiveawayGoals(t *testing.T) {
	if _, err := os.Stat(checkerGames); err != nil {
		t.Skipf("corpus absent (../shared not present): %v", err)
	}
	for _, c := range []struct {
		path, title string
		giveaway    bool
	}{{checkerGames, "Losing International Checkers", true}, {checkerGames, "International Checkers", false}, {urGame, "Ur", true}} {
		f, err := zrf.LoadFile(c.path)
		if err != nil {
			t.Fatal(err)
		}
		var g *vm.Game
		for _, gd := range f.Games {
			if gd.Game.Title == c.title {
				g = gd.Game
			}
		}
		if g == nil {
			t.Fatalf("no game %q in %s", c.title, c.path)
		}
		if got := eval.Giveaway(g); got != c.giveaway {
			t.Errorf("%s: Giveaway %v, want %v", c.title, got, c.giveaway)
		}
		ev, err := eval.Derive(g)
		if err != nil {
			t.Fatal(err)
		}
		s, err := vm.NewState(g)
		if err != nil {
			t.Fatal(err)
		}
		before := ev.Evaluate(s, s.Mover())
		for p, cell := range s.Board {
			if cell != vm.Empty && cell.Owner() == s.Mover() {
				s.Board[p] = vm.Empty // Evaluate reads only the board
				break
			}
		}
		after := ev.Evaluate(s, s.Mover())
		if better := after > before; better != c.giveaway {
			t.Errorf("%s: a man fewer scores %d against %d at the start", c.title, after, before)
		}
	}
}
