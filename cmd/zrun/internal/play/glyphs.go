// This file defines the Unicode chess glyphs pictures of a board use for
// pieces whose letters are the orthodox chess ones.

package play

// ChessGlyphs maps a piece letter to its Unicode glyph for the first player
// (white) and the second (black).
var ChessGlyphs = map[string][2]string{
	"K": {"♔", "♚"}, "Q": {"♕", "♛"}, "R": {"♖", "♜"},
	"B": {"♗", "♝"}, "N": {"♘", "♞"}, "P": {"♙", "♟"},
}
