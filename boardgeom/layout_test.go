package boardgeom_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"zrun/boardgeom"
	"zrun/gamefile"
	"zrun/vm"
	"zrun/zrf"
)

const (
	sharedDir = "../../shared"
	gamesDir  = "../games"
)

// load reads a rule file's first game: "games/..." from the repository,
// anything else from the corpus, skipping the test without it.
func load(t *testing.T, rel string) *vm.Game {
	t.Helper()
	p := filepath.Join(sharedDir, "zrf-corpus", rel)
	if rest, ok := strings.CutPrefix(rel, "games/"); ok {
		p = filepath.Join(gamesDir, rest)
	}
	if _, err := os.Stat(p); err != nil {
		t.Skipf("reference data %s is absent (%v); clone shared next to the repository to run this test", p, err)
	}
	f, err := zrf.LoadFile(p)
	if f == nil || len(f.Games) == 0 {
		t.Fatalf("%s: %v", p, err)
	}
	return f.Games[0].Game
}

func byName(t *testing.T, l *boardgeom.Layout) map[string]boardgeom.Cell {
	t.Helper()
	m := map[string]boardgeom.Cell{}
	for _, c := range l.Cells {
		m[c.Name] = c
	}
	return m
}

// overlap is the area two cells' boxes share.
func overlap(a, b boardgeom.Cell) float64 {
	ix := math.Min(a.X+a.W, b.X+b.W) - math.Max(a.X, b.X)
	iy := math.Min(a.Y+a.H, b.Y+b.H) - math.Max(a.Y, b.Y)
	return math.Max(0, ix) * math.Max(0, iy)
}

// noOverlaps fails for any two cells whose boxes share area.
func noOverlaps(t *testing.T, cells []boardgeom.Cell) {
	t.Helper()
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			if o := overlap(a, b); o > 0.01 {
				t.Errorf("%s and %s overlap (%.1f square units)", a.Name, b.Name, o)
			}
		}
	}
}

// TestChessBoard: a chessboard is 64 equal axis-aligned squares in eight
// files a-h left to right and eight ranks 1-8 upwards, a1 at the bottom
// left from White's side and dark, h1 light ("light on the right", the
// FIDE laws' article 2.1), files labelled below and ranks to the left.
func TestChessBoard(t *testing.T) {
	g := load(t, "games/chess.zrf")
	for _, size := range []float64{56, 48, 20} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			l := boardgeom.New(g, size)
			if len(l.Cells) != 64 || l.Points || l.Hex != "" || l.Levels != 0 || len(l.Links) != 0 {
				t.Fatalf("%d cells, points %v, hex %q, %d levels, %d links; want 64 squares", len(l.Cells), l.Points, l.Hex, l.Levels, len(l.Links))
			}
			w := l.Cells[0].W
			for _, c := range l.Cells {
				if c.Shape != boardgeom.Rect || math.Abs(c.W-w) > 1e-9 || math.Abs(c.H-w) > 1e-9 {
					t.Errorf("%s: shape %v, %.2fx%.2f; want a %.2f square", c.Name, c.Shape, c.W, c.H, w)
				}
			}
			cells := byName(t, l)
			a1 := cells["a1"]
			for f := range 8 {
				for r := range 8 {
					name := fmt.Sprintf("%c%d", 'a'+f, r+1)
					c, ok := cells[name]
					if !ok {
						t.Fatalf("no cell %s", name)
					}
					if math.Abs(c.X-(a1.X+float64(f)*w)) > 1e-6 || math.Abs(c.Y-(a1.Y-float64(r)*w)) > 1e-6 {
						t.Errorf("%s at (%.1f, %.1f), want %d files right of and %d ranks above a1", name, c.X, c.Y, f, r)
					}
					if dark := (f+r)%2 == 0; c.Dark != dark {
						t.Errorf("%s dark %v, want %v", name, c.Dark, dark)
					}
				}
			}
			if !cells["a1"].Dark || cells["h1"].Dark {
				t.Errorf("a1 must be dark and h1 light")
			}
			noOverlaps(t, l.Cells)
			var files, ranks []boardgeom.Label
			for _, lb := range l.Labels {
				switch lb.Kind {
				case boardgeom.File:
					files = append(files, lb)
				case boardgeom.Rank:
					ranks = append(ranks, lb)
				}
			}
			sort.Slice(files, func(i, j int) bool { return files[i].X < files[j].X })
			sort.Slice(ranks, func(i, j int) bool { return ranks[i].Y > ranks[j].Y })
			var ft, rt string
			for i, lb := range files {
				ft += lb.Text
				c := cells[lb.Text+"1"]
				if x, _ := c.Centre(); math.Abs(lb.X-x) > 1e-6 || lb.Y <= l.H {
					t.Errorf("file label %d %q at (%.1f, %.1f), want below the centre of its file", i, lb.Text, lb.X, lb.Y)
				}
			}
			for _, lb := range ranks {
				rt += lb.Text
				if lb.X >= l.Margin {
					t.Errorf("rank label %q at x %.1f, want left of the board", lb.Text, lb.X)
				}
			}
			if ft != "abcdefgh" || rt != "12345678" {
				t.Errorf("files %q left to right, ranks %q upwards; want abcdefgh and 12345678", ft, rt)
			}
		})
	}
}

// convexOverlap reports whether two convex polygons overlap by more than
// eps along every separating-axis candidate (the separating axis theorem:
// convex shapes are disjoint iff some edge normal separates them).
func convexOverlap(a, b [6][2]float64, eps float64) bool {
	for _, poly := range [][6][2]float64{a, b} {
		for i := range poly {
			p, q := poly[i], poly[(i+1)%len(poly)]
			nx, ny := q[1]-p[1], p[0]-q[0]
			n := math.Hypot(nx, ny)
			nx, ny = nx/n, ny/n
			proj := func(s [6][2]float64) (lo, hi float64) {
				lo, hi = math.Inf(1), math.Inf(-1)
				for _, v := range s {
					d := v[0]*nx + v[1]*ny
					lo, hi = math.Min(lo, d), math.Max(hi, d)
				}
				return
			}
			alo, ahi := proj(a)
			blo, bhi := proj(b)
			if ahi <= blo+eps || bhi <= alo+eps {
				return false
			}
		}
	}
	return true
}

// TestGlinskiHexagons: Glinski's hexagonal chess is played on 91 hexagons
// (a hexagon of side 6: 3·6·5+1), files vertical (flat-topped cells), in
// three colours so that no two touching hexagons match (30, 30 and 31 of
// them); f6 is the centre; every step along one of the board's directions
// is the same vector wherever it is taken, the six shortest are one
// hexagon's width (√3 times the circumradius), and no hexagons overlap.
func TestGlinskiHexagons(t *testing.T) {
	g := load(t, "DagazProject+DagazProject.github.io/checkmate/zrf/glinski.zrf")
	l := boardgeom.New(g, 56)
	if len(l.Cells) != 91 || l.Hex != "flat" || l.Points || len(l.Links) != 0 {
		t.Fatalf("%d cells, hex %q, points %v, %d links; want 91 flat hexagons", len(l.Cells), l.Hex, l.Points, len(l.Links))
	}
	r := l.HexR
	shades := map[int]int{}
	var sx, sy float64
	for _, c := range l.Cells {
		if c.Shape != boardgeom.Hex {
			t.Errorf("%s is drawn as %v, not a hexagon", c.Name, c.Shape)
		}
		shades[c.Shade]++
		x, y := c.Centre()
		sx, sy = sx+x/91, sy+y/91
		for _, p := range l.HexCorners(c) {
			if p[0] < l.Margin-1e-6 || p[1] < -1e-6 || p[0] > l.W+1e-6 || p[1] > l.H+1e-6 {
				t.Errorf("%s's hexagon leaves the board's area", c.Name)
				break
			}
		}
	}
	counts := []int{shades[0], shades[1], shades[2]}
	sort.Ints(counts)
	if fmt.Sprint(counts) != "[30 30 31]" {
		t.Errorf("shades %v, want 30, 30 and 31 cells", shades)
	}
	cells := byName(t, l)
	if x, y := cells["f6"].Centre(); math.Hypot(x-sx, y-sy) > 1e-6 {
		t.Errorf("f6 at (%.1f, %.1f), the board's centre is (%.1f, %.1f)", x, y, sx, sy)
	}
	f1x, f1y := cells["f1"].Centre()
	f11x, f11y := cells["f11"].Centre()
	if math.Abs(f1x-f11x) > 1e-6 || f1y <= f11y {
		t.Errorf("file f must run straight up from f1 to f11")
	}
	b := g.Board
	var steps []float64
	for d, name := range b.Dirs {
		var v [2]float64
		seen := false
		for _, c := range l.Cells {
			q := b.Link(d, c.Pos)
			if q < 0 {
				continue
			}
			o, ok := l.CellOf(q)
			if !ok {
				t.Fatalf("%s links to a position not drawn", c.Name)
			}
			ax, ay := c.Centre()
			bx, by := o.Centre()
			w := [2]float64{bx - ax, by - ay}
			if seen && math.Hypot(w[0]-v[0], w[1]-v[1]) > 1e-6 {
				t.Errorf("direction %s: %s to %s is (%.1f, %.1f), elsewhere (%.1f, %.1f)", name, c.Name, o.Name, w[0], w[1], v[0], v[1])
			}
			v, seen = w, true
		}
		if seen {
			steps = append(steps, math.Hypot(v[0], v[1]))
		}
	}
	sort.Float64s(steps)
	if len(steps) < 6 {
		t.Fatalf("%d directions", len(steps))
	}
	for i, s := range steps[:6] {
		if math.Abs(s-math.Sqrt(3)*r) > 1e-6 {
			t.Errorf("shortest step %d is %.2f long, want √3·%.2f = %.2f", i, s, r, math.Sqrt(3)*r)
		}
	}
	if len(steps) > 6 && steps[6] < math.Sqrt(3)*r+1 {
		t.Errorf("more than six directions step to a touching hexagon")
	}
	touching := 0
	for i, a := range l.Cells {
		for _, o := range l.Cells[i+1:] {
			if convexOverlap(l.HexCorners(a), l.HexCorners(o), 1e-6*r) {
				t.Errorf("hexagons %s and %s overlap", a.Name, o.Name)
			}
			ax, ay := a.Centre()
			bx, by := o.Centre()
			if math.Abs(math.Hypot(ax-bx, ay-by)-math.Sqrt(3)*r) < 1e-6 {
				touching++
				if a.Shade == o.Shade {
					t.Errorf("touching %s and %s have one shade", a.Name, o.Name)
				}
			}
		}
	}
	// A hexagon of side n has 3(n-1)(3n-2) edges between cells: 240 for 6.
	if touching != 240 {
		t.Errorf("%d touching pairs, want 240", touching)
	}
}

// TestRaumschachLevels: Raumschach is played on a 5×5×5 cube, its levels
// named A to E (the last letter of each square's name); the layout draws
// each level as a 5×5 board of its own, apart from the others, with no two
// squares overlapping, and names the levels.
func TestRaumschachLevels(t *testing.T) {
	g := load(t, "DagazProject+DagazProject.github.io/checkmate/zrf/raumschach.zrf")
	l := boardgeom.New(g, 56)
	if len(l.Cells) != 125 || l.Levels != 5 || l.Points || l.Hex != "" {
		t.Fatalf("%d cells, %d levels, points %v, hex %q; want 125 squares on 5 levels", len(l.Cells), l.Levels, l.Points, l.Hex)
	}
	type box struct{ x0, y0, x1, y1 float64 }
	boxes := map[int]*box{}
	letter := map[int]byte{}
	xs, ys := map[int]map[float64]bool{}, map[int]map[float64]bool{}
	for _, c := range l.Cells {
		lv := c.Level
		if boxes[lv] == nil {
			boxes[lv] = &box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
			letter[lv] = c.Name[len(c.Name)-1]
			xs[lv], ys[lv] = map[float64]bool{}, map[float64]bool{}
		}
		if c.Name[len(c.Name)-1] != letter[lv] {
			t.Errorf("%s is drawn on the level of %c", c.Name, letter[lv])
		}
		bx := boxes[lv]
		bx.x0, bx.y0, bx.x1, bx.y1 = min(bx.x0, c.X), min(bx.y0, c.Y), max(bx.x1, c.X+c.W), max(bx.y1, c.Y+c.H)
		xs[lv][c.X], ys[lv][c.Y] = true, true
	}
	if len(boxes) != 5 {
		t.Fatalf("%d levels drawn", len(boxes))
	}
	for lv, bx := range boxes {
		if len(xs[lv]) != 5 || len(ys[lv]) != 5 {
			t.Errorf("level %c: %d columns and %d rows, want 5 and 5", letter[lv], len(xs[lv]), len(ys[lv]))
		}
		for lv2, bx2 := range boxes {
			if lv < lv2 && bx.x0 < bx2.x1 && bx2.x0 < bx.x1 && bx.y0 < bx2.y1 && bx2.y0 < bx.y1 {
				t.Errorf("levels %c and %c overlap", letter[lv], letter[lv2])
			}
		}
	}
	noOverlaps(t, l.Cells)
	var names []string
	for _, lb := range l.Labels {
		if lb.Kind == boardgeom.LevelName {
			names = append(names, lb.Text)
		}
	}
	sort.Strings(names)
	if strings.Join(names, ",") != "level A,level B,level C,level D,level E" {
		t.Errorf("level labels %q", names)
	}
}

// TestToguzKumalakRows: Toguz Kumalak's board is two rows of nine pits,
// one a player (a1-i1 South's, a2-i2 North's, the files a to i left to
// right), with the stores for captured stones between the rows; nothing
// overlaps.
func TestToguzKumalakRows(t *testing.T) {
	g := load(t, "ToguzKumalak/ToguzKumalak.zrf")
	l := boardgeom.New(g, 56)
	cells := byName(t, l)
	rowY := map[int]float64{}
	for rank := 1; rank <= 2; rank++ {
		prev := math.Inf(-1)
		for f := 'a'; f <= 'i'; f++ {
			c, ok := cells[fmt.Sprintf("%c%d", f, rank)]
			if !ok {
				t.Fatalf("no pit %c%d", f, rank)
			}
			if f == 'a' {
				rowY[rank] = c.Y
			}
			if c.Y != rowY[rank] || c.X <= prev {
				t.Errorf("pit %s at (%.1f, %.1f) is out of its row", c.Name, c.X, c.Y)
			}
			prev = c.X
		}
	}
	top, bottom := cells["a2"], cells["a1"]
	if top.Y+top.H > bottom.Y {
		t.Errorf("North's row (a2-i2) must lie above South's (a1-i1) without touching it")
	}
	stores := 0
	for _, c := range l.Cells {
		if g.Board.Positions[c.Pos].Grid > 0 {
			stores++
			if c.Y < top.Y+top.H || c.Y+c.H > bottom.Y {
				t.Errorf("store %s is not between the rows", c.Name)
			}
		}
	}
	if stores == 0 {
		t.Error("no store cells drawn")
	}
	noOverlaps(t, l.Cells)
}

// TestSizeIsSimilarity: a layout at another cell size is the same drawing
// scaled (right of the rank labels' margin): the same shapes, links and
// levels, every centre moved in proportion.
func TestSizeIsSimilarity(t *testing.T) {
	for _, rel := range []string{"games/chess.zrf", "DagazProject+DagazProject.github.io/checkmate/zrf/glinski.zrf",
		"DagazProject+DagazProject.github.io/checkmate/zrf/raumschach.zrf", "ToguzKumalak/ToguzKumalak.zrf",
		"Shisima/shisima.zrf", "GlukKazan+ZoG/Rules/alquerque.zrf", "Ur/Ur.zrf"} {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			g := load(t, rel)
			a, b := boardgeom.New(g, 56), boardgeom.New(g, 21)
			if a.Points != b.Points || a.Hex != b.Hex || a.Levels != b.Levels || fmt.Sprint(a.Links) != fmt.Sprint(b.Links) || len(a.Cells) != len(b.Cells) {
				t.Fatalf("sizes 56 and 21 draw differently: points %v/%v, hex %q/%q, levels %d/%d, %d/%d links, %d/%d cells",
					a.Points, b.Points, a.Hex, b.Hex, a.Levels, b.Levels, len(a.Links), len(b.Links), len(a.Cells), len(b.Cells))
			}
			k := 21.0 / 56
			ax0, ay0 := a.Cells[0].Centre()
			bx0, by0 := b.Cells[0].Centre()
			for i := range a.Cells {
				ax, ay := a.Cells[i].Centre()
				bx, by := b.Cells[i].Centre()
				if a.Cells[i].Shape != b.Cells[i].Shape || math.Abs((ax-ax0)*k-(bx-bx0)) > 1e-6 || math.Abs((ay-ay0)*k-(by-by0)) > 1e-6 {
					t.Errorf("%s is not where the scaled drawing puts it", a.Cells[i].Name)
				}
			}
		})
	}
}

// TestLineBoards: boards of points on lines are drawn as points with their
// lines. Alquerque's 5×5 points are joined by 40 orthogonal lines and the
// 16 diagonals of the 8 squares that have them (R. C. Bell, Board and
// Table Games from Many Civilizations); Shisima's board is an octagon of
// eight points round a centre, each joined to the centre (8 lines) and to
// its two neighbours on the octagon (8 more).
func TestLineBoards(t *testing.T) {
	for _, tc := range []struct {
		rel           string
		points, links int
	}{
		{"GlukKazan+ZoG/Rules/alquerque.zrf", 25, 56},
		{"Shisima/shisima.zrf", 9, 16},
	} {
		g := load(t, tc.rel)
		l := boardgeom.New(g, 56)
		if !l.Points || len(l.Cells) != tc.points || len(l.Links) != tc.links {
			t.Errorf("%s: points %v, %d cells, %d links; want %d points joined by %d lines", tc.rel, l.Points, len(l.Cells), len(l.Links), tc.points, tc.links)
		}
		for _, c := range l.Cells {
			if c.Shape != boardgeom.Point {
				t.Errorf("%s: %s drawn as %v", tc.rel, c.Name, c.Shape)
			}
		}
	}
}

// TestQXONestedBoards: QXO's rule file lays a 9x9 grid (37 pixels a
// square, a9 at the top left) and a 3x3 grid (112 pixels, 3A at the top
// left) over one picture. The small squares stay where the file puts
// them, nine to each big square (not taken for piles and spread), and the
// big squares are drawn first, under the small ones a click must find.
func TestQXONestedBoards(t *testing.T) {
	g := load(t, "QXO/QXO.zrf")
	l := boardgeom.New(g, 56)
	cells := byName(t, l)
	a9, b9, a8 := cells["a9"], cells["b9"], cells["a8"]
	step := b9.X - a9.X
	if step <= 0 || math.Abs((a8.Y-a9.Y)-step) > 0.5 {
		t.Fatalf("a9 %+v, b9 %+v, a8 %+v: not a square grid", a9, b9, a8)
	}
	for r := 0; r < 9; r++ {
		for f := 0; f < 9; f++ {
			c := cells[fmt.Sprintf("%c%d", 'a'+f, 9-r)]
			if math.Abs(c.X-(a9.X+float64(f)*step)) > 0.5 || math.Abs(c.Y-(a9.Y+float64(r)*step)) > 0.5 {
				t.Errorf("%s at (%.1f, %.1f), want (%.1f, %.1f)", c.Name, c.X, c.Y, a9.X+float64(f)*step, a9.Y+float64(r)*step)
			}
		}
	}
	// The picture's pixels: the small grid starts at 16,10 by 37, the big
	// one at 16,16 by 112, so 2B (centre) holds the centres of d6 ... f4.
	big := cells["2B"]
	if big.W < 2.5*step {
		t.Errorf("2B is %.1f wide, want about three small squares (%.1f)", big.W, 3*step)
	}
	for _, n := range []string{"d6", "e5", "f4"} {
		c := cells[n]
		if x, y := c.X+c.W/2, c.Y+c.H/2; x < big.X || x > big.X+big.W || y < big.Y || y > big.Y+big.H {
			t.Errorf("%s's centre (%.1f, %.1f) is not inside 2B %+v", n, x, y, big)
		}
	}
	first := map[string]int{}
	for i, c := range l.Cells {
		first[c.Name] = i
	}
	if first["2B"] > first["a9"] {
		t.Errorf("2B is drawn after a9 (cells %d, %d): it would cover the small squares", first["2B"], first["a9"])
	}
}

// TestAxiomNoHelpers: the squares of a game whose moves an Axiom script
// gives are all drawn (the analysis of the rule file's programs says
// nothing about the script's moves): Axiomatic Ur's track square l2,
// where White's first move lands in Zillions' own saves of the game
// ("init i1 - l2" in GlukKazan+ZoG/Axiom/Ur/*.zsg), is a square to click,
// not a helper.
func TestAxiomNoHelpers(t *testing.T) {
	p := filepath.Join(sharedDir, "zrf-corpus", "Ur/Axiomatic.Ur.zrf")
	if _, err := os.Stat(p); err != nil {
		t.Skipf("reference data %s is absent (%v)", p, err)
	}
	g, err := gamefile.LoadGame(p, "")
	if err != nil {
		t.Fatal(err)
	}
	if g.Moves == nil {
		t.Fatalf("no Axiom move source: %s", g.EngineErr)
	}
	if h := boardgeom.Helpers(g, nil); len(h) != 0 {
		t.Errorf("%d helper squares, want none", len(h))
	}
	l := boardgeom.New(g, 56)
	c, ok := byName(t, l)["l2"]
	if !ok || c.Helper {
		t.Errorf("l2: %+v (drawn %v), want a square to click", c, ok)
	}
	// The rule file's grid starts 483 pixels left of the picture, 67 a
	// file: files a-g lie left of it, off what Zillions shows, and nothing
	// starts there; they are not boxes beside the board either.
	for _, p := range l.Dummies {
		if name := g.Board.Positions[p].Name; name[0] >= 'a' && name[0] <= 'g' {
			t.Errorf("%s, off the picture and empty, is drawn beside the board", name)
		}
	}
}

// TestAxiomSplutRankZero: Axiomatic Splut's grid runs a rank 0 below its
// picture (its rectangles start below the 41-square diamond's picture),
// where nothing starts: not drawn, with the author's pictures known.
func TestAxiomSplutRankZero(t *testing.T) {
	p := filepath.Join(sharedDir, "zrf-corpus", "GlukKazan+ZoG/Rules/08.Axiomatic.Splut.zrf")
	if _, err := os.Stat(p); err != nil {
		t.Skipf("reference data %s is absent (%v)", p, err)
	}
	g, err := gamefile.LoadGame(p, "")
	if err != nil {
		t.Fatal(err)
	}
	if g.Moves == nil {
		t.Skipf("no Axiom move source: %s", g.EngineErr)
	}
	l := boardgeom.NewFor(g, 56, boardgeom.FindPictures(p, g))
	shown := 0
	for _, c := range l.Cells {
		if !c.Helper {
			shown++
			if strings.HasSuffix(c.Name, "0") {
				t.Errorf("%s, below the picture and empty, is drawn", c.Name)
			}
		}
	}
	for _, d := range l.Dummies {
		if name := g.Board.Positions[d].Name; strings.HasSuffix(name, "0") {
			t.Errorf("%s, below the picture and empty, is a box beside the board", name)
		}
	}
	if shown < 41 {
		t.Errorf("%d squares drawn, want at least Splut's 41", shown)
	}
}
