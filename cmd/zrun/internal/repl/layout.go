// This file lays out positions by their screen rectangles (the rule file's
// (positions (name x1 y1 x2 y2)) and grids' start-rectangle and steps) on a
// character grid: positions whose rectangles overlap are one site (a stack,
// Ur's b10..b13); sites at one height are one text line; across, a site's
// column is proportional to its centre, in units of the closest spacing of
// two sites on one line. Rows offset by half a cell (hexagonal boards) thus
// come out offset by half a cell.

package repl

import (
	"slices"
	"strconv"
	"strings"

	"zrun/vm"
)

// site is one place on screen: one position, or a stack of positions drawn
// over each other.
type site struct {
	pos    []int32 // the stack, its name-giving position first
	rect   [4]int  // union of the positions' rectangles
	cx, cy int     // centre, doubled to stay in integers
}

// siteLayout is the placed sites: lines of sites with their columns.
type siteLayout struct {
	b     *vm.Board
	rows  [][]*site // top to bottom, each left to right
	units [][]float64
}

// newSiteLayout places positions by their rectangles; nil when there are
// none or their rectangles do not tell them apart.
func newSiteLayout(b *vm.Board, positions []int32) *siteLayout {
	if len(positions) == 0 {
		return nil
	}
	var sites []*site
	for _, p := range positions {
		r := b.Positions[p].Rect
		var into *site
		for _, s := range sites {
			if stacked(s.rect, r) {
				into = s
				break
			}
		}
		if into == nil {
			sites = append(sites, &site{pos: []int32{p}, rect: r})
			continue
		}
		into.pos = append(into.pos, p)
		into.rect = [4]int{min(into.rect[0], r[0]), min(into.rect[1], r[1]), max(into.rect[2], r[2]), max(into.rect[3], r[3])}
	}
	if len(sites) < len(positions)/2 || (len(sites) == 1 && len(positions) > 1) {
		return nil // rectangles all alike: no layout to show
	}
	heights := []int{}
	for _, s := range sites {
		// the stack's name and place are those of its largest member, the
		// one the others are drawn on (b30 under b31..b33)
		slices.SortStableFunc(s.pos, func(x, y int32) int { return area(b.Positions[y].Rect) - area(b.Positions[x].Rect) })
		r := b.Positions[s.pos[0]].Rect
		s.cx, s.cy = r[0]+r[2], r[1]+r[3]
		heights = append(heights, 2*(r[3]-r[1]))
	}
	slices.Sort(heights)
	tol := max(heights[len(heights)/2]/4, 1)
	slices.SortStableFunc(sites, func(x, y *site) int { return x.cy - y.cy })
	l := &siteLayout{b: b}
	for i, s := range sites {
		if i == 0 || s.cy-l.rows[len(l.rows)-1][0].cy > tol {
			l.rows = append(l.rows, nil)
		}
		l.rows[len(l.rows)-1] = append(l.rows[len(l.rows)-1], s)
	}
	// unit: the closest spacing of neighbours on one line (else of any two
	// sites), so a board's cells are one unit apart.
	minX, unit := sites[0].cx, 0
	for _, s := range sites {
		minX = min(minX, s.cx)
	}
	for _, row := range l.rows {
		slices.SortStableFunc(row, func(x, y *site) int { return x.cx - y.cx })
		for i := 1; i < len(row); i++ {
			if d := row[i].cx - row[i-1].cx; d > tol && (unit == 0 || d < unit) {
				unit = d
			}
		}
	}
	if unit == 0 {
		for _, s := range sites {
			if d := s.cx - minX; d > tol && (unit == 0 || d < unit) {
				unit = d
			}
		}
	}
	unit = max(unit, 1)
	for _, row := range l.rows {
		var us []float64
		for _, s := range row {
			us = append(us, float64(s.cx-minX)/float64(unit))
		}
		l.units = append(l.units, us)
	}
	return l
}

func area(r [4]int) int { return (r[2] - r[0]) * (r[3] - r[1]) }

// stacked reports whether two rectangles overlap by more than a quarter of
// the smaller one: positions drawn on top of each other.
func stacked(a, b [4]int) bool {
	w := min(a[2], b[2]) - max(a[0], b[0])
	h := min(a[3], b[3]) - max(a[1], b[1])
	if w <= 0 || h <= 0 {
		return a == b
	}
	return 4*w*h > min(area(a), area(b))
}

// lines draws the sites: an occupied site as its piece (with "+N" for N
// more pieces in its stack), an empty one as its name.
func (l *siteLayout) lines(bp *boardPrinter, s *vm.State) []string {
	texts := make([][]string, len(l.rows))
	width := 1
	for r, row := range l.rows {
		for _, st := range row {
			t := l.b.Positions[st.pos[0]].Name
			n, top := 0, vm.Empty
			for _, p := range st.pos {
				if s.Board[p] != vm.Empty {
					if n == 0 {
						top = s.Board[p]
					}
					n++
				}
			}
			if n > 0 {
				t = bp.pieceText(top)
				if n > 1 {
					t += "+" + strconv.Itoa(n-1)
				}
			}
			texts[r] = append(texts[r], t)
			width = max(width, len([]rune(t)))
		}
	}
	step := float64(width + 1)
	rows := order(len(l.rows), bp.flip)
	var out []string
	maxCol := 0
	for r := range l.rows {
		for _, u := range l.units[r] {
			maxCol = max(maxCol, int(u*step+0.5))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		at := 0 // characters written
		cells := order(len(l.rows[r]), bp.flip)
		for _, i := range cells {
			col := int(l.units[r][i]*step + 0.5)
			if bp.flip {
				col = maxCol - col
			}
			if col < at {
				col = at // never overwrite a neighbour
			}
			b.WriteString(strings.Repeat(" ", col-at))
			t := texts[r][i]
			c := s.Board[l.rows[r][i].pos[0]]
			occupied := false
			for _, p := range l.rows[r][i].pos {
				if s.Board[p] != vm.Empty {
					c, occupied = s.Board[p], true
					break
				}
			}
			if occupied {
				b.WriteString(bp.paint(t, c.Owner()))
			} else {
				b.WriteString(bp.dim(t))
			}
			at = col + len([]rune(t))
			b.WriteString(" ")
			at++
		}
		out = append(out, b.String())
	}
	return out
}
