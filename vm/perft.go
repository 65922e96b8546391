// This file defines perft: counting the leaves of the legal-move tree.

package vm

// Perft counts the positions reachable in exactly depth moves (move parts count
// as moves). It reuses one move list per depth, kept in the state across
// calls, so it allocates only while the lists grow.
func (s *State) Perft(depth int) (uint64, error) {
	for len(s.perftLists) <= depth {
		s.perftLists = append(s.perftLists, MoveList{})
	}
	return s.perft(depth, s.perftLists)
}

func (s *State) perft(depth int, lists []MoveList) (uint64, error) {
	if depth == 0 {
		return 1, nil
	}
	ml := &lists[depth]
	if err := s.Generate(ml); err != nil {
		return 0, err
	}
	if depth == 1 {
		return uint64(len(ml.Moves)), nil
	}
	var n uint64
	for i := range ml.Moves {
		if err := s.Make(&ml.Moves[i]); err != nil {
			s.Unmake()
			return 0, err
		}
		c, err := s.perft(depth-1, lists)
		s.Unmake()
		if err != nil {
			return 0, err
		}
		n += c
	}
	return n, nil
}

// DivideLine is one root move and the perft count below it.
type DivideLine struct {
	Move  string // coordinate text
	Text  string // Zillions text
	Nodes uint64
}

// Divide runs perft(depth-1) below each root move, calling progress (if not
// nil) after each one.
func (s *State) Divide(depth int, progress func(DivideLine)) ([]DivideLine, uint64, error) {
	var root MoveList
	if err := s.Generate(&root); err != nil {
		return nil, 0, err
	}
	lists := make([]MoveList, depth+1)
	var out []DivideLine
	var total uint64
	for i := range root.Moves {
		m := &root.Moves[i]
		line := DivideLine{Move: s.CoordString(m), Text: s.MoveString(m)}
		if err := s.Make(m); err != nil {
			s.Unmake()
			return nil, 0, err
		}
		n, err := s.perft(depth-1, lists)
		s.Unmake()
		if err != nil {
			return nil, 0, err
		}
		line.Nodes = n
		total += n
		out = append(out, line)
		if progress != nil {
			progress(line)
		}
	}
	return out, total, nil
}
