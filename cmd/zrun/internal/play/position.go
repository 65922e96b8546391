// This file defines the check of a position typed by a person or sent by a
// GUI (setboard) against the game's own rules: a player whose loss is to
// have a royal piece checkmated (the goals' (checkmated T)) must have one on
// the board, and no more than the game starts with, else checkmate means
// nothing (no king) or something the rules never meant (two white kings).

package play

import (
	"fmt"
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
	return nil
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
