// This file defines Piece and PieceAs: a piece type's moves summarised as a
// Betza string and an English sentence, derived from its compiled move
// programs, plus the squares it reaches from one square of an empty board
// (for movement diagrams). CECP "piece" commands and game pages use it.

package describe

import "zrun/vm"

// PieceDescription is what Piece finds out about one piece type.
type PieceDescription struct {
	Type int
	// Betza is the move in (extended, XBoard) Betza notation, for the first
	// player, "forward" being towards the other player's side (up the board
	// as drawn in chess-like files; towards higher ranks on Fairy-Max boards). Canonical spelling: sliders before leapers, Q R B K
	// compounds merged, modifiers m/c, i (first move only), n (lame), p/g
	// (hoppers), O (castling). Empty when nothing could be derived.
	Betza string
	// Exact is true when the Betza string explains every move the probe saw
	// and nothing else (on the probe board); false when some move could not
	// be expressed (side-effect captures, drops, odd paths, no grid...).
	Exact bool
	// English is a plain sentence generated from the same analysis.
	English string
	// Notes lists what Betza could not express (empty when Exact).
	Notes []string
	// Origin is the square the movement diagram shows the piece on (near
	// the board's centre; on a board without a grid, the position where it
	// has most moves), or vm.NoPos when it has none.
	Origin int
	// Marks[p] says what the piece, standing alone on Origin, can do on
	// square p: MarkMove, MarkCapture, and MarkInitial for moves only a
	// piece that has not moved yet has (drawn from Origin).
	Marks []SquareMark
}

// SquareMark flags what a piece can do on a square in a movement diagram.
type SquareMark uint8

const (
	MarkMove    SquareMark = 1 << iota // moves there when it is empty
	MarkCapture                        // captures an enemy piece standing there
	MarkInitial                        // only as a first move (pawn double step, initial leap)
)

// Piece analyses piece type t of g for the first player: it runs the
// type's move programs on otherwise empty boards (an enemy on a target to
// see captures, a friendly blocker to find the squares a move passes, a
// screen to find hoppers, the start square for first-move-only moves and
// castling) and fits Betza atoms to what the programs did. It never fails:
// what cannot be analysed lowers Exact and is named in Notes.
func Piece(g *vm.Game, t int) PieceDescription { return PieceAs(g, t, 0) }

// PieceAs is Piece for player pl's pieces of type t (types a single player
// uses, as in Fairy-Max, where step vectors are absolute).
// The second player of a two-player game sits across the board: its
// forward is down and its left is the first player's right (the board is
// turned half a turn), as in the Betza lines Fairy-Max sends for black
// pieces. (When the first player's pieces start at the top, the roles swap:
// each player's forward is towards the other's pieces.)
func PieceAs(g *vm.Game, t, pl int) PieceDescription {
	d := PieceDescription{Type: t, Origin: vm.NoPos}
	if t < 0 || t >= len(g.Pieces) || pl < 0 || pl >= len(g.Players) {
		d.Notes = append(d.Notes, "no such piece type or player")
		return d
	}
	geo := newBetzaGeom(g.Board)
	if geo != nil && len(g.Players) == 2 && (pl == 1) != geo.firstPlayerDown(g) {
		geo = geo.turned()
	}
	if geo == nil {
		d.Notes = append(d.Notes, "the board has no 2-D grid")
		d.English = "Its moves are defined on a board without a rectangular grid."
		d.Origin, d.Marks = gridlessMarks(g, t, pl)
		return d
	}
	pr, err := newProber(g, geo, t, pl)
	if err != nil {
		d.Notes = append(d.Notes, err.Error())
		return d
	}
	obs := pr.observe()
	d.Origin = int(pr.origin)
	d.Marks = obs.marks
	fit := fitBetza(obs, pr)
	d.Betza = fit.spell()
	d.Notes = append(obs.notes, fit.notes...)
	if geo.staggered {
		d.Notes = append(d.Notes, "the board's cells are staggered (a hexagonal board drawn as a grid); Betza describes square boards")
	}
	if geo.wraps(g.Board) {
		d.Notes = append(d.Notes, "the board wraps around at its edges (a cylinder); moves across the edge are not spelled (XBetza o)")
	}
	d.Exact = len(d.Notes) == 0 && d.Betza != ""
	d.English = fit.english(g.Pieces[t].Name, d.Notes)
	if len(g.Pieces[t].Drops) > 0 {
		// Drops are not moves of a piece on the board; Betza leaves them to
		// the game's rules, so they do not make the string approximate.
		d.English += " It can also be dropped onto the board from hand."
	}
	return d
}

// gridlessMarks draws a movement diagram on a board without a grid: the
// piece on the position where it has most moves, marking where it moves
// and where it captures an enemy.
func gridlessMarks(g *vm.Game, t, pl int) (int, []SquareMark) {
	st, err := vm.NewState(g)
	if err != nil {
		return vm.NoPos, nil
	}
	pr := &prober{g: g, t: t, pl: pl, s: st, noted: map[string]bool{}}
	pr.moved = g.FreshPiece(t, pl)
	other := plainType(g, t)
	if len(g.Players) > 1 {
		pr.enemy = g.FreshPiece(other, (pl+1)%len(g.Players))
	}
	best, bestN := vm.NoPos, -1
	for p, pos := range g.Board.Positions {
		if pos.Dummy {
			continue
		}
		pr.place(map[int32]vm.Cell{int32(p): pr.moved})
		if q, _ := pr.targets(int32(p)); len(q) > bestN {
			best, bestN = p, len(q)
		}
	}
	if best == vm.NoPos {
		return vm.NoPos, nil
	}
	marks := make([]SquareMark, len(st.Board))
	pr.place(map[int32]vm.Cell{int32(best): pr.moved})
	q, _ := pr.targets(int32(best))
	for to := range q {
		marks[to] |= MarkMove
	}
	for sq := range st.Board {
		if sq == best || pr.enemy == vm.Empty {
			continue
		}
		pr.place(map[int32]vm.Cell{int32(best): pr.moved, int32(sq): pr.enemy})
		_, c := pr.targets(int32(best))
		if land, ok := c[int32(sq)]; ok && land == int32(sq) {
			marks[sq] |= MarkCapture
		}
	}
	return best, marks
}
