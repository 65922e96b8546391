// This file defines how the REPL draws a position. What it draws follows
// the board's own geometry as the rule file gives it:
//
//   - one square grid: files and ranks labelled, as vm.NewGridView orients
//     it (chess, checkers, shogi);
//   - several grids, or a 3-D grid: each grid or level is a labelled block,
//     the blocks side by side (3D Morris, Raumschach);
//   - a hexagonal grid (vm.Orientation's Staggered) and positions given one
//     by one: each position where its screen rectangle puts it, on a
//     character grid (layout.go), so offset rows read as hexes and Ur's
//     track keeps its shape;
//   - mancala pits whose seed count is the piece's name (Toguz Kumalak's
//     P01..P30) show the count; the store grids of such a game show their
//     totals;
//   - pieces in hand with counts, and a legend naming each letter's piece
//     and the player each case stands for.
//
// Unicode chess glyphs and ANSI colours are for a terminal; scripts and
// saved output get plain ASCII.

package repl

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"zrun/cmd/zrun/internal/play"
	"zrun/vm"
)

// ANSI colours per player when drawing to a terminal.
var playerColors = []string{"\x1b[1;97m", "\x1b[1;91m", "\x1b[1;92m", "\x1b[1;94m", "\x1b[1;93m", "\x1b[1;95m"}

const (
	ansiReset = "\x1b[0m"
	ansiDim   = "\x1b[2m"
)

// boardPrinter draws positions of one game.
type boardPrinter struct {
	g       *vm.Game
	view    *vm.GridView // the main grid, when the board is drawn as one grid
	color   bool         // ANSI colours (terminal output only)
	unicode bool         // chess glyphs (terminal output only)
	flip    bool         // draw from the second player's side

	blocks []vm.Layer // several grids or levels drawn side by side
	stores []vm.Layer // count games' store grids: drawn as totals
	// sites are the positions drawn where their rectangles put them: all of
	// them on a hexagonal or position-by-position board, else those outside
	// the grids. nil when the positions have no rectangles.
	sites *siteLayout
	// listed are occupied positions drawn nowhere else (dummies, positions
	// without rectangles): listed by name.
	drawn []bool
	// count[t] is the number a counting piece stands for (Toguz Kumalak's
	// P09 is a pit of 9 seeds), -1 for other pieces.
	count  []int
	glyphs bool // the game's pieces are chess pieces: glyphs may stand for them
	// byPlayer: one piece type and players named by one letter each (X and
	// O): a piece is drawn as its owner's name.
	byPlayer bool
	ids      []string // play.PieceIDs: letters for pieces the rule file gives none
}

// newBoardPrinter decides once per game how its board is drawn.
func newBoardPrinter(g *vm.Game, view *vm.GridView, color, unicode, flip bool) *boardPrinter {
	bp := &boardPrinter{g: g, color: color, unicode: unicode, flip: flip, drawn: make([]bool, g.Board.N()), ids: play.PieceIDs(g)}
	bp.count = play.CountingPieces(g)
	bp.glyphs = chessPieces(g)
	bp.byPlayer = len(g.Pieces) == 1
	names := map[string]bool{}
	for _, pl := range g.Players {
		bp.byPlayer = bp.byPlayer && len([]rune(pl.Name)) == 1 && !names[pl.Name]
		names[pl.Name] = true
	}
	layers := vm.Layers(g)
	counting := false
	for _, c := range bp.count {
		counting = counting || c >= 0
	}
	// A store is a grid of a count game that starts empty beside one that
	// does not; when every grid starts empty (QXO's boards, whose x1..x9
	// marks look like counts) each is drawn.
	setUp := false
	for _, l := range layers {
		setUp = setUp || hasSetup(g, l.View)
	}
	var grids []vm.Layer
	for _, l := range layers {
		if counting && setUp && !hasSetup(g, l.View) {
			bp.stores = append(bp.stores, l)
			markDrawn(bp.drawn, l.View)
			continue
		}
		grids = append(grids, l)
	}
	var free []int32 // positions left to the rectangle layout
	switch {
	case len(grids) == 1 && !grids[0].Staggered && grids[0].Title == "" && view != nil && sameView(view, grids[0].View):
		bp.view = view
		markDrawn(bp.drawn, view)
	case len(grids) >= 1 && !anyStaggered(grids):
		bp.blocks = grids
		for _, l := range grids {
			markDrawn(bp.drawn, l.View)
		}
	}
	for p, pos := range g.Board.Positions {
		if !bp.drawn[p] && !pos.Dummy {
			free = append(free, int32(p))
		}
	}
	if bp.sites = newSiteLayout(g.Board, free); bp.sites != nil {
		for _, p := range free {
			bp.drawn[p] = true
		}
	}
	return bp
}

func markDrawn(drawn []bool, v *vm.GridView) {
	for p, in := range v.InGrid {
		if in {
			drawn[p] = true
		}
	}
}

func anyStaggered(ls []vm.Layer) bool {
	for _, l := range ls {
		if l.Staggered {
			return true
		}
	}
	return false
}

// sameView reports whether two views draw the same positions.
func sameView(a, b *vm.GridView) bool {
	for p := range a.InGrid {
		if a.InGrid[p] != b.InGrid[p] {
			return false
		}
	}
	return true
}

// hasSetup reports whether some piece starts in v.
func hasSetup(g *vm.Game, v *vm.GridView) bool {
	for _, it := range g.Setup {
		if it.Pos >= 0 && v.InGrid[it.Pos] {
			return true
		}
	}
	return false
}

// chessPieces reports whether the glyph letters name the chess pieces of
// those names (a checkers King is no chess king): at least three do, and
// none names another piece.
func chessPieces(g *vm.Game) bool {
	names := map[string]string{"K": "King", "Q": "Queen", "R": "Rook", "B": "Bishop", "N": "Knight", "P": "Pawn"}
	n := 0
	for t, pt := range g.Pieces {
		if t >= len(g.Letters) {
			continue
		}
		l := strings.ToUpper(g.Letters[t])
		if want, ok := names[l]; ok {
			if !strings.EqualFold(pt.Name, want) {
				return false
			}
			n++
		}
	}
	return n >= 3
}

// letter is a piece type's letter: its notation letter, else the ID
// play.PieceIDs gives it (a dressed letter, "R'", past the alphabet:
// Kamisado's 41 types), so no two pieces on the board look alike.
func (bp *boardPrinter) letter(t int) string {
	l := ""
	if t < len(bp.g.Letters) {
		l = strings.ToUpper(bp.g.Letters[t])
	}
	if l == "" && t < len(bp.ids) {
		l = bp.ids[t]
	}
	return l
}

// stackOf lists the pieces of a stack, bottom to top, when piece type t is
// one: its name spelled out of the names of one-letter piece types (Focus
// calls a white piece on a black one "wb"). Zillions files name a stack
// top first: Focus's merge adds the moving stack's name in front of the
// one it lands on ("(add $1w)"), and the stack belongs to its top piece's
// owner. nil for other pieces.
func stackOf(g *vm.Game, t int) []string {
	single := map[rune]bool{}
	for _, pt := range g.Pieces {
		if r := []rune(pt.Name); len(r) == 1 {
			single[r[0]] = true
		}
	}
	name := []rune(g.Pieces[t].Name)
	if len(name) < 2 {
		return nil
	}
	out := make([]string, len(name))
	for i, r := range name {
		if !single[r] {
			return nil
		}
		out[len(name)-1-i] = string(r)
	}
	return out
}

// pieceText is the text of a piece: its count for a counting piece; a glyph
// at a terminal for chess pieces of the first two players; else its letter,
// upper case for the first player.
func (bp *boardPrinter) pieceText(c vm.Cell) string {
	t, owner := c.Type(), c.Owner()
	if bp.byPlayer {
		return bp.g.Players[owner].Name
	}
	if t < len(bp.count) && bp.count[t] >= 0 {
		return strconv.Itoa(bp.count[t])
	}
	l := bp.letter(t)
	if gl, ok := play.ChessGlyphs[l]; ok && owner < 2 && bp.unicode && bp.glyphs {
		return gl[owner]
	}
	if owner > 0 {
		l = strings.ToLower(l)
	}
	return l
}

func (bp *boardPrinter) paint(text string, owner int) string {
	if !bp.color {
		return text
	}
	return playerColors[owner%len(playerColors)] + text + ansiReset
}

func (bp *boardPrinter) dim(text string) string {
	if !bp.color {
		return text
	}
	return ansiDim + text + ansiReset
}

// print draws s, then the pieces in hand, the legend and the status line.
func (bp *boardPrinter) print(w io.Writer, s *vm.State, status string) {
	var lines []string
	switch {
	case bp.view != nil:
		lines = bp.gridLines(s, bp.view, "", bp.cellWidth(bp.view))
	case bp.blocks != nil:
		lines = bp.blockLines(s)
	}
	if bp.sites != nil {
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, bp.sites.lines(bp, s)...)
	}
	for _, l := range lines {
		fmt.Fprintln(w, strings.TrimRight(l, " "))
	}
	bp.printStores(w, s)
	bp.printOthers(w, s)
	bp.printHands(w, s)
	bp.printLegend(w, s)
	fmt.Fprintln(w, status)
}

// cellWidth is the width of a grid's cells: its widest label or piece text.
func (bp *boardPrinter) cellWidth(v *vm.GridView) int {
	width := 1
	for _, l := range v.ColLabels {
		width = max(width, len([]rune(l)))
	}
	for t := range bp.g.Pieces {
		if bp.count[t] >= 0 {
			width = max(width, len(strconv.Itoa(bp.count[t])))
		} else {
			width = max(width, len([]rune(bp.letter(t))))
		}
	}
	return width
}

// gridLines draws a grid: its title, rank labels on the left, file labels
// below, each column as wide as width.
func (bp *boardPrinter) gridLines(s *vm.State, v *vm.GridView, title string, width int) []string {
	rowW := 0
	for _, l := range v.RowLabels {
		rowW = max(rowW, len(l))
	}
	var out []string
	if title != "" {
		out = append(out, title)
	}
	rows, cols := order(len(v.Cell), bp.flip), order(len(v.ColLabels), bp.flip)
	for _, r := range rows {
		var b strings.Builder
		fmt.Fprintf(&b, "%*s ", rowW, v.RowLabels[r])
		for _, c := range cols {
			b.WriteString(" " + bp.cellText(s, v.Cell[r][c], width))
		}
		out = append(out, b.String())
	}
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", rowW+1))
	for _, c := range cols {
		fmt.Fprintf(&b, " %-*s", width, v.ColLabels[c])
	}
	return append(out, b.String())
}

// blockLines draws the grids or levels side by side, each titled by its
// level label (3-D grids) or its first and last position (several grids).
func (bp *boardPrinter) blockLines(s *vm.State) []string {
	var blocks [][]string
	for _, l := range bp.blocks {
		title := l.Title
		if title == "" && len(bp.blocks) > 1 {
			title = blockRange(bp.g, l.View)
		} else if title != "" {
			title = "Level " + title
		}
		blocks = append(blocks, bp.gridLines(s, l.View, title, bp.cellWidth(l.View)))
	}
	if bp.flip {
		for i, j := 0, len(blocks)-1; i < j; i, j = i+1, j-1 {
			blocks[i], blocks[j] = blocks[j], blocks[i]
		}
	}
	return sideBySide(blocks, 3)
}

// blockRange names a grid by its first and last positions ("a1-c3").
func blockRange(g *vm.Game, v *vm.GridView) string {
	first, last := "", ""
	for _, row := range v.Cell {
		for _, p := range row {
			if p == vm.NoPos {
				continue
			}
			if first == "" {
				first = g.Board.Positions[p].Name
			}
			last = g.Board.Positions[p].Name
		}
	}
	return first + "-" + last
}

// sideBySide joins blocks of lines left to right, gap spaces apart,
// aligning their last lines (the file labels).
func sideBySide(blocks [][]string, gap int) []string {
	height, widths := 0, make([]int, len(blocks))
	for i, b := range blocks {
		height = max(height, len(b))
		for _, l := range b {
			widths[i] = max(widths[i], visibleLen(l))
		}
	}
	out := make([]string, height)
	for i, b := range blocks {
		pad := height - len(b)
		for r := range out {
			l := ""
			if r >= pad {
				l = b[r-pad]
			}
			if i < len(blocks)-1 {
				l += strings.Repeat(" ", widths[i]-visibleLen(l)+gap)
			}
			out[r] += l
		}
	}
	return out
}

// visibleLen is the width of l on screen: runes, without ANSI escapes.
func visibleLen(l string) int {
	n, esc := 0, false
	for _, r := range l {
		switch {
		case esc:
			esc = r != 'm'
		case r == '\x1b':
			esc = true
		default:
			n++
		}
	}
	return n
}

// order lists 0..n-1, reversed when flipped.
func order(n int, flip bool) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
		if flip {
			out[i] = n - 1 - i
		}
	}
	return out
}

func (bp *boardPrinter) cellText(s *vm.State, p int32, width int) string {
	if p == vm.NoPos {
		return strings.Repeat(" ", width)
	}
	c := s.Board[p]
	if c == vm.Empty {
		return "." + strings.Repeat(" ", width-1)
	}
	t := bp.pieceText(c)
	pad := strings.Repeat(" ", max(width-len([]rune(t)), 0))
	return bp.paint(t, c.Owner()) + pad
}

// printStores gives each store grid's contents as totals by player and
// piece ("Store a10-u7: 10 S of North").
func (bp *boardPrinter) printStores(w io.Writer, s *vm.State) {
	for _, l := range bp.stores {
		n := map[[2]int]int{}
		var keys [][2]int
		for _, row := range l.View.Cell {
			for _, p := range row {
				if p == vm.NoPos || s.Board[p] == vm.Empty {
					continue
				}
				k := [2]int{s.Board[p].Owner(), s.Board[p].Type()}
				if n[k] == 0 {
					keys = append(keys, k)
				}
				n[k]++
			}
		}
		var items []string
		for _, k := range keys {
			items = append(items, fmt.Sprintf("%d %s of %s", n[k], bp.g.Pieces[k[1]].Name, bp.g.Players[k[0]].Name))
		}
		if len(items) == 0 {
			items = append(items, "empty")
		}
		fmt.Fprintf(w, "Store %s: %s\n", blockRange(bp.g, l.View), strings.Join(items, ", "))
	}
}

// printOthers lists the occupied positions drawn nowhere else (storage
// cells, boards without screen rectangles).
func (bp *boardPrinter) printOthers(w io.Writer, s *vm.State) {
	var items []string
	for p, c := range s.Board {
		if c == vm.Empty || bp.drawn[p] {
			continue
		}
		items = append(items, fmt.Sprintf("%s %s %s", bp.g.Board.Positions[p].Name,
			bp.g.Players[c.Owner()].Name, bp.g.Pieces[c.Type()].Name))
	}
	if len(items) == 0 {
		return
	}
	label := "Off the board: "
	if bp.view == nil && bp.blocks == nil && bp.sites == nil {
		label = "Occupied: "
	}
	fmt.Fprintln(w, label+strings.Join(items, ", "))
}

// printHands shows each player's pieces in hand, when any player has some.
func (bp *boardPrinter) printHands(w io.Writer, s *vm.State) {
	g := bp.g
	nT := len(g.Pieces)
	for pl := range g.Players {
		var items []string
		for t := 0; t < nT; t++ {
			if n := s.HandCount(pl, t); n > 0 {
				items = append(items, fmt.Sprintf("%d %s", n, g.Pieces[t].Name))
			}
		}
		if len(items) > 0 {
			fmt.Fprintf(w, "In hand, %s: %s\n", g.Players[pl].Name, strings.Join(items, ", "))
		}
	}
}

// printLegend names what each letter on the board stands for, for the
// pieces on it: "Pieces: M Man, K King (White upper case, Black lower
// case)". Chess glyphs and counts speak for themselves; counting pieces are
// explained once.
func (bp *boardPrinter) printLegend(w io.Writer, s *vm.State) {
	g := bp.g
	present := make([]bool, len(g.Pieces))
	owners := map[int]bool{}
	for _, c := range s.Board {
		if c != vm.Empty {
			present[c.Type()] = true
			owners[c.Owner()] = true
		}
	}
	var items []string
	counting := ""
	for t, pt := range g.Pieces {
		if !present[t] {
			continue
		}
		if bp.count[t] >= 0 {
			counting = play.CountingPrefix(pt.Name)
			continue
		}
		l := bp.letter(t)
		if _, ok := play.ChessGlyphs[l]; ok && bp.unicode && bp.glyphs {
			continue
		}
		item := l + " " + pt.Name
		if st := stackOf(g, t); st != nil {
			item += " (stack, bottom to top: " + strings.Join(st, " ") + ")"
		}
		items = append(items, item)
	}
	var parts []string
	if bp.byPlayer {
		items = nil
		for pl := range g.Players {
			if owners[pl] {
				items = append(items, g.Players[pl].Name+" "+g.Pieces[0].Name+" of "+g.Players[pl].Name)
			}
		}
		if len(items) > 0 {
			parts = append(parts, "Pieces: "+strings.Join(items, ", "))
		}
		items = nil
	}
	if len(items) > 0 {
		p := "Pieces: " + strings.Join(items, ", ")
		if len(g.Players) > 1 {
			var others []string
			for pl := 1; pl < len(g.Players); pl++ {
				if owners[pl] {
					others = append(others, g.Players[pl].Name)
				}
			}
			p += " (upper case " + g.Players[0].Name
			if len(others) > 0 {
				p += ", lower case " + strings.Join(others, ", ")
			}
			p += ")"
		}
		parts = append(parts, p)
	}
	if counting != "" {
		parts = append(parts, fmt.Sprintf("a number is a %sNN piece: that many seeds", counting))
	}
	if len(parts) > 0 {
		fmt.Fprintln(w, strings.Join(parts, "; "))
	}
}

// PrintBoard draws g's position as the REPL does in a script (plain ASCII),
// with its status line.
func PrintBoard(w io.Writer, g *play.Game) {
	newBoardPrinter(g.G, g.View, false, false, false).print(w, g.S, g.Status())
}
