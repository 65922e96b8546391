// This file defines move text in Zillions notation ("Pawn e2 - e4",
// "Archbishop d3 x c5", "North Bomb d10", "Checker g4 - g6 x g5", "Pass").

package vm

import (
	"strconv"
	"strings"
)

// MoveString writes m as Zillions prints it. m must have been generated for
// this position (the text names pieces as they stand before the move).
func (s *State) MoveString(m *Move) string {
	if m.Pass {
		return "Pass"
	}
	g := s.g
	var b strings.Builder
	sep := func() {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
	}
	posName := func(p int32) string { return g.Board.Positions[p].Name }
	moveDest := map[int32]bool{}
	for _, a := range m.Acts {
		switch a.Kind {
		case ActMove:
			sep()
			orig := s.Board[a.From]
			name := g.Pieces[a.Type].Name
			if orig != Empty {
				name = g.Pieces[orig.Type()].Name
			}
			b.WriteString(name + " " + posName(a.From))
			if a.Captures {
				b.WriteString(" x ")
			} else {
				b.WriteString(" - ")
			}
			b.WriteString(posName(a.To))
			if orig != Empty && int(a.Type) != orig.Type() {
				b.WriteString(" = " + g.Pieces[a.Type].Name)
			}
			moveDest[a.To] = true
		case ActDrop, ActCreate:
			sep()
			owner := s.Mover()
			if a.Kind == ActCreate {
				owner = int(a.Arg)
			}
			b.WriteString(g.Players[owner].Name + " " + g.Pieces[a.Type].Name + " " + posName(a.To))
		case ActCapture:
			if moveDest[a.From] {
				continue
			}
			sep()
			b.WriteString("x " + posName(a.From))
		case ActChangeType:
			sep()
			b.WriteString("= " + g.Pieces[a.Type].Name + " on " + posName(a.From))
		case ActChangeOwner:
			sep()
			b.WriteString("= " + g.Players[a.Arg].Name + " on " + posName(a.From))
		case ActFlip:
			sep()
			b.WriteString("flip " + posName(a.From))
		case ActSetAttr:
			sep()
			b.WriteString("@ " + posName(a.From) + " " + strconv.Itoa(int(a.Type)) + " " + strconv.Itoa(int(a.Arg)))
		}
	}
	if m.Continue >= 0 {
		return "partial " + strconv.Itoa(int(m.Continue)) + " " + b.String()
	}
	return b.String()
}

// CoordString writes m as from-to coordinates ("e2e4", "e7e8q", "P@e4"), with
// promotion and drop letters from Game.Letters.
func (s *State) CoordString(m *Move) string {
	if m.Pass {
		return "@@@@"
	}
	g := s.g
	name := func(p int32) string { return g.Board.Positions[p].Name }
	letter := func(t int) string {
		if t >= 0 && t < len(g.Letters) && g.Letters[t] != "" {
			return g.Letters[t]
		}
		return "?"
	}
	if m.Drop {
		return strings.ToUpper(letter(int(m.Piece))) + "@" + name(m.To)
	}
	if m.From < 0 || m.To < 0 {
		return s.MoveString(m)
	}
	out := name(m.From) + name(m.To)
	for _, a := range m.Acts {
		if a.Kind == ActMove && a.From == m.From {
			if orig := s.Board[a.From]; orig != Empty && int(a.Type) != orig.Type() {
				out += strings.ToLower(letter(int(a.Type)))
			}
			break
		}
	}
	return out
}
