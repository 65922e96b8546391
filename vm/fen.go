// This file defines FEN input and output for two-player games on one grid.
//
// Layout: the grid dimension whose labels are numbers is the rank dimension
// (ranks written from the highest number down); the other is the file
// dimension. Letters come from Game.Letters: upper case for the first player,
// lower case for the second. Holdings go in [...] after the board. Castling
// rights map to the attribute that starts true on the royal piece (Zillions'
// never-moved?): KQkq name the outermost rooks, file letters (Shredder-FEN)
// name a rook's file. The en-passant square sets the last move to the double
// step that passed over it.

package vm

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// fenLayout is the grid geometry FEN needs.
type fenLayout struct {
	width, height int
	// sq[row][col] is the position index (row 0 = top rank), or NoPos.
	sq [][]int
	// rowOf and colOf map positions back (-1 when not on the grid).
	rowOf, colOf []int
	// storage[row] is true for a rank with no outgoing links (written with `*`).
	storage []bool
}

func (g *Game) fenLayout() (*fenLayout, error) {
	b := g.Board
	if len(b.Grids) == 0 || len(b.Grids[0].Labels) != 2 {
		return nil, fmt.Errorf("FEN needs a board with a two-dimensional grid")
	}
	if len(g.Players) < 2 {
		return nil, fmt.Errorf("FEN needs a game of two (or more) players")
	}
	labels := b.Grids[0].Labels
	fileDim, rankDim, rowIdx := b.Grids[0].FENAxes()
	ranks := labels[rankDim]
	files := labels[fileDim]
	l := &fenLayout{width: len(files), height: len(ranks)}
	l.rowOf = make([]int, b.N())
	l.colOf = make([]int, b.N())
	for i := range l.rowOf {
		l.rowOf[i], l.colOf[i] = -1, -1
	}
	l.sq = make([][]int, l.height)
	for r := range l.sq {
		l.sq[r] = make([]int, l.width)
		for c := range l.sq[r] {
			idx := [2]string{}
			idx[rankDim] = ranks[rowIdx[r]]
			idx[fileDim] = files[c]
			p, ok := b.PositionIndex(idx[0] + idx[1])
			if !ok {
				l.sq[r][c] = NoPos
				continue
			}
			l.sq[r][c] = p
			l.rowOf[p], l.colOf[p] = r, c
		}
	}
	l.storage = make([]bool, l.height)
	for r := range l.sq {
		l.storage[r] = isStorageRank(b, l.sq[r])
	}
	return l, nil
}

// isStorageRank reports whether no square of the rank links anywhere.
func isStorageRank(b *Board, row []int) bool {
	for _, p := range row {
		if p == NoPos {
			return false
		}
		for d := range b.Dirs {
			if b.Link(d, p) != NoPos {
				return false
			}
		}
	}
	return true
}

func (g *Game) letterType(ch rune) (int, int, bool) {
	owner := 0
	if unicode.IsLower(ch) {
		owner = 1
	}
	up := strings.ToUpper(string(ch))
	for t, l := range g.Letters {
		if strings.ToUpper(l) == up {
			return t, owner, true
		}
	}
	return 0, 0, false
}

func (g *Game) typeLetter(t, owner int) string {
	l := "?"
	if t < len(g.Letters) && g.Letters[t] != "" {
		l = g.Letters[t]
	}
	if owner == 0 {
		return strings.ToUpper(l)
	}
	return strings.ToLower(l)
}

// SetFEN replaces the position with the one fen describes, read by the
// game's ReadFEN when its front end gave it one. On error the state is
// unchanged.
func (s *State) SetFEN(fen string) error {
	if s.g.ReadFEN != nil {
		return s.g.ReadFEN(s, fen)
	}
	return s.SetGenericFEN(fen)
}

// SetGenericFEN is SetFEN with the generic reader: a letter means its first
// type in Game.Letters for every player. On error the state is unchanged.
func (s *State) SetGenericFEN(fen string) error {
	c := s.Clone()
	c.undo, c.hist, c.hashes = nil, nil, nil
	if err := c.setFEN(fen); err != nil {
		return err
	}
	copy(s.Board, c.Board)
	copy(s.Hands, c.Hands)
	s.Turn, s.Ply, s.Quiet = c.Turn, c.Ply, c.Quiet
	s.LastFrom, s.LastTo, s.Partial, s.PartialType = c.LastFrom, c.LastTo, NoPos, -1
	s.forgetHistory()
	s.Rehash()
	return nil
}

func (s *State) setFEN(fen string) error {
	g := s.g
	l, err := g.fenLayout()
	if err != nil {
		return err
	}
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return fmt.Errorf("empty FEN")
	}
	s.Clear()
	board := fields[0]
	if i := strings.IndexByte(board, '['); i >= 0 {
		j := strings.IndexByte(board, ']')
		if j < i {
			return fmt.Errorf("FEN holdings: missing ']'")
		}
		if err := s.setHoldings(board[i+1 : j]); err != nil {
			return err
		}
		board = board[:i]
	}
	if err := s.setBoardField(l, board); err != nil {
		return err
	}
	side := "w"
	if len(fields) > 1 {
		side = fields[1]
	}
	mover := 0
	switch side {
	case "w":
	case "b":
		mover = 1
	default:
		return fmt.Errorf("FEN side to move %q: want w or b", side)
	}
	s.Turn = g.firstTurnOf(mover)
	castling := "-"
	if len(fields) > 2 {
		castling = fields[2]
	}
	if err := s.setCastling(l, castling); err != nil {
		return err
	}
	if len(fields) > 3 && fields[3] != "-" {
		if err := s.setEnPassant(l, fields[3], mover); err != nil {
			return err
		}
	}
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 {
			return fmt.Errorf("FEN halfmove clock %q", fields[4])
		}
		s.Quiet = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 {
			return fmt.Errorf("FEN move number %q", fields[5])
		}
		s.Ply = 2*(n-1) + mover
	}
	s.Rehash()
	return nil
}

func (g *Game) firstTurnOf(pl int) int {
	for i, t := range g.TurnOrder {
		if t.As == pl && i >= g.RepeatFrom {
			return i
		}
	}
	for i, t := range g.TurnOrder {
		if t.As == pl {
			return i
		}
	}
	return 0
}

func (s *State) setHoldings(h string) error {
	nT := len(s.g.Pieces)
	for _, ch := range h {
		if ch == '-' {
			continue
		}
		t, owner, ok := s.g.letterType(ch)
		if !ok {
			return fmt.Errorf("FEN holdings: unknown piece letter %q", ch)
		}
		s.Hands[owner*nT+t]++
	}
	return nil
}

func (s *State) setBoardField(l *fenLayout, board string) error {
	rows := strings.Split(board, "/")
	if len(rows) != l.height {
		return fmt.Errorf("FEN has %d ranks, the board has %d", len(rows), l.height)
	}
	pre := s.pre
	for r, row := range rows {
		col := 0
		for i := 0; i < len(row); i++ {
			ch := rune(row[i])
			if unicode.IsDigit(ch) {
				j := i
				for j < len(row) && unicode.IsDigit(rune(row[j])) {
					j++
				}
				n, _ := strconv.Atoi(row[i:j])
				col += n
				i = j - 1
				continue
			}
			if ch == '~' || ch == '+' {
				continue
			}
			if ch == '*' {
				col++
				continue
			}
			t, owner, ok := s.g.letterType(ch)
			if !ok {
				return fmt.Errorf("FEN rank %d: unknown piece letter %q", r+1, ch)
			}
			if col >= l.width || l.sq[r][col] == NoPos {
				return fmt.Errorf("FEN rank %d is too long", r+1)
			}
			p := l.sq[r][col]
			s.Board[p] = MakeCell(t, owner, pre.defaults[t]&s.unmovedMask(t, owner, p))
			col++
		}
		if col != l.width {
			return fmt.Errorf("FEN rank %d has %d squares, want %d", r+1, col, l.width)
		}
	}
	return nil
}

// unmovedMask keeps a piece's true-by-default attributes (never-moved? and the
// like) only when the piece stands where the setup puts a piece of its kind;
// castling rights then override the king's and rooks'.
func (s *State) unmovedMask(t, owner, p int) uint64 {
	for _, it := range s.g.Setup {
		if it.Pos == p && it.Type == t && it.Player == owner {
			return ^uint64(0)
		}
	}
	return 0
}

// castlingAttrs returns the attribute bits that mean "has not moved" for the
// royal type of player pl: those that start true.
func (s *State) castlingAttrs(pl int) (royal int, mask uint64) {
	r := s.pre.royal[pl]
	if len(r) == 0 {
		return -1, 0
	}
	return r[0], s.pre.defaults[r[0]]
}

func (s *State) setCastling(l *fenLayout, field string) error {
	g := s.g
	for pl := 0; pl < 2; pl++ {
		royal, mask := s.castlingAttrs(pl)
		if royal < 0 || mask == 0 {
			continue
		}
		rights := ""
		for _, ch := range field {
			if ch == '-' {
				continue
			}
			if (unicode.IsUpper(ch) && pl == 0) || (unicode.IsLower(ch) && pl == 1) {
				rights += string(unicode.ToLower(ch))
			}
		}
		king := -1
		for p, c := range s.Board {
			if c != Empty && c.Owner() == pl && c.Type() == royal && l.rowOf[p] >= 0 {
				king = p
			}
		}
		// Clear the never-moved bits of the king and of every piece sharing them
		// on the king's rank; rights set them again.
		for p, c := range s.Board {
			if c == Empty || c.Owner() != pl || c.Attrs()&mask == 0 || king < 0 || l.rowOf[p] != l.rowOf[king] {
				continue
			}
			if c.Type() == royal || g.typeLetter(c.Type(), 0) == "R" {
				s.Board[p] = Cell(uint64(c) &^ (mask << 24))
			}
		}
		if king < 0 || rights == "" {
			continue
		}
		s.Board[king] = Cell(uint64(s.Board[king]) | mask<<24)
		row := l.rowOf[king]
		for _, ch := range rights {
			col := -1
			switch ch {
			case 'k':
				col = s.outermostRook(l, pl, row, l.colOf[king], 1)
			case 'q':
				col = s.outermostRook(l, pl, row, l.colOf[king], -1)
			default:
				col = int(ch - 'a')
			}
			if col < 0 || col >= l.width {
				return fmt.Errorf("FEN castling %q: no rook for %q", field, ch)
			}
			p := l.sq[row][col]
			if p == NoPos || s.Board[p] == Empty || s.Board[p].Owner() != pl {
				return fmt.Errorf("FEN castling %q: no rook for %q", field, ch)
			}
			t := s.Board[p].Type()
			s.Board[p] = Cell(uint64(s.Board[p]) | (s.pre.defaults[t]&mask)<<24)
		}
	}
	return nil
}

func (s *State) outermostRook(l *fenLayout, pl, row, kcol, step int) int {
	found := -1
	for c := kcol + step; c >= 0 && c < l.width; c += step {
		p := l.sq[row][c]
		if p == NoPos || s.Board[p] == Empty {
			continue
		}
		if s.Board[p].Owner() == pl && s.g.typeLetter(s.Board[p].Type(), 0) == "R" {
			found = c
		}
	}
	return found
}

func (s *State) setEnPassant(l *fenLayout, sq string, mover int) error {
	p, ok := s.g.Board.PositionIndexFold(sq) // typed input: "E3" is e3
	if !ok || l.rowOf[p] < 0 {
		return fmt.Errorf("FEN en-passant square %q is not on the board", sq)
	}
	r, c := l.rowOf[p], l.colOf[p]
	// The opponent's pawn passed over (r, c): it now stands one row further in
	// its direction of travel and came from one row behind.
	dir := 1 // rows grow downwards: the second player moves down the board
	if mover == 1 {
		dir = -1
	}
	to, from := r+dir, r-dir
	if to < 0 || to >= l.height || from < 0 || from >= l.height {
		return fmt.Errorf("FEN en-passant square %q is on an edge rank", sq)
	}
	s.LastTo, s.LastFrom = int32(l.sq[to][c]), int32(l.sq[from][c])
	return nil
}

// FEN writes the position, with the game's WriteFEN when it has one.
// Generically, castling rights come from the never-moved attributes of kings
// and rooks; the en-passant square from a last move of two ranks by a piece
// lettered P.
func (s *State) FEN() (string, error) {
	if s.g.WriteFEN != nil {
		return s.g.WriteFEN(s)
	}
	return s.GenericFEN()
}

// GenericFEN is FEN with the generic writer (the game's WriteFEN unused).
func (s *State) GenericFEN() (string, error) {
	g := s.g
	l, err := g.fenLayout()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for r := 0; r < l.height; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for c := 0; c < l.width; c++ {
			p := l.sq[r][c]
			if l.storage[r] && s.Board[p] == Empty {
				b.WriteByte('*')
				continue
			}
			if p == NoPos || s.Board[p] == Empty {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			cell := s.Board[p]
			if cell.Owner() > 1 {
				return "", fmt.Errorf("FEN cannot write a piece of player %s", g.Players[cell.Owner()].Name)
			}
			b.WriteString(g.typeLetter(cell.Type(), cell.Owner()))
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
	}
	if s.hasDrops() {
		b.WriteByte('[')
		nT := len(g.Pieces)
		for pl := 0; pl < 2; pl++ {
			for t := 0; t < nT; t++ {
				for i := int64(0); i < s.Hands[pl*nT+t]; i++ {
					b.WriteString(g.typeLetter(t, pl))
				}
			}
		}
		b.WriteByte(']')
	}
	side := "w"
	if s.Mover() == 1 {
		side = "b"
	}
	fmt.Fprintf(&b, " %s %s %s %d %d", side, s.castlingField(l), s.epField(l), s.Quiet, s.Ply/2+1)
	return b.String(), nil
}

func (s *State) hasDrops() bool {
	for _, pt := range s.g.Pieces {
		if len(pt.Drops) > 0 {
			return true
		}
	}
	for _, n := range s.Hands {
		if n != 0 {
			return true
		}
	}
	return false
}

func (s *State) castlingField(l *fenLayout) string {
	out := ""
	for pl := 0; pl < 2; pl++ {
		royal, mask := s.castlingAttrs(pl)
		if royal < 0 || mask == 0 {
			continue
		}
		king := -1
		for p, c := range s.Board {
			if c != Empty && c.Owner() == pl && c.Type() == royal && l.rowOf[p] >= 0 && c.Attrs()&mask != 0 {
				king = p
			}
		}
		if king < 0 {
			continue
		}
		row, kcol := l.rowOf[king], l.colOf[king]
		for _, side := range []struct {
			step int
			ch   byte
		}{{1, 'K'}, {-1, 'Q'}} {
			col := s.outermostRook(l, pl, row, kcol, side.step)
			if col < 0 {
				continue
			}
			c := s.Board[l.sq[row][col]]
			if c.Attrs()&mask == 0 {
				continue
			}
			ch := side.ch
			if pl == 1 {
				ch += 'a' - 'A'
			}
			out += string(ch)
		}
	}
	if out == "" {
		return "-"
	}
	return out
}

func (s *State) epField(l *fenLayout) string {
	if s.LastFrom < 0 || s.LastTo < 0 || l.rowOf[s.LastTo] < 0 || l.rowOf[s.LastFrom] < 0 {
		return "-"
	}
	c := s.Board[s.LastTo]
	if c == Empty || s.g.typeLetter(c.Type(), 0) != "P" {
		return "-"
	}
	r1, r2 := l.rowOf[s.LastFrom], l.rowOf[s.LastTo]
	if l.colOf[s.LastFrom] != l.colOf[s.LastTo] || (r1-r2 != 2 && r2-r1 != 2) {
		return "-"
	}
	p := l.sq[(r1+r2)/2][l.colOf[s.LastTo]]
	if p == NoPos {
		return "-"
	}
	return s.g.Board.Positions[p].Name
}
