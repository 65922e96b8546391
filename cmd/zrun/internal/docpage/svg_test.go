package docpage

import (
	"encoding/xml"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"zrun/cmd/zrun/internal/play"
	"zrun/internal/betzaref"
	"zrun/vm"
)

const (
	sharedDir = "../../../../../shared"
	gamesDir  = "../../../../games"
)

// gamePath resolves "games/..." in the repository, anything else in the
// corpus, skipping the test without it.
func gamePath(t *testing.T, rel string) string {
	t.Helper()
	p := filepath.Join(sharedDir, "zrf-corpus", rel)
	if rest, ok := strings.CutPrefix(rel, "games/"); ok {
		p = filepath.Join(gamesDir, rest)
	}
	if _, err := os.Stat(p); err != nil {
		t.Skipf("reference data %s is absent (%v); clone shared next to the repository to run this test", p, err)
	}
	return p
}

// element is one SVG element: its name, attributes and text.
type element struct {
	name  string
	attr  map[string]string
	text  string
	depth int
}

// parseSVG reads an SVG document with encoding/xml (so it must be
// well-formed) into its elements in document order.
func parseSVG(t *testing.T, s string) []element {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	var out []element
	var open []int
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			e := element{name: tk.Name.Local, attr: map[string]string{}, depth: len(open)}
			for _, a := range tk.Attr {
				e.attr[a.Name.Local] = a.Value
			}
			open = append(open, len(out))
			out = append(out, e)
		case xml.CharData:
			if len(open) > 0 {
				out[open[len(open)-1]].text += string(tk)
			}
		case xml.EndElement:
			open = open[:len(open)-1]
		}
	}
	return out
}

func hasClass(e element, c string) bool {
	for _, f := range strings.Fields(e.attr["class"]) {
		if f == c {
			return true
		}
	}
	return false
}

func num(t *testing.T, e element, a string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(e.attr[a], 64)
	if err != nil {
		t.Fatalf("%s's %s: %v", e.name, a, err)
	}
	return v
}

// startSVG draws the start position of a file's first game.
func startSVG(t *testing.T, rel string, size float64) []element {
	t.Helper()
	g, err := play.LoadGame(gamePath(t, rel), "")
	if err != nil {
		t.Fatal(err)
	}
	s, err := vm.NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	WriteDiagram(&b, s, size)
	return parseSVG(t, b.String())
}

// TestChessStartSVG: chess starts with 32 pieces on 64 squares: for each
// side a king, a queen, two rooks, two bishops, two knights and eight
// pawns (the Unicode chess symbols U+2654-U+265F), the white ones on ranks
// 1 and 2 at the bottom; the squares are equal and a1 is at the bottom
// left.
func TestChessStartSVG(t *testing.T) {
	els := startSVG(t, "games/chess.zrf", 48)
	var cells []element
	glyphs := map[string]int{}
	var whiteY, blackY []float64
	for _, e := range els {
		if hasClass(e, "cell") {
			cells = append(cells, e)
		}
		if hasClass(e, "piece") {
			glyphs[e.text]++
			if strings.ContainsRune("♔♕♖♗♘♙", []rune(e.text)[0]) {
				whiteY = append(whiteY, num(t, e, "y"))
			} else {
				blackY = append(blackY, num(t, e, "y"))
			}
		}
	}
	if len(cells) != 64 {
		t.Fatalf("%d cells, want 64", len(cells))
	}
	a1 := cells[0]
	for _, c := range cells {
		if c.name != "rect" || num(t, c, "width") != num(t, c, "height") || num(t, c, "width") != 48 {
			t.Errorf("%s (%s) is not a 48-pixel square", c.attr["data-pos"], c.name)
		}
		if c.attr["data-pos"] == "a1" {
			a1 = c
		}
	}
	for _, c := range cells {
		if num(t, c, "x") < num(t, a1, "x") || num(t, c, "y") > num(t, a1, "y") {
			t.Errorf("%s lies left of or below a1", c.attr["data-pos"])
		}
	}
	want := map[string]int{"♔": 1, "♕": 1, "♖": 2, "♗": 2, "♘": 2, "♙": 8, "♚": 1, "♛": 1, "♜": 2, "♝": 2, "♞": 2, "♟": 8}
	total := 0
	for g, n := range want {
		total += glyphs[g]
		if glyphs[g] != n {
			t.Errorf("%d of %s, want %d", glyphs[g], g, n)
		}
	}
	if total != 32 {
		t.Errorf("%d pieces, want 32", total)
	}
	for _, wy := range whiteY {
		for _, by := range blackY {
			if wy <= by {
				t.Fatalf("a white piece stands above a black one")
			}
		}
	}
}

// TestHexBoardSVG: Glinski's board is drawn as 91 regular hexagons (six
// corners, six equal sides) and nothing else as a cell.
func TestHexBoardSVG(t *testing.T) {
	els := startSVG(t, "DagazProject+DagazProject.github.io/checkmate/zrf/glinski.zrf", 40)
	n := 0
	for _, e := range els {
		if !hasClass(e, "cell") {
			continue
		}
		n++
		if e.name != "polygon" {
			t.Fatalf("%s is a %s, want a polygon", e.attr["data-pos"], e.name)
		}
		var pts [][2]float64
		for _, p := range strings.Fields(e.attr["points"]) {
			x, y, _ := strings.Cut(p, ",")
			fx, _ := strconv.ParseFloat(x, 64)
			fy, _ := strconv.ParseFloat(y, 64)
			pts = append(pts, [2]float64{fx, fy})
		}
		if len(pts) != 6 {
			t.Fatalf("%s has %d corners", e.attr["data-pos"], len(pts))
		}
		side := math.Hypot(pts[1][0]-pts[0][0], pts[1][1]-pts[0][1])
		for i := range pts {
			q := pts[(i+1)%6]
			if s := math.Hypot(q[0]-pts[i][0], q[1]-pts[i][1]); math.Abs(s-side) > 0.2 {
				t.Errorf("%s: sides %.1f and %.1f", e.attr["data-pos"], side, s)
			}
		}
	}
	if n != 91 {
		t.Errorf("%d hexagons, want 91", n)
	}
}

// TestLineBoardSVG: Shisima's nine points (an octagon round a centre) are
// drawn as discs joined by its 16 lines (eight spokes, eight sides).
func TestLineBoardSVG(t *testing.T) {
	els := startSVG(t, "Shisima/shisima.zrf", 40)
	points, lines := 0, 0
	for _, e := range els {
		switch {
		case hasClass(e, "cell") && e.name == "circle":
			points++
		case hasClass(e, "cell"):
			t.Errorf("%s drawn as a %s", e.attr["data-pos"], e.name)
		case hasClass(e, "link"):
			lines++
		}
	}
	if points != 9 || lines != 16 {
		t.Errorf("%d points and %d lines, want 9 and 16", points, lines)
	}
}

// TestLevelsSVG: Raumschach's 125 squares are drawn as five 5×5 levels
// named A to E, and the SVG is tall enough for the level names.
func TestLevelsSVG(t *testing.T) {
	els := startSVG(t, "DagazProject+DagazProject.github.io/checkmate/zrf/raumschach.zrf", 30)
	height := num(t, els[0], "height")
	cells, levels := 0, 0
	for _, e := range els {
		if hasClass(e, "cell") && e.name == "rect" {
			cells++
		}
		if e.name == "text" && strings.HasPrefix(e.text, "level ") {
			levels++
			if num(t, e, "y") > height {
				t.Errorf("%q lies below the picture", e.text)
			}
		}
	}
	if cells != 125 || levels != 5 {
		t.Errorf("%d squares and %d level names, want 125 and 5", cells, levels)
	}
}

// TestRookMovementDiagram: a rook alone on an empty 8×8 board reaches 14
// squares (7 along its rank, 7 along its file), wherever it stands.
func TestRookMovementDiagram(t *testing.T) {
	g, err := play.LoadGame(gamePath(t, "games/chess.zrf"), "")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := NewPage("chess.zrf", g)
	if err != nil {
		t.Fatal(err)
	}
	rook := -1
	for ty, p := range g.Pieces {
		if p.Name == "Rook" {
			rook = ty
		}
	}
	var b strings.Builder
	if rook < 0 || !pg.WriteMovement(&b, rook) {
		t.Fatal("no rook diagram")
	}
	marks := 0
	for _, e := range parseSVG(t, b.String()) {
		if hasClass(e, "move-capture") {
			marks++
		}
	}
	if marks != 14 {
		t.Errorf("%d squares marked, want 14", marks)
	}
}

// TestMovementDiagramSVG checks the drawn marks of Schoolbook's pieces
// against the squares their published Betza strings reach (from the
// diagram's square, on the 10x8 board).
func TestMovementDiagramSVG(t *testing.T) {
	g, err := play.LoadGame(gamePath(t, "games/schoolbook.zrf"), "")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := NewPage("schoolbook.zrf", g)
	if err != nil {
		t.Fatal(err)
	}
	marks := []string{"move-only", "capture-only", "move-capture"}
	for name, betza := range map[string]string{"Archbishop": "BN", "Marshall": "RN", "Knight": "N", "Pawn": "fmWfcFifmnD"} {
		ti, _ := g.PieceIndex(name)
		var b strings.Builder
		if !pg.WriteMovement(&b, ti) {
			t.Fatalf("%s: no diagram", name)
		}
		got := map[string]int{}
		for _, e := range parseSVG(t, b.String()) {
			for _, c := range marks {
				if hasClass(e, c) {
					got[c]++
				}
			}
		}
		xy, at := betzaref.BoardFrame(g, 0)
		o := xy[int32(pg.Origin(ti))]
		moves, err := betzaref.Expand(betza, func(dx, dy int) bool { _, ok := at[[2]int{o[0] + dx, o[1] + dy}]; return ok })
		if err != nil {
			t.Fatal(err)
		}
		kind := map[[2]int]int{}
		for m := range moves {
			if m.Mode == 'm' {
				kind[[2]int{m.Dx, m.Dy}] |= 1
			} else {
				kind[[2]int{m.Dx, m.Dy}] |= 2
			}
		}
		want := map[string]int{}
		for _, k := range kind {
			want[marks[k-1]]++
		}
		for _, c := range marks {
			if got[c] != want[c] {
				t.Errorf("%s: %d %s marks, %s means %d", name, got[c], c, betza, want[c])
			}
		}
	}
}
