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
	"slices"
	"strings"
	"sync"

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

// xboardSlots is how many images XBoard 4.9 has per side: the 22 above
// (the King last) and 22 more (shogi's promoted pieces, Chu Shogi's
// Lion, Dolphin, Eagle, ...) that only a table of 44 a side reaches. A
// game with more piece types than that cannot be drawn.
const xboardSlots = 44

// xboardSpecial are the slots of the 44-image table whose pieces XBoard
// moves by rules of its own whatever the piece line says: the Lion (21,
// Chu Shogi's double mover) and WhiteNothing (30). Observed: Kamisado
// dragons drawn there were refused legal diagonal steps. No piece is put
// there.
var xboardSpecial = map[int]bool{21: true, 30: true}

// pieceToChar builds the table: one slot per image, white half then black
// half, '.' for images the game does not use. Pieces are placed by name,
// then by letter, then in the first free non-King slot. IDs are the
// session's (pieceIDs): a letter, or a dressed letter ("R'") when the
// alphabet ran out; a game with more than 21 types that are not royal
// gets the 44-image table, whose last slot is still the King.
func pieceToChar(g *vm.Game) (string, error) {
	ids := pieceIDs(g)
	for t := range g.Pieces {
		if ids[t] == "" {
			return "", fmt.Errorf("%d piece types: XBoard has images for %d a side", len(g.Pieces), xboardSlots)
		}
	}
	ptc, err := tableOfSize(g, ids, len(xboardImages))
	if err != nil {
		ptc, err = tableOfSize(g, ids, xboardSlots)
	}
	if err != nil {
		return "", fmt.Errorf("%d piece types: XBoard has images for %d a side", len(g.Pieces), xboardSlots)
	}
	return ptc, nil
}

// tableOfSize is pieceToChar with size images a side.
func tableOfSize(g *vm.Game, ids []string, size int) (string, error) {
	slots := make([]string, size)
	placed := map[string]bool{}
	place := func(i int, id string) bool {
		if i < 0 || slots[i] != "" || placed[id] {
			return false
		}
		slots[i] = id
		placed[id] = true
		return true
	}
	// image is the slot of an image letter: the King's is the last.
	image := func(img byte) int {
		if img == 'K' {
			return size - 1
		}
		return strings.IndexByte(xboardImages[:len(xboardImages)-1], img)
	}
	wild := wildcardImages
	for t, pt := range g.Pieces {
		id := ids[t]
		if wild != "" && !isRoyalLetter(g, id) && !describe.Piece(g, t).Exact {
			place(image(wild[0]), id)
			wild = wild[1:]
		}
		if img, ok := imageByName[strings.ToLower(pt.Name)]; ok {
			place(image(img), id)
		}
	}
	for t, id := range ids {
		if len(id) == 1 && (id != "K" || isRoyalLetter(g, id)) && (id != "P" || pawnLike(g, t)) {
			place(image(id[0]), id)
		}
	}
	// Other pieces take the first free image, never the Pawn's: XBoard
	// gives a piece drawn as a Pawn pawn rules (promotion, en passant).
	// A piece that never moves (Kamisado's Bit, a counter the rules
	// create) may take it when no other image is left: XBoard never
	// moves it, so never promotes it.
	for t, id := range ids {
		for i := 1; i < size-1 && !placed[id]; i++ {
			if size == len(xboardImages) || !xboardSpecial[i] {
				place(i, id)
			}
		}
		if !placed[id] && len(g.Pieces[t].Moves) == 0 {
			place(0, id)
		}
		if !placed[id] {
			return "", fmt.Errorf("more piece types than XBoard images")
		}
	}
	var white strings.Builder
	for _, id := range slots {
		if id == "" {
			id = "."
		}
		white.WriteString(id)
	}
	return white.String() + strings.ToLower(white.String()), nil
}

// pawnLike reports whether piece type t may take XBoard's Pawn image by
// its letter P: XBoard gives that image pawn rules whatever the piece
// line says, and promotes it on the last rank (it relayed a Kamisado
// Purple Dragon's move home as "c6h1q", which zrun had to refuse). A
// piece named a pawn, or moving as XBoard's pawn does, may.
func pawnLike(g *vm.Game, t int) bool {
	if strings.Contains(strings.ToLower(g.Pieces[t].Name), "pawn") {
		return true
	}
	return slices.Contains(xboardBuiltin['P'], describe.Piece(g, t).Betza)
}

// ptcSlots splits the white half of a piece-to-char table into its slots:
// a letter with its dress ("R'") or the marks before it ("+P", "^P", "~"),
// or ".".
func ptcSlots(ptc string) []string {
	var all []string
	for i := 0; i < len(ptc); {
		j := i
		for j < len(ptc)-1 && strings.IndexByte("+^", ptc[j]) >= 0 {
			j++
		}
		j++
		for j < len(ptc) && strings.IndexByte("'!", ptc[j]) >= 0 {
			j++
		}
		all = append(all, ptc[i:j])
		i = j
	}
	return all[:len(all)/2]
}

// idCache holds play.PieceIDs per game: every move written and read
// asks for a letter, and a game's pieces never change.
var idCache sync.Map // *vm.Game -> []string

// pieceIDs are the piece IDs XBoard sees for g's types (play.PieceIDs):
// the rule file's letters, then dressed letters past the alphabet.
func pieceIDs(g *vm.Game) []string {
	if ids, ok := idCache.Load(g); ok {
		return ids.([]string)
	}
	ids, _ := idCache.LoadOrStore(g, play.PieceIDs(g))
	return ids.([]string)
}

// xbFEN is s's FEN with XBoard's piece IDs: vm writes the rule file's
// letters, "?" for a piece that has none, and a rule file's notation of
// several letters ("General") as it is, so when the IDs differ from those
// letters the placement and holdings are written again, square by square
// in the order vm writes them (ranks from the top, files from the left of
// the first grid); the other fields are vm's.
func xbFEN(s *vm.State) (string, error) {
	fen, err := s.FEN()
	if err != nil {
		return "", err
	}
	g := s.Game()
	ids := pieceIDs(g)
	if !play.Dressed(ids) && sameLetters(g, ids) {
		return fen, nil
	}
	place, rest, _ := strings.Cut(fen, " ")
	hand := ""
	if i := strings.IndexByte(place, '['); i >= 0 {
		place, hand = place[:i], place[i:]
	}
	var cells []vm.Cell // the pieces in the order vm wrote them
	gr := &g.Board.Grids[0]
	fileDim, rankDim, rows := gr.FENAxes()
	for _, r := range rows {
		for _, f := range gr.Labels[fileDim] {
			idx := [2]string{}
			idx[rankDim], idx[fileDim] = gr.Labels[rankDim][r], f
			if p, ok := g.Board.PositionIndex(idx[0] + idx[1]); ok && s.Board[p] != vm.Empty {
				cells = append(cells, s.Board[p])
			}
		}
	}
	id := func(t, owner int) string {
		if owner == 0 {
			return ids[t]
		}
		return strings.ToLower(ids[t])
	}
	var b strings.Builder
	next := 0
	for i := 0; i < len(place); i++ {
		c := place[i]
		if c == '/' || c == '*' || c >= '0' && c <= '9' {
			b.WriteByte(c)
			continue
		}
		if next >= len(cells) {
			return "", fmt.Errorf("FEN %q has more pieces than the board", fen)
		}
		cell := cells[next]
		next++
		b.WriteString(id(cell.Type(), cell.Owner()))
		// Skip the rest of vm's text for this piece: a notation of several
		// letters is one piece.
		l := g.Letters[cell.Type()]
		if l == "" {
			l = "?"
		}
		i += len(l) - 1
	}
	if hand != "" {
		b.WriteByte('[')
		for pl := 0; pl < 2; pl++ {
			for t := range g.Pieces {
				for range s.HandCount(pl, t) {
					b.WriteString(id(t, pl))
				}
			}
		}
		b.WriteByte(']')
	}
	return b.String() + " " + rest, nil
}

// isRoyalLetter reports whether the piece lettered l is royal for some
// player: only a royal piece may take the King image, whose loss XBoard
// treats as the end of the game.
func isRoyalLetter(g *vm.Game, l string) bool {
	for pl := range g.Players {
		for _, t := range g.RoyalTypes(pl) {
			if strings.EqualFold(pieceLetter(g, t), l) {
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
	fen, err := xbFEN(p.S)
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
	pawn := ptcSlots(ptc)[0]
	out := make([]bool, len(g.Pieces))
	for t := range out {
		out[t] = strings.ToUpper(pieceLetter(g, t)) != pawn
	}
	return out
}

// xboardMaxSide is XBoard 4.9's largest board side: a 16x16 setup is
// drawn, 17 files or 17 ranks are not (observed: the window does not come
// up, or the board is garbled).
const xboardMaxSide = 16

// xboardCannot says why XBoard cannot show game g at all, or "" when it
// can: XBoard draws one rectangle of squares of at most 16x16 for two
// players, with at most 44 piece images a side.
func xboardCannot(g *vm.Game) string {
	// A third player that neither owns a piece nor takes a turn (a
	// neutral name in the players list) does not stop XBoard.
	third := len(g.Players) < 2
	for _, it := range g.Setup {
		third = third || it.Player > 1
	}
	for _, tu := range g.TurnOrder {
		third = third || tu.Mover > 1 || tu.As > 1
	}
	if third {
		return fmt.Sprintf("it has %d players; XBoard plays two", len(g.Players))
	}
	b := g.Board
	if len(b.Grids) == 0 || len(b.Grids[0].Labels) != 2 {
		return "its board is not a grid of squares; XBoard draws one rectangle of squares"
	}
	if other := usedOutside(g); other != "" {
		return fmt.Sprintf("it is played on more than one board (%s is off the first grid); XBoard draws one", other)
	}
	w, h := len(b.Grids[0].Labels[0]), len(b.Grids[0].Labels[1])
	if w > xboardMaxSide || h > xboardMaxSide {
		return fmt.Sprintf("its board is %dx%d; XBoard draws at most %dx%d", w, h, xboardMaxSide, xboardMaxSide)
	}
	if _, err := pieceToChar(g); err != nil {
		return err.Error()
	}
	return ""
}

// usedOutside names a position off the first grid that play reaches: one
// with a piece at the start or a link to or from it. Storage cells
// (dummies) are not drawn by any front end and do not count.
func usedOutside(g *vm.Game) string {
	b := g.Board
	used := make([]bool, b.N())
	for _, it := range g.Setup {
		if it.Pos >= 0 {
			used[it.Pos] = true
		}
	}
	for p := range b.N() {
		for d := range b.Dirs {
			if q := b.Link(d, p); q != vm.NoPos {
				used[p], used[q] = true, true
			}
		}
	}
	for p, pos := range b.Positions {
		if used[p] && pos.Grid != 0 && !pos.Dummy {
			return pos.Name
		}
	}
	return ""
}

// fenFromXB reads a FEN written with XBoard's piece IDs back into the rule
// file's letters for vm's reader. When some piece the FEN names has no
// one-letter notation vm reads (Kamisado's dressed "B'"), ok is false and
// the FEN is for play.Game.SetPositionIDs instead.
func fenFromXB(g *play.Game, fen string) (out string, ok bool, err error) {
	vg := g.S.Game()
	ids := pieceIDs(vg)
	if !play.Dressed(ids) && sameLetters(vg, ids) {
		return fen, true, nil
	}
	place, rest, _ := strings.Cut(fen, " ")
	var b strings.Builder
	for i := 0; i < len(place); i++ {
		c := place[i]
		up := c &^ 0x20
		if up < 'A' || up > 'Z' {
			b.WriteByte(c)
			continue
		}
		id := string(up)
		for i+1 < len(place) && (place[i+1] == '\'' || place[i+1] == '!') {
			id += string(place[i+1])
			i++
		}
		t := slices.Index(ids, id)
		if t < 0 {
			return "", false, fmt.Errorf("no piece is lettered %s", id)
		}
		l := vg.Letters[t]
		if len(l) != 1 {
			return "", false, nil
		}
		if c != up {
			l = strings.ToLower(l)
		} else {
			l = strings.ToUpper(l)
		}
		b.WriteString(l)
	}
	return b.String() + " " + rest, true, nil
}

// sameLetters reports whether ids are g's own letters (vm's FEN letters).
func sameLetters(g *vm.Game, ids []string) bool {
	for t := range ids {
		if t >= len(g.Letters) || !strings.EqualFold(g.Letters[t], ids[t]) {
			return false
		}
	}
	return true
}
