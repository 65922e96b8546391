// This file defines the square names and move text of CECP, which differ
// from a rule file's own position names: XBoard numbers files a, b, c, ...
// from the left and ranks from the bottom, starting at 0 on boards of exactly
// ten ranks and at 1 otherwise (protocols.md §1.5). Moves are from-to with
// suffixes: "e7e8q" (promotion), "b1c3h" (a piece gated onto the square the
// mover left), "P@e4" (drop), "@@@@" (pass). A piece whose captures XBoard
// cannot know (a checkers jump) moves in legs through its victims' squares,
// "f3e4,e4d5", as XBoard writes a Lion's double capture: XBoard removes a
// piece on every square a leg ends on.

package cecp

import (
	"slices"
	"strconv"
	"strings"

	"zrun/cmd/zrun/internal/play"
	"zrun/vm"
)

// cecpBoard maps a game's grid positions to XBoard square names and back.
// Positions off the grid (hands, dummies) have no name; moves that touch
// them fall back to the rule file's own coordinates.
type cecpBoard struct {
	width, height int
	name          []string         // by position index; "" when off the grid
	pos           map[string]int32 // XBoard name -> position index
	at            [][]int32        // [row from the top][file] -> position, or vm.NoPos
	// viaVictims[t] says moves of piece type t are written through the
	// squares of the pieces they capture elsewhere than on their target.
	viaVictims []bool
	// castles, in shuffle variants (Chess960), is the grid castling is
	// written on as O-O or O-O-O, as XBoard does there; nil elsewhere.
	castles *vm.GridView
}

// shuffleVariants are the XBoard variants whose castling moves are written
// O-O and O-O-O (protocols.md §1.5): the King's from-to is ambiguous there,
// or no move at all when the King stays on its square.
var shuffleVariants = map[string]bool{"chess960": true, "fischerandom": true, "caparandom": true}

// newCECPBoard lays out the first grid of g as FEN does (Grid.FENAxes): the
// dimension whose labels are all numbers holds the ranks (highest number at
// the top), the other the files. It returns nil for boards without a two-dimensional grid.
func newCECPBoard(g *vm.Game) *cecpBoard {
	b := g.Board
	if len(b.Grids) == 0 || len(b.Grids[0].Labels) != 2 {
		return nil
	}
	labels := b.Grids[0].Labels
	fileDim, rankDim, rows := b.Grids[0].FENAxes()
	ranks := labels[rankDim]
	// rowOf[label index] is the row from the top, as in FEN.
	rowOf := make([]int, len(ranks))
	for r, i := range rows {
		rowOf[i] = r
	}
	cb := &cecpBoard{width: len(labels[fileDim]), height: len(ranks), name: make([]string, b.N()), pos: map[string]int32{}}
	cb.at = make([][]int32, cb.height)
	for r := range cb.at {
		cb.at[r] = make([]int32, cb.width)
		for f := range cb.at[r] {
			cb.at[r][f] = vm.NoPos
		}
	}
	for p, ps := range b.Positions {
		if ps.Grid != 0 || len(ps.Coords) != 2 || ps.Dummy {
			continue
		}
		row, file := rowOf[ps.Coords[rankDim]], ps.Coords[fileDim]
		n := cb.squareName(file, cb.height-1-row)
		cb.name[p] = n
		cb.pos[n] = int32(p)
		cb.at[row][file] = int32(p)
	}
	return cb
}

// squareName is XBoard's name for a file and a rank counted from the bottom
// from 0: ranks start at 0 on ten-rank boards only.
func (cb *cecpBoard) squareName(file, rank int) string {
	if cb.height != 10 {
		rank++
	}
	f := string(rune('a' + file%26))
	if file >= 26 {
		f = string(rune('a'+file/26-1)) + f
	}
	return f + strconv.Itoa(rank)
}

// sq names position p, or "" when p is off the grid.
func (cb *cecpBoard) sq(p int32) string {
	if cb == nil || p < 0 || int(p) >= len(cb.name) {
		return ""
	}
	return cb.name[p]
}

// moveText writes m in CECP coordinates. m must have been generated for s.
// A move whose squares are not all on the grid is written with the rule
// file's coordinates, which is the best any GUI can get for such a board.
func (cb *cecpBoard) moveText(s *vm.State, m *vm.Move) string {
	return cb.text(s, m, true)
}

// text writes m, through its victims' squares when legs is true and m's
// piece moves so, else straight from its square to its target.
func (cb *cecpBoard) text(s *vm.State, m *vm.Move, legs bool) string {
	if m.Pass {
		return "@@@@"
	}
	g := s.Game()
	if cb != nil && cb.castles != nil {
		if c := play.CastleSAN(s, m, cb.castles); c != "" {
			return c
		}
	}
	if m.Drop {
		if to := cb.sq(m.To); to != "" {
			return strings.ToUpper(pieceLetter(g, int(m.Piece))) + "@" + to
		}
		return s.CoordString(m)
	}
	from, to := cb.sq(m.From), cb.sq(m.To)
	if from == "" || to == "" {
		return s.CoordString(m)
	}
	text := from + to
	if st := cb.stops(s, m); legs && len(st) > 2 {
		legs := make([]string, len(st)-1)
		for i := range legs {
			legs[i] = cb.sq(st[i]) + cb.sq(st[i+1])
		}
		text = strings.Join(legs, ",")
	}
	for _, a := range m.Actions(nil) {
		switch {
		case a.Kind == vm.ActMove && a.From == m.From:
			if orig := s.Board[a.From]; orig != vm.Empty && int(a.Type) != orig.Type() {
				text += strings.ToLower(pieceLetter(g, int(a.Type)))
			}
		case a.Kind == vm.ActCreate || a.Kind == vm.ActDrop || a.Kind == vm.ActMove && a.From != m.From && a.To != a.From:
			// Gating: a piece appears on a square a moving piece left,
			// created there or brought from a reserve square. On the
			// mover's own square it is a fifth letter ("b1c3h"); on a
			// castling rook's square XBoard writes the rook's square first
			// and the king's second ("h1e1h"), as Fairy-Stockfish does. A
			// castling rook's own move lands on no vacated square.
			letter := strings.ToLower(pieceLetter(g, int(a.Type)))
			if a.To == m.From {
				text += letter
			} else if leftBy(m, a.To) {
				if gate := cb.sq(a.To); gate != "" {
					text = gate + from + letter
				}
			}
		}
	}
	return text
}

// stops lists the squares a move stops on in XBoard's eyes: its start,
// the squares of the enemy pieces it captures elsewhere than on its target
// (for piece types in viaVictims), and its target. It is nil for drops,
// passes and moves off the grid.
func (cb *cecpBoard) stops(s *vm.State, m *vm.Move) []int32 {
	if cb == nil || m.Pass || m.Drop || cb.sq(m.From) == "" || cb.sq(m.To) == "" {
		return nil
	}
	st := []int32{m.From}
	if t := int(m.Piece); t >= 0 && t < len(cb.viaVictims) && cb.viaVictims[t] {
		for _, a := range m.Actions(nil) {
			if a.Kind != vm.ActCapture || a.From == m.To || a.From == m.From || cb.sq(a.From) == "" {
				continue
			}
			if c := s.Board[a.From]; c != vm.Empty && c.Owner() != s.Mover() && !slices.Contains(st, a.From) {
				st = append(st, a.From)
			}
		}
	}
	return append(st, m.To)
}

// leftBy reports whether some piece of m moves away from p.
func leftBy(m *vm.Move, p int32) bool {
	for _, a := range m.Actions(nil) {
		if a.Kind == vm.ActMove && a.From == p && a.To != p {
			return true
		}
	}
	return false
}

// pieceLetter is the ID XBoard knows piece type t by (pieceIDs): its
// notation letter, or a dressed letter; "?" when it has none.
func pieceLetter(g *vm.Game, t int) string {
	if ids := pieceIDs(g); t >= 0 && t < len(ids) && ids[t] != "" {
		return ids[t]
	}
	return "?"
}

// findCECPMove returns the legal move of ml whose CECP text is text, or nil.
// The suffix letter may come in either case: square names are lower case,
// but a GUI may capitalise the piece letter ("e7e8Q"). A drop's letter is
// matched in either case too. A move written through its victims' squares
// is also found by its start and target alone when no other move has them:
// XBoard sends the first part of a multi-part move so ("f3d5,d5c6,c6b7").
func (cb *cecpBoard) findCECPMove(s *vm.State, ml *vm.MoveList, text string) *vm.Move {
	for i := range ml.Moves {
		m := &ml.Moves[i]
		if strings.EqualFold(cb.moveText(s, m), text) {
			return m
		}
	}
	var found *vm.Move
	for i := range ml.Moves {
		m := &ml.Moves[i]
		if strings.EqualFold(cb.text(s, m, false), text) {
			if found != nil {
				return nil
			}
			found = m
		}
	}
	return found
}

// translatePV rewrites a principal variation written in the rule file's
// coordinates (the searcher's move text) into CECP squares: every maximal
// run of letters and digits that names a position is renamed. On boards
// whose names already agree (8 ranks named 1..8) nothing changes.
func (cb *cecpBoard) translatePV(g *vm.Game, pv []string) string {
	if cb == nil {
		return strings.Join(pv, " ")
	}
	out := make([]string, len(pv))
	for i, mv := range pv {
		var b strings.Builder
		for j := 0; j < len(mv); {
			k := j
			for k < len(mv) && mv[k] >= 'a' && mv[k] <= 'z' {
				k++
			}
			l := k
			for l < len(mv) && mv[l] >= '0' && mv[l] <= '9' {
				l++
			}
			if k > j && l > k {
				// Letters then digits: the longest prefix naming a
				// position wins (a1 in "a1b2" but a10 in "a10b10").
				name := mv[j:l]
				if p, ok := g.Board.PositionIndex(name); ok && cb.sq(int32(p)) != "" {
					b.WriteString(cb.sq(int32(p)))
					j = l
					continue
				}
			}
			end := max(l, j+1)
			b.WriteString(mv[j:end])
			j = end
		}
		out[i] = b.String()
	}
	return strings.Join(out, " ")
}
