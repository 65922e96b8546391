// This file tests reading the image forms: the board's pictures and each
// piece's pictures per player.

package zrf

import (
	"reflect"
	"strings"
	"testing"
)

func TestImageForms(t *testing.T) {
	const game = `(game (title "T") (players White Black ?Dice) (turn-order White Black)
  (board (image "images\Board.BMP" "images/alt.bmp") (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("1/2" (0 10))) (directions (n 0 -1))))
  %s
  (board-setup (White (P a1)))
  (win-condition (White) (absolute-config P (b2))))`
	tests := []struct {
		name   string
		piece  string
		images [][]string
		warn   string
	}{
		{"per player", `(piece (name P) (image White "w.bmp" Black "b.bmp") (moves (n add)))`,
			[][]string{{"w.bmp"}, {"b.bmp"}, nil}, ""},
		{"piece sets", `(piece (name P) (image Black "b1.bmp" "b2.bmp" White "w1.bmp" "w2.bmp") (moves (n add)))`,
			[][]string{{"w1.bmp", "w2.bmp"}, {"b1.bmp", "b2.bmp"}, nil}, ""},
		{"random player without its ?", `(piece (name P) (image Dice "d.bmp") (moves (n add)))`,
			[][]string{nil, nil, {"d.bmp"}}, ""},
		{"none", `(piece (name P) (moves (n add)))`, nil, ""},
		{"unknown player warns", `(piece (name P) (image Red "r.bmp" White "w.bmp") (moves (n add)))`,
			[][]string{{"w.bmp"}, nil, nil}, "unknown player Red"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Load("t.zrf", []byte(strings.Replace(game, "%s", tc.piece, 1)))
			if err != nil {
				t.Fatal(err)
			}
			g := f.Games[0].Game
			if want := []string{`images\Board.BMP`, "images/alt.bmp"}; !reflect.DeepEqual(g.Board.Images, want) {
				t.Errorf("board images %q, want %q", g.Board.Images, want)
			}
			if got := g.Pieces[0].Images; !reflect.DeepEqual(got, tc.images) {
				t.Errorf("piece images %q, want %q", got, tc.images)
			}
			var warns []string
			for _, w := range f.Games[0].Warnings {
				warns = append(warns, w.Error())
			}
			if all := strings.Join(warns, "\n"); tc.warn != "" && !strings.Contains(all, tc.warn) || tc.warn == "" && all != "" {
				t.Errorf("warnings %q, want %q", all, tc.warn)
			}
		})
	}
}
