// This file defines the Chess960 (Fischer Random) start arrays by their
// standard numbers 0..959, as FENs for games/chess960.zrf.

package play

import (
	"fmt"
	"strings"
)

// Chess960Array returns White's back rank (files a..h, e.g. "RNBQKBNR") of
// start array n in Reinhard Scharnagl's numbering, the one the FRC rules and
// Fairy-Stockfish use: n mod 4 places the light-squared Bishop (files b d f
// h), the next base-4 digit the dark-squared one (a c e g), the next base-6
// digit the Queen on the free squares, the rest (0..9) the two Knights on the
// five squares left (NN---, N-N--, ..., ---NN), and R K R fill the last three.
func Chess960Array(n int) (string, error) {
	if n < 0 || n > 959 {
		return "", fmt.Errorf("Chess960 start array %d out of range 0..959", n)
	}
	var rank [8]byte
	free := func() []int {
		var f []int
		for i, c := range rank {
			if c == 0 {
				f = append(f, i)
			}
		}
		return f
	}
	rank[2*(n%4)+1] = 'B'
	n /= 4
	rank[2*(n%4)] = 'B'
	n /= 4
	rank[free()[n%6]] = 'Q'
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}
	f := free()
	for _, k := range knights[n] {
		rank[f[k]] = 'N'
	}
	for i, p := range free() {
		rank[p] = "RKR"[i]
	}
	return string(rank[:]), nil
}

// Chess960FEN is the start position of array n: Black mirrors White, and the
// castling field names both Rooks' files (Shredder-FEN), as perft.tsv does.
func Chess960FEN(n int) (string, error) {
	back, err := Chess960Array(n)
	if err != nil {
		return "", err
	}
	var rights []byte
	for i := 7; i >= 0; i-- {
		if back[i] == 'R' {
			rights = append(rights, 'A'+byte(i))
		}
	}
	castle := string(rights) + strings.ToLower(string(rights))
	return fmt.Sprintf("%s/pppppppp/8/8/8/8/PPPPPPPP/%s w %s - 0 1", strings.ToLower(back), back, castle), nil
}
