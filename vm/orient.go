// This file decides how a board's 2-D grid is oriented and how its files
// and ranks are named, once for every caller: the screen orientation
// (terminal boards, SVG diagrams, SAN, Betza's "forward") and the FEN order
// (FEN, XBoard's square names).

package vm

import "strconv"

// Orientation is how a board's main 2-D grid (its largest) appears on
// screen, as the positions' rectangles place it.
type Orientation struct {
	Grid int              // index in Board.Grids; -1 when the board has no 2-D grid
	At   map[[2]int]int32 // grid coordinates -> position (dummies left out)
	// Across is the dimension that runs across the screen (0 or 1).
	Across int
	// Step[d] is the screen direction (sign of x, sign of y, y growing
	// downwards as Zillions draws) of one step up dimension d's labels.
	Step [2][2]int
	// Staggered: a hexagonal board drawn as a grid: cells next to each
	// other across the screen sit at different heights in most places, or
	// each row is shifted along the one before; a square layout (and
	// Betza) would misplace them.
	Staggered bool
}

// Orientation finds the board's largest 2-D grid and orients it by the
// positions' screen rectangles; lacking them (Fairy-Max boards), dimension 0
// runs across and numeric ranks that grow run up the screen, as in chess.
func (b *Board) Orientation() Orientation {
	o := Orientation{Grid: -1}
	bestN := 0
	for gi, gr := range b.Grids {
		if len(gr.Labels) != 2 {
			continue
		}
		if n := len(gr.Labels[0]) * len(gr.Labels[1]); n > bestN {
			o.Grid, bestN = gi, n
		}
	}
	if o.Grid < 0 {
		return o
	}
	o.At = map[[2]int]int32{}
	for p, pos := range b.Positions {
		if pos.Grid == o.Grid && len(pos.Coords) == 2 && !pos.Dummy {
			o.At[[2]int{pos.Coords[0], pos.Coords[1]}] = int32(p)
		}
	}
	o.orient(b, b.Grids[o.Grid].LabelsAscend(1))
	return o
}

// orient sets Across, Step and Staggered from the screen rectangles of the
// positions in At; lacking them, dimension 0 runs across and, when
// ranksAscend, dimension 1 runs up the screen.
func (o *Orientation) orient(b *Board, ranksAscend bool) {
	rect := func(c0, c1 int) ([4]int, bool) {
		p, ok := o.At[[2]int{c0, c1}]
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
		o.Step = [2][2]int{{sign(dx0), sign(dy0)}, {sign(dx1), sign(dy1)}}
		if absInt(dx0) < absInt(dy0) {
			o.Across = 1
		}
		// A hexagonal board is drawn either with staggered cells or with
		// each row shifted along the one before (a rhombus: both of a
		// step's screen coordinates change for one dimension only).
		o.Staggered = staggered(b, o.At, o.Across == 0) ||
			(dx0 != 0 && dy0 != 0) != (dx1 != 0 && dy1 != 0)
		return
	}
	o.Step = [2][2]int{{1, 0}, {0, 1}}
	if ranksAscend {
		o.Step[1][1] = -1
	}
}

// staggered reports whether cells next to each other along the grid's
// across dimension sit at different heights (more than a tenth of a cell)
// in most places: a hexagonal board drawn as a grid.
func staggered(b *Board, at map[[2]int]int32, horiz0 bool) bool {
	off, pairs := 0, 0
	for c, p := range at {
		q, ok := at[[2]int{c[0] + 1, c[1]}]
		if !horiz0 {
			q, ok = at[[2]int{c[0], c[1] + 1}]
		}
		if !ok {
			continue
		}
		r, s := b.Positions[p].Rect, b.Positions[q].Rect
		h := r[3] - r[1]
		if h <= 0 {
			return false
		}
		pairs++
		if absInt(r[1]-s[1])*10 > h && absInt(r[1]-s[1]) < h*10 {
			off++
		}
	}
	return pairs > 0 && 2*off > pairs
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// FENAxes names the files and ranks of a grid as FEN and XBoard do: the
// dimension whose labels are all numbers holds the ranks (dimension 1 when
// both or neither are), and rows are the rank labels from the top of the
// board: numbers from high to low, other labels in their order (the first is
// the top row). rows[r] is the rank label index drawn in row r.
func (gr *Grid) FENAxes() (fileDim, rankDim int, rows []int) {
	rankDim = 1
	if allNumbers(gr.Labels[0]) && !allNumbers(gr.Labels[1]) {
		rankDim = 0
	}
	ranks := gr.Labels[rankDim]
	rows = make([]int, len(ranks))
	for i := range rows {
		rows[i] = i
	}
	if allNumbers(ranks) {
		num := func(i int) int { n, _ := strconv.Atoi(ranks[i]); return n }
		for i := 1; i < len(rows); i++ {
			for j := i; j > 0 && num(rows[j]) > num(rows[j-1]); j-- {
				rows[j], rows[j-1] = rows[j-1], rows[j]
			}
		}
	}
	return 1 - rankDim, rankDim, rows
}

func allNumbers(ls []string) bool {
	for _, s := range ls {
		if _, err := strconv.Atoi(s); err != nil {
			return false
		}
	}
	return len(ls) > 0
}
