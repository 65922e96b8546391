// This file places a game's positions on screen: by the rule file's screen
// rectangles, by its grid, by its levels side by side, or as a list, and
// gives the labels, zones and positions without a place.

package boardgeom

import (
	"fmt"
	"math"
	"sort"

	"zrun/vm"
)

// Margin is the room left of the board for rank labels; file labels go
// below the board, within the same distance.
const Margin = 22.0

// refSize is the cell size the tolerances below were tuned at (the
// browser's); at other sizes they scale with the cells, so a board is
// classified the same way in a small movement diagram and in the browser.
const refSize = 56.0

// Shape is how a cell is drawn.
type Shape int

const (
	// Rect: the cell's rectangle, tiling the board with its neighbours.
	Rect Shape = iota
	// Hex: a hexagon of the layout's HexR around the cell's centre.
	Hex
	// Point: a disc at the cell's centre, on the board's lines.
	Point
)

// Cell is one position as drawn.
type Cell struct {
	Pos  int
	Name string
	// X, Y, W, H is the cell's box in layout units (y downwards); a hex or
	// a point is drawn around its centre.
	X, Y, W, H float64
	Shape      Shape
	// Dark: the cell is a dark square of a chequered board.
	Dark bool
	// Shade is a hexagon's colour, 0 to 2 (touching hexagons differ); -1
	// for a cell of a hex board that is off its lattice (a point).
	Shade int
	// Level is the cell's level on a board drawn as levels side by side.
	Level int
	// Helper: a position no visible piece can reach (Helpers): a turn
	// marker's or counter's square, not drawn as a square to play on.
	Helper bool
}

// Centre is the middle of the cell's box.
func (c Cell) Centre() (x, y float64) { return c.X + c.W/2, c.Y + c.H/2 }

// LabelKind says what a label names.
type LabelKind int

const (
	// File: a column's coordinate, below the board.
	File LabelKind = iota
	// Rank: a row's coordinate, left of the board (x < Margin).
	Rank
	// LevelName: a level of a board drawn as levels side by side.
	LevelName
	// PosName: a position's own name, on its cell (boards without a grid).
	PosName
)

// Label is a text written beside (or on) the board, centred on X with its
// baseline at Y.
type Label struct {
	X, Y float64
	Text string
	Kind LabelKind
}

// Zone is one of the file's zones for one player.
type Zone struct {
	Name      string
	Player    int
	Positions []int
}

// Layout is where and how a game's positions are drawn.
type Layout struct {
	// Cells are the positions with a place on screen.
	Cells  []Cell
	Labels []Label
	// W and H bound the cells and the rank labels (x from 0); file labels
	// go below H.
	W, H   float64
	Margin float64
	// Points: the board is drawn as points joined by Links (line games,
	// positions placed one by one) rather than as tiled cells.
	Points bool
	Links  [][2]int
	// Hex is "flat" or "pointy" when the cells are hexagons of
	// circumradius HexR ("flat": neighbours stand above each other).
	Hex  string
	HexR float64
	// Levels is the number of levels drawn side by side (0: a flat board).
	Levels int
	// Dummies are the positions without a place on screen (storage cells,
	// reserves, rectangles off the board's picture) that are not helpers;
	// a front end draws them beside the board.
	Dummies []int
	// Zones are the file's zones, per player, with the positions in them.
	Zones []Zone
	// PixelScale is the layout units of one pixel of the board's
	// pictures, and PixelX, PixelY where the pictures' top-left corner
	// goes, when the positions were placed by the rule file's screen
	// rectangles (which are in the pictures' pixels); 0 otherwise.
	PixelScale     float64
	PixelX, PixelY float64
	byPos          map[int]int
	helper         map[int]bool
}

// New lays out g's board with cells about size units wide.
func New(g *vm.Game, size float64) *Layout { return NewFor(g, size, nil) }

// NewFor is New for a game whose pictures are pics (nil: none known):
// the pictures tell which pieces cannot be seen, so which positions are
// only theirs (Helpers).
func NewFor(g *vm.Game, size float64, pics *PictureSet) *Layout {
	l := &Layout{Margin: Margin, byPos: map[int]int{}}
	l.helper = helpersOf(g, pics)
	if g.Moves != nil {
		l.helper = offPictureUnused(g, pics)
	}
	unit := size / refSize
	gv := vm.NewGridView(g)
	switch {
	case l.placeLevels(g, size):
		fitGridCells(g, l.Cells, unit) // colours each level's squares by its grid
	case hasRects(g.Board):
		l.placeRects(g, gv, size)
	case gv != nil:
		l.placeGrid(gv, size)
	default:
		l.placeList(g, size)
	}
	for i := range l.Cells {
		c := &l.Cells[i]
		c.Name = g.Board.Positions[c.Pos].Name
		c.Helper = l.helper[c.Pos]
		l.byPos[c.Pos] = i
	}
	if len(l.helper) > 0 {
		// The board ends where its squares do: a helper row (Splut's
		// rank 0, Kamisado's rank 9) leaves no blank band beside it.
		w, h := 0.0, 0.0
		for _, c := range l.Cells {
			if !c.Helper {
				w, h = max(w, c.X+c.W), max(h, c.Y+c.H)
			}
		}
		if w > 0 {
			for i := range l.Labels {
				if l.Labels[i].Kind == File {
					l.Labels[i].Y += h - l.H
				}
			}
			l.W, l.H = w, h
		}
	}
	for p := range g.Board.Positions {
		// A helper (Splut's hub z0, Kamisado's marker rank) holds no
		// piece anyone sees: it gets no box beside the board either.
		if _, ok := l.byPos[p]; !ok && !l.helper[p] {
			l.Dummies = append(l.Dummies, p)
		}
	}
	for z, zone := range g.Board.Zones {
		for pl := range zone.Members {
			zj := Zone{Name: zone.Name, Player: pl}
			for p := range g.Board.Positions {
				if g.Board.InZone(z, pl, p) {
					zj.Positions = append(zj.Positions, p)
				}
			}
			if len(zj.Positions) > 0 {
				l.Zones = append(l.Zones, zj)
			}
		}
	}
	l.Points, l.Links = linkDrawing(g, l.Cells, l.byPos, unit)
	if l.Points {
		if orient, r, shades, centres, ok := hexTiling(l.Cells); ok {
			l.Points, l.Hex, l.HexR = false, orient, r
			for i := range l.Cells {
				c := &l.Cells[i]
				c.Shade = shades[i]
				if c.Shade >= 0 {
					c.X, c.Y = centres[i][0]-c.W/2, centres[i][1]-c.H/2
				}
			}
			l.fitHexagons()
		}
	}
	if !l.Points {
		l.Links = nil
	}
	l.Links = dropLongLinks(l.Links, l.Cells, l.byPos)
	for i := range l.Cells {
		c := &l.Cells[i]
		switch {
		case l.Points || l.Hex != "" && c.Shade < 0:
			c.Shape = Point
		case l.Hex != "":
			c.Shape = Hex
		}
	}
	return l
}

// FitPicture makes room for a board picture of w×h pixels and returns
// where it goes in layout units; ok is false when the positions were not
// placed by the pictures' pixels (a grid without rectangles, levels side
// by side), so no picture fits them.
func (l *Layout) FitPicture(w, h int) (x, y, pw, ph float64, ok bool) {
	if l.PixelScale == 0 || w <= 0 || h <= 0 {
		return 0, 0, 0, 0, false
	}
	x, y, pw, ph = l.PixelX, l.PixelY, float64(w)*l.PixelScale, float64(h)*l.PixelScale
	l.W, l.H = max(l.W, x+pw), max(l.H, y+ph)
	return x, y, pw, ph, true
}

// CellOf returns position p's cell, if it has a place on screen.
func (l *Layout) CellOf(p int) (Cell, bool) {
	i, ok := l.byPos[p]
	if !ok {
		return Cell{}, false
	}
	return l.Cells[i], true
}

// hasRects reports whether most positions have distinct screen rectangles.
func hasRects(b *vm.Board) bool {
	n, seen := 0, map[[4]int]bool{}
	for _, p := range b.Positions {
		r := p.Rect
		if !p.Dummy && r[2] > r[0] && r[3] > r[1] && !seen[r] {
			seen[r] = true
			n++
		}
	}
	return n > 0 && 2*n >= len(b.Positions)
}

// placeRects scales the file's screen rectangles so that the median cell
// is size wide.
// offPictureUnused is what stands for helpers in a game whose moves a
// script gives (Helpers cannot follow them): on a board picture, the
// positions whose rectangle is off the picture and on which no piece anyone
// sees starts. Zillions shows only its picture, so these are never seen
// there either; Axiomatic Ur's grid runs on to files a-g left of the
// picture, and without this they were 35 empty boxes beside the board.
func offPictureUnused(g *vm.Game, pics *PictureSet) map[int]bool {
	b := g.Board
	if len(b.Images) == 0 {
		return nil
	}
	seen := make([]bool, b.N())
	for _, it := range g.Setup {
		if it.Pos >= 0 && it.Pos < len(seen) && (pics == nil || !pics.Invisible(it.Type)) {
			seen[it.Pos] = true
		}
	}
	// The picture's size, when known, tells the positions right of it or
	// below it too (Axiomatic Splut's rank 0, below its diamond).
	w, ht := math.MaxInt/2, math.MaxInt/2
	if pics != nil && len(pics.Board) > 0 {
		if bp := pics.List[pics.Board[0]]; bp.W > 0 && bp.H > 0 {
			w, ht = bp.W, bp.H
		}
	}
	var h map[int]bool
	for p, pos := range b.Positions {
		r := pos.Rect
		if r[2] <= r[0] || r[3] <= r[1] || pos.Dummy || seen[p] {
			continue
		}
		if offPicture(r) || r[0]+r[2] > 2*w || r[1]+r[3] > 2*ht {
			if h == nil {
				h = map[int]bool{}
			}
			h[p] = true
		}
	}
	return h
}

// offPicture tells whether a screen rectangle's centre lies left of or
// above a board picture's corner (pixel 0, 0), off what Zillions shows.
func offPicture(r [4]int) bool { return r[0]+r[2] < 0 || r[1]+r[3] < 0 }

func (l *Layout) placeRects(g *vm.Game, gv *vm.GridView, size float64) {
	b := g.Board
	var widths []int
	minX, minY := math.MaxInt, math.MaxInt
	// On a board picture, a rectangle whose centre lies left of or above
	// the picture's corner (Kamisado's helper rank 9, at y -44..4 over a
	// picture from 0) is off the screen Zillions shows: its position is
	// drawn beside the board, with the positions that have no rectangle
	// (none, if it is a helper), and leaves no blank band over the picture.
	off := func(r [4]int) bool { return len(b.Images) > 0 && offPicture(r) }
	for _, p := range b.Positions {
		r := p.Rect
		if p.Dummy || r[2] <= r[0] || r[3] <= r[1] || off(r) {
			continue
		}
		widths = append(widths, r[2]-r[0])
		minX, minY = min(minX, r[0]), min(minY, r[1])
	}
	sort.Ints(widths)
	scale := size / float64(widths[len(widths)/2])
	if len(b.Images) > 0 {
		// The picture's top-left corner is pixel (0, 0) of the
		// rectangles: all of it is shown, even where no position lies.
		minX, minY = min(minX, 0), min(minY, 0)
		l.PixelScale, l.PixelX, l.PixelY = scale, Margin-float64(minX)*scale, -float64(minY)*scale
	}
	for p, pos := range b.Positions {
		r := pos.Rect
		if pos.Dummy || r[2] <= r[0] || r[3] <= r[1] || off(r) {
			continue
		}
		c := Cell{Pos: p, X: Margin + float64(r[0]-minX)*scale, Y: float64(r[1]-minY) * scale,
			W: float64(r[2]-r[0]) * scale, H: float64(r[3]-r[1]) * scale}
		l.Cells = append(l.Cells, c)
		l.W, l.H = max(l.W, c.X+c.W), max(l.H, c.Y+c.H)
	}
	// Colour like a chessboard: the bottom-left square is dark.
	for i := range l.Cells {
		c := &l.Cells[i]
		col, row := int(math.Round((c.X-Margin)/size)), int(math.Round((l.H-c.Y-c.H)/size))
		c.Dark = (col+row)%2 == 0
	}
	// Grid squares larger than the grid's step overlap their neighbours by
	// design; fitted to the step first, they are not taken for piles.
	fitGridCells(g, l.Cells, size/refSize)
	spreadStacks(l.Cells)
	nestedUnder(l.Cells)
	l.gridLabels(gv)
}

// nestedUnder puts the larger cells first when a board lies over another
// (QXO's 3x3 squares, each over nine of its 9x9 grid's): cells are drawn
// in order, so the small ones stay on top, where a click finds them.
// Boards without nesting keep the file's order.
func nestedUnder(cells []Cell) {
	nested := false
	for i := range cells {
		for j := range cells {
			a, b := &cells[i], &cells[j]
			if a.W*a.H > 2*b.W*b.H && a.X <= b.X && a.Y <= b.Y && a.X+a.W >= b.X+b.W && a.Y+a.H >= b.Y+b.H {
				nested = true
			}
		}
	}
	if nested {
		sort.SliceStable(cells, func(i, j int) bool { return cells[i].W*cells[i].H > cells[j].W*cells[j].H })
	}
}

// spreadStacks lays out side by side the positions a file stacks on top of
// each other. Ur's pile of four squares b30..b33, each 4 pixels from the
// next, is drawn by Zillions as a pile of pieces over its board image; drawn
// as they are, the empty squares hide each other and cannot be clicked. A
// group of cells that overlap (each by over a quarter of the smaller one)
// is spread as a grid over the area the group covers, in the file's order
// from top left to bottom right, so each stays visible and no other cell is
// touched.
func spreadStacks(cells []Cell) {
	n := len(cells)
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			a, b := &cells[i], &cells[j]
			ix := min(a.X+a.W, b.X+b.W) - max(a.X, b.X)
			iy := min(a.Y+a.H, b.Y+b.H) - max(a.Y, b.Y)
			// A pile's squares are alike; a square over a smaller one is a
			// board over a board (QXO's 3x3 squares over its 9x9 grid, a
			// third as wide), not a pile.
			aa, ba := a.W*a.H, b.W*b.H
			if ix > 0 && iy > 0 && ix*iy > 0.25*min(aa, ba) && min(aa, ba) > 0.5*max(aa, ba) {
				parent[find(i)] = find(j)
			}
		}
	}
	groups := map[int][]int{}
	for i := range cells {
		groups[find(i)] = append(groups[find(i)], i)
	}
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, i := range g {
			c := cells[i]
			x0, y0, x1, y1 = min(x0, c.X), min(y0, c.Y), max(x1, c.X+c.W), max(y1, c.Y+c.H)
		}
		sort.Slice(g, func(a, b int) bool {
			ca, cb := cells[g[a]], cells[g[b]]
			if ca.Y != cb.Y {
				return ca.Y < cb.Y
			}
			return ca.X < cb.X
		})
		cols := int(math.Ceil(math.Sqrt(float64(len(g)))))
		rows := (len(g) + cols - 1) / cols
		w, h := (x1-x0)/float64(cols), (y1-y0)/float64(rows)
		gap := 0.06 * min(w, h)
		for k, i := range g {
			c := &cells[i]
			c.X, c.Y = x0+float64(k%cols)*w+gap, y0+float64(k/cols)*h+gap
			c.W, c.H = w-2*gap, h-2*gap
		}
	}
}

// placeGrid lays out the grid as the grid view orients it (files without
// screen rectangles, such as fmax.ini).
func (l *Layout) placeGrid(gv *vm.GridView, size float64) {
	for r, row := range gv.Cell {
		for c, p := range row {
			if p < 0 {
				continue
			}
			fromBottom := len(gv.Cell) - 1 - r
			l.Cells = append(l.Cells, Cell{Pos: int(p), X: Margin + float64(c)*size, Y: float64(r) * size,
				W: size, H: size, Dark: (fromBottom+c)%2 == 0})
		}
	}
	l.W, l.H = Margin+float64(len(gv.ColLabels))*size, float64(len(gv.Cell))*size
	l.gridLabels(gv)
}

// gridLabels puts file labels under the lowest cell of each grid column and
// rank labels left of the leftmost cell of each row.
func (l *Layout) gridLabels(gv *vm.GridView) {
	if gv == nil {
		return
	}
	cellOf := map[int32]Cell{}
	for _, c := range l.Cells {
		cellOf[int32(c.Pos)] = c
	}
	for ci, t := range gv.ColLabels {
		var best *Cell
		for _, row := range gv.Cell {
			if c, ok := cellOf[row[ci]]; ok && row[ci] >= 0 && !l.helper[c.Pos] && (best == nil || c.Y > best.Y) {
				best = &c
			}
		}
		if best != nil {
			l.Labels = append(l.Labels, Label{best.X + best.W/2, l.H + 15, t, File})
		}
	}
	for ri, t := range gv.RowLabels {
		var best *Cell
		for _, p := range gv.Cell[ri] {
			if c, ok := cellOf[p]; ok && p >= 0 && !l.helper[c.Pos] && (best == nil || c.X < best.X) {
				best = &c
			}
		}
		if best != nil {
			l.Labels = append(l.Labels, Label{Margin / 2, best.Y + best.H/2 + 4, t, Rank})
		}
	}
}

// placeList draws a board without geometry as rows of ten named cells.
func (l *Layout) placeList(g *vm.Game, size float64) {
	for p, pos := range g.Board.Positions {
		if pos.Dummy {
			continue
		}
		i := len(l.Cells)
		c := Cell{Pos: p, X: Margin + float64(i%10)*size, Y: float64(i/10) * size, W: size, H: size,
			Dark: (i%10+i/10)%2 == 1}
		l.Cells = append(l.Cells, c)
		l.W, l.H = max(l.W, c.X+c.W), max(l.H, c.Y+c.H)
		l.Labels = append(l.Labels, Label{c.X + size/2, c.Y + size - 3, pos.Name, PosName})
	}
}

// placeLevels lays out a board whose levels the file puts on the same
// screen rectangles as the levels side by side, each a 2-D board named
// below it: a three-dimensional grid (Raumschach: offset (0 0) for the
// level dimension) or several 2-D grids (3-D Morris: one grid a level, no
// screen rectangles). It reports false, placing nothing, for any other
// board.
func (l *Layout) placeLevels(g *vm.Game, size float64) bool {
	b := g.Board
	if len(b.Grids) == 0 {
		return false
	}
	type placed struct{ p, x, y, level int }
	var ps []placed
	var levelNames []string
	var fileLabels [][]string // per level
	var rankLabels []string
	switch {
	case len(b.Grids) == 1 && len(b.Grids[0].Labels) == 3:
		lb := b.Grids[0].Labels
		levelNames, rankLabels = lb[2], lb[1]
		for range lb[2] {
			fileLabels = append(fileLabels, lb[0])
		}
	case len(b.Grids) > 1:
		for gi, gr := range b.Grids {
			if len(gr.Labels) != 2 {
				return false
			}
			fileLabels = append(fileLabels, gr.Labels[0])
			levelNames = append(levelNames, fmt.Sprintf("%d", gi+1))
			if len(gr.Labels[1]) > len(rankLabels) {
				rankLabels = gr.Labels[1]
			}
		}
	default:
		return false
	}
	seen := map[[4]int]bool{}
	for p, pos := range b.Positions {
		if pos.Grid < 0 || pos.Dummy {
			continue
		}
		seen[pos.Rect] = true
		switch len(pos.Coords) {
		case 3:
			ps = append(ps, placed{p, pos.Coords[0], pos.Coords[1], pos.Coords[2]})
		case 2:
			ps = append(ps, placed{p, pos.Coords[0], pos.Coords[1], pos.Grid})
		}
	}
	if len(ps) == 0 || 2*len(seen) >= len(ps) {
		return false // the file places the levels apart itself
	}
	cols := 0
	for _, fl := range fileLabels {
		cols = max(cols, len(fl))
	}
	rows := len(rankLabels)
	// A level is its columns wide, and one empty column parts it from the
	// next.
	blockW := float64(cols+1) * size
	for _, q := range ps {
		l.Cells = append(l.Cells, Cell{Pos: q.p, X: Margin + float64(q.level)*blockW + float64(q.x)*size,
			Y: float64(q.y) * size, W: size, H: size, Dark: (q.x+q.y+q.level)%2 == 1, Level: q.level})
	}
	l.Levels = len(levelNames)
	l.W, l.H = Margin+float64(len(levelNames))*blockW-size, float64(rows)*size
	for z, name := range levelNames {
		x0 := Margin + float64(z)*blockW
		l.Labels = append(l.Labels, Label{x0 + float64(cols)*size/2, l.H + 30, "level " + name, LevelName})
		for x, f := range fileLabels[z] {
			l.Labels = append(l.Labels, Label{x0 + (float64(x)+0.5)*size, l.H + 15, f, File})
		}
	}
	for y, r := range rankLabels {
		l.Labels = append(l.Labels, Label{Margin / 2, (float64(y)+0.5)*size + 4, r, Rank})
	}
	return true
}

// fitGridCells shrinks grid cells that are larger than the grid's step
// (Tenjiku Shogi's 49-pixel squares every 36 pixels: Zillions draws piece
// bitmaps there, overlapping) to the step around their centres, so that
// every square shows and takes its own clicks.
func fitGridCells(g *vm.Game, cells []Cell, unit float64) {
	eps := 0.5 * unit
	stepX, stepY := map[int]float64{}, map[int]float64{}
	for i, a := range cells {
		pa := g.Board.Positions[a.Pos]
		if pa.Grid < 0 {
			continue
		}
		for _, b := range cells[i+1:] {
			pb := g.Board.Positions[b.Pos]
			if pb.Grid != pa.Grid || !gridStep(pa, pb) {
				continue
			}
			dx, dy := math.Abs(a.X+a.W/2-b.X-b.W/2), math.Abs(a.Y+a.H/2-b.Y-b.H/2)
			if dy < eps && dx > eps && (stepX[pa.Grid] == 0 || dx < stepX[pa.Grid]) {
				stepX[pa.Grid] = dx
			}
			if dx < eps && dy > eps && (stepY[pa.Grid] == 0 || dy < stepY[pa.Grid]) {
				stepY[pa.Grid] = dy
			}
		}
		if len(cells) > 2000 {
			break
		}
	}
	for i := range cells {
		c := &cells[i]
		gr := g.Board.Positions[c.Pos].Grid
		if gr < 0 {
			continue
		}
		if sx := stepX[gr]; sx > 0 && c.W > sx+eps {
			c.X, c.W = c.X+(c.W-sx)/2, sx
		}
		if sy := stepY[gr]; sy > 0 && c.H > sy+eps {
			c.Y, c.H = c.Y+(c.H-sy)/2, sy
		}
	}
	// Colour by grid coordinates, like a chessboard whose bottom-left
	// square is dark (colouring by the rectangles counts cells by their
	// size, which the step no longer is).
	var corner *Cell
	for i := range cells {
		c := &cells[i]
		if pos := g.Board.Positions[c.Pos]; pos.Grid >= 0 && len(pos.Coords) == 2 &&
			(corner == nil || c.Y > corner.Y+eps || math.Abs(c.Y-corner.Y) <= eps && c.X < corner.X) {
			corner = c
		}
	}
	if corner == nil {
		return
	}
	cc := g.Board.Positions[corner.Pos].Coords
	for i := range cells {
		c := &cells[i]
		if pos := g.Board.Positions[c.Pos]; pos.Grid >= 0 && len(pos.Coords) == 2 {
			c.Dark = (pos.Coords[0]+pos.Coords[1]-cc[0]-cc[1])%2 == 0
		}
	}
}
