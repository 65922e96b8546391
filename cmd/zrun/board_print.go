// This file defines how the REPL draws a position: the main grid with file
// and rank labels, pieces as Unicode chess glyphs or letters, pieces in hand,
// the side to move and the game state. Boards without a 2-D grid are shown as
// a list of occupied positions.

package main

import (
	"fmt"
	"io"
	"regexp"
	"strings"

	"zrun/vm"
)

// gridView is a 2-D grid laid out as it appears on screen: cell[row][col] is
// a position or vm.NoPos (a hole), row 0 at the top.
type gridView struct {
	cell      [][]int32
	colLabels []string
	rowLabels []string
	inGrid    []bool // by position: drawn in the grid
	// file and rank are each grid position's labels as the rule file spells
	// them (SAN is built from them), "" for other positions.
	file, rank []string
	colOf      []int // by position: screen column (for castling sides)
}

// glyphs maps a piece letter to its Unicode glyph for the first player
// (white) and the second (black).
var glyphs = map[string][2]string{
	"K": {"♔", "♚"}, "Q": {"♕", "♛"}, "R": {"♖", "♜"},
	"B": {"♗", "♝"}, "N": {"♘", "♞"}, "P": {"♙", "♟"},
}

// ANSI colours per player when drawing to a terminal.
var playerColors = []string{"\x1b[1;97m", "\x1b[1;91m", "\x1b[1;92m", "\x1b[1;94m", "\x1b[1;93m", "\x1b[1;95m"}

const ansiReset = "\x1b[0m"

// upperIRe finds a square written with a capital I in a game description
// ("f1 to I1"): such games spell the i-file I, since a lower-case i is easy
// to misread as a 1 or an l.
var upperIRe = regexp.MustCompile(`\bI[0-9]+\b`)

// newGridView picks the board's largest 2-D grid and orients it by the
// positions' screen rectangles (or, lacking them, numeric ranks ascending
// upwards as in chess). It returns nil when the board has no 2-D grid.
func newGridView(g *vm.Game) *gridView {
	b := g.Board
	best, bestN := -1, 0
	for gi, gr := range b.Grids {
		if len(gr.Labels) != 2 {
			continue
		}
		if n := len(gr.Labels[0]) * len(gr.Labels[1]); n > bestN {
			best, bestN = gi, n
		}
	}
	if best < 0 {
		return nil
	}
	labels := b.Grids[best].Labels
	at := map[[2]int]int32{}
	for p, pos := range b.Positions {
		if pos.Grid == best && len(pos.Coords) == 2 && !pos.Dummy {
			at[[2]int{pos.Coords[0], pos.Coords[1]}] = int32(p)
		}
	}
	horiz, rev0, rev1 := orientGrid(b, at, &b.Grids[best])
	return layoutGrid(g, at, labels, horiz, rev0, rev1)
}

// orientGrid decides whether dimension 0 runs across the screen and whether
// each dimension's labels run against screen order (right-to-left or
// bottom-to-top).
func orientGrid(b *vm.Board, at map[[2]int]int32, gr *vm.Grid) (horiz0, rev0, rev1 bool) {
	rect := func(c0, c1 int) ([4]int, bool) {
		p, ok := at[[2]int{c0, c1}]
		if !ok {
			return [4]int{}, false
		}
		return b.Positions[p].Rect, true
	}
	r00, ok0 := rect(0, 0)
	r10, ok1 := rect(1, 0)
	r01, ok2 := rect(0, 1)
	if ok0 && ok1 && ok2 && (r10 != r00 || r01 != r00) {
		dx0, dy0 := r10[0]-r00[0], r10[1]-r00[1]
		dx1, dy1 := r01[0]-r00[0], r01[1]-r00[1]
		if abs(dx0) >= abs(dy0) {
			return true, dx0 < 0, dy1 < 0
		}
		return false, dy0 < 0, dx1 < 0
	}
	// No geometry (Fairy-Max boards): files across, numeric ranks upwards.
	return true, false, gr.LabelsAscend(1)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// layoutGrid fills the screen table from the grid coordinates.
func layoutGrid(g *vm.Game, at map[[2]int]int32, labels [][]string, horiz0, rev0, rev1 bool) *gridView {
	colDim, rowDim, revCol, revRow := 0, 1, rev0, rev1
	if !horiz0 {
		colDim, rowDim, revCol, revRow = 1, 0, rev1, rev0
	}
	nc, nr := len(labels[colDim]), len(labels[rowDim])
	n := g.Board.N()
	v := &gridView{inGrid: make([]bool, n), file: make([]string, n), rank: make([]string, n), colOf: make([]int, n)}
	idx := func(i, n int, rev bool) int {
		if rev {
			return n - 1 - i
		}
		return i
	}
	upperI := upperIRe.MatchString(g.Description)
	for c := 0; c < nc; c++ {
		l := labels[colDim][idx(c, nc, revCol)]
		if upperI && l == "i" {
			l = "I"
		}
		v.colLabels = append(v.colLabels, l)
	}
	for r := 0; r < nr; r++ {
		v.rowLabels = append(v.rowLabels, labels[rowDim][idx(r, nr, revRow)])
		row := make([]int32, nc)
		for c := range row {
			var key [2]int
			key[colDim], key[rowDim] = idx(c, nc, revCol), idx(r, nr, revRow)
			p, ok := at[key]
			if !ok {
				p = vm.NoPos
			} else {
				v.inGrid[p] = true
				v.file[p], v.rank[p] = labels[colDim][key[colDim]], labels[rowDim][key[rowDim]]
				v.colOf[p] = c
			}
			row[c] = p
		}
		v.cell = append(v.cell, row)
	}
	return v
}

// boardPrinter draws positions of one game.
type boardPrinter struct {
	g     *vm.Game
	view  *gridView
	color bool // ANSI colours (terminal output only)
	flip  bool // draw from the second player's side
}

// pieceText is the one-cell text of a piece: a glyph for the orthodox chess
// letters of the first two players, else its letter (upper case for the first
// player), else the first letter of its name.
func (bp *boardPrinter) pieceText(c vm.Cell) string {
	t, owner := c.Type(), c.Owner()
	l := ""
	if t < len(bp.g.Letters) {
		l = strings.ToUpper(bp.g.Letters[t])
	}
	if gl, ok := glyphs[l]; ok && owner < 2 {
		return gl[owner]
	}
	if l == "" && t < len(bp.g.Pieces) && bp.g.Pieces[t].Name != "" {
		l = strings.ToUpper(bp.g.Pieces[t].Name[:1])
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

// print draws s, then the pieces in hand and the status lines.
func (bp *boardPrinter) print(w io.Writer, s *vm.State, status string) {
	if bp.view != nil {
		bp.printGrid(w, s)
	}
	bp.printOthers(w, s)
	bp.printHands(w, s)
	fmt.Fprintln(w, status)
}

// printGrid draws the grid: rank labels on the left, file labels below, each
// column padded to the widest label or piece letter.
func (bp *boardPrinter) printGrid(w io.Writer, s *vm.State) {
	v := bp.view
	width := 1
	for _, l := range v.colLabels {
		width = max(width, len([]rune(l)))
	}
	for _, l := range bp.g.Letters {
		width = max(width, len(l))
	}
	rowW := 0
	for _, l := range v.rowLabels {
		rowW = max(rowW, len(l))
	}
	rows, cols := order(len(v.cell), bp.flip), order(len(v.colLabels), bp.flip)
	for _, r := range rows {
		var b strings.Builder
		fmt.Fprintf(&b, "%*s ", rowW, v.rowLabels[r])
		for _, c := range cols {
			b.WriteString(" " + bp.cellText(s, v.cell[r][c], width))
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", rowW+1))
	for _, c := range cols {
		fmt.Fprintf(&b, " %-*s", width, v.colLabels[c])
	}
	fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
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

// printOthers lists the occupied positions outside the drawn grid (all of
// them on a board without a grid).
func (bp *boardPrinter) printOthers(w io.Writer, s *vm.State) {
	var items []string
	for p, c := range s.Board {
		if c == vm.Empty || (bp.view != nil && bp.view.inGrid[p]) {
			continue
		}
		items = append(items, fmt.Sprintf("%s %s %s", bp.g.Board.Positions[p].Name,
			bp.g.Players[c.Owner()].Name, bp.g.Pieces[c.Type()].Name))
	}
	if len(items) == 0 {
		return
	}
	label := "Off the grid: "
	if bp.view == nil {
		label = "Occupied: "
	}
	fmt.Fprintln(w, label+strings.Join(items, ", "))
}

// printHands shows each player's pieces in hand, when any player has some.
func (bp *boardPrinter) printHands(w io.Writer, s *vm.State) {
	g := bp.g
	nT := len(g.Pieces)
	var lines []string
	for pl := range g.Players {
		var items []string
		for t := 0; t < nT; t++ {
			if n := s.HandCount(pl, t); n > 0 {
				items = append(items, fmt.Sprintf("%d %s", n, g.Pieces[t].Name))
			}
		}
		if len(items) > 0 {
			lines = append(lines, fmt.Sprintf("In hand, %s: %s", g.Players[pl].Name, strings.Join(items, ", ")))
		}
	}
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}
