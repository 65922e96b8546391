// This file draws boards as SVG from boardgeom's layout (the one the
// browser draws too): squares, hexagons or points on lines, coordinates,
// pieces as chess glyphs where they exist and lettered discs otherwise, and
// movement-diagram marks.
// Output is well-formed XML so it can sit inside XHTML pages.

package docpage

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"zrun/boardgeom"
	"zrun/cmd/zrun/internal/play"
	"zrun/vm"
	"zrun/vm/describe"
)

// svgBoard is one game's board laid out (by boardgeom, as the browser
// draws it too), computed once and drawn for any position.
type svgBoard struct {
	g *vm.Game
	l *boardgeom.Layout
	// pics: the author's pictures drawn on this layout (nil: our drawing).
	pics *svgPictures
	// set: the game's pictures, telling which pieces cannot be seen.
	set *boardgeom.PictureSet
}

const svgMargin = boardgeom.Margin // room for coordinates on the left and below

// newSVGBoard lays out g's board with cells about `size` pixels wide.
func newSVGBoard(g *vm.Game, size float64) *svgBoard {
	return &svgBoard{g: g, l: boardgeom.New(g, size)}
}

// newSVGBoardFor is newSVGBoard for a game whose pictures are set: its
// helper positions (only invisible pieces reach them) are not drawn.
func newSVGBoardFor(g *vm.Game, size float64, set *boardgeom.PictureSet) *svgBoard {
	return &svgBoard{g: g, l: boardgeom.NewFor(g, size, set), set: set}
}

// height is the board's height with the labels below it.
func (sb *svgBoard) height() float64 {
	h := sb.l.H + svgMargin
	for _, lb := range sb.l.Labels {
		h = max(h, lb.Y+6)
	}
	return h
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
	hidden := func(t int) bool { return sb.set != nil && sb.set.Invisible(t) }
	for p, c := range board {
		if c != vm.Empty && hidden(c.Type()) {
			continue
		}
		if _, drawn := sb.l.CellOf(p); c != vm.Empty && !drawn {
			out = append(out, svgExtra{c, sb.g.Board.Positions[p].Name})
		}
	}
	if opt.hand != nil {
		for pl := range sb.g.Players {
			for t := range sb.g.Pieces {
				if n := opt.hand(pl, t); n > 0 && !hidden(t) {
					out = append(out, svgExtra{vm.MakeCell(t, pl, 0), fmt.Sprintf("in hand ×%d", n)})
				}
			}
		}
	}
	return out
}

// Cell colours: as the browser's page draws them (web/assets/style.css).
var (
	rectFill  = map[bool]string{false: "#f0d9b5", true: "#b58863"}
	hexFill   = []string{"#f0d9b5", "#d2aa7d", "#b58863"}
	lineColor = "#6b4f35"
)

// render writes a complete <svg> element showing board (nil: empty).
func (sb *svgBoard) render(w io.Writer, board []vm.Cell, opt svgOptions) {
	l := sb.l
	extra := sb.extras(board, opt)
	width, height := l.W+2, sb.height()
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
	onPicture := sb.pics != nil && sb.pics.boardRef != ""
	if onPicture {
		// The author's board under its positions, which are drawn
		// transparent over it (the picture shows the squares).
		b, p := sb.pics.board, sb.pics.boardPic
		writeImage(w, "boardpic", sb.pics.boardRef, p.W, p.H, b[0], b[1], b[2], b[3])
	}
	if l.Points && !onPicture {
		// Points stand on a board whose lines join them.
		cs := typicalSize(l)
		fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#e9d3a9"/>`,
			svgMargin-cs*0.1, -cs*0.1, l.W-svgMargin+cs*0.2, l.H+cs*0.2)
		for _, k := range l.Links {
			a, _ := l.CellOf(k[0])
			b, _ := l.CellOf(k[1])
			ax, ay := a.Centre()
			bx, by := b.Centre()
			fmt.Fprintf(w, `<line class="link" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`,
				ax, ay, bx, by, lineColor)
		}
	}
	for _, c := range l.Cells {
		if c.Helper {
			continue // a turn marker's square, not one to play on
		}
		highlight := opt.marks != nil && c.Pos == opt.origin
		sb.writeCell(w, c, highlight, onPicture)
	}
	for _, lb := range l.Labels {
		size := 11.0
		if len(lb.Text) > 3 {
			size = 8
		}
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-family="sans-serif" font-size="%.0f" text-anchor="middle" fill="#444">%s</text>`,
			lb.X, lb.Y, size, xmlText(lb.Text))
	}
	if opt.marks != nil {
		for _, c := range l.Cells {
			if c.Pos < len(opt.marks) {
				writeMark(w, c, opt.marks[c.Pos])
			}
		}
	}
	for _, c := range l.Cells {
		if board != nil && board[c.Pos] != vm.Empty {
			if sb.set != nil && sb.set.Invisible(board[c.Pos].Type()) {
				continue
			}
			x, y := c.Centre()
			sb.writePiece(w, board[c.Pos], x, y, min(c.W, c.H))
		}
	}
	base := sb.height()
	for i, e := range extra {
		x := svgMargin + float64(i%perRow)*extraW + extraW/2
		y := base + 16 + float64(i/perRow)*(extraSize+16) + extraSize/2
		sb.writePiece(w, e.cell, x, y, extraSize)
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-family="sans-serif" font-size="9" text-anchor="middle" fill="#444">%s</text>`,
			x, y+extraSize/2+10, xmlText(e.label))
	}
	io.WriteString(w, "</svg>")
}

// writeCell draws one position in its shape: a square of a chequered
// board, a hexagon in its shade, or a point on the board's lines; the
// movement diagram's piece square is highlighted.
func (sb *svgBoard) writeCell(w io.Writer, c boardgeom.Cell, highlight, onPicture bool) {
	fill := rectFill[c.Dark]
	if c.Shape == boardgeom.Hex {
		fill = hexFill[c.Shade%len(hexFill)]
	}
	if highlight {
		fill = "#e8c547"
	}
	name := xmlText(c.Name)
	if onPicture {
		// On the author's board a cell is its hot spot: only the
		// movement diagram's piece square is marked, see-through.
		fill, op := "none", ""
		if highlight {
			fill, op = "#e8c547", ` fill-opacity="0.55"`
		}
		fmt.Fprintf(w, `<rect class="cell pic" data-pos="%s" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"%s/>`,
			name, c.X, c.Y, c.W, c.H, fill, op)
		return
	}
	switch c.Shape {
	case boardgeom.Hex:
		var pts []string
		for _, p := range sb.l.HexCorners(c) {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", p[0], p[1]))
		}
		fmt.Fprintf(w, `<polygon class="cell hex" data-pos="%s" points="%s" fill="%s" stroke="%s" stroke-width="0.5"/>`,
			name, strings.Join(pts, " "), fill, lineColor)
	case boardgeom.Point:
		x, y := c.Centre()
		if !highlight {
			fill = rectFill[false]
		}
		fmt.Fprintf(w, `<circle class="cell point" data-pos="%s" cx="%.1f" cy="%.1f" r="%.1f" fill="%s" stroke="%s" stroke-width="1.5"/>`,
			name, x, y, min(c.W, c.H)*0.42, fill, lineColor)
	default:
		fmt.Fprintf(w, `<rect class="cell" data-pos="%s" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" stroke="%s" stroke-width="0.5"/>`,
			name, c.X, c.Y, c.W, c.H, fill, lineColor)
	}
}

// typicalSize is the median cell's smaller side.
func typicalSize(l *boardgeom.Layout) float64 {
	var sizes []float64
	for _, c := range l.Cells {
		sizes = append(sizes, min(c.W, c.H))
	}
	if len(sizes) == 0 {
		return 0
	}
	sort.Float64s(sizes)
	return sizes[len(sizes)/2]
}

// Mark styles: a filled disc where the piece moves and captures, a ring
// where it only moves, a cross where it only captures; dashed for moves
// only a piece that has not moved yet has.
func writeMark(w io.Writer, c boardgeom.Cell, m describe.SquareMark) {
	if m == 0 {
		return
	}
	cx, cy := c.Centre()
	r := min(c.W, c.H) * 0.28
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
	if p, ref, pw, ph, ok := sb.pics.piece(t, owner, size); ok {
		writeImage(w, "piece pic", ref, p.W, p.H, cx-pw/2, cy-ph/2, pw, ph)
		return
	}
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

// PieceLetter is the letter diagrams show for piece type t: its notation
// letter, or its name's first letter.
func PieceLetter(g *vm.Game, t int) string { return svgPieceLetter(g, t) }

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
func pieceIcon(w io.Writer, g *vm.Game, pp *pagePictures, c vm.Cell, size float64) {
	sb := &svgBoard{g: g}
	if pp != nil {
		sb.pics = &svgPictures{pp: pp}
	}
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f">`, size, size, size, size)
	sb.writePiece(w, c, size/2, size/2, size)
	io.WriteString(w, "</svg>")
}

func xmlText(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
