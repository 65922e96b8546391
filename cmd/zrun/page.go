// This file defines "zrun doc": a self-contained page per game or variant
// with its texts, a diagram of the start position and a table of pieces
// (help text, Betza string and English sentence derived from the move
// programs by describe.Piece, and a movement diagram).

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"zrun/fmaxini"
	"zrun/vm"
	"zrun/vm/describe"
	"zrun/zrf"
)

func init() {
	register("doc", "[--variant NAME] [--format html|md] [-o DIR] FILE: write a page per game (diagrams, pieces, Betza)", runDoc)
}

func runDoc(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("doc", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "", "only this game or variant (default: every game of the file)")
	format := fs.String("format", "html", "html (one self-contained file per game) or md (Markdown plus SVG files)")
	dir := fs.String("o", ".", "directory to write the pages to")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 || (*format != "html" && *format != "md") {
		fmt.Fprintln(stderr, "usage: zrun doc [--variant NAME] [--format html|md] [-o DIR] FILE")
		return 2
	}
	games, err := loadGames(fs.Arg(0), *variant)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	status := 0
	used := map[string]bool{}
	for _, g := range games {
		slug := uniqueSlug(g.Title, used)
		files, err := writeGamePage(*dir, slug, *format, fs.Arg(0), g)
		if err != nil {
			fmt.Fprintln(stderr, err)
			status = 1
			continue
		}
		for _, f := range files {
			fmt.Fprintln(stdout, f)
		}
	}
	return status
}

// loadGames returns the games of a rule file: every game and variant (every
// section of an fmax.ini), or only the one named.
func loadGames(path, variant string) ([]*vm.Game, error) {
	if variant != "" {
		g, err := loadGame(path, variant)
		if err != nil {
			return nil, err
		}
		return []*vm.Game{g}, nil
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".ini":
		f, err := fmaxini.LoadFile(path)
		if err != nil {
			return nil, err
		}
		var out []*vm.Game
		for _, sec := range f.Sections {
			if sec.Game != nil {
				out = append(out, sec.Game)
			}
		}
		return out, nil
	case ".zrf", ".inc":
		f, err := zrf.LoadFile(path)
		if f == nil || len(f.Games) == 0 {
			if err == nil {
				err = fmt.Errorf("%s: no games", path)
			}
			return nil, err
		}
		var out []*vm.Game
		for _, gd := range f.Games {
			out = append(out, gd.Game)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%s: unknown rule file type (want .zrf or .ini)", path)
}

var slugRe = regexp.MustCompile(`[^a-z0-9]+`)

func uniqueSlug(title string, used map[string]bool) string {
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

// gamePage holds what a page shows.
type gamePage struct {
	g      *vm.Game
	file   string
	board  *svgBoard
	small  *svgBoard
	start  *vm.State
	pieces []pieceInfo
}

func newGamePage(file string, g *vm.Game) (*gamePage, error) {
	s, err := vm.NewState(g)
	if err != nil {
		return nil, err
	}
	pg := &gamePage{g: g, file: file, start: s, board: newSVGBoard(g, 48)}
	pg.small = newSVGBoard(g, smallCell(pg.board))
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
	cols := (b.w - svgMargin) / 48
	return max(14, min(30, 300/max(cols, 1)))
}

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
func (pg *gamePage) diagramBoard(pi pieceInfo) []vm.Cell {
	board := make([]vm.Cell, pg.g.Board.N())
	if pi.desc.Origin >= 0 {
		board[pi.desc.Origin] = vm.MakeCell(pi.t, pi.player, 0)
	}
	return board
}

func (pg *gamePage) writeBoard(w io.Writer) {
	pg.board.render(w, pg.start.Board, svgOptions{title: pg.g.Title + ": start position", hand: pg.start.HandCount})
}

func (pg *gamePage) writeMovement(w io.Writer, pi pieceInfo) bool {
	if pi.desc.Origin < 0 {
		return false
	}
	pg.small.render(w, pg.diagramBoard(pi), svgOptions{title: pg.g.Pieces[pi.t].Name + " moves",
		marks: pi.desc.Marks, origin: pi.desc.Origin})
	return true
}

func (pg *gamePage) summary() string {
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

// writeGamePage writes the page (and, for Markdown, its SVG files) and
// returns the paths written.
func writeGamePage(dir, slug, format, file string, g *vm.Game) ([]string, error) {
	pg, err := newGamePage(file, g)
	if err != nil {
		return nil, err
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
