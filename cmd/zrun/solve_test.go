// This file tests "zrun solve": a back-rank mate in two whose line
// Fairy-Stockfish gives (go depth 12: mate 2, pv a1a8 b2b8 a8b8), and a
// start position with no forced win.

package main

import (
	"bytes"
	"testing"
)

func TestSolve(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--fen", "6k1/5ppp/8/8/8/8/1q3PPP/R5K1 w - - 0 1", "../../games/chess.zrf"}, "forced win in 3 plies: 1. Ra8+ Qb8 2. Rxb8#\n"},
		{[]string{"--depth", "3", "../../games/chess.zrf"}, "no forced win within 3 plies\n"},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		if rc := runMain(append([]string{"solve"}, tc.args...), &out, &errb); rc != 0 || out.String() != tc.want {
			t.Errorf("solve %v: status %d, %q %s; want %q", tc.args, rc, out.String(), errb.String(), tc.want)
		}
	}
}
