// This file decides whether a board reads as cells or as points joined by
// lines, and which of its links are lines to draw.

package boardgeom

import (
	"fmt"
	"math"
	"sort"

	"zrun/vm"
)

// linkDrawing returns the board's links between drawn positions and whether
// they must be drawn: when some position is placed one by one rather than
// by a grid, when a link joins positions that are not grid neighbours (a
// line game's long lines, a hex board's steps), or when only some diagonal
// neighbours are linked (Alquerque's pattern of diagonals on a square grid).
func linkDrawing(g *vm.Game, cells []Cell, drawn map[int]int, unit float64) (bool, [][2]int) {
	b := g.Board
	linked := map[[2]int]bool{}
	directed := map[[2]int]bool{}
	var links [][2]int
	for p := range b.Positions {
		if _, ok := drawn[p]; !ok {
			continue
		}
		for d := range b.Dirs {
			q := b.Link(d, p)
			if q < 0 || q == p {
				continue
			}
			if _, ok := drawn[q]; !ok {
				continue
			}
			directed[[2]int{p, q}] = true
		}
	}
	// Only links that go both ways are lines of the board; one-way links
	// are paths pieces take (a mancala's sowing loop) and would cross it.
	for k := range directed {
		if k[0] < k[1] && directed[[2]int{k[1], k[0]}] {
			linked[k] = true
			links = append(links, k)
		}
	}
	sort.Slice(links, func(i, j int) bool {
		return links[i][0] < links[j][0] || links[i][0] == links[j][0] && links[i][1] < links[j][1]
	})
	points := false
	for _, c := range cells {
		if b.Positions[c.Pos].Grid < 0 {
			points = true
		}
	}
	// Links that leap (a knight's in an fmax.ini board) do not make a
	// board of lines when every square is linked to its orthogonal
	// neighbours: that is a board of cells with extra moves.
	if !points && !orthogonallyLinked(b, cells, linked, unit) {
		for _, k := range links {
			if !gridStep(b.Positions[k[0]], b.Positions[k[1]]) {
				points = true
			}
		}
	}
	// Diagonal neighbours: cells that touch at a corner only.
	diag, diagLinked := 0, 0
	for i := range cells {
		for j := i + 1; j < len(cells); j++ {
			a, c := cells[i], cells[j]
			if cornerTouch(a, c, unit) {
				diag++
				if linked[[2]int{min(a.Pos, c.Pos), max(a.Pos, c.Pos)}] {
					diagLinked++
				}
			}
		}
		if len(cells) > 400 {
			break // a huge board is a chess-like grid; skip the quadratic scan
		}
	}
	if diagLinked > 0 && diagLinked*10 < diag*9 {
		points = true
	}
	return points, links
}

// orthogonallyLinked reports whether every two drawn positions one grid
// step apart along one dimension are linked both ways.
func orthogonallyLinked(b *vm.Board, cells []Cell, linked map[[2]int]bool, unit float64) bool {
	type key struct {
		grid int
		c    string
	}
	at := map[key]int{}
	for i, c := range cells {
		pos := b.Positions[c.Pos]
		at[key{pos.Grid, fmt.Sprint(pos.Coords)}] = i
	}
	for _, c := range cells {
		pos := b.Positions[c.Pos]
		for d := range pos.Coords {
			next := append([]int(nil), pos.Coords...)
			next[d]++
			j, ok := at[key{pos.Grid, fmt.Sprint(next)}]
			if !ok {
				continue
			}
			// The neighbours must also tile: side by side or one above
			// the other, touching (a hex board's staggered cells do not).
			o := cells[j]
			aligned := math.Abs(c.X-o.X) < unit || math.Abs(c.Y-o.Y) < unit
			if !linked[[2]int{min(c.Pos, o.Pos), max(c.Pos, o.Pos)}] || !aligned || gap(c, o) > touchTolerance(c, o, unit) {
				return false
			}
		}
	}
	return true
}

// gridStep reports whether two positions are neighbours on the same grid
// (at most one step along each dimension): a link between them is a cell
// boundary, not a line to draw.
func gridStep(a, b vm.Position) bool {
	if a.Grid < 0 || a.Grid != b.Grid || len(a.Coords) != len(b.Coords) {
		return false
	}
	for i := range a.Coords {
		if d := a.Coords[i] - b.Coords[i]; d < -1 || d > 1 {
			return false
		}
	}
	return true
}

// gap is the distance between two cells' rectangles (0 when they touch).
func gap(a, b Cell) float64 {
	dx := math.Max(0, math.Max(a.X, b.X)-math.Min(a.X+a.W, b.X+b.W))
	dy := math.Max(0, math.Max(a.Y, b.Y)-math.Min(a.Y+a.H, b.Y+b.H))
	return math.Hypot(dx, dy)
}

// touchTolerance is how far apart two cells may stand and still count as
// touching: a board image's grid lines part them by up to a sixth of their
// size.
func touchTolerance(a, b Cell, unit float64) float64 {
	return math.Max(unit, math.Min(math.Min(a.W, a.H), math.Min(b.W, b.H))/6)
}

// cornerTouch reports whether two cells meet at a corner only.
func cornerTouch(a, b Cell, unit float64) bool {
	tol := touchTolerance(a, b, unit)
	near := func(x, y float64) bool { return math.Abs(x-y) < tol }
	return (near(a.X+a.W, b.X) || near(b.X+b.W, a.X)) && (near(a.Y+a.H, b.Y) || near(b.Y+b.H, a.Y))
}

// dropLongLinks leaves out links far longer than the board's typical one:
// they are jumps of the rules (a mancala pit's link to its store, a
// cylinder's wrap-around) rather than lines of the board, and drawn they
// would cross it.
func dropLongLinks(links [][2]int, cells []Cell, drawn map[int]int) [][2]int {
	if len(links) == 0 {
		return links
	}
	length := func(k [2]int) float64 {
		ax, ay := cells[drawn[k[0]]].Centre()
		bx, by := cells[drawn[k[1]]].Centre()
		return math.Hypot(ax-bx, ay-by)
	}
	ls := make([]float64, len(links))
	for i, k := range links {
		ls[i] = length(k)
	}
	sorted := append([]float64(nil), ls...)
	sort.Float64s(sorted)
	// Also longer than five cells: a board whose links are mostly such
	// jumps (Toguz Kumalak's pits to their stores) has a long median.
	sizes := make([]float64, len(cells))
	for i, c := range cells {
		sizes[i] = math.Min(c.W, c.H)
	}
	sort.Float64s(sizes)
	limit := math.Min(2.5*sorted[len(sorted)/2], 5*sizes[len(sizes)/2])
	var out [][2]int
	for i, k := range links {
		if ls[i] <= limit {
			out = append(out, k)
		}
	}
	return out
}
