// This file defines GridView, the one place that decides how a board's main
// 2-D grid is oriented on screen and how its files and ranks are named.
// Terminal boards, SVG diagrams and SAN all read it.

package vm

import (
	"sort"
	"strconv"
)

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

// NewGridView lays out the board's main 2-D grid as Board.Orientation
// orients it. It returns nil when the board has no 2-D grid.
func NewGridView(g *Game) *GridView {
	o := g.Board.Orientation()
	if o.Grid < 0 {
		return nil
	}
	return o.view(g, g.Board.Grids[o.Grid].Labels)
}

// view lays out the positions of o.At, whose dimensions have labels.
func (o *Orientation) view(g *Game, labels [][]string) *GridView {
	// rev: a dimension's labels run against screen order (right to left, or
	// bottom to top).
	if o.Across == 0 {
		return layoutGrid(g, o.At, labels, true, o.Step[0][0] < 0, o.Step[1][1] < 0)
	}
	return layoutGrid(g, o.At, labels, false, o.Step[0][1] < 0, o.Step[1][0] < 0)
}

// Layer is one block of a board as drawn: a 2-D grid, or one level of a
// 3-D grid.
type Layer struct {
	Grid  int    // index in Board.Grids
	Title string // the level's label along the 3-D grid's depth ("" for a 2-D grid)
	View  *GridView
	// Staggered: a hexagonal board drawn as a grid (see Orientation).
	Staggered bool
}

// Layers lays out every grid of the board, in file order: each 2-D grid,
// and each level of a 3-D grid, taken along the dimension that does not move
// on screen (Raumschach's "E/D/C/B/A" with offset (0 0)), else the third;
// levels come in ascending label order. Each is oriented by its own
// rectangles as Orientation orients the main grid.
func Layers(g *Game) []Layer {
	b := g.Board
	var out []Layer
	for gi, gr := range b.Grids {
		switch len(gr.Labels) {
		case 2:
			o := Orientation{Grid: gi, At: map[[2]int]int32{}}
			for p, pos := range b.Positions {
				if pos.Grid == gi && len(pos.Coords) == 2 && !pos.Dummy {
					o.At[[2]int{pos.Coords[0], pos.Coords[1]}] = int32(p)
				}
			}
			o.orient(b, gr.LabelsAscend(1))
			out = append(out, Layer{Grid: gi, View: o.view(g, gr.Labels), Staggered: o.Staggered})
		case 3:
			out = append(out, levels(g, gi)...)
		}
	}
	return out
}

// levels lays out a 3-D grid as one layer per label of its depth.
func levels(g *Game, gi int) []Layer {
	b := g.Board
	gr := b.Grids[gi]
	byCoord := map[[3]int]int32{}
	for p, pos := range b.Positions {
		if pos.Grid == gi && len(pos.Coords) == 3 && !pos.Dummy {
			byCoord[[3]int{pos.Coords[0], pos.Coords[1], pos.Coords[2]}] = int32(p)
		}
	}
	depth := 2
	if o, ok := byCoord[[3]int{}]; ok {
		for d := 0; d < 3; d++ {
			var c [3]int
			c[d] = 1
			if q, ok := byCoord[c]; ok && b.Positions[q].Rect == b.Positions[o].Rect {
				depth = d
				break
			}
		}
	}
	d0, d1 := (depth+1)%3, (depth+2)%3
	if d0 > d1 {
		d0, d1 = d1, d0
	}
	order := make([]int, len(gr.Labels[depth]))
	for i := range order {
		order[i] = i
	}
	if !gr.LabelsAscend(depth) {
		less := func(a, b string) bool { return a < b }
		if allNumbers(gr.Labels[depth]) {
			less = func(a, b string) bool { x, _ := strconv.Atoi(a); y, _ := strconv.Atoi(b); return x < y }
		}
		sort.SliceStable(order, func(i, j int) bool { return less(gr.Labels[depth][order[i]], gr.Labels[depth][order[j]]) })
	}
	var out []Layer
	for _, k := range order {
		o := Orientation{Grid: gi, At: map[[2]int]int32{}}
		for c, p := range byCoord {
			if c[depth] == k {
				o.At[[2]int{c[d0], c[d1]}] = p
			}
		}
		o.orient(b, (&Grid{Labels: [][]string{gr.Labels[d0], gr.Labels[d1]}}).LabelsAscend(1))
		out = append(out, Layer{Grid: gi, Title: gr.Labels[depth][k],
			View: o.view(g, [][]string{gr.Labels[d0], gr.Labels[d1]}), Staggered: o.Staggered})
	}
	return out
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
	for c := 0; c < nc; c++ {
		// The rule file's own spelling, as moves, SAN and the Zillions
		// notation print it: a game whose description writes "I1" (to
		// keep i apart from 1 and l) still names its positions i1..i8,
		// and typed squares are matched in any case.
		v.ColLabels = append(v.ColLabels, labels[colDim][idx(c, nc, revCol)])
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

// CastleSide tells a castling move of s: 1 towards higher files (O-O), -1
// towards lower ones (O-O-O), 0 for any other move. Castling is the royal
// piece moving along its rank (or staying, as in some Chess960 arrays)
// while another piece of the mover moves along that rank too (or stays);
// the side is the other piece's, seen from the royal piece's square.
func (v *GridView) CastleSide(s *State, m *Move) int {
	royal := false
	for _, t := range s.Game().RoyalTypes(s.Mover()) {
		royal = royal || t == int(m.Piece)
	}
	if !royal || m.From < 0 || m.To < 0 || v.Rank[m.From] != v.Rank[m.To] {
		return 0
	}
	for _, a := range m.Actions(nil) {
		// The other piece may stay where it is: Chess960's King b1 to g1
		// with the Rook on f1 is "Rook f1 - f1".
		if a.Kind != ActMove || a.From == m.From || a.From < 0 || a.To < 0 ||
			!v.InGrid[a.From] || !v.InGrid[a.To] || v.Rank[a.From] != v.Rank[m.From] || v.Rank[a.To] != v.Rank[m.From] {
			continue
		}
		if c := s.Board[a.From]; c == Empty || c.Owner() != s.Mover() {
			continue
		}
		if v.ColOf[a.From] > v.ColOf[m.From] {
			return 1
		}
		return -1
	}
	return 0
}
