// This file builds the JSON the page draws: the board's layout (from the
// rule file's geometry, shared with the SVG diagrams of "zrun doc"), the
// pieces, the position, the legal moves and the move list.

package web

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"zrun/cmd/zrun/internal/docpage"
	"zrun/cmd/zrun/internal/play"
	"zrun/vm"
	"zrun/vm/describe"
)

type variantJSON struct {
	ID    int    `json:"id"`
	Title string `json:"title"`
}

type playerJSON struct {
	Name  string `json:"name"`
	Color string `json:"color"`
	Ink   string `json:"ink"` // text colour on a disc of Color
	// Random players ("?Name" in Zillions) move at random, by themselves.
	Random bool `json:"random,omitempty"`
}

type cellJSON struct {
	P          int        `json:"p"`
	N          string     `json:"n"`
	X, Y, W, H float64    `json:"-"`
	R          [4]float64 `json:"r"` // x, y, width, height
	Dark       bool       `json:"dark,omitempty"`
	Shade      int        `json:"shade,omitempty"` // on a hex board: 0, 1 or 2; -1 off its lattice (drawn as a point)
}

type labelJSON struct {
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	Text string  `json:"t"`
}

type layoutJSON struct {
	W      float64     `json:"w"`
	H      float64     `json:"h"`
	Cells  []cellJSON  `json:"cells"`
	Labels []labelJSON `json:"labels"`
	// Points: the board is drawn as points joined by its links (line
	// games, positions placed one by one) rather than as tiled cells.
	Points bool     `json:"points"`
	Links  [][2]int `json:"links,omitempty"`
	// Hex: the positions lie on a hexagonal lattice and are drawn as
	// hexagons ("flat" or "pointy" topped) of circumradius HexR, shaded in
	// three colours, instead of points.
	Hex  string  `json:"hex,omitempty"`
	HexR float64 `json:"hexR,omitempty"`
	// Dummies are positions without a place on screen (storage cells,
	// reserves), drawn beside the board.
	Dummies []variantJSON `json:"dummies,omitempty"`
	// Zones are the file's zones, each per player, which the page shows on
	// request.
	Zones []zoneJSON `json:"zones,omitempty"`
}

type zoneJSON struct {
	Name      string `json:"name"`
	Player    string `json:"player"`
	Positions []int  `json:"positions"`
}

type pieceJSON struct {
	Name   string `json:"name"`
	Help   string `json:"help,omitempty"`
	Symbol string `json:"symbol"`
	// Glyph is the chess piece (K Q R B N P) the piece is drawn as, "" for
	// a lettered disc.
	Glyph string `json:"glyph,omitempty"`
}

type legalJSON struct {
	From    int    `json:"f"`
	To      int    `json:"t"`
	Drop    bool   `json:"d,omitempty"`
	Piece   int    `json:"p"`
	Pass    bool   `json:"pass,omitempty"`
	Zil     string `json:"z"`
	Coord   string `json:"c"`
	SAN     string `json:"s,omitempty"`
	Partial bool   `json:"cont,omitempty"` // the same piece moves on after it
}

type infoJSON struct {
	Depth int    `json:"depth"`
	Score string `json:"score"`
	Nodes uint64 `json:"nodes"`
	NPS   int64  `json:"nps"`
	Time  int64  `json:"ms"`
	PV    string `json:"pv"`
}

type stateJSON struct {
	Gen       int           `json:"gen"`
	ID        int           `json:"id"`
	Title     string        `json:"title"`
	File      string        `json:"file"`
	Variants  []variantJSON `json:"variants"`
	Players   []playerJSON  `json:"players"`
	Layout    *layoutJSON   `json:"layout"`
	Pieces    []pieceJSON   `json:"pieces"`
	Board     [][3]int      `json:"board"` // position, type, owner
	Hands     [][3]int64    `json:"hands"` // player, type, count
	Legal     []legalJSON   `json:"legal"`
	Status    string        `json:"status"`
	Over      bool          `json:"over"`
	Result    string        `json:"result,omitempty"`
	Goal      string        `json:"goal,omitempty"`
	Mover     int           `json:"mover"`
	Partial   int           `json:"partial"`
	Last      []int         `json:"last,omitempty"`
	Check     []int         `json:"check,omitempty"`
	History   []moveText    `json:"history"`
	CanUndo   bool          `json:"canUndo"`
	CanRedo   bool          `json:"canRedo"`
	SAN       bool          `json:"san"`
	RuleError string        `json:"ruleError,omitempty"`
	Note      string        `json:"note,omitempty"`
	Thinking  bool          `json:"thinking"`
	EngineFor []bool        `json:"engineFor"`
	MoveTime  int64         `json:"moveTime"`
	Player    string        `json:"player"`              // asked: alphabeta, mcts or auto
	PlayerWhy string        `json:"playerWhy,omitempty"` // auto's calibration, once played
	Info      *infoJSON     `json:"info,omitempty"`
}

// Player colours by turn order: white and black first, as in chess and
// Zillions' default, then the colours 3- and 4-player games use.
var playerColors = [][2]string{{"#ffffff", "#000"}, {"#222222", "#fff"}, {"#d94040", "#fff"}, {"#3a6fd9", "#fff"},
	{"#3aa655", "#fff"}, {"#e0b030", "#000"}, {"#9b59b6", "#fff"}, {"#16a5a5", "#fff"}}

// knownColors maps player names that are colours to that colour, so "Red"
// plays red whatever its place in the turn order.
var knownColors = map[string][2]string{"white": {"#ffffff", "#000"}, "black": {"#222222", "#fff"},
	"red": {"#d94040", "#fff"}, "blue": {"#3a6fd9", "#fff"}, "green": {"#3aa655", "#fff"},
	"yellow": {"#e0b030", "#000"}, "orange": {"#f08a24", "#000"}, "purple": {"#9b59b6", "#fff"},
	"gold": {"#d4af37", "#000"}, "silver": {"#c0c0c0", "#000"}, "brown": {"#8b5a2b", "#fff"}}

// cellSize is the width of a typical cell in layout units.
const cellSize = 56.0

// gameView is what the page needs of a rule set that does not change from
// move to move; it is computed once per loaded game.
type gameView struct {
	g       *vm.Game
	once    sync.Once
	helps   []string // per piece: help, Betza and English, made on first request
	layout  *layoutJSON
	pieces  []pieceJSON
	players []playerJSON
	royal   []bool
}

func newGameView(g *vm.Game) *gameView {
	gv := &gameView{g: g, layout: layoutOf(g)}
	for i, p := range g.Players {
		c := playerColors[i%len(playerColors)]
		if k, ok := knownColors[strings.ToLower(p.Name)]; ok {
			c = k
		}
		gv.players = append(gv.players, playerJSON{p.Name, c[0], c[1], p.Random})
	}
	gv.royal = make([]bool, len(g.Pieces))
	for _, goal := range g.Goals {
		markRoyal(goal.Cond, gv.royal)
	}
	// A piece whose name is not a chess piece's may still move as one; its
	// moves say so. Describing probes every piece's moves on empty boards
	// (about 70 ms a piece on Tenjiku Shogi's board), so small sets are
	// probed at once and the help texts of large ones come later (pieces).
	probe := len(g.Pieces) <= 12
	// A mancala's pit piece stands for its seeds (P09: nine): its disc
	// shows the number, as the terminal board does.
	counts := play.CountingPieces(g)
	for t, p := range g.Pieces {
		pj := pieceJSON{Name: p.Name, Symbol: symbolOf(g, t), Help: strings.Join(docpage.Paragraphs(p.Help), "\n"), Glyph: chessKind(p.Name, "")}
		if counts[t] >= 0 {
			pj.Symbol = strconv.Itoa(counts[t])
		}
		if pj.Glyph == "" && probe {
			pj.Glyph = chessKind("", describe.Piece(g, t).Betza)
		}
		gv.pieces = append(gv.pieces, pj)
	}
	return gv
}

// pieceHelps returns each piece's help text with its Betza string and
// English description.
func (gv *gameView) pieceHelps() []string {
	gv.once.Do(func() {
		for t, p := range gv.g.Pieces {
			help := strings.Join(docpage.Paragraphs(p.Help), "\n")
			if d := describe.Piece(gv.g, t); d.Betza != "" {
				if help != "" {
					help += "\n"
				}
				help += "Betza: " + d.Betza
				if d.English != "" {
					help += "\n" + d.English
				}
			}
			gv.helps = append(gv.helps, help)
		}
	})
	return gv.helps
}

func markRoyal(c *vm.Cond, royal []bool) {
	if c == nil {
		return
	}
	if c.Op == vm.CondCheckmated {
		for _, t := range c.Types {
			if t >= 0 && t < len(royal) {
				royal[t] = true
			}
		}
	}
	for _, a := range c.Args {
		markRoyal(a, royal)
	}
}

// chessKind says which chess piece a piece is, by its name or, failing
// that, by its moves (a Betza string that is exactly a chess piece's), so
// a "Tower" that moves as a rook is drawn as one.
func chessKind(name, betza string) string {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "king":
		return "K"
	case "queen":
		return "Q"
	case "rook":
		return "R"
	case "bishop":
		return "B"
	case "knight":
		return "N"
	case "pawn":
		return "P"
	}
	switch betza {
	case "Q", "R", "B", "N":
		return betza
	case "K", "KisO2", "KimO2":
		return "K"
	case "fmWfceFifmnD", "bmWbceFibmnD": // White's pawn, and Black's as fmax.ini defines it
		return "P"
	}
	return ""
}

// symbolOf is the text of a piece's disc: its notation when it has one of
// at most three characters, else the initials of its name's words ("Flying
// Dragon" → "FD"), else its name's first two letters.
func symbolOf(g *vm.Game, t int) string {
	p := g.Pieces[t]
	if n := strings.TrimSpace(p.Notation); n != "" && len([]rune(n)) <= 3 {
		return n
	}
	// Short names are their own symbol: mancala counts ("p05"), "X", "O".
	if r := []rune(strings.TrimSpace(p.Name)); len(r) > 0 && len(r) <= 3 {
		return string(r)
	}
	words := strings.FieldsFunc(p.Name, func(r rune) bool { return r == '-' || r == '_' || unicode.IsSpace(r) })
	if len(words) >= 2 {
		var b strings.Builder
		for _, w := range words[:min(3, len(words))] {
			b.WriteRune(unicode.ToUpper([]rune(w)[0]))
		}
		return b.String()
	}
	if l := docpage.PieceLetter(g, t); l != "" && len([]rune(l)) <= 3 {
		return l
	}
	return string([]rune(p.Name)[:2])
}

// layoutOf places g's positions as the SVG diagrams do and decides whether
// the board reads as cells or as points joined by lines.
func layoutOf(g *vm.Game) *layoutJSON {
	l := docpage.BoardLayout(g, cellSize)
	if l3 := levelsLayout(g); l3 != nil {
		l = l3
	}
	fitGridCells(g, l.Cells)
	lj := &layoutJSON{W: l.W, H: l.H}
	drawn := map[int]int{}
	for i, c := range l.Cells {
		lj.Cells = append(lj.Cells, cellJSON{P: c.Pos, N: g.Board.Positions[c.Pos].Name, X: c.X, Y: c.Y, W: c.W, H: c.H,
			R: [4]float64{round1(c.X), round1(c.Y), round1(c.W), round1(c.H)}, Dark: c.Dark})
		drawn[c.Pos] = i
	}
	for _, lb := range l.Labels {
		lj.Labels = append(lj.Labels, labelJSON{round1(lb.X), round1(lb.Y), lb.Text})
	}
	for p, pos := range g.Board.Positions {
		if _, ok := drawn[p]; !ok {
			lj.Dummies = append(lj.Dummies, variantJSON{p, pos.Name})
		}
	}
	for z, zone := range g.Board.Zones {
		for pl := range zone.Members {
			zj := zoneJSON{Name: zone.Name, Player: g.Players[pl].Name}
			for p := range g.Board.Positions {
				if g.Board.InZone(z, pl, p) {
					zj.Positions = append(zj.Positions, p)
				}
			}
			if len(zj.Positions) > 0 {
				lj.Zones = append(lj.Zones, zj)
			}
		}
	}
	lj.Points, lj.Links = linkDrawing(g, lj.Cells, drawn)
	if lj.Points {
		if orient, r, shades, ok := hexTiling(lj.Cells); ok {
			lj.Points, lj.Hex, lj.HexR = false, orient, round1(r)
			for i := range lj.Cells {
				lj.Cells[i].Shade = shades[i]
			}
			fitHexagons(lj, l.Margin)
		}
	}
	if !lj.Points {
		lj.Links = nil
	}
	lj.Links = dropLongLinks(lj.Links, lj.Cells, drawn)
	return lj
}

// levelsLayout lays out a board whose levels the file puts on the same
// screen rectangles as the levels side by side, each a 2-D board named
// below it: a three-dimensional grid (Raumschach: offset (0 0) for the
// level dimension) or several 2-D grids (3-D Morris: one grid a level, no
// screen rectangles). It returns nil for any other board.
func levelsLayout(g *vm.Game) *docpage.Layout {
	b := g.Board
	if len(b.Grids) == 0 {
		return nil
	}
	type placed struct{ p, x, y, level int }
	var ps []placed
	var levelNames []string
	cols, rows := 0, 0
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
				return nil
			}
			fileLabels = append(fileLabels, gr.Labels[0])
			levelNames = append(levelNames, fmt.Sprintf("%d", gi+1))
			if len(gr.Labels[1]) > len(rankLabels) {
				rankLabels = gr.Labels[1]
			}
		}
	default:
		return nil
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
		return nil // the file places the levels apart itself
	}
	for _, fl := range fileLabels {
		cols = max(cols, len(fl))
	}
	rows = len(rankLabels)
	const m = 22.0 // the diagrams' margin for rank labels
	l := &docpage.Layout{Margin: m}
	blockW := float64(cols+1) * cellSize
	for _, q := range ps {
		l.Cells = append(l.Cells, docpage.Cell{Pos: q.p, X: m + float64(q.level)*blockW + float64(q.x)*cellSize,
			Y: float64(q.y) * cellSize, W: cellSize, H: cellSize, Dark: (q.x+q.y+q.level)%2 == 1})
	}
	l.W, l.H = m+float64(len(levelNames))*blockW-cellSize, float64(rows)*cellSize
	for z, name := range levelNames {
		x0 := m + float64(z)*blockW
		l.Labels = append(l.Labels, docpage.Label{X: x0 + float64(cols)*cellSize/2, Y: l.H + 30, Text: "level " + name})
		for x, f := range fileLabels[z] {
			l.Labels = append(l.Labels, docpage.Label{X: x0 + (float64(x)+0.5)*cellSize, Y: l.H + 15, Text: f})
		}
	}
	for y, r := range rankLabels {
		l.Labels = append(l.Labels, docpage.Label{X: m / 2, Y: (float64(y)+0.5)*cellSize + 4, Text: r})
	}
	return l
}

// fitGridCells shrinks grid cells that are larger than the grid's step
// (Tenjiku Shogi's 49-pixel squares every 36 pixels: Zillions draws piece
// bitmaps there, overlapping) to the step around their centres, so that
// every square shows and takes its own clicks.
func fitGridCells(g *vm.Game, cells []docpage.Cell) {
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
			if dy < 0.5 && dx > 0.5 && (stepX[pa.Grid] == 0 || dx < stepX[pa.Grid]) {
				stepX[pa.Grid] = dx
			}
			if dx < 0.5 && dy > 0.5 && (stepY[pa.Grid] == 0 || dy < stepY[pa.Grid]) {
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
		if sx := stepX[gr]; sx > 0 && c.W > sx+0.5 {
			c.X, c.W = c.X+(c.W-sx)/2, sx
		}
		if sy := stepY[gr]; sy > 0 && c.H > sy+0.5 {
			c.Y, c.H = c.Y+(c.H-sy)/2, sy
		}
	}
	// Colour by grid coordinates, like a chessboard whose bottom-left
	// square is dark (the diagram's colouring counts cells by the rectangle
	// size, which the step no longer is).
	var corner *docpage.Cell
	for i := range cells {
		c := &cells[i]
		if pos := g.Board.Positions[c.Pos]; pos.Grid >= 0 && len(pos.Coords) == 2 &&
			(corner == nil || c.Y > corner.Y+0.5 || math.Abs(c.Y-corner.Y) <= 0.5 && c.X < corner.X) {
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

// dropLongLinks leaves out links far longer than the board's typical one:
// they are jumps of the rules (a mancala pit's link to its store, a
// cylinder's wrap-around) rather than lines of the board, and drawn they
// would cross it.
func dropLongLinks(links [][2]int, cells []cellJSON, drawn map[int]int) [][2]int {
	if len(links) == 0 {
		return links
	}
	length := func(k [2]int) float64 {
		a, b := cells[drawn[k[0]]], cells[drawn[k[1]]]
		return math.Hypot(a.X+a.W/2-b.X-b.W/2, a.Y+a.H/2-b.Y-b.H/2)
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

func round1(x float64) float64 { return math.Round(x*10) / 10 }

// linkDrawing returns the board's links between drawn positions and whether
// they must be drawn: when some position is placed one by one rather than
// by a grid, when a link joins positions that are not grid neighbours (a
// line game's long lines, a hex board's steps), or when only some diagonal
// neighbours are linked (Alquerque's pattern of diagonals on a square grid).
func linkDrawing(g *vm.Game, cells []cellJSON, drawn map[int]int) (bool, [][2]int) {
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
		if b.Positions[c.P].Grid < 0 {
			points = true
		}
	}
	// Links that leap (a knight's in an fmax.ini board) do not make a
	// board of lines when every square is linked to its orthogonal
	// neighbours: that is a board of cells with extra moves.
	if !points && !orthogonallyLinked(b, cells, linked) {
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
			if cornerTouch(a, c) {
				diag++
				if linked[[2]int{min(a.P, c.P), max(a.P, c.P)}] {
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
func orthogonallyLinked(b *vm.Board, cells []cellJSON, linked map[[2]int]bool) bool {
	type key struct {
		grid int
		c    string
	}
	at := map[key]int{}
	for i, c := range cells {
		pos := b.Positions[c.P]
		at[key{pos.Grid, fmt.Sprint(pos.Coords)}] = i
	}
	for _, c := range cells {
		pos := b.Positions[c.P]
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
			aligned := math.Abs(c.X-o.X) < 1 || math.Abs(c.Y-o.Y) < 1
			tol := math.Max(1, math.Min(math.Min(c.W, c.H), math.Min(o.W, o.H))/6)
			if !linked[[2]int{min(c.P, o.P), max(c.P, o.P)}] || !aligned || gap(c, o) > tol {
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
func gap(a, b cellJSON) float64 {
	dx := math.Max(0, math.Max(a.X, b.X)-math.Min(a.X+a.W, b.X+b.W))
	dy := math.Max(0, math.Max(a.Y, b.Y)-math.Min(a.Y+a.H, b.Y+b.H))
	return math.Hypot(dx, dy)
}

// cornerTouch reports whether two cells meet at a corner only; cells may
// stand a little apart (a board image's grid lines), up to a sixth of
// their size.
func cornerTouch(a, b cellJSON) bool {
	tol := math.Max(1, math.Min(math.Min(a.W, a.H), math.Min(b.W, b.H))/6)
	near := func(x, y float64) bool { return math.Abs(x-y) < tol }
	return (near(a.X+a.W, b.X) || near(b.X+b.W, a.X)) && (near(a.Y+a.H, b.Y) || near(b.Y+b.H, a.Y))
}

// view returns the game view of the session's current rules.
func (se *session) view() *gameView {
	if se.gv == nil || se.gv.g != se.g.G {
		se.gv = newGameView(se.g.G)
	}
	return se.gv
}

// buildState writes the state JSON; mu is held and the engine idle.
func (se *session) buildState() ([]byte, error) {
	g := se.g
	gv := se.view()
	st := stateJSON{Gen: se.gen, ID: se.entry.ID, Title: g.G.Title, File: se.srv.shownPath(g.Path), Variants: se.srv.variants(se.entry),
		Players: gv.players, Layout: gv.layout, Pieces: gv.pieces, Partial: int(g.S.Partial), Mover: g.S.Chooser(),
		History: se.texts, CanUndo: len(g.History()) > 0, CanRedo: g.CanRedo(), SAN: g.SAN,
		RuleError: se.srv.relPaths(se.ruleErr), Note: se.srv.relPaths(se.note), Thinking: se.thinking, EngineFor: se.engineFor,
		MoveTime: se.moveTime.Milliseconds(), Info: se.lastInfo, Player: se.g.PlayerAsked()}
	if _, why := se.g.PlayerChoice(); why != "" {
		st.PlayerWhy = why
	}
	if st.History == nil {
		st.History = []moveText{}
	}
	for p, c := range g.S.Board {
		if c != vm.Empty {
			st.Board = append(st.Board, [3]int{p, c.Type(), c.Owner()})
		}
	}
	for pl := range g.G.Players {
		for t := range g.G.Pieces {
			if n := g.S.HandCount(pl, t); n != 0 {
				st.Hands = append(st.Hands, [3]int64{int64(pl), int64(t), n})
			}
		}
	}
	if h := g.History(); len(h) > 0 {
		m := h[len(h)-1].Move
		st.Last = []int{int(m.From), int(m.To)}
	}
	o := g.Outcome()
	if o.Over {
		st.Over, st.Result, st.Goal = true, g.ResultText(o), o.Reason
		if o.Source != "" {
			st.Goal += ", " + o.Source
		}
		st.Status = "Game over: " + st.Result
	} else {
		st.Status = g.Status()
		ml, err := g.Legal()
		if err != nil {
			return nil, err
		}
		var sans []string
		if g.SAN {
			sans = play.SANMoves(g.S, ml, g.View)
		}
		st.Legal = make([]legalJSON, len(ml.Moves))
		for i := range ml.Moves {
			m := &ml.Moves[i]
			lj := legalJSON{From: int(m.From), To: int(m.To), Drop: m.Drop, Piece: int(m.Piece), Pass: m.Pass,
				Zil: g.S.MoveString(m), Coord: g.S.CoordString(m), Partial: m.Continue >= 0}
			if sans != nil && sans[i] != "" {
				lj.SAN = sans[i] + play.CheckSuffix(g.S, m)
			}
			st.Legal[i] = lj
		}
	}
	if g.S.InCheck() {
		for p, c := range g.S.Board {
			if c != vm.Empty && c.Owner() == g.S.Mover() && c.Type() < len(gv.royal) && gv.royal[c.Type()] {
				st.Check = append(st.Check, p)
			}
		}
	}
	return json.Marshal(st)
}
