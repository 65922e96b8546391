// This file defines perft: counting the leaves of the legal-move tree.

package vm

import (
	"errors"
	"strings"
	"sync/atomic"
)

// Perft counts the positions reachable in exactly depth moves, a move being a
// whole turn: the parts of a partial move (a multi-jump in checkers) made by
// one player make one move together, as the published draughts counts take
// them (English checkers 7, 49, 302, ... 179740 at depth 7).
//
// Chains of two or more parts that leave the same board (the same pieces
// captured, the same landing square) are one move (a one-part move is not
// compared with them: no draughts chain ends as one jump does, and the
// generator already merges identical one-part moves), as the published
// draughts tables count
// them: a man's windmill capture of four pieces round a square, clockwise
// or anticlockwise, is one Brazilian, Pool or Russian move (their depth-8
// counts 907830, 929896 and 929899 take it once). Two chains that end on
// the same square having captured different pieces are two moves. The last
// move's squares, which differ between the two directions, are not
// compared: the board, the hands and whose turn it is are. So a turn whose
// parts may go round (Halma's and Chinese checkers' hops back and forth) has
// finitely many moves too: a position the turn has passed through already
// is not followed again, as what can end the turn from it has been counted.
//
// It reuses one move list per level, kept in the state across calls, so it
// allocates only while the lists grow.
func (s *State) Perft(depth int) (uint64, error) { return s.perft(depth, 0, false) }

// PerftParts counts as Zillions plays: each part of a partial move is a move
// of its own, so a two-jump capture is two plies deep, and every sequence of
// parts counts.
func (s *State) PerftParts(depth int) (uint64, error) { return s.perft(depth, 0, true) }

// ErrInterrupted is returned by Perft and Divide stopped through
// SetInterrupt; the position is as it was before the call.
var ErrInterrupted = errors.New("interrupted")

// SetInterrupt makes Perft and Divide stop with ErrInterrupted, unmaking
// what they made, soon after stop becomes true (a front end sets it on
// Ctrl-C); nil turns it off. Leaves are not checked, so a count pays one
// atomic load per interior node.
func (s *State) SetInterrupt(stop *atomic.Bool) { s.interrupt = stop }

// perftList returns Perft's move list for level lv (one level per Make, so
// a chain of parts takes a level each while its depth stays).
func (s *State) perftList(lv int) *MoveList {
	for len(s.perftLists) <= lv {
		s.perftLists = append(s.perftLists, &MoveList{})
	}
	return s.perftLists[lv]
}

// perft counts the leaves depth moves below, using the move lists from level
// lv on; parts says whether each part of a partial move is a move.
func (s *State) perft(depth, lv int, parts bool) (uint64, error) {
	if depth == 0 {
		return 1, nil
	}
	if depth > 1 && s.interrupt != nil && s.interrupt.Load() {
		return 0, ErrInterrupted
	}
	ml := s.perftList(lv)
	if err := s.Generate(ml); err != nil {
		return 0, err
	}
	if depth == 1 && parts {
		return uint64(len(ml.Moves)), nil
	}
	s.resetTurnKeys(lv)
	var n uint64
	for i := range ml.Moves {
		m := &ml.Moves[i]
		if depth == 1 && m.Continue < 0 {
			// Without a continuation the move ends the turn: a leaf, and
			// no need to make it.
			n++
			continue
		}
		c, err := s.perftMove(m, depth, lv, lv, parts)
		if err != nil {
			return 0, err
		}
		n += c
	}
	return n, nil
}

// perftMove makes m, generated at level lv in the turn that began at level
// root, and counts the leaves below it: depth-1 moves when m ends the turn,
// and when it is a part the turn goes on from, the leaves below each of its
// continuations, once for each board the turn can end with.
func (s *State) perftMove(m *Move, depth, lv, root int, parts bool) (uint64, error) {
	if err := s.Make(m); err != nil {
		s.Unmake()
		return 0, err
	}
	defer s.Unmake()
	if parts || s.Partial == NoPos {
		if lv > root && !s.newTurnKey(root, s.endKey()) {
			return 0, nil
		}
		return s.perft(depth-1, lv+1, parts)
	}
	if !s.newTurnKey(root, s.hash) {
		return 0, nil
	}
	ml := s.perftList(lv + 1)
	if err := s.Generate(ml); err != nil {
		return 0, err
	}
	var n uint64
	for i := range ml.Moves {
		c, err := s.perftMove(&ml.Moves[i], depth, lv+1, root, parts)
		if err != nil {
			return 0, err
		}
		n += c
	}
	return n, nil
}

// resetTurnKeys empties the record of the positions the turn that begins
// at level root has reached.
func (s *State) resetTurnKeys(root int) {
	for len(s.turnKeys) <= root {
		s.turnKeys = append(s.turnKeys, nil)
	}
	s.turnKeys[root] = s.turnKeys[root][:0]
}

// newTurnKey records k, a position the turn that began at level root has
// reached (endKey at the end of the turn, the hash in the middle of a
// partial move: they differ by the partial-move state), and reports whether
// the turn had not reached it before.
func (s *State) newTurnKey(root int, k uint64) bool {
	for _, e := range s.turnKeys[root] {
		if e == k {
			return false
		}
	}
	s.turnKeys[root] = append(s.turnKeys[root], k)
	return true
}

// endKey identifies the position a turn has ended with for perft: the hash
// without the last move's squares (stateKey), which the two directions of a
// windmill capture leave different.
func (s *State) endKey() uint64 {
	return s.hash ^ s.lastKey()
}

// DivideLine is one root move and the perft count below it.
type DivideLine struct {
	Move  string // coordinate text; the parts of a turn joined by ","
	Text  string // Zillions text; the parts of a turn joined by ", "
	Nodes uint64
}

// Divide runs perft(depth-1) below each root move (a whole turn, as Perft
// counts them: a chain of parts leaving the same board as an earlier one,
// or passing a position an earlier one passed, is not listed), calling
// progress (if not nil) after each one.
func (s *State) Divide(depth int, progress func(DivideLine)) ([]DivideLine, uint64, error) {
	return s.divide(depth, false, progress)
}

// DivideParts is Divide with each part of a partial move a move, as
// PerftParts counts.
func (s *State) DivideParts(depth int, progress func(DivideLine)) ([]DivideLine, uint64, error) {
	return s.divide(depth, true, progress)
}

func (s *State) divide(depth int, parts bool, progress func(DivideLine)) ([]DivideLine, uint64, error) {
	d := divider{s: s, depth: depth, parts: parts, progress: progress}
	s.resetTurnKeys(0)
	if err := d.walk(0, nil, nil); err != nil {
		return nil, 0, err
	}
	return d.out, d.total, nil
}

// divider lists the root moves of a divide: single moves, or with whole
// turns every chain of parts from the root to the end of the turn.
type divider struct {
	s        *State
	depth    int
	parts    bool
	progress func(DivideLine)
	out      []DivideLine
	total    uint64
}

// walk generates at level lv, below the parts already made (whose texts
// are move and text), and makes a line of each move that ends a root move.
func (d *divider) walk(lv int, move, text []string) error {
	s := d.s
	ml := s.perftList(lv)
	if err := s.Generate(ml); err != nil {
		return err
	}
	for i := range ml.Moves {
		m := &ml.Moves[i]
		mv := append(move[:len(move):len(move)], s.CoordString(m))
		tx := append(text[:len(text):len(text)], s.MoveString(m))
		if err := s.Make(m); err != nil {
			s.Unmake()
			return err
		}
		err := d.below(lv, mv, tx)
		s.Unmake()
		if err != nil {
			return err
		}
	}
	return nil
}

// below goes on after the root move (or part) just made at level lv.
func (d *divider) below(lv int, move, text []string) error {
	s := d.s
	if !d.parts && s.Partial != NoPos {
		if !s.newTurnKey(0, s.hash) {
			return nil
		}
		return d.walk(lv+1, move, text)
	}
	if !d.parts && lv > 0 && !s.newTurnKey(0, s.endKey()) {
		return nil
	}
	n, err := s.perft(d.depth-1, lv+1, d.parts)
	if err != nil {
		return err
	}
	line := DivideLine{Move: strings.Join(move, ","), Text: strings.Join(text, ", "), Nodes: n}
	d.total += n
	d.out = append(d.out, line)
	if d.progress != nil {
		d.progress(line)
	}
	return nil
}
