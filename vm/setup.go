// This file defines SetUp: a position placed piece by piece (a board
// editor), for games FEN describes and those it does not (more than two
// players, positions off the grid, mancala stores).

package vm

import "fmt"

// SetUp replaces the position with pieces placed by hand: board holds
// {position, type, owner} triples, hands {player, type, count}, and mover
// is the player to move (from its first turn of the turn order's cycle, as
// FEN's side to move). A piece keeps its type's true-by-default attributes
// (never-moved? and the like) only where the start position has a piece of
// its kind and owner, as a FEN setup gives them. The history is forgotten.
// On error (an index out of range, two pieces on one position, a player
// with no turn) the state is unchanged.
func (s *State) SetUp(board [][3]int, hands [][3]int64, mover int) error {
	g := s.g
	nP, nT, nB := len(g.Players), len(g.Pieces), len(s.Board)
	seen := make(map[int]bool, len(board))
	for _, b := range board {
		p, t, o := b[0], b[1], b[2]
		switch {
		case p < 0 || p >= nB:
			return fmt.Errorf("no position %d (the board has %d)", p, nB)
		case t < 0 || t >= nT:
			return fmt.Errorf("no piece type %d (the game has %d)", t, nT)
		case o < 0 || o >= nP:
			return fmt.Errorf("no player %d (the game has %d)", o, nP)
		case seen[p]:
			return fmt.Errorf("two pieces on %s", g.Board.Positions[p].Name)
		}
		seen[p] = true
	}
	for _, h := range hands {
		pl, t, n := h[0], h[1], h[2]
		switch {
		case pl < 0 || pl >= int64(nP):
			return fmt.Errorf("no player %d (the game has %d)", pl, nP)
		case t < 0 || t >= int64(nT):
			return fmt.Errorf("no piece type %d (the game has %d)", t, nT)
		case n < 0 || n > 1<<20:
			return fmt.Errorf("%d pieces of %s in hand: want 0 to %d", n, g.Pieces[t].Name, 1<<20)
		}
	}
	if mover < 0 || mover >= nP {
		return fmt.Errorf("no player %d to move (the game has %d)", mover, nP)
	}
	turn := g.firstTurnOf(mover)
	if g.TurnOrder[turn].As != mover {
		return fmt.Errorf("%s has no turn in the turn order", g.Players[mover].Name)
	}
	s.Clear()
	for _, b := range board {
		s.Board[b[0]] = MakeCell(b[1], b[2], s.pre.defaults[b[1]]&s.unmovedMask(b[1], b[2], b[0]))
	}
	for _, h := range hands {
		s.Hands[h[0]*int64(nT)+h[1]] += h[2]
	}
	s.Turn = turn
	s.Rehash()
	return nil
}
