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

// NewGridView picks the board's largest 2-D grid and orients it by the
// positions' screen rectangles (or, lacking them, numeric ranks ascending
// upwards as in chess). It returns nil when the board has no 2-D grid.
func NewGridView(g *Game) *GridView {
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
func orientGrid(b *Board, at map[[2]int]int32, gr *Grid) (horiz0, rev0, rev1 bool) {
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
		if absInt(dx0) >= absInt(dy0) {
			return true, dx0 < 0, dy1 < 0
		}
		return false, dy0 < 0, dx1 < 0
	}
	// No geometry (Fairy-Max boards): files across, numeric ranks upwards.
	return true, false, gr.LabelsAscend(1)
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
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
