// This file defines how zrun's players meet XBoard's colours. XBoard starts
// an engine-defined variant with White to move whatever the side to move of
// the setup FEN says (it reads only the pieces), so in a game whose second
// player moves first (English checkers: Black) zrun's first move reached
// XBoard as a move of the wrong side, which it judged illegal and forfeited.
// Such a game is shown with its colours swapped: the player who moves first
// is XBoard's White (upper-case letters in the FENs XBoard sees), and the
// scores of results follow.

package cecp

import (
	"strings"
	"unicode"

	"zrun/cmd/zrun/internal/play"
)

// swapColors reports whether XBoard sees e's colours swapped: a two-player
// engine-defined variant (zrun's own setup, not Fairy-Max's or one XBoard
// plays by its own rules) whose start position has the second player to move.
func swapColors(g *play.Game, e *play.Entry) bool {
	return !xboardKnows(e) && !e.XB.FromIni && len(g.G.Players) == 2 && g.S.Chooser() == 1
}

// swapFEN exchanges the colours of a FEN: the case of every piece letter
// (board and holdings) and castling right, and the side to move. It is its
// own inverse, so it serves FENs sent to XBoard and FENs read from it.
func swapFEN(fen string) string {
	f := strings.Fields(fen)
	if len(f) == 0 {
		return fen
	}
	swapCase := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsUpper(r) {
				return unicode.ToLower(r)
			}
			return unicode.ToUpper(r)
		}, s)
	}
	f[0] = swapCase(f[0])
	if len(f) > 1 {
		switch f[1] {
		case "w":
			f[1] = "b"
		case "b":
			f[1] = "w"
		}
	}
	if len(f) > 2 && f[2] != "-" {
		f[2] = swapCase(f[2])
	}
	return strings.Join(f, " ")
}

// swapScore exchanges "1-0" and "0-1" at the start of a result line.
func swapScore(res string) string {
	switch {
	case strings.HasPrefix(res, "1-0"):
		return "0-1" + res[3:]
	case strings.HasPrefix(res, "0-1"):
		return "1-0" + res[3:]
	}
	return res
}
