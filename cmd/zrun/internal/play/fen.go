// This file defines what front ends read off a FEN without a game.

package play

import "strings"

// FENBoardSize reads width and height from a FEN's board field (digits may be
// multi-digit: "10" on a ten-file board).
func FENBoardSize(fen string) (int, int) {
	board := strings.Fields(fen)[0]
	if i := strings.IndexByte(board, '['); i >= 0 {
		board = board[:i]
	}
	ranks := strings.Split(board, "/")
	w, n := 0, 0
	for _, r := range []byte(ranks[0]) {
		if r >= '0' && r <= '9' {
			n = n*10 + int(r-'0')
			continue
		}
		w += n + 1
		n = 0
	}
	return w + n, len(ranks)
}
