// This file draws boards as SVG: any grid shape (positions where the rule
// file puts them on screen, or the REPL's grid layout for files without
// screen geometry such as fmax.ini), coordinates, pieces as chess glyphs
// where they exist and lettered discs otherwise, and movement-diagram marks.
// Output is well-formed XML so it can sit inside XHTML pages.

package docpage

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"zrun/cmd/zrun/internal/play"
	"zrun/vm"
	"zrun/vm/describe"
)

// svgCell is one drawn position.
type svgCell struct {
	pos        int32
	x, y, w, h float64
	dark       bool
}

// svgLabel is a coordinate written beside the board.
type svgLabel struct {
	x, y float64
	text string
}

// svgBoard is the layout of one game's board, computed once and drawn for
// any position.
type svgBoard struct {
	g      *vm.Game
	cells  []svgCell
	byPos  map[int32]int
	labels []svgLabel
	w, h   float64
}

const svgMargin = 22.0 // room for coordinates on the left and below

// newSVGBoard lays out g's board with cells about `size` pixels wide: from
// the positions' screen rectangles when the file gives them, else from the
// grid, else as a row of named cells.
func newSVGBoard(g *vm.Game, size float64) *svgBoard {
	sb := &svgBoard{g: g, byPos: map[int32]int{}}
	gv := vm.NewGridView(g)
	switch {
	case hasRects(g.Board):
		sb.layoutRects(gv, size)
	case gv != nil:
		sb.layoutGrid(gv, size)
	default:
		sb.layoutList(size)
	}
	for i, c := range sb.cells {
		sb.byPos[c.pos] = i
	}
	return sb
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

func (sb *svgBoard) layoutRects(gv *vm.GridView, size float64) {
	b := sb.g.Board
	var widths []int
	minX, minY := math.MaxInt, math.MaxInt
	for _, p := range b.Positions {
		r := p.Rect
		if p.Dummy || r[2] <= r[0] || r[3] <= r[1] {
			continue
		}
		widths = append(widths, r[2]-r[0])
		minX, minY = min(minX, r[0]), min(minY, r[1])
	}
	sort.Ints(widths)
	scale := size / float64(widths[len(widths)/2])
	for p, pos := range b.Positions {
		r := pos.Rect
		if pos.Dummy || r[2] <= r[0] || r[3] <= r[1] {
			continue
		}
		c := svgCell{pos: int32(p), x: svgMargin + float64(r[0]-minX)*scale, y: float64(r[1]-minY) * scale,
			w: float64(r[2]-r[0]) * scale, h: float64(r[3]-r[1]) * scale}
		sb.cells = append(sb.cells, c)
		sb.w, sb.h = max(sb.w, c.x+c.w), max(sb.h, c.y+c.h)
	}
	// Colour like a chessboard: the bottom-left square is dark.
	for i := range sb.cells {
		c := &sb.cells[i]
		col, row := int(math.Round((c.x-svgMargin)/size)), int(math.Round((sb.h-c.y-c.h)/size))
		c.dark = (col+row)%2 == 0
	}
	sb.spreadStacks()
	sb.gridLabels(gv)
}

// spreadStacks lays out side by side the positions a file stacks on top of
// each other. Ur's pile of four squares b30..b33, each 4 pixels from the
// next, is drawn by Zillions as a pile of pieces over its board image; drawn
// as they are, the empty squares hide each other and cannot be clicked. A
// group of cells that overlap (each by over a quarter of the smaller one)
// is spread as a grid over the area the group covers, in the file's order
// from top left to bottom right, so each stays visible and no other cell is
// touched.
func (sb *svgBoard) spreadStacks() {
	n := len(sb.cells)
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			a, b := &sb.cells[i], &sb.cells[j]
			ix := min(a.x+a.w, b.x+b.w) - max(a.x, b.x)
			iy := min(a.y+a.h, b.y+b.h) - max(a.y, b.y)
			if ix > 0 && iy > 0 && ix*iy > 0.25*min(a.w*a.h, b.w*b.h) {
				parent[find(i)] = find(j)
			}
		}
	}
	groups := map[int][]int{}
	for i := range sb.cells {
		groups[find(i)] = append(groups[find(i)], i)
	}
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, i := range g {
			c := sb.cells[i]
			x0, y0, x1, y1 = min(x0, c.x), min(y0, c.y), max(x1, c.x+c.w), max(y1, c.y+c.h)
		}
		sort.Slice(g, func(a, b int) bool {
			ca, cb := sb.cells[g[a]], sb.cells[g[b]]
			if ca.y != cb.y {
				return ca.y < cb.y
			}
			return ca.x < cb.x
		})
		cols := int(math.Ceil(math.Sqrt(float64(len(g)))))
		rows := (len(g) + cols - 1) / cols
		w, h := (x1-x0)/float64(cols), (y1-y0)/float64(rows)
		gap := 0.06 * min(w, h)
		for k, i := range g {
			c := &sb.cells[i]
			c.x, c.y = x0+float64(k%cols)*w+gap, y0+float64(k/cols)*h+gap
			c.w, c.h = w-2*gap, h-2*gap
		}
	}
}

func (sb *svgBoard) layoutGrid(gv *vm.GridView, size float64) {
	for r, row := range gv.Cell {
		for c, p := range row {
			if p < 0 {
				continue
			}
			fromBottom := len(gv.Cell) - 1 - r
			sb.cells = append(sb.cells, svgCell{pos: p, x: svgMargin + float64(c)*size, y: float64(r) * size,
				w: size, h: size, dark: (fromBottom+c)%2 == 0})
		}
	}
	sb.w, sb.h = svgMargin+float64(len(gv.ColLabels))*size, float64(len(gv.Cell))*size
	sb.gridLabels(gv)
}

// gridLabels puts file labels under the lowest cell of each grid column and
// rank labels left of the leftmost cell of each row.
func (sb *svgBoard) gridLabels(gv *vm.GridView) {
	if gv == nil {
		return
	}
	cellOf := map[int32]svgCell{}
	for _, c := range sb.cells {
		cellOf[c.pos] = c
	}
	for ci, l := range gv.ColLabels {
		var best *svgCell
		for _, row := range gv.Cell {
			if c, ok := cellOf[row[ci]]; ok && row[ci] >= 0 && (best == nil || c.y > best.y) {
				cc := c
				best = &cc
			}
		}
		if best != nil {
			sb.labels = append(sb.labels, svgLabel{best.x + best.w/2, sb.h + 15, l})
		}
	}
	for ri, l := range gv.RowLabels {
		var best *svgCell
		for _, p := range gv.Cell[ri] {
			if c, ok := cellOf[p]; ok && p >= 0 && (best == nil || c.x < best.x) {
				cc := c
				best = &cc
			}
		}
		if best != nil {
			sb.labels = append(sb.labels, svgLabel{svgMargin / 2, best.y + best.h/2 + 4, l})
		}
	}
}

// layoutList draws a board without geometry as rows of ten named cells.
func (sb *svgBoard) layoutList(size float64) {
	for p, pos := range sb.g.Board.Positions {
		if pos.Dummy {
			continue
		}
		i := len(sb.cells)
		c := svgCell{pos: int32(p), x: svgMargin + float64(i%10)*size, y: float64(i/10) * size, w: size, h: size,
			dark: (i%10+i/10)%2 == 1}
		sb.cells = append(sb.cells, c)
		sb.w, sb.h = max(sb.w, c.x+c.w), max(sb.h, c.y+c.h)
		sb.labels = append(sb.labels, svgLabel{c.x + size/2, c.y + size - 3, pos.Name})
	}
}

// svgOptions says what to draw on the board besides the pieces.
type svgOptions struct {
	title  string
	marks  []describe.SquareMark // movement-diagram marks by position (nil: none)
	origin int                   // the diagram's piece square, highlighted
	// hand, when set, gives the pieces in hand (player, type) drawn below
	// the board with the occupied positions that are not drawn on it.
	hand func(pl, t int) int64
}

// svgExtra is a piece drawn below the board: on a position without a place
// on screen (a dummy square), or in a player's hand.
type svgExtra struct {
	cell  vm.Cell
	label string
}

const extraW, extraSize = 84.0, 30.0

func (sb *svgBoard) extras(board []vm.Cell, opt svgOptions) []svgExtra {
	var out []svgExtra
	for p, c := range board {
		if _, drawn := sb.byPos[int32(p)]; c != vm.Empty && !drawn {
			out = append(out, svgExtra{c, sb.g.Board.Positions[p].Name})
		}
	}
	if opt.hand != nil {
		for pl := range sb.g.Players {
			for t := range sb.g.Pieces {
				if n := opt.hand(pl, t); n > 0 {
					out = append(out, svgExtra{vm.MakeCell(t, pl, 0), fmt.Sprintf("in hand ×%d", n)})
				}
			}
		}
	}
	return out
}

// render writes a complete <svg> element showing board (nil: empty).
func (sb *svgBoard) render(w io.Writer, board []vm.Cell, opt svgOptions) {
	extra := sb.extras(board, opt)
	width, height := sb.w+2, sb.h+svgMargin
	perRow := max(1, int((width-svgMargin)/extraW))
	if len(extra) > 0 {
		width = max(width, svgMargin+extraW*float64(min(len(extra), perRow)))
		height += 16 + float64((len(extra)+perRow-1)/perRow)*(extraSize+16)
	}
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" role="img">`,
		width, height, width, height)
	if opt.title != "" {
		fmt.Fprintf(w, "<title>%s</title>", xmlText(opt.title))
	}
	for _, c := range sb.cells {
		fill := "#f0d9b5"
		if c.dark {
			fill = "#b58863"
		}
		if opt.marks != nil && int(c.pos) == opt.origin {
			fill = "#e8c547"
		}
		fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" stroke="#6b4f35" stroke-width="0.5"/>`,
			c.x, c.y, c.w, c.h, fill)
	}
	for _, l := range sb.labels {
		size := 11.0
		if len(l.text) > 3 {
			size = 8
		}
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-family="sans-serif" font-size="%.0f" text-anchor="middle" fill="#444">%s</text>`,
			l.x, l.y, size, xmlText(l.text))
	}
	if opt.marks != nil {
		for _, c := range sb.cells {
			if int(c.pos) < len(opt.marks) {
				writeMark(w, c, opt.marks[c.pos])
			}
		}
	}
	for _, c := range sb.cells {
		if board != nil && board[c.pos] != vm.Empty {
			sb.writePiece(w, board[c.pos], c.x+c.w/2, c.y+c.h/2, min(c.w, c.h))
		}
	}
	for i, e := range extra {
		x := svgMargin + float64(i%perRow)*extraW + extraW/2
		y := sb.h + svgMargin + 16 + float64(i/perRow)*(extraSize+16) + extraSize/2
		sb.writePiece(w, e.cell, x, y, extraSize)
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-family="sans-serif" font-size="9" text-anchor="middle" fill="#444">%s</text>`,
			x, y+extraSize/2+10, xmlText(e.label))
	}
	io.WriteString(w, "</svg>")
}

// Mark styles: a filled disc where the piece moves and captures, a ring
// where it only moves, a cross where it only captures; dashed for moves
// only a piece that has not moved yet has.
func writeMark(w io.Writer, c svgCell, m describe.SquareMark) {
	if m == 0 {
		return
	}
	cx, cy, r := c.x+c.w/2, c.y+c.h/2, min(c.w, c.h)*0.28
	dash := ""
	if m&describe.MarkInitial != 0 {
		dash = ` stroke-dasharray="3,2"`
	}
	kind := "move-capture"
	switch {
	case m&describe.MarkMove != 0 && m&describe.MarkCapture != 0:
		if dash != "" {
			fmt.Fprintf(w, `<circle class="%s" cx="%.1f" cy="%.1f" r="%.1f" fill="#2b7a3d" fill-opacity="0.45" stroke="#2b7a3d" stroke-width="2"%s/>`, kind, cx, cy, r, dash)
		} else {
			fmt.Fprintf(w, `<circle class="%s" cx="%.1f" cy="%.1f" r="%.1f" fill="#2b7a3d"/>`, kind, cx, cy, r)
		}
	case m&describe.MarkMove != 0:
		kind = "move-only"
		fmt.Fprintf(w, `<circle class="%s" cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="#2b7a3d" stroke-width="2.5"%s/>`, kind, cx, cy, r, dash)
	default:
		kind = "capture-only"
		fmt.Fprintf(w, `<path class="%s" d="M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f" stroke="#c0392b" stroke-width="3"%s/>`,
			kind, cx-r, cy-r, cx+r, cy+r, cx-r, cy+r, cx+r, cy-r, dash)
	}
}

var discColors = []string{"#ffffff", "#222222", "#d94040", "#3a6fd9", "#3aa655", "#d9a03a"}

// writePiece draws a piece centred at (cx, cy): its chess glyph when its
// letter is K Q R B N P (first two players), else a disc with its letter.
func (sb *svgBoard) writePiece(w io.Writer, c vm.Cell, cx, cy, size float64) {
	t, owner := c.Type(), c.Owner()
	letter := svgPieceLetter(sb.g, t)
	if gl, ok := play.ChessGlyphs[letter]; ok && owner < 2 {
		fmt.Fprintf(w, `<text class="piece" x="%.1f" y="%.1f" font-family="DejaVu Sans, Noto Sans Symbols2, Segoe UI Symbol, sans-serif" font-size="%.1f" text-anchor="middle" fill="#000">%s</text>`,
			cx, cy+size*0.3, size*0.82, gl[owner])
		return
	}
	fill := discColors[owner%len(discColors)]
	ink := "#000"
	if owner == 1 {
		ink = "#fff"
	}
	fmt.Fprintf(w, `<circle class="piece" cx="%.1f" cy="%.1f" r="%.1f" fill="%s" stroke="#000" stroke-width="1.2"/>`,
		cx, cy, size*0.38, fill)
	fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-family="sans-serif" font-weight="bold" font-size="%.1f" text-anchor="middle" fill="%s">%s</text>`,
		cx, cy+size*0.14, size*0.4/math.Max(1, float64(len([]rune(letter)))*0.75), ink, xmlText(letter))
}

// svgPieceLetter is a type's notation letter, or its name's first letter.
func svgPieceLetter(g *vm.Game, t int) string {
	l := ""
	if t < len(g.Letters) {
		l = strings.ToUpper(g.Letters[t])
	}
	if l == "" && t < len(g.Pieces) && g.Pieces[t].Name != "" {
		l = strings.ToUpper(string([]rune(g.Pieces[t].Name)[:1]))
	}
	return l
}

// pieceIcon writes a small standalone SVG of one piece.
func pieceIcon(w io.Writer, g *vm.Game, c vm.Cell, size float64) {
	sb := &svgBoard{g: g}
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f">`, size, size, size, size)
	sb.writePiece(w, c, size/2, size/2, size)
	io.WriteString(w, "</svg>")
}

func xmlText(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
