// This file defines the answers to XBoard's "lift", "put" and "hover"
// (feature highlight=1): when the user picks up a piece the engine marks the
// squares it may go to, computed from the legal moves, so XBoard knows the
// moves of pieces no Betza string describes (side effects, multi-part moves).
// A COLORFEN is a FEN board whose letters are colours: Y = target, R =
// capture (XBoard then sends "hover"), M = promotion (a choice follows), C =
// the move continues (multi-leg), g = victims shown on hover. Upper case
// marks a legal destination: with legality testing off XBoard accepts only
// those; lower case only paints a square (engine-intf.html, "highlight").

package cecp

import (
	"slices"
	"strconv"
	"strings"

	"zrun/vm"
)

// liftState is the move the user is entering: the squares the piece has
// stopped on so far in the current part (XBoard's legs: the start square,
// then each square the user put it down on while the move went on), and
// the parts already complete of a multi-part (ZRF partial) move. XBoard
// sends the whole move only at the end, so the targets of a later part are
// computed with the earlier parts made for the moment.
type liftState struct {
	letter string   // a piece lifted from the hand (drops)
	path   []int32  // stops of the current part, starting with its square
	parts  []string // CECP texts of the complete parts
}

func noLift() liftState { return liftState{} }

// candidate is a legal move that agrees with the stops entered so far.
type candidate struct {
	m     *vm.Move
	stops []int32
}

// next is the square the candidate stops on after the entered path.
func (cd candidate) next(path []int32) int32 { return cd.stops[len(path)] }

// lift answers "lift SQ" (or "lift X@" for a piece in hand) with the
// squares the piece may stop on next. An unknown square or a piece that
// cannot move gets an empty highlight, which tells XBoard no move is
// legal. Lifting the piece where the last stop was continues the move.
func (c *Session) lift(arg string) {
	if c.g.Busy() {
		return // the engine is thinking on the position; no user move now
	}
	p, onBoard := c.board.lookup(arg)
	l := &c.lifted
	if !onBoard || len(l.path) == 0 || p != l.path[len(l.path)-1] {
		*l = noLift()
		if letter, _, ok := strings.Cut(arg, "@"); ok && letter != "" {
			l.letter = letter
		} else if onBoard {
			l.path = []int32{p}
		}
	}
	err := c.withParts(func() error {
		cands, err := c.candidates()
		if err == nil {
			c.out.Printf("highlight %s", c.board.colorFEN(c.targetColors(cands)))
		}
		return err
	})
	if err != nil {
		c.out.Printf("tellusererror %v", err)
	}
}

// hover answers "hover SQ" over a capture target: the targets again, with
// the pieces a move ending there would remove (other than on SQ itself,
// e.g. en passant) marked green.
func (c *Session) hover(arg string) {
	to, ok := c.board.lookup(arg)
	if !ok || c.g.Busy() {
		return
	}
	c.withParts(func() error {
		cands, err := c.candidates()
		if err != nil || len(cands) == 0 {
			return err
		}
		colors := c.targetColors(cands)
		for _, cd := range cands {
			if cd.next(c.lifted.path) != to {
				continue
			}
			for _, a := range cd.m.Actions(nil) {
				if a.Kind == vm.ActCapture && a.From != to && colors[a.From] == 0 {
					colors[a.From] = 'g' // lower case: a victim is no place to move to
				}
			}
		}
		c.out.Printf("highlight %s", c.board.colorFEN(colors))
		return nil
	})
}

// put answers "put SQ". Where the move goes on (more stops in this part,
// or another part), the stop is remembered for the next lift. On a
// promotion square the GUI waits for the choice of pieces, which we list,
// the most valuable first (the GUI's default).
func (c *Session) put(arg string) {
	to, ok := c.board.lookup(arg)
	if !ok || c.g.Busy() {
		c.lifted = noLift()
		return
	}
	l := &c.lifted
	var more bool
	var part string
	var types []int
	c.withParts(func() error {
		cands, err := c.candidates()
		if err != nil {
			return err
		}
		for _, cd := range cands {
			if cd.next(l.path) != to {
				continue
			}
			switch {
			case len(cd.stops) > len(l.path)+1:
				more = true
			case part == "" && c.continues(cd.m):
				part = c.board.moveText(c.g.S, cd.m)
			}
			if t, ok := promotedTo(c.g.S, cd.m); ok && !slices.Contains(types, t) {
				types = append(types, t)
			}
		}
		return nil
	})
	switch {
	case more:
		l.path = append(l.path, to)
	case part != "":
		l.parts = append(l.parts, part)
		l.path = []int32{to}
	default:
		*l = noLift()
	}
	if len(types) == 0 {
		return
	}
	ev, err := c.g.Evaluator()
	if err != nil {
		c.out.Printf("Error (%v): put", err)
		return
	}
	slices.SortStableFunc(types, func(a, b int) int { return ev.Material(b) - ev.Material(a) })
	var choice strings.Builder
	for _, t := range types {
		choice.WriteString(strings.ToUpper(pieceLetter(c.g.S.Game(), t)))
	}
	c.out.Printf("choice %s", c.letters.lettersOut(choice.String()))
}

// withParts runs f with the complete parts entered so far made, and takes
// them back. Parts that are no longer legal (the position changed) are
// forgotten.
func (c *Session) withParts(f func() error) error {
	made := 0
	for _, part := range c.lifted.parts {
		ok, err := c.makeCECP(part)
		if err != nil || !ok {
			c.lifted = noLift()
			break
		}
		made++
	}
	defer func() {
		for range made {
			c.g.Undo()
		}
	}()
	return f()
}

// continues reports whether the same player moves on after m: a part of a
// multi-part move whose continuation has moves (a ZRF partial move without
// one ends the turn).
func (c *Session) continues(m *vm.Move) bool {
	if m.Continue < 0 {
		return false
	}
	s := c.g.S
	mover := s.Mover()
	if err := s.Make(m); err != nil {
		return false
	}
	defer s.Unmake()
	return s.Mover() == mover
}

// candidates returns the legal moves that start with the stops entered so
// far (or drop the lifted piece in hand) and stop somewhere after them.
// The moves point into a fresh list.
func (c *Session) candidates() ([]candidate, error) {
	ml, err := c.g.Legal()
	if err != nil {
		return nil, err
	}
	l := &c.lifted
	var out []candidate
	for i := range ml.Moves {
		m := &ml.Moves[i]
		switch {
		case m.Pass:
		case l.letter != "":
			if m.Drop && strings.EqualFold(pieceLetter(c.g.S.Game(), int(m.Piece)), l.letter) {
				out = append(out, candidate{m, []int32{m.To}})
			}
		case len(l.path) > 0 && !m.Drop:
			st := c.board.stops(c.g.S, m)
			if len(st) > len(l.path) && slices.Equal(st[:len(l.path)], l.path) {
				out = append(out, candidate{m, st})
			}
		}
	}
	return out, nil
}

// targetColors colours the next stop of each candidate: a stop the move
// goes on from is cyan, then promotion beats a part after which the move
// continues, which beats a capture, which beats a plain move.
func (c *Session) targetColors(cands []candidate) map[int32]byte {
	rank := map[byte]int{'Y': 1, 'R': 2, 'C': 3, 'M': 4}
	colors := map[int32]byte{}
	path := c.lifted.path
	for _, cd := range cands {
		col := byte('Y')
		switch _, promo := promotedTo(c.g.S, cd.m); {
		case len(cd.stops) > len(path)+1:
			col = 'C'
		case promo:
			col = 'M'
		case c.continues(cd.m):
			col = 'C'
		case capturesEnemy(c.g.S, cd.m):
			col = 'R'
		}
		if to := cd.next(path); rank[col] > rank[colors[to]] {
			colors[to] = col
		}
	}
	return colors
}

// capturesEnemy reports whether m removes a piece of another player (a
// gating move also removes the gated piece from its reserve square, which
// is no capture to show).
func capturesEnemy(s *vm.State, m *vm.Move) bool {
	for _, a := range m.Actions(nil) {
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
	for _, a := range m.Actions(nil) {
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
