// This file tests the zrun extension options for chess draws: "fifty-move
// rule" N and "insufficient material" true.

package zrf

import (
	"fmt"
	"strings"
	"testing"
)

func TestDrawOptions(t *testing.T) {
	cases := []struct {
		fifty, insufficient string
		wantFifty           int
		wantInsufficient    bool
		warning             string // "" when the options are clean
	}{
		{"50", "true", 50, true, ""},
		{"75", "false", 75, false, ""},
		{"true", "1", 50, true, ""},
		{"false", "0", 0, false, ""},
		{"0", "true", 0, true, ""},
		{"-3", "true", 0, true, `option "fifty-move rule": expected true or false`},
		{"50", "maybe", 50, false, `option "insufficient material": expected true or false`},
	}
	for _, c := range cases {
		src := fmt.Sprintf(`(game (title "Draws")
  (option "fifty-move rule" %s)
  (option "insufficient material" %s)
  (players White Black)
  (board (positions (a 0 0 1 1)))
  (piece (name Man) (drops ((verify empty?) add)))
  (board-setup (White (Man off 1)) (Black (Man off 1)))
  (draw-condition (White Black) stalemated))`, c.fifty, c.insufficient)
		f, err := Load("draws.zrf", []byte(src))
		if err != nil {
			t.Fatalf("%s/%s: %v", c.fifty, c.insufficient, err)
		}
		gd := f.Games[0]
		o := gd.Game.Options
		if o.FiftyMove != c.wantFifty || o.InsufficientMaterial != c.wantInsufficient {
			t.Errorf("%s/%s: fifty %d insufficient %v, want %d %v", c.fifty, c.insufficient,
				o.FiftyMove, o.InsufficientMaterial, c.wantFifty, c.wantInsufficient)
		}
		var msgs []string
		for _, w := range gd.Warnings {
			msgs = append(msgs, w.Error())
		}
		all := strings.Join(msgs, "\n")
		if (c.warning == "") != (len(msgs) == 0) || !strings.Contains(all, c.warning) {
			t.Errorf("%s/%s: warnings %q, want %q", c.fifty, c.insufficient, msgs, c.warning)
		}
		if c.warning != "" && !strings.Contains(all, "draws.zrf:") {
			t.Errorf("warning without a position: %q", all)
		}
		for _, x := range o.Other {
			t.Errorf("%s kept as an untyped option", x.Name)
		}
	}
}
