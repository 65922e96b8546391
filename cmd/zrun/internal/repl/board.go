// This file defines how the REPL draws a position: the main grid with file
// and rank labels, pieces as Unicode chess glyphs or letters, pieces in hand,
// the side to move and the game state. Boards without a 2-D grid are shown as
// a list of occupied positions.

package repl

import (
	"fmt"
	"io"
	"strings"

	"zrun/cmd/zrun/internal/play"
	"zrun/vm"
)

// ANSI colours per player when drawing to a terminal.
var playerColors = []string{"\x1b[1;97m", "\x1b[1;91m", "\x1b[1;92m", "\x1b[1;94m", "\x1b[1;93m", "\x1b[1;95m"}

const ansiReset = "\x1b[0m"

// boardPrinter draws positions of one game.
type boardPrinter struct {
	g     *vm.Game
	view  *vm.GridView
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
	if gl, ok := play.ChessGlyphs[l]; ok && owner < 2 {
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
	for _, l := range v.ColLabels {
		width = max(width, len([]rune(l)))
	}
	for _, l := range bp.g.Letters {
		width = max(width, len(l))
	}
	rowW := 0
	for _, l := range v.RowLabels {
		rowW = max(rowW, len(l))
	}
	rows, cols := order(len(v.Cell), bp.flip), order(len(v.ColLabels), bp.flip)
	for _, r := range rows {
		var b strings.Builder
		fmt.Fprintf(&b, "%*s ", rowW, v.RowLabels[r])
		for _, c := range cols {
			b.WriteString(" " + bp.cellText(s, v.Cell[r][c], width))
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", rowW+1))
	for _, c := range cols {
		fmt.Fprintf(&b, " %-*s", width, v.ColLabels[c])
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
		if c == vm.Empty || (bp.view != nil && bp.view.InGrid[p]) {
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

// PrintBoard draws g's position as the REPL does in a script (no colours),
// with its status line.
func PrintBoard(w io.Writer, g *play.Game) {
	bp := &boardPrinter{g: g.G, view: g.View}
	bp.print(w, g.S, g.Status())
}
