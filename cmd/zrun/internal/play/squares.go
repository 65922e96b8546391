// This file defines how a player may name a position when typing a move:
// by its name in the rule file (in any case), or, on a grid whose positions
// have other names (Tic-Tac-Toe's top-left ... bottom-right), by the
// algebraic name of where it is drawn: files a, b, c ... from the left,
// ranks 1, 2, 3 ... from the bottom, as on a chess board.

package play

import (
	"strconv"
	"strings"
)

// PositionNamed returns the position a typed name means, or false.
func (g *Game) PositionNamed(name string) (int32, bool) {
	if p, ok := g.G.Board.PositionIndexFold(name); ok {
		return int32(p), true
	}
	p, ok := g.algebraic()[strings.ToLower(name)]
	return p, ok
}

// algebraic maps the algebraic names of the drawn grid's cells to their
// positions, leaving out names the board already uses for another position.
// It is empty when the grid's own names are file+rank already.
func (g *Game) algebraic() map[string]int32 {
	if g.squareAlias != nil {
		return g.squareAlias
	}
	g.squareAlias = map[string]int32{}
	v := g.View
	if v == nil || g.SAN {
		return g.squareAlias
	}
	rows := len(v.Cell)
	for r, row := range v.Cell {
		for c, p := range row {
			if p < 0 {
				continue
			}
			name := fileLetters(c) + strconv.Itoa(rows-r)
			if _, taken := g.G.Board.PositionIndex(name); !taken {
				g.squareAlias[name] = p
			}
		}
	}
	return g.squareAlias
}

// fileLetters names the c-th file from the left: a ... z, aa, ab, ...
func fileLetters(c int) string {
	if c < 26 {
		return string(rune('a' + c))
	}
	return fileLetters(c/26-1) + string(rune('a'+c%26))
}
