// This file defines standard algebraic notation (SAN: "Nf3", "exd5",
// "O-O", "e8=Q") for chess-like games, derived from the legal move list: the
// piece letter comes from Game.Letters, disambiguation from the other legal
// moves, castling from a royal piece moving two or more files along its rank
// while a second piece moves.

package play

import (
	"fmt"
	"strings"

	"zrun/vm"
)

// SANSupported reports whether SAN can name g's moves: the game is
// chess-like (it has royal pieces), the drawn grid's positions are named
// file+rank and every piece type has a letter.
func SANSupported(g *vm.Game, v *vm.GridView) bool {
	if v == nil || len(g.Players) == 0 || len(g.RoyalTypes(0)) == 0 {
		return false
	}
	for t := range g.Pieces {
		if t >= len(g.Letters) || g.Letters[t] == "" {
			return false
		}
	}
	for p, in := range v.InGrid {
		if in && g.Board.Positions[p].Name != v.File[p]+v.Rank[p] {
			return false
		}
	}
	return true
}

// SANMoves returns the SAN of each move in ml (legal moves of s), without the
// check suffix; "" where a move has no SAN (passes, moves off the grid).
func SANMoves(s *vm.State, ml *vm.MoveList, v *vm.GridView) []string {
	out := make([]string, len(ml.Moves))
	for i := range ml.Moves {
		out[i] = SANOf(s, ml, i, v)
	}
	return out
}

// LooseSANs are the SANs without disambiguation ("Nd2" for both "Nbd2" and
// "Nfd2"): input that omits a needed disambiguation then matches several
// moves and is reported as ambiguous rather than illegal.
func LooseSANs(s *vm.State, ml *vm.MoveList, v *vm.GridView) []string {
	out := make([]string, len(ml.Moves))
	for i := range ml.Moves {
		out[i] = sanText(s, ml, i, v, false)
	}
	return out
}

func SANOf(s *vm.State, ml *vm.MoveList, i int, v *vm.GridView) string {
	return sanText(s, ml, i, v, true)
}

// sanText writes move i of ml, disambiguated when disamb is set.
func sanText(s *vm.State, ml *vm.MoveList, i int, v *vm.GridView, disamb bool) string {
	g := s.Game()
	m := &ml.Moves[i]
	if m.Pass || m.To < 0 || !v.InGrid[m.To] {
		return ""
	}
	if m.Drop {
		return strings.ToUpper(g.Letters[m.Piece]) + "@" + g.Board.Positions[m.To].Name
	}
	a := m.MainAct()
	if a == nil || a.Kind != vm.ActMove || m.From < 0 || !v.InGrid[m.From] {
		return ""
	}
	if c := castleSAN(s, m, v); c != "" {
		return c + gateSAN(s, m, true)
	}
	letter := strings.ToUpper(g.Letters[m.Piece])
	// A removal off the drawn grid is bookkeeping (a reserve piece leaving
	// its waiting square, as in Reserve Chess), not a capture.
	capture := a.Captures
	for _, b := range m.Actions(nil) {
		capture = capture || b.Kind == vm.ActCapture && b.Type >= 0 && b.From >= 0 && v.InGrid[b.From]
	}
	var b strings.Builder
	if letter == "P" {
		if capture {
			b.WriteString(v.File[m.From])
		}
	} else {
		b.WriteString(letter)
		if disamb {
			b.WriteString(disambiguate(s, ml, i, v))
		}
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(g.Board.Positions[m.To].Name)
	if int(a.Type) != int(m.Piece) {
		b.WriteString("=" + strings.ToUpper(g.Letters[a.Type]))
	}
	b.WriteString(gateSAN(s, m, false))
	return b.String()
}

// gateSAN is the Seirawan (S-chess) gating suffix: "/H" for a held piece
// entering the square the moving piece left (Nf3/H); castling names the
// square, the king's or the rook's (O-O/He1, O-O/Eh1), as S-chess GUIs do.
func gateSAN(s *vm.State, m *vm.Move, castle bool) string {
	g := s.Game()
	for _, a := range m.Actions(nil) {
		if a.Kind != vm.ActDrop || m.Drop {
			continue
		}
		out := "/" + strings.ToUpper(g.Letters[a.Type])
		if castle || a.To != m.From {
			out += g.Board.Positions[a.To].Name
		}
		return out
	}
	return ""
}

// castleSAN names a castling move "O-O" (towards higher files) or
// "O-O-O" (vm.GridView.CastleSide), else "".
func castleSAN(s *vm.State, m *vm.Move, v *vm.GridView) string {
	switch v.CastleSide(s, m) {
	case 1:
		return "O-O"
	case -1:
		return "O-O-O"
	}
	return ""
}

// CastleSAN is "O-O" or "O-O-O" for a castling move of s (see castleSAN),
// else "": CECP writes castling so in Chess960, where the King's move alone
// can be ambiguous or no move at all. v is the game's vm.NewGridView.
func CastleSAN(s *vm.State, m *vm.Move, v *vm.GridView) string {
	if v == nil {
		return ""
	}
	return castleSAN(s, m, v)
}

// disambiguate adds the from-file, else the from-rank, else both, when
// another piece of the same type can reach the same square.
func disambiguate(s *vm.State, ml *vm.MoveList, i int, v *vm.GridView) string {
	m := &ml.Moves[i]
	var rivals []int32
	for k := range ml.Moves {
		o := &ml.Moves[k]
		if k != i && !o.Drop && !o.Pass && o.Piece == m.Piece && o.To == m.To && o.From != m.From && o.From >= 0 {
			rivals = append(rivals, o.From)
		}
	}
	if len(rivals) == 0 {
		return ""
	}
	sameFile, sameRank := false, false
	for _, f := range rivals {
		sameFile = sameFile || v.File[f] == v.File[m.From]
		sameRank = sameRank || v.Rank[f] == v.Rank[m.From]
	}
	switch {
	case !sameFile:
		return v.File[m.From]
	case !sameRank:
		return v.Rank[m.From]
	}
	return v.File[m.From] + v.Rank[m.From]
}

// CheckSuffix is "+" when m gives check, "#" when it mates (check and no
// legal reply), "" otherwise or when the move is only part of a turn.
func CheckSuffix(s *vm.State, m *vm.Move) string {
	if m.Continue >= 0 {
		return ""
	}
	if err := s.Make(m); err != nil {
		s.Unmake()
		return ""
	}
	defer s.Unmake()
	if !s.InCheck() {
		return ""
	}
	var ml vm.MoveList
	if err := s.Generate(&ml); err == nil && len(ml.Moves) == 0 {
		return "#"
	}
	return "+"
}

// NormSAN reduces SAN input and output to a comparable form: no check or
// annotation marks, no "=" before a promotion letter, castling with letter O.
func NormSAN(t string) string {
	t = strings.TrimRight(strings.TrimSpace(t), "+#!?")
	if t == "0-0" || t == "0-0-0" {
		t = strings.ReplaceAll(t, "0", "O")
	}
	t = strings.ReplaceAll(t, "=", "")
	return t
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// LineText writes a line of moves given by their coordinates (an engine's
// principal variation), played from the current position, in the game's
// own notation: numbered SAN with check marks for chess-like games ("12.
// Nf3 Nc6 13. O-O"), else the coordinates. A move that does not replay
// ends the line there.
func (g *Game) LineText(coords []string) string {
	s := g.S.Fork()
	var toks []string
	white := s.Mover() == 0
	num := s.Ply/max(1, len(g.G.Players)) + 1
	for k, c := range coords {
		var ml vm.MoveList
		if err := s.Generate(&ml); err != nil {
			break
		}
		i := s.CoordIndex(&ml, c)
		if i < 0 {
			break
		}
		m := &ml.Moves[i]
		text := c
		if g.SAN && len(g.G.Players) == 2 {
			if san := SANOf(s, &ml, i, g.View); san != "" {
				text = san + CheckSuffix(s, m)
				switch {
				case white:
					toks = append(toks, fmt.Sprintf("%d.", num))
				case k == 0:
					toks = append(toks, fmt.Sprintf("%d...", num))
				}
				if !white {
					num++
				}
				white = !white
			}
		}
		toks = append(toks, text)
		if err := s.Make(m); err != nil {
			break
		}
	}
	return strings.Join(toks, " ")
}
