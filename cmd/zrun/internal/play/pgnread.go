// This file defines the PGN reader: tags, movetext with move numbers, SAN,
// comments ({...} and ;...), NAGs ($n and the !? suffixes), recursive
// variations (RAV) and the result, as the PGN standard (sections 8.1, 8.2)
// has them; and the import of a read game into a Game's game tree, which
// matches each SAN against the legal moves of its position, so it serves
// every game that has SAN (chess, Capablanca, Schoolbook, Chess960 from the
// FEN tag, Seirawan-style gating); a move that is not SAN may be in
// coordinates ("e2e4", "e7e8q"), as engine-match tools write their games.

package play

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"zrun/vm"
)

// PGNRecord is one game read from PGN.
type PGNRecord struct {
	Tags    [][2]string // in file order
	Moves   []*PGNMove  // the main line
	Result  string      // the movetext's termination ("*" when absent)
	Comment string      // a comment before the first move
}

// PGNMove is one move of a PGN movetext.
type PGNMove struct {
	SAN     string
	NAGs    []int
	Comment string
	// Vars are the variations: each an alternative to this move, played
	// from the position before it.
	Vars [][]*PGNMove
	Line int // the input line the move is on (for errors)
}

// Tag returns the value of the named tag ("" when absent).
func (r *PGNRecord) Tag(name string) string {
	for _, t := range r.Tags {
		if strings.EqualFold(t[0], name) {
			return t[1]
		}
	}
	return ""
}

// suffixNAG maps the move suffix annotations to their NAGs (section 10).
var suffixNAG = map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

// pgnParser reads the text of a PGN file.
type pgnParser struct {
	src    string
	i      int
	lineNo int
}

// ParsePGN reads every game of a PGN text. Errors name the line.
func ParsePGN(text string) ([]*PGNRecord, error) {
	p := &pgnParser{src: text, lineNo: 1}
	var out []*PGNRecord
	for {
		p.skipSpace()
		if p.i >= len(p.src) {
			return out, nil
		}
		rec, err := p.game()
		if err != nil {
			return out, err
		}
		out = append(out, rec)
	}
}

func (p *pgnParser) errf(format string, a ...any) error {
	return fmt.Errorf("PGN line %d: %s", p.lineNo, fmt.Sprintf(format, a...))
}

// skipSpace skips white space and escape lines ("%" in the first column).
func (p *pgnParser) skipSpace() {
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == '\n':
			p.lineNo++
			p.i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			p.i++
		case c == '%' && (p.i == 0 || p.src[p.i-1] == '\n'):
			for p.i < len(p.src) && p.src[p.i] != '\n' {
				p.i++
			}
		default:
			return
		}
	}
}

// game reads a tag section and a movetext.
func (p *pgnParser) game() (*PGNRecord, error) {
	rec := &PGNRecord{Result: "*"}
	for {
		p.skipSpace()
		if p.i >= len(p.src) || p.src[p.i] != '[' {
			break
		}
		name, value, err := p.tag()
		if err != nil {
			return nil, err
		}
		rec.Tags = append(rec.Tags, [2]string{name, value})
	}
	moves, end, err := p.line(rec, 0)
	if err != nil {
		return nil, err
	}
	if end == ")" {
		return nil, p.errf("\")\" closes no variation")
	}
	rec.Moves = moves
	if end != "" {
		rec.Result = end
	}
	return rec, nil
}

// tag reads [Name "value"].
func (p *pgnParser) tag() (string, string, error) {
	p.i++ // [
	p.skipSpace()
	start := p.i
	for p.i < len(p.src) && (isSymbolChar(p.src[p.i])) {
		p.i++
	}
	name := p.src[start:p.i]
	if name == "" {
		return "", "", p.errf("a tag has no name")
	}
	p.skipSpace()
	if p.i >= len(p.src) || p.src[p.i] != '"' {
		return "", "", p.errf("tag %s: the value must be a quoted string", name)
	}
	p.i++
	var b strings.Builder
	for {
		if p.i >= len(p.src) || p.src[p.i] == '\n' {
			return "", "", p.errf("tag %s: the string does not end on its line", name)
		}
		c := p.src[p.i]
		p.i++
		if c == '"' {
			break
		}
		if c == '\\' && p.i < len(p.src) && (p.src[p.i] == '"' || p.src[p.i] == '\\') {
			c = p.src[p.i]
			p.i++
		}
		b.WriteByte(c)
	}
	p.skipSpace()
	if p.i >= len(p.src) || p.src[p.i] != ']' {
		return "", "", p.errf("tag %s: no closing \"]\"", name)
	}
	p.i++
	return name, b.String(), nil
}

// isSymbolChar: the characters of a PGN symbol (section 7), with "/" for
// gating suffixes ("Nf3/H") and "@" for drops ("N@f3").
func isSymbolChar(c byte) bool {
	return c < 128 && (unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c))) ||
		strings.IndexByte("_+#=:-/@", c) >= 0
}

// line reads moves until ")" (a variation's end: depth > 0), a result or
// the next game's tags; end is the ")" or the result ("" at the end of the
// input or before tags).
func (p *pgnParser) line(rec *PGNRecord, depth int) (moves []*PGNMove, end string, err error) {
	var pending string // a comment seen before the next move
	for {
		p.skipSpace()
		if p.i >= len(p.src) {
			if depth > 0 {
				return nil, "", p.errf("a variation is not closed")
			}
			return moves, "", nil
		}
		c := p.src[p.i]
		switch {
		case c == '[':
			if depth > 0 {
				return nil, "", p.errf("a variation is not closed")
			}
			return moves, "", nil
		case c == '{':
			start := p.lineNo
			j := strings.IndexByte(p.src[p.i:], '}')
			if j < 0 {
				p.lineNo = start
				return nil, "", p.errf("a comment is not closed")
			}
			text := p.src[p.i+1 : p.i+j]
			p.lineNo += strings.Count(text, "\n")
			p.i += j + 1
			text = strings.Join(strings.Fields(text), " ")
			switch {
			case len(moves) > 0 && pending == "":
				moves[len(moves)-1].Comment = joinComment(moves[len(moves)-1].Comment, text)
			case len(moves) == 0 && depth == 0 && rec.Comment == "" && pending == "":
				rec.Comment = text
			default:
				pending = joinComment(pending, text)
			}
		case c == ';':
			j := strings.IndexByte(p.src[p.i:], '\n')
			if j < 0 {
				j = len(p.src) - p.i
			}
			text := strings.TrimSpace(p.src[p.i+1 : p.i+j])
			p.i += j
			if len(moves) > 0 {
				moves[len(moves)-1].Comment = joinComment(moves[len(moves)-1].Comment, text)
			} else {
				pending = joinComment(pending, text)
			}
		case c == '(':
			if len(moves) == 0 {
				return nil, "", p.errf("a variation before any move")
			}
			p.i++
			v, vend, err := p.line(rec, depth+1)
			if err != nil {
				return nil, "", err
			}
			if vend != ")" {
				return nil, "", p.errf("a variation is not closed")
			}
			if len(v) == 0 {
				return nil, "", p.errf("an empty variation")
			}
			last := moves[len(moves)-1]
			last.Vars = append(last.Vars, v)
		case c == ')':
			p.i++
			if depth == 0 {
				return nil, "", p.errf("\")\" closes no variation")
			}
			return moves, ")", nil
		case c == '$':
			p.i++
			start := p.i
			for p.i < len(p.src) && p.src[p.i] >= '0' && p.src[p.i] <= '9' {
				p.i++
			}
			n, err := strconv.Atoi(p.src[start:p.i])
			if err != nil || n > 255 || len(moves) == 0 {
				return nil, "", p.errf("bad NAG $%s", p.src[start:p.i])
			}
			moves[len(moves)-1].NAGs = append(moves[len(moves)-1].NAGs, n)
		case c == '*':
			p.i++
			if depth > 0 {
				return nil, "", p.errf("a result inside a variation")
			}
			return moves, "*", nil
		case c == '.':
			p.i++ // the dots of "1." and "1..." (also after spaces)
		case c == '!' || c == '?':
			start := p.i
			for p.i < len(p.src) && (p.src[p.i] == '!' || p.src[p.i] == '?') {
				p.i++
			}
			nag, ok := suffixNAG[p.src[start:p.i]]
			if !ok || len(moves) == 0 {
				return nil, "", p.errf("bad annotation %q", p.src[start:p.i])
			}
			moves[len(moves)-1].NAGs = append(moves[len(moves)-1].NAGs, nag)
		case isSymbolChar(c):
			start := p.i
			for p.i < len(p.src) && isSymbolChar(p.src[p.i]) {
				p.i++
			}
			tok := p.src[start:p.i]
			switch {
			case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2":
				if depth > 0 {
					return nil, "", p.errf("a result inside a variation")
				}
				return moves, tok, nil
			case isDigits(tok):
				continue // a move number; its dots are skipped next
			}
			mv := &PGNMove{SAN: tok, Line: p.lineNo, Comment: pending}
			pending = ""
			// Suffix annotations written against the move ("e4!?").
			start = p.i
			for p.i < len(p.src) && (p.src[p.i] == '!' || p.src[p.i] == '?') {
				p.i++
			}
			if s := p.src[start:p.i]; s != "" {
				nag, ok := suffixNAG[s]
				if !ok {
					return nil, "", p.errf("bad annotation %q after %s", s, tok)
				}
				mv.NAGs = append(mv.NAGs, nag)
			}
			moves = append(moves, mv)
		default:
			return nil, "", p.errf("unexpected %q", p.src[p.i:min(p.i+10, len(p.src))])
		}
	}
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func joinComment(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

// variantAliases are the PGN Variant tags that name a rule file's title
// another way.
var variantAliases = map[string]string{
	"standard":      "chess",
	"normal":        "chess", // xboard's name
	"fischerandom":  "chess960",
	"fischerrandom": "chess960",
	"chess 960":     "chess960",
	"capablanca":    "capablanca chess",
}

// ImportPGN makes rec the game: its start (the FEN tag, else the game's
// start position), and its moves with their variations, comments and
// NAGs as the game tree; the position is the main line's last. The game
// must be the one the record names (Variant tag; none: Chess). On error
// the game is left at its start with the moves that did import; the error
// names the move number and the text that does not match.
func (g *Game) ImportPGN(rec *PGNRecord) error {
	if !g.SAN {
		return fmt.Errorf("%s has no SAN: PGN cannot name its moves", g.G.Title)
	}
	want := strings.ToLower(rec.Tag("Variant"))
	if a, ok := variantAliases[want]; ok {
		want = a
	}
	if want == "" {
		want = "chess"
	}
	if title := strings.ToLower(g.G.Title); title != want && !isVersionOf(title, want) {
		return fmt.Errorf("the PGN game is %s, the rules loaded are %s: load its rule file first", variantName(rec), g.G.Title)
	}
	var err error
	if fen := rec.Tag("FEN"); fen != "" {
		err = g.SetFEN(fen)
	} else {
		err = g.Restart()
	}
	if err != nil {
		return fmt.Errorf("PGN FEN tag: %w", err)
	}
	if err := g.importLine(rec.Moves, 0); err != nil {
		return err
	}
	end := g.Root()
	for len(end.Children) > 0 {
		end = end.Children[0]
	}
	return g.GoTo(end)
}

// isVersionOf reports whether title is a numbered version of game
// ("schoolbook 1.0" of "schoolbook"): a PGN Variant tag names the game, and
// the rules loaded may be one of its versions (Sjaak II's "schoolbook"
// castles as Schoolbook 1.0 does).
func isVersionOf(title, game string) bool {
	rest, ok := strings.CutPrefix(title, game+" ")
	return ok && rest != "" && rest[0] >= '0' && rest[0] <= '9'
}

func variantName(rec *PGNRecord) string {
	if v := rec.Tag("Variant"); v != "" {
		return v
	}
	return "Chess"
}

// importLine plays line from the current position (ply plies after the
// start), each move's variations from the position before it, coming back
// to the main move after them.
func (g *Game) importLine(line []*PGNMove, ply int) error {
	for _, mv := range line {
		before := g.Current()
		if err := g.importMove(mv); err != nil {
			return err
		}
		main := g.Current()
		for _, v := range mv.Vars {
			if err := g.GoTo(before); err != nil {
				return err
			}
			if err := g.importLine(v, ply); err != nil {
				return err
			}
		}
		if len(mv.Vars) > 0 {
			if err := g.GoTo(main); err != nil {
				return err
			}
		}
		ply++
	}
	return nil
}

// importMove plays one SAN move of the record and annotates its node.
func (g *Game) importMove(mv *PGNMove) error {
	num := g.moveNumber()
	ml, err := g.Legal()
	if err != nil {
		return err
	}
	idx := g.MatchSAN(ml, mv.SAN)
	if len(idx) == 0 {
		idx = g.matchCoords(ml, mv.SAN)
	}
	switch {
	case len(idx) == 0:
		if o := g.Outcome(); o.Over {
			return fmt.Errorf("move %s %s (line %d): the game is already over (%s)", num, mv.SAN, mv.Line, g.ResultText(o))
		}
		return fmt.Errorf("move %s %s (line %d): no legal move matches", num, mv.SAN, mv.Line)
	case len(idx) > 1:
		var alts []string
		for _, i := range idx {
			alts = append(alts, SANOf(g.S, ml, i, g.View))
		}
		return fmt.Errorf("move %s %s (line %d): ambiguous (%s)", num, mv.SAN, mv.Line, strings.Join(alts, ", "))
	}
	if err := g.Play(ml, idx[0], false); err != nil {
		return fmt.Errorf("move %s %s (line %d): %w", num, mv.SAN, mv.Line, err)
	}
	n := g.Current()
	n.Comment, n.NAGs = mv.Comment, append([]int(nil), mv.NAGs...)
	return nil
}

// matchCoords returns the legal move a PGN move in coordinates names
// ("e2e4", "e7e8q", "e1g1" for castling), as engine-match tools write
// their games; the promotion letter's case is ignored.
func (g *Game) matchCoords(ml *vm.MoveList, text string) []int {
	for i := range ml.Moves {
		if c := g.S.CoordString(&ml.Moves[i]); c == text || len(c) == len(text) && strings.EqualFold(c, text) {
			return []int{i}
		}
	}
	return nil
}

// moveNumber is the PGN number of the move to play now: "12." for White,
// "12..." for Black.
func (g *Game) moveNumber() string {
	n := fenMoveNumber(g.StartFEN)
	ply := len(g.played)
	white0 := true
	if g.StartFEN != "" {
		if f := strings.Fields(g.StartFEN); len(f) > 1 && f[1] == "b" {
			white0 = false
		}
	}
	if !white0 {
		ply++
	}
	n += ply / 2
	if ply%2 == 0 {
		return fmt.Sprintf("%d.", n)
	}
	return fmt.Sprintf("%d...", n)
}
