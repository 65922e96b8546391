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
	// Zillions writes a move's parts by kind: piece moves, drops and creations
	// (in program order), then captures, type and owner changes, flips and
	// attribute changes.
	moveDest := map[int32]bool{}
	lastTo := int32(NoPos)
	for pass := 0; pass < 5; pass++ {
		for _, a := range m.Acts {
			if actPass(a.Kind) != pass {
				continue
			}
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
				lastTo = a.To
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
				b.WriteString("= " + g.Players[a.Arg].Name + onSquare(a.From, lastTo, posName))
			case ActFlip:
				sep()
				b.WriteString("flip " + posName(a.From))
			case ActSetAttr:
				// Zillions prints an attribute change only where a piece stands
				// after the move (changes on squares a slider passed are no-ops).
				if finalCell(s, m, a.From) == Empty {
					continue
				}
				sep()
				b.WriteString("@ " + posName(a.From) + " " + strconv.Itoa(int(a.Type)) + " " + strconv.Itoa(int(a.Arg)))
			}
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

// finalCell is what stands on p after m.
func finalCell(s *State, m *Move, p int32) Cell {
	c := s.Board[p]
	for _, e := range m.Eff {
		if e.Kind == EffCell && e.Pos == p {
			c = e.Val
		}
	}
	return c
}

// actPass is the position of an act's kind in Zillions' order.
func actPass(k ActKind) int {
	switch k {
	case ActMove, ActDrop, ActCreate:
		return 0
	case ActCapture:
		return 1
	case ActChangeType, ActChangeOwner:
		return 2
	case ActFlip:
		return 3
	}
	return 4
}

// onSquare is " on sq" unless sq is where the last piece moved to, which
// Zillions leaves implicit ("Pawn e4 - x9 = Black").
func onSquare(p, lastTo int32, name func(int32) string) string {
	if p == lastTo {
		return ""
	}
	return " on " + name(p)
}
