// This file defines the reader of a FEN written with piece IDs (PieceIDs:
// dressed letters such as "B'" past the alphabet), as XBoard sends one in
// "setboard" for Kamisado's 41 piece types: vm's FEN reader knows only
// the rule file's one-letter notations.

package play

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"zrun/vm"
)

// SetPositionIDs is SetPosition for a FEN whose pieces are PieceIDs, upper
// case for the first player and lower case for the second, holdings in
// brackets after the board. The board is read square by square in the
// order vm's FEN writer uses (ranks from the top of the first grid); the
// other fields (side to move, counters) are vm's. A piece standing where
// the start position has one of its kind keeps that piece's attributes
// (never moved), others start with none, as vm's reader does.
func (g *Game) SetPositionIDs(fen string) error {
	vg := g.G
	ids := PieceIDs(vg)
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return fmt.Errorf("empty FEN")
	}
	place, hand := fields[0], ""
	if i := strings.IndexByte(place, '['); i >= 0 {
		j := strings.IndexByte(place, ']')
		if j < i {
			return fmt.Errorf("FEN holdings: missing ']'")
		}
		place, hand = place[:i], place[i+1:j]
	}
	if len(vg.Board.Grids) == 0 || len(vg.Board.Grids[0].Labels) != 2 {
		return fmt.Errorf("the board is not a grid: no FEN describes it")
	}
	gr := &vg.Board.Grids[0]
	fileDim, rankDim, rows := gr.FENAxes()
	width := len(gr.Labels[fileDim])
	ranks := strings.Split(place, "/")
	if len(ranks) != len(rows) {
		return fmt.Errorf("FEN has %d ranks, the board has %d", len(ranks), len(rows))
	}
	type put struct{ pos, t, owner int }
	var puts []put
	empty := make([]string, len(ranks))
	for r, row := range ranks {
		col := 0
		for i := 0; i < len(row); {
			c := row[i]
			switch {
			case c >= '0' && c <= '9':
				j := i
				for j < len(row) && row[j] >= '0' && row[j] <= '9' {
					j++
				}
				n, _ := strconv.Atoi(row[i:j])
				col, i = col+n, j
			case c == '*':
				col, i = col+1, i+1
			case c == '+' || c == '~':
				i++
			default:
				t, owner, n, err := readID(ids, row[i:])
				if err != nil {
					return fmt.Errorf("FEN rank %d: %v", r+1, err)
				}
				if col >= width {
					return fmt.Errorf("FEN rank %d is too long", r+1)
				}
				idx := [2]string{}
				idx[rankDim], idx[fileDim] = gr.Labels[rankDim][rows[r]], gr.Labels[fileDim][col]
				p, ok := vg.Board.PositionIndex(idx[0] + idx[1])
				if !ok {
					return fmt.Errorf("FEN rank %d: no square %s%s on the board", r+1, idx[0], idx[1])
				}
				puts = append(puts, put{p, t, owner})
				col, i = col+1, i+n
			}
		}
		if col != width {
			return fmt.Errorf("FEN rank %d has %d squares, want %d", r+1, col, width)
		}
		empty[r] = strconv.Itoa(width)
	}
	// vm reads the other fields over an empty board; the pieces go on it.
	s, err := g.stateAt(strings.Join(append([]string{strings.Join(empty, "/")}, fields[1:]...), " "))
	if err != nil {
		return err
	}
	start, err := vm.NewState(vg)
	if err != nil {
		return err
	}
	for _, pc := range puts {
		var attrs uint64
		if c := start.Board[pc.pos]; c != vm.Empty && c.Type() == pc.t && c.Owner() == pc.owner {
			attrs = c.Attrs()
		}
		s.Board[pc.pos] = vm.MakeCell(pc.t, pc.owner, attrs)
	}
	for i := 0; i < len(hand); {
		if hand[i] == '-' {
			i++
			continue
		}
		t, owner, n, err := readID(ids, hand[i:])
		if err != nil {
			return fmt.Errorf("FEN holdings: %v", err)
		}
		s.Hands[owner*len(vg.Pieces)+t]++
		i += n
	}
	s.Rehash()
	if err := CheckPosition(s); err != nil {
		return err
	}
	g.startFrom(s, fen)
	return nil
}

// readID reads the piece ID at the start of text (a letter and its
// dress): the type, its owner (lower case is the second player) and the
// bytes read. Two types sharing an ID (an fmax.ini game's two pawns) are
// the first player's first and the second player's last, as vm reads
// letters.
func readID(ids []string, text string) (t, owner, n int, err error) {
	c := text[0]
	up := c &^ 0x20
	if up < 'A' || up > 'Z' {
		return 0, 0, 0, fmt.Errorf("%q is not a piece ID", c)
	}
	n = 1
	for n < len(text) && slices.Contains(dresses[1:], text[n:n+1]) {
		n++
	}
	id := string(up) + text[1:n]
	if c != up {
		owner = 1
	}
	t = -1
	for i, x := range ids {
		if x == id && (t < 0 || owner == 1) {
			t = i
		}
	}
	if t < 0 {
		return 0, 0, 0, fmt.Errorf("no piece has the ID %s", id)
	}
	return t, owner, n, nil
}
