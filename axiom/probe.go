package axiom

import "zrun/vm"

// winsWithNothing asks the script's OnIsGameOver whether a player with no
// piece left wins: for each player who chooses moves (given a turn, not a
// random player), the start position without that player's pieces, with
// that player to move. It is true when the script gives every one of them
// the win there (Senet's "White calc-pieces 0= IF ... current-player White
// = IF #WinScore": a race won by bearing every man off), so that the
// evaluation counts pieces against their owner, as it does where a rule
// file's goals say so (Ur's "pieces-remaining 0"). A position the script
// cannot judge (an error, no turn to give the player) answers no.
func (src *Source) winsWithNothing() bool {
	g := src.g
	start, err := vm.NewState(g)
	if err != nil {
		return false
	}
	turns := make([]bool, len(g.Players))
	for _, t := range g.TurnOrder {
		turns[t.Mover] = true
	}
	players := 0
	for pl, p := range g.Players {
		if p.Random || !turns[pl] {
			continue
		}
		players++
		var board [][3]int
		for pos, c := range start.Board {
			if c != vm.Empty && c.Owner() != pl {
				board = append(board, [3]int{pos, c.Type(), c.Owner()})
			}
		}
		s, err := vm.NewState(g)
		if err != nil || s.SetUp(board, nil, pl) != nil || s.Chooser() != pl {
			return false
		}
		src.mu.Lock()
		o, decided, err := src.outcome(s, &vm.MoveList{})
		src.mu.Unlock()
		if err != nil || !decided || o.Winner != pl {
			return false
		}
	}
	return players > 0
}
