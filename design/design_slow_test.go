//go:build slow

package design

import (
	"bytes"
	"testing"
)

// TestChessFirstPlayer (slow: 1,000 games at depth 2 on two workers, a few
// minutes): White's score in our chess self-play with its interval, logged
// beside the published first-move advantage of strong play (about 52-56%).
// The check is the interval's width: 1,000 games must measure a score to
// within ±3.5 points, which is what makes such a run worth its time.
func TestChessFirstPlayer(t *testing.T) {
	_, _, rp := run(t, Options{File: "../games/chess.zrf", Games: 1000, Depth: 2, Seed: 1, RandomPlies: 4, Jobs: 2})
	s := rp.Outcome[4].Figure
	t.Logf("White's score %.1f%% [%.1f, %.1f] over %d games (published, strong play: 52-56%%)", 100*s.Value, 100*s.Lo, 100*s.Hi, rp.Games)
	if s.Hi-s.Lo > 0.07 {
		t.Errorf("White's score interval [%.3f, %.3f] is wider than 7 points", s.Lo, s.Hi)
	}
}

// TestCompareFiftyMove (slow): chess against chess without its fifty-move
// rule, on the same seeds: the fifty-move draws are an end the first has
// and the second cannot have, and the comparison says so; the games
// without it run longer or are cut at the cap instead: paired game by
// game, B's games are longer on the mean.
func TestCompareFiftyMove(t *testing.T) {
	b := withCopy(t, "../games/chess.zrf", `(option "fifty-move rule" 50)`, "")
	o := Options{File: "../games/chess.zrf", Games: 300, Depth: 1, Seed: 4, RandomPlies: 4, MaxPlies: 400, Jobs: 2}
	_, _, ra := run(t, o)
	o.File = b
	_, _, rb := run(t, o)
	var buf bytes.Buffer
	diffs := WriteCompare(&buf, ra, rb)
	t.Log("\n" + buf.String())
	if figs, _ := Paired(ra, rb); figs == nil || figs[0].Value <= 0 {
		t.Errorf("paired length difference without the fifty-move rule: %v, want longer games", figs)
	}
	for _, d := range diffs {
		if d.Name == "ended: fifty-move rule (draw-condition)" {
			if d.InB || !d.Differs {
				t.Errorf("fifty-move draws: %+v", d)
			}
			return
		}
	}
	t.Errorf("no game of chess ended by the fifty-move rule in 300")
}
