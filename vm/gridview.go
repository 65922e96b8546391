// This file defines GridView, the one place that decides how a board's main
// 2-D grid is oriented on screen and how its files and ranks are named.
// Terminal boards, SVG diagrams and SAN all read it.

package vm

import "regexp"

// GridView is a 2-D grid laid out as it appears on screen: Cell[row][col] is
// a position or NoPos (a hole), row 0 at the top.
type GridView struct {
	Cell      [][]int32
	ColLabels []string
	RowLabels []string
	InGrid    []bool // by position: drawn in the grid
	// File and Rank are each grid position's labels as the rule file spells
	// them (SAN is built from them), "" for other positions.
	File, Rank []string
	ColOf      []int // by position: screen column (for castling sides)
}

// upperIRe finds a square written with a capital I in a game description
// ("f1 to I1"): such games spell the i-file I, since a lower-case i is easy
// to misread as a 1 or an l.
var upperIRe = regexp.MustCompile(`\bI[0-9]+\b`)

// NewGridView lays out the board's main 2-D grid as Board.Orientation
// orients it. It returns nil when the board has no 2-D grid.
func NewGridView(g *Game) *GridView {
	o := g.Board.Orientation()
	if o.Grid < 0 {
		return nil
	}
	// rev: a dimension's labels run against screen order (right to left, or
	// bottom to top).
	if o.Across == 0 {
		return layoutGrid(g, o.At, g.Board.Grids[o.Grid].Labels, true, o.Step[0][0] < 0, o.Step[1][1] < 0)
	}
	return layoutGrid(g, o.At, g.Board.Grids[o.Grid].Labels, false, o.Step[0][1] < 0, o.Step[1][0] < 0)
}

// layoutGrid fills the screen table from the grid coordinates.
func layoutGrid(g *Game, at map[[2]int]int32, labels [][]string, horiz0, rev0, rev1 bool) *GridView {
	colDim, rowDim, revCol, revRow := 0, 1, rev0, rev1
	if !horiz0 {
		colDim, rowDim, revCol, revRow = 1, 0, rev1, rev0
	}
	nc, nr := len(labels[colDim]), len(labels[rowDim])
	n := g.Board.N()
	v := &GridView{InGrid: make([]bool, n), File: make([]string, n), Rank: make([]string, n), ColOf: make([]int, n)}
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
		v.ColLabels = append(v.ColLabels, l)
	}
	for r := 0; r < nr; r++ {
		v.RowLabels = append(v.RowLabels, labels[rowDim][idx(r, nr, revRow)])
		row := make([]int32, nc)
		for c := range row {
			var key [2]int
			key[colDim], key[rowDim] = idx(c, nc, revCol), idx(r, nr, revRow)
			p, ok := at[key]
			if !ok {
				p = NoPos
			} else {
				v.InGrid[p] = true
				v.File[p], v.Rank[p] = labels[colDim][key[colDim]], labels[rowDim][key[rowDim]]
				v.ColOf[p] = c
			}
			row[c] = p
		}
		v.Cell = append(v.Cell, row)
	}
	return v
}
