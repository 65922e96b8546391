// This file defines the answers to XBoard's "lift", "put" and "hover"
// (feature highlight=1): when the user picks up a piece the engine marks the
// squares it may go to, computed from the legal moves, so XBoard knows the
// moves of pieces no Betza string describes (side effects, multi-part moves).
// A COLORFEN is a FEN board whose letters are colours: y = target, r =
// capture (XBoard then sends "hover"), m = promotion (a choice follows), c =
// the move continues (multi-leg), g = victims shown on hover
// (engine-intf.html, "highlight").

package main

import (
	"slices"
	"strconv"
	"strings"

	"zrun/vm"
)

// liftState remembers the square the user holds a piece from, so "hover"
// and "put" know which piece's moves they are about.
type liftState struct {
	from   int32 // vm.NoPos when nothing is lifted
	letter string
}

// lift answers "lift SQ" (or "lift X@" for a piece in hand) with the
// targets of the piece there. An unknown square or a piece that cannot move
// gets an empty highlight, which tells XBoard no move is legal.
func (c *cecpSession) lift(arg string) {
	if c.g.busy() {
		return // the engine is thinking on the position; no user move now
	}
	c.lifted = liftState{from: vm.NoPos}
	if l, _, ok := strings.Cut(arg, "@"); ok && l != "" {
		c.lifted.letter = l
	} else if p, ok := c.board.lookup(arg); ok {
		c.lifted.from = p
	}
	moves, err := c.liftedMoves(vm.NoPos)
	if err != nil {
		c.out.printf("tellusererror %v", err)
		return
	}
	c.out.printf("highlight %s", c.board.colorFEN(c.targetColors(moves)))
}

// hover answers "hover SQ" over a capture target: the targets again, with
// the pieces the move there would remove (other than on SQ itself, e.g. en
// passant) marked green.
func (c *cecpSession) hover(arg string) {
	to, ok := c.board.lookup(arg)
	if !ok || c.g.busy() {
		return
	}
	all, err := c.liftedMoves(vm.NoPos)
	if err != nil || len(all) == 0 {
		return
	}
	colors := c.targetColors(all)
	there, _ := c.liftedMoves(to)
	for _, m := range there {
		for _, a := range m.Acts {
			if a.Kind == vm.ActCapture && a.From != to && colors[a.From] == 0 {
				colors[a.From] = 'g'
			}
		}
	}
	c.out.printf("highlight %s", c.board.colorFEN(colors))
}

// put answers "put SQ": on a promotion square the GUI waits for the choice
// of pieces, which we list, the most valuable first (the GUI's default);
// elsewhere nothing.
func (c *cecpSession) put(arg string) {
	to, ok := c.board.lookup(arg)
	defer func() { c.lifted = liftState{from: vm.NoPos} }()
	if !ok || c.g.busy() {
		return
	}
	moves, err := c.liftedMoves(to)
	if err != nil {
		return
	}
	var types []int
	for _, m := range moves {
		if t, ok := promotedTo(c.g.s, m); ok && !slices.Contains(types, t) {
			types = append(types, t)
		}
	}
	if len(types) == 0 {
		return
	}
	value := c.g.pos.ev.value
	slices.SortStableFunc(types, func(a, b int) int { return value[b] - value[a] })
	var choice strings.Builder
	for _, t := range types {
		choice.WriteString(strings.ToUpper(pieceLetter(c.g.s.Game(), t)))
	}
	c.out.printf("choice %s", choice.String())
}

// liftedMoves returns the legal moves of the lifted piece, only those to
// square to unless to is vm.NoPos. The moves point into a fresh list.
func (c *cecpSession) liftedMoves(to int32) ([]*vm.Move, error) {
	ml, err := c.g.legal()
	if err != nil {
		return nil, err
	}
	var out []*vm.Move
	for i := range ml.Moves {
		m := &ml.Moves[i]
		switch {
		case m.Pass:
			continue
		case c.lifted.letter != "":
			if !m.Drop || !strings.EqualFold(pieceLetter(c.g.s.Game(), int(m.Piece)), c.lifted.letter) {
				continue
			}
		case m.Drop || m.From != c.lifted.from || c.lifted.from == vm.NoPos:
			continue
		}
		if to != vm.NoPos && m.To != to {
			continue
		}
		out = append(out, m)
	}
	return out, nil
}

// targetColors colours each move's destination: promotion beats a move
// that continues, which beats a capture, which beats a plain move.
func (c *cecpSession) targetColors(moves []*vm.Move) map[int32]byte {
	rank := map[byte]int{'y': 1, 'r': 2, 'c': 3, 'm': 4}
	colors := map[int32]byte{}
	for _, m := range moves {
		col := byte('y')
		switch _, promo := promotedTo(c.g.s, m); {
		case promo:
			col = 'm'
		case m.Continue >= 0:
			col = 'c'
		case capturesEnemy(c.g.s, m):
			col = 'r'
		}
		if rank[col] > rank[colors[m.To]] {
			colors[m.To] = col
		}
	}
	return colors
}

// capturesEnemy reports whether m removes a piece of another player (a
// gating move also removes the gated piece from its reserve square, which
// is no capture to show).
func capturesEnemy(s *vm.State, m *vm.Move) bool {
	for _, a := range m.Acts {
		if a.Kind == vm.ActCapture || (a.Kind == vm.ActMove && a.Captures) {
			sq := a.From
			if a.Kind == vm.ActMove {
				sq = a.To
			}
			if c := s.Board[sq]; c != vm.Empty && c.Owner() != s.Mover() {
				return true
			}
		}
	}
	return false
}

// promotedTo reports the type the moving piece becomes, when it changes.
func promotedTo(s *vm.State, m *vm.Move) (int, bool) {
	if m.Drop {
		return 0, false
	}
	for _, a := range m.Acts {
		if a.Kind == vm.ActMove && a.From == m.From {
			if orig := s.Board[a.From]; orig != vm.Empty && int(a.Type) != orig.Type() {
				return int(a.Type), true
			}
			return 0, false
		}
	}
	return 0, false
}

// lookup finds the position an XBoard square name denotes.
func (cb *cecpBoard) lookup(name string) (int32, bool) {
	if cb == nil {
		return vm.NoPos, false
	}
	p, ok := cb.pos[strings.ToLower(strings.TrimSpace(name))]
	return p, ok
}

// colorFEN writes colours by position as a board field, top row first.
func (cb *cecpBoard) colorFEN(colors map[int32]byte) string {
	if cb == nil {
		return "8/8/8/8/8/8/8/8"
	}
	var b strings.Builder
	for r, row := range cb.at {
		if r > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for _, p := range row {
			col := byte(0)
			if p != vm.NoPos {
				col = colors[p]
			}
			if col == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(col)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
	}
	return b.String()
}
