// This file defines a game's page: a self-contained page per game or variant
// with its texts, a diagram of the start position and a table of pieces
// (help text, Betza string and English sentence derived from the move
// programs by describe.Piece, and a movement diagram).

package docpage

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"zrun/boardgeom"
	"zrun/vm"
	"zrun/vm/describe"
)

var slugRe = regexp.MustCompile(`[^a-z0-9]+`)

// UniqueSlug makes a file name from a title, unique among those used.
func UniqueSlug(title string, used map[string]bool) string {
	base := strings.Trim(slugRe.ReplaceAllString(strings.ToLower(title), "-"), "-")
	if base == "" {
		base = "game"
	}
	s := base
	for i := 2; used[s]; i++ {
		s = fmt.Sprintf("%s-%d", base, i)
	}
	used[s] = true
	return s
}

// pieceInfo is one row of the piece table.
type pieceInfo struct {
	t      int
	player int // whose piece the row describes: the first player's, unless only another player has it
	desc   describe.PieceDescription
	help   []string // paragraphs of help and description texts
}

// Page holds what a game's page shows.
type Page struct {
	g      *vm.Game
	file   string
	board  *svgBoard
	small  *svgBoard
	start  *vm.State
	pieces []pieceInfo
	// set: the pictures the rule file names; pics: those the diagrams
	// draw (nil: our drawing).
	set  *boardgeom.PictureSet
	pics *pagePictures
}

// Options says how a page is drawn.
type Options struct {
	// Plain draws our own board and pieces even when the rule file names
	// pictures.
	Plain bool
}

// usePictures draws the author's pictures on the page's diagrams, embedded
// as data: URLs. Every picture a diagram may show is read now, so that the
// page's one note of what is missing is complete wherever it stands.
func (pg *Page) usePictures() {
	pp := newPagePictures(pg)
	if len(pp.set.List) == 0 && len(pp.set.Missing) == 0 {
		return
	}
	pg.pics = pp
	if len(pp.set.Board) > 0 {
		pp.ref(pp.set.Board[0])
	}
	for t := range pg.g.Pieces {
		for pl := range pg.g.Players {
			pp.ref(pp.set.PieceIndex(t, pl))
		}
	}
	pg.board.fitPictures(pp)
	pg.small.fitPictures(pp)
}

// missingNote says which pictures were not found (or not readable) and
// are drawn our way; "" when none.
func (pg *Page) missingNote() string {
	if pg.pics == nil || len(pg.pics.missing) == 0 {
		return ""
	}
	return "Pictures not found, drawn our way: " + strings.Join(pg.pics.missing, ", ") + "."
}

// NewPage gathers what the page of g (from the rule file named file) shows.
func NewPage(file string, g *vm.Game) (*Page, error) {
	s, err := vm.NewState(g)
	if err != nil {
		return nil, err
	}
	// The pictures say which pieces cannot be seen, so which positions
	// are helpers, even on a page drawn --plain.
	pg := &Page{g: g, file: file, start: s, set: boardgeom.FindPictures(file, g)}
	pg.board = newSVGBoardFor(g, 48, pg.set)
	pg.small = newSVGBoardFor(g, smallCell(pg.board), pg.set)
	for t, pt := range g.Pieces {
		pl := typeOwner(g, t)
		pi := pieceInfo{t: t, player: pl, desc: describe.PieceAs(g, t, pl)}
		if pt.Help != "" {
			pi.help = append(pi.help, paragraphs(pt.Help)...)
		}
		desc := paragraphs(pt.Description)
		if len(desc) > 0 && strings.EqualFold(strings.TrimSpace(desc[0]), pt.Name) {
			desc = desc[1:]
		}
		pi.help = append(pi.help, desc...)
		pg.pieces = append(pg.pieces, pi)
	}
	return pg, nil
}

// typeOwner is the player whose pieces of type t the page describes: the
// first player, unless only another player starts with that type (Fairy-Max
// files have one pawn type per side).
func typeOwner(g *vm.Game, t int) int {
	owner := -1
	for _, it := range g.Setup {
		if it.Type != t {
			continue
		}
		if it.Player == 0 {
			return 0
		}
		if owner < 0 {
			owner = it.Player
		}
	}
	if owner < 0 {
		return 0
	}
	return owner
}

// smallCell picks the movement diagrams' cell size: about 300 pixels wide.
func smallCell(b *svgBoard) float64 {
	cols := (b.l.W - svgMargin) / 48
	return max(14, min(30, 300/max(cols, 1)))
}

// Paragraphs splits a rule file's text (description, help) into paragraphs
// at Zillions' line breaks (backslashes) and blank lines.
func Paragraphs(s string) []string { return paragraphs(s) }

// paragraphs splits a rule-file text at Zillions line breaks (backslashes)
// and blank lines.
func paragraphs(s string) []string {
	var out []string
	for _, part := range regexp.MustCompile(`\\+|\n\s*\n`).Split(s, -1) {
		part = strings.Join(strings.Fields(part), " ")
		if part != "" {
			out = append(out, part)
		}
	}
	return out
}

// diagramBoard is an otherwise empty board with the piece on its origin.
func (pg *Page) diagramBoard(pi pieceInfo) []vm.Cell {
	board := make([]vm.Cell, pg.g.Board.N())
	if pi.desc.Origin >= 0 {
		board[pi.desc.Origin] = vm.MakeCell(pi.t, pi.player, 0)
	}
	return board
}

func (pg *Page) writeBoard(w io.Writer) {
	pg.board.render(w, pg.start.Board, svgOptions{title: pg.g.Title + ": start position", hand: pg.start.HandCount})
}

func (pg *Page) writeMovement(w io.Writer, pi pieceInfo) bool {
	if pi.desc.Origin < 0 {
		return false
	}
	pg.small.render(w, pg.diagramBoard(pi), svgOptions{title: pg.g.Pieces[pi.t].Name + " moves",
		marks: pi.desc.Marks, origin: pi.desc.Origin})
	return true
}

func (pg *Page) summary() string {
	var names []string
	for _, p := range pg.g.Players {
		names = append(names, p.Name)
	}
	s := "Players: " + strings.Join(names, ", ") + "."
	if gv := vm.NewGridView(pg.g); gv != nil {
		s += fmt.Sprintf(" Board: %d × %d.", len(gv.ColLabels), len(gv.Cell))
	} else {
		s += fmt.Sprintf(" Board: %d positions.", pg.g.Board.N())
	}
	return s
}

const legendText = "Movement diagrams show the piece alone on the board (highlighted square): " +
	"a filled disc where it moves or captures, a ring where it only moves, a cross where it only captures; " +
	"dashed marks are moves only an unmoved piece has (castling, hops over a screen and en passant are not drawn). Betza strings are for the first player (forward: towards the other side) " +
	"unless the row names another; " +
	"they and the sentences are derived from the compiled move programs."

// WritePage writes the page (and, for Markdown, its SVG files) and
// returns the paths written.
func WritePage(dir, slug, format, file string, g *vm.Game, opt Options) ([]string, error) {
	pg, err := NewPage(file, g)
	if err != nil {
		return nil, err
	}
	if !opt.Plain {
		pg.usePictures()
	}
	if format == "md" {
		return writeMarkdownPage(dir, slug, pg)
	}
	path := filepath.Join(dir, slug+".html")
	var b strings.Builder
	writeHTMLPage(&b, pg)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	return []string{path}, nil
}

// WriteMovement draws the movement diagram of piece type t; false when the
// piece has none (it never stands on the board alone).
func (pg *Page) WriteMovement(w io.Writer, t int) bool { return pg.writeMovement(w, pg.pieces[t]) }

// Origin is the square type t's movement diagram shows it on (-1: none).
func (pg *Page) Origin(t int) int { return pg.pieces[t].desc.Origin }

// WriteDiagram draws position s as SVG with cells of size pixels.
func WriteDiagram(w io.Writer, s *vm.State, size float64) {
	g := s.Game()
	newSVGBoard(g, size).render(w, s.Board, svgOptions{title: g.Title, hand: s.HandCount})
}
