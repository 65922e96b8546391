// This file defines BlockOf: which of a piece's move or drop blocks
// produced a move, for rule coverage (package design asks it once a ply of
// the move played). It reruns the blocks in the interpreter rather than
// have every generated move carry its block: the generator's fast paths
// (leap and slide groups) run several blocks as one loop, and a Move has
// no spare bytes in its cache line; a question asked once a played move
// can afford a few interpreted runs.

package vm

// BlockOf returns the index of the block of m's piece that produced m, a
// move generated in the position as it stands: in Pieces[m.Piece].Drops
// when drop is true, else in its Moves; -1 for a pass or a move no block
// of the piece reproduces. Two blocks making the same move: the first in
// file order, the one generation keeps (duplicates keep the first). A
// gated move (add-gate) is its block's move with a piece gated in: it is
// matched by its squares when no move of a block is the same.
func (s *State) BlockOf(m *Move) (block int, drop bool, err error) {
	if m.Pass || m.Piece < 0 || int(m.Piece) >= len(s.g.Pieces) {
		return -1, false, nil
	}
	pt := s.g.Pieces[m.Piece]
	pl := int32(s.g.TurnOrder[s.Turn].As)
	blocks := pt.Moves
	if m.Drop {
		blocks = pt.Drops
	}
	var ml MoveList
	gn := s.genAt(0)
	bySquares := -1
	for bi, b := range blocks {
		if b.Prog == nil || int32(b.Type) != m.Type {
			continue
		}
		ml.Reset()
		gn.ml, gn.err, gn.query = &ml, nil, false
		if m.Drop {
			for p := range s.Board {
				gn.run(b.Prog, int32(p), pl, int32(b.Type), true, int32(m.Piece))
				if gn.err != nil {
					return -1, m.Drop, gn.err
				}
			}
		} else {
			gn.run(b.Prog, m.From, pl, int32(b.Type), false, 0)
			if gn.err != nil {
				return -1, false, gn.err
			}
		}
		for i := range ml.Moves {
			c := &ml.Moves[i]
			if s.sameMove(c, m) {
				return bi, m.Drop, nil
			}
			if bySquares < 0 && c.From == m.From && c.To == m.To {
				bySquares = bi
			}
		}
	}
	return bySquares, m.Drop, nil
}
