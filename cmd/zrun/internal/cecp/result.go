// This file defines the result text CECP sends when a game ends.

package cecp

import (
	"fmt"
	"strings"
	"zrun/vm"
)

// resultText writes a finished game's outcome as CECP wants it after a move:
// "1-0 {White mates}", "1/2-1/2 {Stalemate}", ... Players beyond the second
// have no PGN score, so the comment names them instead.
func resultText(g *vm.Game, o vm.Outcome) string {
	name := func(pl int) string {
		if pl >= 0 && pl < len(g.Players) {
			n := g.Players[pl].Name
			if n != "" {
				return strings.ToUpper(n[:1]) + n[1:]
			}
		}
		return fmt.Sprintf("Player %d", pl+1)
	}
	switch {
	case o.Winner >= 0:
		score := "1-0"
		if o.Winner == 1 {
			score = "0-1"
		} else if o.Winner > 1 {
			score = "*"
		}
		if o.Reason == "checkmated" {
			return fmt.Sprintf("%s {%s mates}", score, name(o.Winner))
		}
		return fmt.Sprintf("%s {%s wins by %s}", score, name(o.Winner), o.Reason)
	case o.Loser >= 0:
		return fmt.Sprintf("* {%s loses by %s}", name(o.Loser), o.Reason)
	}
	switch o.Reason {
	case "stalemated":
		return "1/2-1/2 {Stalemate}"
	case "repetition":
		return "1/2-1/2 {Draw by repetition}"
	case "fifty-move rule":
		return "1/2-1/2 {Draw by fifty-move rule}"
	}
	return fmt.Sprintf("1/2-1/2 {Draw by %s}", o.Reason)
}
