// This file exports the board layout the SVG diagrams use, so that other
// front ends (the web server) draw boards with the same geometry instead of
// a second layout of their own.

package docpage

import "zrun/vm"

// Cell is one position as drawn: its index and its rectangle in SVG units.
type Cell struct {
	Pos        int
	X, Y, W, H float64
	Dark       bool
}

// Label is a coordinate written beside the board.
type Label struct {
	X, Y float64
	Text string
}

// Layout is where a game's positions go on screen: from the rule file's
// screen rectangles when it gives them, else from its grid, else as rows of
// named cells. Positions without a place (dummies) are not in Cells.
type Layout struct {
	Cells  []Cell
	Labels []Label
	W, H   float64
	// Margin is the room left of the board for rank labels (and below it
	// for file labels).
	Margin float64
}

// BoardLayout lays out g's board with cells about size units wide.
func BoardLayout(g *vm.Game, size float64) *Layout {
	sb := newSVGBoard(g, size)
	l := &Layout{W: sb.w, H: sb.h, Margin: svgMargin}
	for _, c := range sb.cells {
		l.Cells = append(l.Cells, Cell{Pos: int(c.pos), X: c.x, Y: c.y, W: c.w, H: c.h, Dark: c.dark})
	}
	for _, lb := range sb.labels {
		l.Labels = append(l.Labels, Label{lb.x, lb.y, lb.text})
	}
	return l
}

// PieceLetter is the letter diagrams show for piece type t: its notation
// letter, or its name's first letter.
func PieceLetter(g *vm.Game, t int) string { return svgPieceLetter(g, t) }

// Paragraphs splits a rule file's text (description, help) into paragraphs
// at Zillions' line breaks (backslashes) and blank lines.
func Paragraphs(s string) []string { return paragraphs(s) }
