package eval_test

import (
	"slices"
	"testing"

	"zrun/engine/eval"
)

// TestScoreVars checks the score variables Derive finds against the
// scripts that keep them: Abstract Mancala's Board.4th declares
// "{variable} FP" and "{variable} SP" (variables 0 and 1), which AI.4th's
// pices++ raises for "current-player First" and "current-player Second";
// Ur.4th declares "{variable} WhitePieces" and "{variable} BlackPieces",
// which a White, a Black move raises as it bears a piece off ("COMPILE
// WhitePieces++"). Senet keeps no variable.
func TestScoreVars(t *testing.T) {
	for _, c := range []struct {
		rel  string
		want map[int]string // variable: player
	}{
		{"AbstractMancala/AbstractMancala.zrf", map[int]string{0: "First", 1: "Second"}},
		{"Ur/Axiomatic.Ur.zrf", map[int]string{0: "White", 1: "Black"}},
		{"Senet/Senet.zrf", nil},
	} {
		g := raceGame(t, c.rel)
		ev, err := eval.Derive(g)
		if err != nil {
			t.Fatal(err)
		}
		var got, want []string
		for _, sv := range ev.ScoreVars() {
			got = append(got, g.Players[sv[1]].Name+"@"+string(rune('0'+sv[0])))
		}
		for v, pl := range c.want {
			want = append(want, pl+"@"+string(rune('0'+v)))
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: score variables %v, want %v", c.rel, got, want)
		}
	}
}
