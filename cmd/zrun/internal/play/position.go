// This file defines the check of a position typed by a person or sent by a
// GUI (setboard) against the game's own rules: a player whose loss is to
// have a royal piece checkmated (the goals' (checkmated T)) must have one on
// the board, and no more than the game starts with, else checkmate means
// nothing (no king) or something the rules never meant (two white kings);
// and the player not to move must not stand in check.

package play

import (
	"fmt"
	"slices"
	"strings"

	"zrun/vm"
)

// SetPosition is SetFEN for a position from outside: it refuses, with the
// reason, a FEN that CheckPosition finds against the rules, and leaves the
// game as it was on any error.
func (g *Game) SetPosition(fen string) error {
	s, err := g.stateAt(fen)
	if err != nil {
		return err
	}
	if err := CheckPosition(s); err != nil {
		return err
	}
	g.startFrom(s, fen)
	return nil
}

// CheckPosition reports a royal piece missing, or more royal pieces than
// the start position has, for a player whose goals need one.
func CheckPosition(s *vm.State) error {
	g := s.Game()
	start, err := vm.NewState(g)
	if err != nil {
		return err
	}
	for pl, p := range g.Players {
		royal := g.RoyalTypes(pl)
		if len(royal) == 0 {
			continue
		}
		have, want := royalCount(s, pl, royal), royalCount(start, pl, royal)
		var names []string
		for _, t := range royal {
			names = append(names, g.Pieces[t].Name)
		}
		kind := strings.Join(names, " or ")
		switch {
		case have == 0:
			return fmt.Errorf("%s has no %s: the goals need one (a %s checkmated loses)", p.Name, kind, kind)
		case have > max(want, 1):
			return fmt.Errorf("%s has %d pieces of type %s: the game starts with %d", p.Name, have, kind, max(want, 1))
		}
	}
	return checkNotToMove(s)
}

// checkNotToMove reports the player who made the last move standing in
// check: no legal move leaves one's own royal piece attacked (Generate
// drops such moves), so no game reaches the position, and the player to
// move would capture the royal piece, which the goals never meant
// (FIDE 3.9: the king may not be left in check; kings side by side are the
// same). The player who moved last is the one whose turn-order entry
// comes before the one to move; where several entries lead to it (a
// repeating turn order), all of their players must be in check for the
// position to be refused, so a reachable one never is.
func checkNotToMove(s *vm.State) error {
	g := s.Game()
	mover := s.Mover()
	var last []int
	for j, t := range g.TurnOrder {
		if g.NextTurn(j) == s.Turn && t.As != mover && !slices.Contains(last, t.As) {
			last = append(last, t.As)
		}
	}
	if len(last) == 0 {
		return nil // the player to move moved last too: a move in parts
	}
	for _, pl := range last {
		// LeftInCheck is the test Generate puts every move to; it is
		// false in games without royal pieces.
		if !s.LeftInCheck(pl) {
			return nil
		}
	}
	pl := last[0]
	var names []string
	for _, t := range g.RoyalTypes(pl) {
		names = append(names, g.Pieces[t].Name)
	}
	kind := strings.Join(names, " or ")
	return fmt.Errorf("%s is not to move but its %s is attacked (no legal move leaves one's own %s attacked; %s would capture it)",
		g.Players[pl].Name, kind, kind, g.Players[mover].Name)
}

// royalCount counts pl's pieces of the royal types on the board.
func royalCount(s *vm.State, pl int, royal []int) int {
	n := 0
	for _, c := range s.Board {
		if c == vm.Empty || c.Owner() != pl {
			continue
		}
		for _, t := range royal {
			if c.Type() == t {
				n++
			}
		}
	}
	return n
}
