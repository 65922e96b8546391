// This file builds the JSON the page draws: the board's layout (boardgeom's,
// which the SVG diagrams of "zrun doc" draw too), the
// pieces, the position, the legal moves and the move list.

package web

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"zrun/boardgeom"
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
	// Helper: a position only invisible pieces can reach (a turn marker's
	// square): not drawn as a square, nor are invisible pieces on it.
	Helper bool `json:"helper,omitempty"`
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
	// Pictures are the author's pictures of the board and pieces
	// (pictures.go), nil when the rule file names none.
	Pictures *picturesJSON `json:"pictures,omitempty"`
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
	// Stack: the piece is a stack of men (Focus names its stacks by their
	// owners' initials, top first: "wbb"), drawn as their owners' discs
	// from the bottom (the first) to the top.
	Stack []int `json:"stack,omitempty"`
	// Invisible: every picture of the piece is wholly transparent (a
	// marker the author never shows); not drawn.
	Invisible bool `json:"invisible,omitempty"`
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
	// Zillions' "animate captures" and "animate drops" options (on unless
	// the rule file turns them off): the page's animation follows them.
	AnimateCaptures bool `json:"animateCaptures"`
	AnimateDrops    bool `json:"animateDrops"`
	// Analysing: the engine's search is the analysis board's (study.go):
	// moves are taken while it runs, and stop it.
	Analysing bool `json:"analysing,omitempty"`
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

func newGameView(g *vm.Game, entryID int, ruleFile string) *gameView {
	pics := picturesOf(ruleFile, g)
	gv := &gameView{g: g, layout: layoutOf(g, entryID, pics)}
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
		pj.Stack = stackOf(g, t)
		pj.Invisible = pics.Invisible(t)
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

// layoutOf converts boardgeom's layout of g (the one the SVG diagrams of
// "zrun doc" draw) to the JSON the page draws, coordinates to a tenth.
func layoutOf(g *vm.Game, entryID int, set *pictureTable) *layoutJSON {
	l := boardgeom.NewFor(g, cellSize, set)
	// The board picture may reach beyond the positions: placed first, it
	// widens the layout.
	pics := picturesJSONOf(entryID, set, l)
	lj := &layoutJSON{Pictures: pics, W: l.W, H: l.H, Points: l.Points, Links: l.Links, Hex: l.Hex, HexR: round1(l.HexR)}
	for _, c := range l.Cells {
		lj.Cells = append(lj.Cells, cellJSON{P: c.Pos, N: c.Name, X: c.X, Y: c.Y, W: c.W, H: c.H,
			R: [4]float64{round1(c.X), round1(c.Y), round1(c.W), round1(c.H)}, Dark: c.Dark, Shade: c.Shade, Helper: c.Helper})
	}
	for _, lb := range l.Labels {
		lj.Labels = append(lj.Labels, labelJSON{round1(lb.X), round1(lb.Y), lb.Text})
	}
	for _, p := range l.Dummies {
		lj.Dummies = append(lj.Dummies, variantJSON{p, g.Board.Positions[p].Name})
	}
	for _, z := range l.Zones {
		lj.Zones = append(lj.Zones, zoneJSON{Name: z.Name, Player: g.Players[z.Player].Name, Positions: z.Positions})
	}
	return lj
}

// stackOf reads a stack piece's name: every letter the initial of a
// player (the players' initials distinct), at least two of them, top
// first as Focus writes them ("wbb": White's man on two of Black's). It
// returns the owners from the bottom up, nil for any other piece.
func stackOf(g *vm.Game, t int) []int {
	initial := map[rune]int{}
	for i, p := range g.Players {
		r := []rune(strings.ToLower(strings.TrimPrefix(p.Name, "?")))
		if len(r) == 0 {
			return nil
		}
		if _, dup := initial[r[0]]; dup {
			return nil
		}
		initial[r[0]] = i
	}
	name := []rune(strings.ToLower(g.Pieces[t].Name))
	if len(name) < 2 {
		return nil
	}
	out := make([]int, len(name))
	for i, r := range name {
		pl, ok := initial[r]
		if !ok {
			return nil
		}
		out[len(name)-1-i] = pl
	}
	return out
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }

// view returns the game view of the session's current rules.
func (se *session) view() *gameView {
	if se.gv == nil || se.gv.g != se.g.G {
		se.gv = newGameView(se.g.G, se.entry.ID, se.g.Path)
	}
	return se.gv
}

// piecesOf is g's board and hands as the page draws them (type and owner
// on each position, each player's count of each type in hand) and the last
// move's from and to (nil before the first move).
func piecesOf(g *play.Game) (board [][3]int, hands [][3]int64, last []int) {
	board, hands = [][3]int{}, [][3]int64{}
	for p, c := range g.S.Board {
		if c != vm.Empty {
			board = append(board, [3]int{p, c.Type(), c.Owner()})
		}
	}
	for pl := range g.G.Players {
		for t := range g.G.Pieces {
			if n := g.S.HandCount(pl, t); n != 0 {
				hands = append(hands, [3]int64{int64(pl), int64(t), n})
			}
		}
	}
	if h := g.History(); len(h) > 0 {
		m := h[len(h)-1].Move
		last = []int{int(m.From), int(m.To)}
	}
	return board, hands, last
}

// buildState writes the state JSON; mu is held and the engine idle.
func (se *session) buildState() ([]byte, error) {
	g := se.g
	gv := se.view()
	st := stateJSON{Gen: se.gen, ID: se.entry.ID, Title: g.G.Title, File: se.srv.shownPath(g.Path), Variants: se.srv.variants(se.entry),
		Players: gv.players, Layout: gv.layout, Pieces: gv.pieces, Partial: int(g.S.Partial), Mover: g.S.Chooser(),
		History: se.texts, CanUndo: len(g.History()) > 0, CanRedo: g.CanRedo(), SAN: g.SAN,
		RuleError: se.srv.relPaths(se.ruleErr), Note: se.srv.relPaths(se.note), Thinking: se.thinking, EngineFor: se.engineFor,
		MoveTime: se.moveTime.Milliseconds(), Info: se.lastInfo, Player: se.g.PlayerAsked(),
		AnimateCaptures: g.G.Options.Display("animate captures", true), AnimateDrops: g.G.Options.Display("animate drops", true),
		Analysing: se.study.analysing}
	if _, why := se.g.PlayerChoice(); why != "" {
		st.PlayerWhy = why
	}
	if st.History == nil {
		st.History = []moveText{}
	}
	st.Board, st.Hands, st.Last = piecesOf(g)
	o := g.Outcome()
	if o.Over {
		st.Over = true
		st.Result, st.Goal = endedText(g, o)
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

// endedText words an ended game for the page: the result, and the goal
// that ended it with where the rules say it (the game's state and a
// line's steps both show them).
func endedText(g *play.Game, o vm.Outcome) (result, goal string) {
	goal = o.Reason
	if o.Source != "" {
		goal += ", " + o.Source
	}
	return g.ResultText(o), goal
}
