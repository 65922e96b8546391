// This file defines move text in Zillions notation ("Pawn e2 - e4",
// "Archbishop d3 x c5", "North Bomb d10", "Checker g4 - g6 x g5", "Pass").

package vm

import (
	"fmt"
	"strconv"
	"strings"
)

// MoveString writes m as Zillions prints it. m must have been generated for
// this position (the text names pieces as they stand before the move).
//
// The order of the parts, read from the corpus's saved games: the main
// piece's move (or drop) first; then the other pieces' moves (cascades,
// captured pieces sent to a hand) in program order; then every other change
// (creations, type and owner changes, flips, attribute changes) in program
// order, except that creations on squares a moving piece left come first; then
// the captures, in the order the partition of changes (which
// see) leaves them; last, the promotion of the main piece when its add named a
// type (even its own type: "Cannon g3 - g2 = Cannon"), then those of the
// other moved pieces (Mana's "= RoninMana on c2 = Ronin on aY", Sokoban's
// "... You y t8 = b on t7"). A type or owner change
// names its square ("= Knight on a5") unless it directly follows the move or
// drop that put the piece there ("Pawn e7 - e8 = Queen", "RookP b2 - y1 =
// Rook"). An attribute change is written with Zillions' number for the
// attribute (Game.AttributeNumbers), wherever it applies, an empty square
// included (doc.go: Schoolbook-b's Castle-b "... @ d8 0 0 @ b8 0 0").
func (s *State) MoveString(m *Move) string {
	if m.Pass {
		return "Pass"
	}
	m = m.full()
	w := moveWriter{s: s, lastTo: NoPos}
	if m.Continue >= 0 {
		w.b.WriteString("partial ")
		w.b.WriteString(strconv.Itoa(s.g.partialNumber(m.Continue)))
	}
	acts := m.acts()
	if s.g.Moves != nil {
		// A move an engine gave (an Axiom script) is written as the
		// engine built it, part by part in its order, a repeat each time:
		// Zillions' QXO/Morris.zsg writes "X M a3 x PF x g7 X M c1 O o1
		// CT X x1 a3" in drop-half's order (drop, change-mark's capture,
		// clear-mark's, then the creations), and Three Men's Morris's
		// nine "X M c1 ... X X1 1A" creations twice in one move.
		for i := range acts {
			w.part(m, &acts[i])
		}
		return w.b.String()
	}
	main := mainPart(m)
	if main >= 0 {
		w.part(m, &acts[main])
	}
	for i := range acts {
		if k := acts[i].Kind; i != main && (k == ActMove || k == ActDrop) {
			w.part(m, &acts[i])
		}
	}
	w.changes(m)
	if main >= 0 {
		if a := &acts[main]; a.Kind == ActMove && w.promoted(a) {
			w.change(s.g.Pieces[a.Type].Name, a.To)
		}
	}
	for i := range acts {
		if a := &acts[i]; i != main && a.Kind == ActMove && w.promoted(a) {
			w.change(s.g.Pieces[a.Type].Name, a.To)
		}
	}
	return w.b.String()
}

// changes writes the acts that are not piece moves or drops (creations,
// captures, type and owner changes, flips, attribute changes), a repeated
// capture or creation once (repeated). Zillions lists them in program order
// and moves the ones that are not captures to the front with an unstable
// partition: walking the list, each such change swaps places with the first
// of the captures walked so far. The other changes keep program order; the
// captures keep it unless a change follows two or more of them, when the
// first capture ends where that change was: Daldosa's count (capture z1,
// capture z2, create Mark z3) is written "White Mark z3 x z2 x z1", with four
// captures "White Mark z5 x z2 x z3 x z4 x z1"; Sahkku's ManA (dice capture
// on Y, capture d11, change-owner dII) "= Black on dII x d11 x Y"; with no
// change after them, or one capture before several changes (Northern Kings'
// "@ e1 0 0 @ e5 0 0 x e5"), captures come out in program order.
func (w *moveWriter) changes(m *Move) {
	var buf [32]int
	order := buf[:0]
	split := 0 // order[:split] holds the changes that are not captures
	acts := m.acts()
	for i := range acts {
		k := acts[i].Kind
		if k == ActMove || k == ActDrop || repeated(acts, i) {
			continue
		}
		order = append(order, i)
		if k != ActCapture {
			last := len(order) - 1
			order[split], order[last] = order[last], order[split]
			split++
		}
	}
	// Creations on squares a moving piece left come first, in program order:
	// Chase's split "p3 B4 - E5 p6 D6 - C6 Red p1 D6 Red p2 E4 x E5" creates
	// the p2 on E4 before the p1 on D6, whose die it bumps to C6 (the same
	// split without a bump on D6 is written in program order, "Red p2 E4
	// Red p2 D6").
	front := 0
	for j := 0; j < split; j++ {
		a := &acts[order[j]]
		if a.Kind != ActCreate || !leftByMove(m, a.To) {
			continue
		}
		i := order[j]
		copy(order[front+1:j+1], order[front:j])
		order[front] = i
		front++
	}
	for _, i := range order {
		w.part(m, &acts[i])
	}
}

// leftByMove reports whether a piece of m moves away from p.
func leftByMove(m *Move, p int32) bool {
	acts := m.acts()
	for i := range acts {
		if a := &acts[i]; a.Kind == ActMove && a.From == p {
			return true
		}
	}
	return false
}

// ActMoveTyped is the Arg of an ActMove whose add named the piece's new type.
const ActMoveTyped = 1

// MainAct is the act that moves (or drops) the move's own piece, as the
// move is written by it; nil when there is none.
func (m *Move) MainAct() *Act {
	m = m.full()
	if i := mainPart(m); i >= 0 {
		return &m.acts()[i]
	}
	return nil
}

// mainPart is the index of the act that moves (or drops) the move's own piece:
// the move from the start square, else the last drop; -1 when there is none.
func mainPart(m *Move) int {
	drop := -1
	acts := m.acts()
	for i := range acts {
		a := &acts[i]
		if a.Kind == ActMove && a.From == m.From && !m.Drop {
			return i
		}
		if a.Kind == ActDrop {
			drop = i
		}
	}
	return drop
}

// repeated reports whether act i is a capture or creation that occurs again
// later in acts (a move's): Zillions writes a repeated capture or creation once, where it
// last happened. A repeated attribute change is written each time (Zillions'
// Gwangsanghui save: "= South on h7 @ h7 2 0 ... @ h7 2 0", kill-intruder and
// then clear-flags clearing one traitor's is-traitor?).
func repeated(acts []Act, i int) bool {
	a := acts[i]
	if a.Kind != ActCapture && a.Kind != ActCreate {
		return false
	}
	for j := i + 1; j < len(acts); j++ {
		if acts[j] == a {
			return true
		}
	}
	return false
}

// moveWriter builds one move's text.
type moveWriter struct {
	s      *State
	b      strings.Builder
	lastTo int32 // where the part just written put a piece, or NoPos
	// lastChange is the What of the part just written when it was a change
	// "= What on sq", else "".
	lastChange string
}

func (w *moveWriter) sep() {
	if w.b.Len() > 0 {
		w.b.WriteByte(' ')
	}
	w.lastChange = ""
}

func (w *moveWriter) name(p int32) string { return w.s.g.Board.Positions[p].Name }

// promoted reports whether a move act names a type for its piece.
func (w *moveWriter) promoted(a *Act) bool {
	orig := w.s.Board[a.From]
	return a.Arg == ActMoveTyped || orig != Empty && int(a.Type) != orig.Type()
}

// part writes one act (a move's type change is written by MoveString after
// all parts).
func (w *moveWriter) part(m *Move, a *Act) {
	s, g := w.s, w.s.g
	switch a.Kind {
	case ActMove:
		if a.From == a.To && w.promoted(a) {
			// A piece that turns where it stands (Gufuu Shogi's rotations,
			// "add T" without moving) is written "= T on sq" alone.
			w.lastTo = NoPos
			return
		}
		w.sep()
		name := g.Pieces[a.Type].Name
		if orig := s.Board[a.From]; orig != Empty {
			name = g.Pieces[orig.Type()].Name
		}
		w.b.WriteString(name + " " + w.name(a.From))
		if a.Captures {
			w.b.WriteString(" x ")
		} else {
			w.b.WriteString(" - ")
		}
		w.b.WriteString(w.name(a.To))
		w.lastTo = a.To
		return
	case ActDrop, ActCreate:
		w.sep()
		owner := s.Mover()
		if a.Kind == ActCreate {
			owner = int(a.Arg)
		}
		w.b.WriteString(g.Players[owner].Name + " " + g.Pieces[a.Type].Name + " " + w.name(a.To))
		w.lastTo = a.To
		return
	case ActCapture:
		w.sep()
		w.b.WriteString("x " + w.name(a.From))
	case ActChangeType:
		w.change(g.Pieces[a.Type].Name, a.From)
	case ActChangeOwner:
		w.change(g.Players[a.Arg].Name, a.From)
	case ActFlip:
		w.sep()
		w.b.WriteString("flip " + w.name(a.From))
	case ActSetAttr:
		w.sep()
		w.b.WriteString("@ " + w.name(a.From) + " " + strconv.Itoa(g.attributeNumber(int(a.Type))) + " " + strconv.Itoa(int(a.Arg)))
	}
	w.lastTo = NoPos
}

// change writes "= What", with " on sq" unless the part before put the piece
// on sq. A change to the same What as the change just written adds only its
// square: Zillions' saved KoShogi game writes promote-guards' four retypes
// "= EV on 1F 19J = HV on 19N 1P".
func (w *moveWriter) change(what string, p int32) {
	if p != w.lastTo && what == w.lastChange {
		w.b.WriteString(" " + w.name(p))
		w.lastTo = NoPos
		return
	}
	w.sep()
	w.b.WriteString("= " + what)
	if p != w.lastTo {
		w.b.WriteString(" on " + w.name(p))
		w.lastChange = what
	}
	w.lastTo = NoPos
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
	var ab actBuf
	acts := m.Actions(ab[:0])
	out := name(m.From) + name(m.To)
	for _, a := range acts {
		if a.Kind == ActMove && a.From == m.From {
			if orig := s.Board[a.From]; orig != Empty && int(a.Type) != orig.Type() {
				out += strings.ToLower(letter(int(a.Type)))
			}
			break
		}
	}
	for _, a := range acts {
		// A held piece gated in (add-gate): a fifth letter on the mover's
		// square ("g1f3h"); on another square a piece left (a castling
		// rook's), that square first, as XBoard and FSF write it ("h1e1h").
		if a.Kind != ActDrop {
			continue
		}
		if a.To != m.From {
			out = name(a.To) + name(m.From)
		}
		out += strings.ToLower(letter(int(a.Type)))
	}
	return out
}

// attributeNumber is the number Zillions writes for attribute i in "@ sq N
// value".
func (g *Game) attributeNumber(i int) int {
	if i < len(g.AttributeNumbers) {
		return g.AttributeNumbers[i]
	}
	return len(g.Attributes) - 1 - i
}

// partialNumber is the number Zillions writes after "partial" for a
// continuation of move type t.
func (g *Game) partialNumber(t int32) int {
	if int(t) < len(g.MoveTypeNumbers) {
		return g.MoveTypeNumbers[t]
	}
	return int(t) + 1
}

// PlayCoords makes space-separated moves given in coordinate notation
// (CoordString), each among the legal moves of the position it is made in.
// It stops at the first that is not legal, with an error naming it.
func (s *State) PlayCoords(moves string) error {
	ml := &MoveList{}
	for _, text := range strings.Fields(moves) {
		if err := s.Generate(ml); err != nil {
			return err
		}
		i := s.CoordIndex(ml, text)
		if i < 0 {
			return fmt.Errorf("%q is not a legal move here", text)
		}
		if err := s.Make(&ml.Moves[i]); err != nil {
			return err
		}
	}
	return nil
}

// CoordIndex returns the index in ml (moves of this position) of the move
// whose CoordString is exactly text, or -1.
func (s *State) CoordIndex(ml *MoveList, text string) int {
	for i := range ml.Moves {
		if s.CoordString(&ml.Moves[i]) == text {
			return i
		}
	}
	return -1
}
