// This file defines the CECP "setup" command that makes a game XBoard does not
// know an engine-defined variant: a piece-to-char table choosing an XBoard
// image for each of our piece letters, the board size with its parent
// variant, and the start FEN; then "piece" lines with Betza strings
// (betza.go). A piece without one is
// left to the "highlight" answers (cecp_highlight.go): a wrong Betza string
// would override XBoard's legality checks (protocols.md §1.4).

package cecp

import (
	"fmt"
	"strings"

	"zrun/cmd/zrun/internal/play"
	"zrun/vm"
	"zrun/vm/describe"
)

// xboardImages is XBoard's default piece image order; the last one is the King.
const xboardImages = "PNBRQFEACWMOHIJGDVLSUK"

// wildcardImages are the images XBoard lets move anywhere but onto a piece
// of their own side (the Falcon and the Cobra, drawn as a snake): a piece
// whose moves no Betza string describes (checkers' jumping captures) is
// drawn with one, so that XBoard accepts zrun's moves with it instead of
// judging them by the moves of whatever image it would otherwise get, and
// the highlight answers tell the user's side which moves are legal (XBoard
// treats squares a highlight leaves unmarked as illegal). Two pieces at
// most get one; others keep their images as before.
const wildcardImages = "VS"

// imageByName picks an image for well-known pieces whose letter differs from
// the image's (Schoolbook's Marshall is lettered M but looks like a Chancellor).
var imageByName = map[string]byte{
	"archbishop": 'A', "cardinal": 'A', "princess": 'A', "janus": 'A',
	"chancellor": 'C', "marshall": 'C', "marshal": 'C', "empress": 'C',
	"ferz": 'F', "fers": 'F', "alfil": 'E', "elephant": 'E', "wazir": 'W',
	"commoner": 'M', "man": 'M', "cannon": 'O', "nightrider": 'H',
	"grasshopper": 'G', "lance": 'L', "unicorn": 'U', "falcon": 'V',
}

// pieceToChar builds the table: one slot per image, white half then black
// half, '.' for images the game does not use. Pieces are placed by name,
// then by letter, then in the first free non-King slot.
func pieceToChar(g *vm.Game) (string, error) {
	slots := []byte(strings.Repeat(".", len(xboardImages)))
	placed := map[string]bool{}
	place := func(img byte, letter string) bool {
		i := strings.IndexByte(xboardImages, img)
		if i < 0 || slots[i] != '.' || placed[letter] {
			return false
		}
		slots[i] = letter[0]
		placed[letter] = true
		return true
	}
	var letters []string
	wild := wildcardImages
	for t, pt := range g.Pieces {
		if t >= len(g.Letters) || len(g.Letters[t]) != 1 {
			return "", fmt.Errorf("piece %s has no one-letter notation", pt.Name)
		}
		l := strings.ToUpper(g.Letters[t])
		letters = append(letters, l)
		if wild != "" && !isRoyalLetter(g, l) && !describe.Piece(g, t).Exact {
			place(wild[0], l)
			wild = wild[1:]
		}
		if img, ok := imageByName[strings.ToLower(pt.Name)]; ok {
			place(img, l)
		}
	}
	for _, l := range letters {
		if l != "K" || isRoyalLetter(g, l) {
			place(l[0], l)
		}
	}
	// Other pieces take the first free image, never the Pawn's: XBoard
	// gives a piece drawn as a Pawn pawn rules (promotion, en passant).
	for _, l := range letters {
		for i := 1; i < len(xboardImages)-1 && !placed[l]; i++ {
			place(xboardImages[i], l)
		}
		if !placed[l] {
			return "", fmt.Errorf("more piece types than XBoard images")
		}
	}
	white := string(slots)
	return white + strings.ToLower(white), nil
}

// isRoyalLetter reports whether the piece lettered l is royal for some
// player: only a royal piece may take the King image, whose loss XBoard
// treats as the end of the game.
func isRoyalLetter(g *vm.Game, l string) bool {
	for pl := range g.Players {
		for _, t := range g.RoyalTypes(pl) {
			if t < len(g.Letters) && strings.EqualFold(g.Letters[t], l) {
				return true
			}
		}
	}
	return false
}

// setupLines is the reply to "variant NAME" for an engine-defined variant:
// the setup line, then the piece lines. Games with pieces in hand get
// holdings of one slot per piece type. An fmax.ini game keeps Fairy-Max's
// own table, parent and hand-written piece lines.
func setupLines(p *play.Game, e *play.Entry, swap bool) ([]string, error) {
	g, hints := p.S.Game(), e.XB
	ptc, parent := hints.PTC, hints.Parent
	if ptc == "" {
		var err error
		if ptc, err = pieceToChar(g); err != nil {
			return nil, err
		}
	}
	if parent == "" {
		parent = "fairy"
	}
	fen, err := p.S.FEN()
	if err != nil {
		return nil, err
	}
	if swap {
		fen = swapFEN(fen)
	}
	w, h := play.FENBoardSize(fen)
	holdings := 0
	if strings.Contains(strings.Fields(fen)[0], "[") {
		holdings = len(g.Pieces)
	}
	lines := []string{fmt.Sprintf("setup (%s) %dx%d+%d_%s %s", ptc, w, h, holdings, parent, fen)}
	if hints.FromIni {
		// Fairy-Max's games describe their pieces by hand, or not at all
		// when XBoard knows them; we send what Fairy-Max sends.
		for _, pc := range hints.PieceCmds {
			lines = append(lines, "piece "+pc)
		}
		return lines, nil
	}
	return append(lines, pieceLines(g, ptc)...), nil
}

// victimLegTypes says which piece types' moves are written through their
// victims' squares (cecpBoard.stops): in engine-defined variants, every
// piece not drawn as XBoard's Pawn, whose en passant XBoard knows. Variants
// XBoard plays by its own rules get none.
func victimLegTypes(e *play.Entry) []bool {
	if xboardKnows(e) {
		return nil
	}
	g := e.Game
	ptc := e.XB.PTC
	if ptc == "" {
		var err error
		if ptc, err = pieceToChar(g); err != nil {
			return nil
		}
	}
	out := make([]bool, len(g.Pieces))
	for t := range out {
		out[t] = strings.IndexByte(ptc[:len(ptc)/2], strings.ToUpper(pieceLetter(g, t))[0]) != 0
	}
	return out
}
