package axiom_test

import "testing"

// TestWinsWithNothing: Senet.4th's OnIsGameOver gives the win to the
// player to move who has no man left on the track ("White calc-pieces 0=
// IF ... current-player White = IF #WinScore"), so the game is marked won
// by having nothing (vm.Game.WinWithNothing) and the evaluation counts a
// man against its owner; Afrika's (a store over 64 seeds) and Gabata's do
// not.
func TestWinsWithNothing(t *testing.T) {
	for _, c := range []struct {
		file string
		want bool
	}{
		{"Senet/Senet.zrf", true},
		{"Afrika/Afrika.zrf", false},
		{"Gabata/Gabata.zrf", false},
	} {
		g := load(t, c.file, "")
		if g.WinWithNothing != c.want {
			t.Errorf("%s: WinWithNothing %v, want %v", c.file, g.WinWithNothing, c.want)
		}
	}
}
