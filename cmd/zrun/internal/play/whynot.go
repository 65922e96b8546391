// This file explains why a typed move is not legal.

package play

import (
	"fmt"
	"strings"

	"zrun/vm"
)

// WhyKind says what kind of explanation WhyNotLegal found.
type WhyKind int

const (
	NoReason   WhyKind = iota // nothing better than "not legal"
	WrongTurn                 // a drop named by the player not to move
	FromSquare                // the text starts with a square whose piece has legal moves
	Closest                   // the legal moves nearest to the text
)

// Why is an explanation of a refused move, written for a player.
type Why struct {
	Kind WhyKind
	Text string
}

// WhyNotLegal explains why text names no legal move of ml: the player
// named before '@' is not the one to move; or the text begins with a
// square (when fromSquare, i.e. it cannot be a command's name) whose piece
// has legal moves, which are listed; or the closest legal moves.
func (g *Game) WhyNotLegal(ml *vm.MoveList, text string, fromSquare bool) Why {
	if who, _, ok := strings.Cut(text, "@"); ok {
		for pl, p := range g.G.Players {
			if strings.EqualFold(p.Name, who) && pl != g.S.Chooser() {
				return Why{WrongTurn, fmt.Sprintf("it is %s's turn, not %s's", g.G.Players[g.S.Chooser()].Name, p.Name)}
			}
		}
	}
	if fromSquare && len(ml.Moves) > 0 {
		for n := min(len(text), 4); n >= 1; n-- {
			p, ok := g.PositionNamed(text[:n])
			if !ok {
				continue
			}
			var alts []string
			for i := range ml.Moves {
				if ml.Moves[i].From == p {
					alts = append(alts, g.S.CoordString(&ml.Moves[i]))
				}
			}
			if len(alts) > 0 {
				return Why{FromSquare, fmt.Sprintf("the piece on %s can play: %s", text[:n], strings.Join(alts, " "))}
			}
			break
		}
	}
	if close := g.Closest(ml, text, 3); len(close) > 0 {
		return Why{Closest, "the closest legal moves are " + strings.Join(close, ", ")}
	}
	return Why{}
}
