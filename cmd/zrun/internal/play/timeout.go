// This file decides what a player's flag falling means (a shared game's
// clock, package web's rooms): FIDE Laws 6.9, "if a player does not
// complete the prescribed number of moves in the allotted time, the game
// is lost by that player. However, the game is drawn if the position is
// such that the opponent cannot checkmate the player's king by any
// possible series of legal moves."

package play

import (
	"slices"

	"zrun/vm"
)

// TimeOut words the end of the game when player p's time runs out: with
// two players the other wins, unless it cannot win by any series of legal
// moves, then it is a draw; with more players p loses (and the game ends).
// "Cannot win" is decided where it is sure: the rules' insufficient-
// material draw (both sides, vm.State.InsufficientMaterial), or an opponent
// left with nothing but its royal pieces (a lone king) in a game won only
// by checkmate, whose royal pieces are of the kinds p's are (a king never
// attacks a king of its own kind without being attacked by it, so it can
// never give mate).
func (g *Game) TimeOut(p int) (result string, draw bool) {
	players := g.G.Players
	name := players[p].Name
	if len(players) != 2 {
		return name + "'s time ran out: " + name + " loses", false
	}
	o := 1 - p
	switch {
	case g.S.InsufficientMaterial():
		return "Draw: " + name + "'s time ran out, but neither side has the material to win", true
	case g.loneRoyal(o, p):
		return "Draw: " + name + "'s time ran out, but " + players[o].Name + " has only its king left and cannot win", true
	}
	return players[o].Name + " wins on time (" + name + "'s time ran out)", false
}

// loneRoyal reports whether player o has nothing but royal pieces of the
// kinds p's royal pieces are, nothing in hand, and the game is won only by
// checkmate.
func (g *Game) loneRoyal(o, p int) bool {
	s, vg := g.S, g.G
	if len(s.Royals(o)) == 0 || !onlyCheckmate(vg) {
		return false
	}
	mine, theirs := vg.RoyalTypes(o), vg.RoyalTypes(p)
	for _, c := range s.Board {
		if c != vm.Empty && c.Owner() == o && !slices.Contains(mine, c.Type()) {
			return false
		}
	}
	for _, t := range mine {
		if !slices.Contains(theirs, t) {
			return false
		}
	}
	n := len(vg.Pieces)
	for t := range n {
		if s.Hands[o*n+t] != 0 {
			return false
		}
	}
	return true
}

// onlyCheckmate: every goal of the game is checkmate, stalemate or
// repetition (no win by reaching a square, capturing a piece, counting).
func onlyCheckmate(vg *vm.Game) bool {
	if len(vg.Goals) == 0 {
		return false
	}
	var ok func(c *vm.Cond) bool
	ok = func(c *vm.Cond) bool {
		if c == nil {
			return false
		}
		switch c.Op {
		case vm.CondCheckmated, vm.CondStalemated, vm.CondRepetition, vm.CondTrue, vm.CondFalse:
			return true
		case vm.CondAnd, vm.CondOr, vm.CondNot:
			for _, a := range c.Args {
				if !ok(a) {
					return false
				}
			}
			return true
		}
		return false
	}
	for _, gl := range vg.Goals {
		if !ok(gl.Cond) {
			return false
		}
	}
	return true
}
