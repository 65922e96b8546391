// This file defines the answers to XBoard's "lift", "put" and "hover"
// (feature highlight=1): when the user picks up a piece the engine marks the
// squares it may go to, computed from the legal moves, so XBoard knows the
// moves of pieces no Betza string describes (side effects, multi-part moves).
// A COLORFEN is a FEN board whose letters are colours: Y = target, R =
// capture (XBoard then sends "hover"), M = promotion (a choice follows), C =
// the move continues (multi-leg), g = victims shown on hover. Upper case
// marks a legal destination: with legality testing off XBoard accepts only
// those; lower case only paints a square (engine-intf.html, "highlight").

package main

import (
	"slices"
	"strconv"
	"strings"

	"zrun/vm"
)

// liftState remembers the square the user holds a piece from, so "hover"
// and "put" know which piece's moves they are about, and the legs of a
// multi-leg move the user has entered so far: XBoard sends the whole move
// only when it is complete, so the targets of a later leg are computed with
// the earlier legs made for the moment.
type liftState struct {
	from   int32 // vm.NoPos when nothing is lifted
	letter string
	legs   []string // CECP texts of the legs entered so far
	legTo  int32    // where the last leg ended (vm.NoPos when no legs)
}

func noLift() liftState { return liftState{from: vm.NoPos, legTo: vm.NoPos} }

// lift answers "lift SQ" (or "lift X@" for a piece in hand) with the
// targets of the piece there. An unknown square or a piece that cannot move
// gets an empty highlight, which tells XBoard no move is legal. Lifting the
// piece where the last entered leg ended continues that move.
func (c *cecpSession) lift(arg string) {
	if c.g.busy() {
		return // the engine is thinking on the position; no user move now
	}
	p, onBoard := c.board.lookup(arg)
	if !onBoard || p != c.lifted.legTo {
		c.lifted = noLift()
	}
	c.lifted.from, c.lifted.letter = vm.NoPos, ""
	if l, _, ok := strings.Cut(arg, "@"); ok && l != "" {
		c.lifted.letter = l
	} else if onBoard {
		c.lifted.from = p
	}
	err := c.withLegs(func() error {
		moves, err := c.liftedMoves(vm.NoPos)
		if err == nil {
			c.out.printf("highlight %s", c.board.colorFEN(c.targetColors(moves)))
		}
		return err
	})
	if err != nil {
		c.out.printf("tellusererror %v", err)
	}
}

// hover answers "hover SQ" over a capture target: the targets again, with
// the pieces the move there would remove (other than on SQ itself, e.g. en
// passant) marked green.
func (c *cecpSession) hover(arg string) {
	to, ok := c.board.lookup(arg)
	if !ok || c.g.busy() {
		return
	}
	c.withLegs(func() error {
		all, err := c.liftedMoves(vm.NoPos)
		if err != nil || len(all) == 0 {
			return err
		}
		colors := c.targetColors(all)
		for _, m := range all {
			if m.To != to {
				continue
			}
			for _, a := range m.Acts {
				if a.Kind == vm.ActCapture && a.From != to && colors[a.From] == 0 {
					// Lower case: a victim is no place to move to.
					colors[a.From] = 'g'
				}
			}
		}
		c.out.printf("highlight %s", c.board.colorFEN(colors))
		return nil
	})
}

// put answers "put SQ": on a promotion square the GUI waits for the choice
// of pieces, which we list, the most valuable first (the GUI's default). On
// a square where the move goes on, the leg is remembered for the next lift.
func (c *cecpSession) put(arg string) {
	to, ok := c.board.lookup(arg)
	if !ok || c.g.busy() {
		c.lifted = noLift()
		return
	}
	var leg string
	var types []int
	c.withLegs(func() error {
		moves, err := c.liftedMoves(to)
		if err != nil {
			return err
		}
		for _, m := range moves {
			if leg == "" && c.continues(m) {
				leg = c.board.moveText(c.g.s, m)
			}
			if t, ok := promotedTo(c.g.s, m); ok && !slices.Contains(types, t) {
				types = append(types, t)
			}
		}
		return nil
	})
	if leg != "" {
		c.lifted.legs = append(c.lifted.legs, leg)
		c.lifted.legTo = to
	} else {
		c.lifted = noLift()
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

// withLegs runs f with the legs entered so far made, and takes them back.
// Legs that are no longer legal (the position changed) are forgotten.
func (c *cecpSession) withLegs(f func() error) error {
	made := 0
	for _, leg := range c.lifted.legs {
		ok, err := c.makeCECP(leg)
		if err != nil || !ok {
			c.lifted.legs, c.lifted.legTo = nil, vm.NoPos
			break
		}
		made++
	}
	defer func() {
		for range made {
			c.g.undo()
		}
	}()
	return f()
}

// continues reports whether the same player moves on after m: a part of a
// multi-part move whose continuation has moves (a ZRF partial move without
// one ends the turn).
func (c *cecpSession) continues(m *vm.Move) bool {
	if m.Continue < 0 {
		return false
	}
	s := c.g.s
	mover := s.Mover()
	if err := s.Make(m); err != nil {
		return false
	}
	defer s.Unmake()
	return s.Mover() == mover
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
	rank := map[byte]int{'Y': 1, 'R': 2, 'C': 3, 'M': 4}
	colors := map[int32]byte{}
	for _, m := range moves {
		col := byte('Y')
		switch _, promo := promotedTo(c.g.s, m); {
		case promo:
			col = 'M'
		case c.continues(m):
			col = 'C'
		case capturesEnemy(c.g.s, m):
			col = 'R'
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
