// This file defines the text of a position set up by hand (the board
// editor's link): its FEN where FEN describes it exactly, else a compact
// text of the pieces by index ("zpos/..."), which every position has; and
// what the editor offers per game (pieces in hand, a Chess960 start array).

package play

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"zrun/vm"
)

// CompactPrefix begins a position text that is not a FEN:
// "zpos/MOVER/P.T.O,P.T.O,.../PL.T.N,..." lists the player to move, then
// each piece on the board (position, type and owner, by their indexes in
// the rule file) and each count in hand (player, type, count).
const CompactPrefix = "zpos/"

// MaxPositionText bounds a position text read from outside (a FEN or a
// compact text): Tenjiku Shogi's full board is under 2,000 characters.
const MaxPositionText = 16 << 10

// PositionText is the text that sets up s again: its FEN when reading that
// FEN back gives the same pieces, hands and player to move, else its
// compact text (games of more than two players, positions off the grid,
// a mancala's stores).
func PositionText(s *vm.State) string {
	if fen, err := s.FEN(); err == nil {
		if b, err := vm.NewState(s.Game()); err == nil && b.SetFEN(fen) == nil && samePieces(s, b) {
			return fen
		}
	}
	return CompactText(s)
}

// samePieces reports whether a and b have the same pieces (types and
// owners) on the board, the same hands and the same player to move.
func samePieces(a, b *vm.State) bool {
	if a.Mover() != b.Mover() || !slices.Equal(a.Hands, b.Hands) {
		return false
	}
	for i, c := range a.Board {
		d := b.Board[i]
		if (c == vm.Empty) != (d == vm.Empty) || c != vm.Empty && (c.Type() != d.Type() || c.Owner() != d.Owner()) {
			return false
		}
	}
	return true
}

// CompactText is s as a compact position text (see CompactPrefix).
func CompactText(s *vm.State) string {
	var b strings.Builder
	b.WriteString(CompactPrefix)
	b.WriteString(strconv.Itoa(s.Mover()))
	b.WriteByte('/')
	sep := ""
	for p, c := range s.Board {
		if c != vm.Empty {
			fmt.Fprintf(&b, "%s%d.%d.%d", sep, p, c.Type(), c.Owner())
			sep = ","
		}
	}
	b.WriteByte('/')
	sep = ""
	nT := len(s.Game().Pieces)
	for i, n := range s.Hands {
		if n != 0 {
			fmt.Fprintf(&b, "%s%d.%d.%d", sep, i/nT, i%nT, n)
			sep = ","
		}
	}
	return b.String()
}

// ParseCompact reads a compact position text into a new state of g.
func ParseCompact(g *vm.Game, text string) (*vm.State, error) {
	if len(text) > MaxPositionText {
		return nil, fmt.Errorf("position text of %d bytes: the limit is %d", len(text), MaxPositionText)
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), CompactPrefix)
	if !ok {
		return nil, fmt.Errorf("a compact position begins %q", CompactPrefix)
	}
	f := strings.Split(rest, "/")
	if len(f) != 3 {
		return nil, fmt.Errorf("compact position %q: want %sMOVER/BOARD/HANDS", text, CompactPrefix)
	}
	mover, err := strconv.Atoi(f[0])
	if err != nil {
		return nil, fmt.Errorf("compact position: player to move %q is not a number", f[0])
	}
	triples := func(field, what string) ([][3]int64, error) {
		var out [][3]int64
		if field == "" {
			return nil, nil
		}
		for _, item := range strings.Split(field, ",") {
			parts := strings.Split(item, ".")
			if len(parts) != 3 {
				return nil, fmt.Errorf("compact position: %s %q: want three numbers joined by dots", what, item)
			}
			var t [3]int64
			for k, p := range parts {
				n, err := strconv.ParseInt(p, 10, 32)
				if err != nil {
					return nil, fmt.Errorf("compact position: %s %q: %q is not a number", what, item, p)
				}
				t[k] = n
			}
			out = append(out, t)
		}
		return out, nil
	}
	b64, err := triples(f[1], "piece")
	if err != nil {
		return nil, err
	}
	hands, err := triples(f[2], "hand")
	if err != nil {
		return nil, err
	}
	board := make([][3]int, len(b64))
	for i, t := range b64 {
		board[i] = [3]int{int(t[0]), int(t[1]), int(t[2])}
	}
	s, err := vm.NewState(g)
	if err != nil {
		return nil, err
	}
	if err := s.SetUp(board, hands, mover); err != nil {
		return nil, fmt.Errorf("compact position: %w", err)
	}
	return s, nil
}

// SetupText builds the position of a board editor (vm.State.SetUp's
// arguments) and returns its text (PositionText). castling, when not
// empty, replaces a FEN's castling field ("KQkq", "-", Shredder-FEN file
// letters); a right the pieces do not allow (no king or rook where it
// needs one) is left out, as an editor's castling boxes go grey.
func SetupText(g *vm.Game, board [][3]int, hands [][3]int64, mover int, castling string) (string, error) {
	s, err := vm.NewState(g)
	if err != nil {
		return "", err
	}
	if err := s.SetUp(board, hands, mover); err != nil {
		return "", err
	}
	text := PositionText(s)
	castling = strings.TrimSpace(castling)
	if castling == "" || strings.HasPrefix(text, CompactPrefix) {
		return text, nil
	}
	f := strings.Fields(text)
	if len(f) < 3 || strings.ContainsAny(castling, " /[]") || len(castling) > 16 {
		return "", fmt.Errorf("castling %q: want KQkq letters, file letters or -", castling)
	}
	with := func(c string) string {
		g := append([]string(nil), f...)
		g[2] = c
		return strings.Join(g, " ")
	}
	if s.SetFEN(with(castling)) != nil {
		kept := ""
		for _, r := range castling {
			if r != '-' && s.SetFEN(with(string(r))) == nil {
				kept += string(r)
			}
		}
		castling = kept
		if castling == "" {
			castling = "-"
		}
	}
	text = with(castling)
	if err := s.SetFEN(text); err != nil {
		return "", err
	}
	return text, nil
}

// HasHands reports whether the game's players hold pieces off the board:
// a piece type drops, or the start position has pieces in hand.
func HasHands(g *vm.Game) bool {
	for _, p := range g.Pieces {
		if len(p.Drops) > 0 {
			return true
		}
	}
	for _, it := range g.Setup {
		if it.Pos == vm.OffBoard {
			return true
		}
	}
	return false
}

// Has960 reports whether the game starts from a Chess960 start array: its
// start position is array 518 (the orthodox one) and its rules say they
// are Chess960's (games/chess960.zrf; the orthodox chess.zrf castles only
// from the orthodox array, so it is not offered the others).
func Has960(g *vm.Game) bool {
	text := strings.ToLower(g.Title + " " + g.Description)
	if !strings.Contains(text, "960") && !strings.Contains(text, "fischer random") {
		return false
	}
	s, err := vm.NewState(g)
	if err != nil {
		return false
	}
	fen, err := s.FEN()
	if err != nil {
		return false
	}
	want, _ := Chess960FEN(518)
	return strings.Fields(fen)[0] == strings.Fields(want)[0]
}
