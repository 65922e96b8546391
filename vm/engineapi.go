// This file defines the small read-only queries the searcher's adapter needs:
// whether the player to move is in check, whether a player has royal pieces,
// and a move's identity key.

package vm

// InCheck reports whether a royal piece of the player to move stands attacked
// (always false in games without royal pieces). It reads the position only.
func (s *State) InCheck() bool {
	pl := s.Mover()
	return len(s.occ.royal[pl]) > 0 && s.royalAttacked(pl, 0)
}

// Key returns a hash of what the move changes. Two distinct legal moves of a
// position have different effects (Generate removes duplicates), so the key
// identifies a move among its position's moves, for killer and
// transposition-table moves.
func (m *Move) Key() uint64 {
	if m.derived {
		return derivedKey(m) | 1
	}
	return moveKey(m) | 1
}

// LeftInCheck reports whether the move just made by player pl was illegal
// because it leaves one of pl's royal pieces attacked as the turn passes to
// another player: the test Generate applies to every move, for callers that
// use GeneratePseudo and test only the moves they make. It is false while pl
// keeps moving (partial moves) and in games without royal pieces.
func (s *State) LeftInCheck(pl int) bool {
	return s.Partial == NoPos && s.Mover() != pl && len(s.occ.royal[pl]) > 0 && s.leftAttacked(pl, 0)
}

// Goals evaluates the goals as Outcome does for a player to move who has a
// legal move, so the conditions on having none (stalemated, checkmated) do
// not hold; it needs no move generation, for searchers that stand pat
// before generating.
func (s *State) Goals() (Outcome, error) { return s.Outcome(&someMove) }

// someMove stands for "the player to move has a move": Outcome reads only
// whether its list is empty.
var someMove = MoveList{Moves: make([]Move, 1)}

// Occupied returns pl's squares as a bitset (bit p%64 of word p/64 for
// square p), kept up to date by Make and Unmake. The caller must not
// change it.
func (s *State) Occupied(pl int) []uint64 { return s.occ.ownBits(pl) }

// Royals returns the squares of pl's royal pieces (the types RoyalTypes
// names), kept up to date by Make and Unmake. The caller must not change it.
func (s *State) Royals(pl int) []int32 { return s.occ.royal[pl] }

// SetTurn makes turn-order entry turn the one to move with the given last
// move's squares, the board and hands unchanged: a searcher's null move and
// its undo. Only the hash's turn part changes; the occupancy, which the
// board alone decides, stays (Rehash would rebuild both from scratch).
func (s *State) SetTurn(turn int, lastFrom, lastTo int32) {
	s.hash ^= s.key
	s.Turn, s.LastFrom, s.LastTo = turn, lastFrom, lastTo
	s.key = s.stateKey()
	s.hash ^= s.key
}
