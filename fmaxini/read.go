// This file defines the reader: the header, `Game:` sections and their body
// tokens (board size, setup, piece headers and rays), with file:line errors.

package fmaxini

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"zrun/vm"
)

// File is a parsed fmax.ini.
type File struct {
	Path     string
	Sections []*Section
	// Default is the nameless body after the header (plain FIDE chess in the
	// shipped file), which Fairy-Max loads at start-up; named "(default)".
	Default *Section
}

// Section is one `Game:` section, read and lowered.
type Section struct {
	Name   string
	PTC    string // pieceToChar table after the first '#', or ""
	Parent string // parent variant after the second '#', or ""
	Info   string // the comment line above the Game: line, minus "// "
	Line   int    // line of the Game: line
	W, H   int
	// ZoneN is the =N suffix of the board size (0 when absent).
	ZoneN int
	Setup [2][]int // piece indexes (1-based, 0 = empty) of white's and black's back ranks
	// SetupLines are the lines of the two setup lines.
	SetupLines [2]int
	Pieces     []*Piece
	// PieceCmds are the "# ID BETZA" lines (GUI information only).
	PieceCmds []string
	Game      *vm.Game
}

// Piece is one piece header with its rays. Index is 1-based as in Fairy-Max.
type Piece struct {
	Letter byte
	Value  int
	Rays   []Ray
	Line   int
}

// Ray is one STEP,MODE[,STEP2] descriptor, with STEP2 folded into Mode as
// Fairy-Max does.
type Ray struct {
	Step int32
	Mode int32
	Line int
}

// Error is a problem at a line of an ini file.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Limits Fairy-Max enforces (section 3 of fmaxini.md).
const (
	maxWidth  = 14
	maxHeight = 16
	maxPieces = 15
	maxSlots  = 256
)

// LoadFile reads and lowers every section of an fmax.ini file.
func LoadFile(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads and lowers every section of an fmax.ini text. name is used in
// error positions.
func Parse(name string, data []byte) (*File, error) {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r", ""), "\n")
	if len(lines) == 0 || !headerRE.MatchString(lines[0]) {
		return nil, &Error{name, 1, `file must begin with "version 4.8(w)"`}
	}
	f := &File{Path: name}
	if len(lines) > 1 && !strings.HasPrefix(lines[1], "Game:") {
		def, err := readBody(name, lines, 0, &Section{Name: "(default)", Line: 1})
		if err != nil {
			return nil, err
		}
		if err := lower(name, def); err != nil {
			return nil, err
		}
		f.Default = def
	}
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "Game:") {
			continue
		}
		sec, err := readSection(name, lines, i)
		if err != nil {
			return nil, err
		}
		if err := lower(name, sec); err != nil {
			return nil, err
		}
		f.Sections = append(f.Sections, sec)
	}
	if f.Default == nil && len(f.Sections) == 0 {
		// A header and nothing after it: no game to play, and a check of
		// the file must say so rather than pass it.
		return nil, &Error{name, 1, "no game in file: no board after the header and no Game: section"}
	}
	return f, nil
}

var headerRE = regexp.MustCompile(`^version\s+4\.8\(w\)`)

// Game returns the lowered game of the section named name (exact,
// case-sensitive, the first such section: Fairy-Max's lookup).
func (f *File) Game(name string) (*vm.Game, error) {
	s, err := f.Section(name)
	if err != nil {
		return nil, err
	}
	return s.Game, nil
}

// Section returns the section named name.
func (f *File) Section(name string) (*Section, error) {
	var names []string
	var folded []*Section
	for _, s := range f.Sections {
		if s.Name == name {
			return s, nil
		}
		if strings.EqualFold(s.Name, name) {
			folded = append(folded, s)
		}
		names = append(names, s.Name)
	}
	// In any case when only one section has the name: "Capablanca" finds
	// capablanca, but "CAMBODIAN" is refused (Cambodian and cambodian are
	// two games of the shipped file).
	if len(folded) == 1 {
		return folded[0], nil
	}
	return nil, fmt.Errorf("%s: variant %q not found (have: %s)", f.Path, name, strings.Join(names, ", "))
}

// token is one white-space separated word of a section body.
type token struct {
	text string
	line int // 1-based
}

// bodyReader hands out the tokens of the lines after a Game: line.
type bodyReader struct {
	file  string
	lines []string
	row   int // index of the next line to split
	buf   []token
}

func (r *bodyReader) next() (token, bool) {
	for len(r.buf) == 0 {
		if r.row >= len(r.lines) {
			return token{line: len(r.lines)}, false
		}
		for _, w := range strings.Fields(r.lines[r.row]) {
			r.buf = append(r.buf, token{w, r.row + 1})
		}
		r.row++
	}
	t := r.buf[0]
	r.buf = r.buf[1:]
	return t, true
}

// peek returns the next token without consuming it.
func (r *bodyReader) peek() (token, bool) {
	t, ok := r.next()
	if ok {
		r.buf = append([]token{t}, r.buf...)
	}
	return t, ok
}

func (r *bodyReader) errf(line int, format string, args ...any) error {
	return &Error{r.file, line, fmt.Sprintf(format, args...)}
}

// readSection reads the Game: line at lines[at] and its body.
func readSection(file string, lines []string, at int) (*Section, error) {
	sec := &Section{Line: at + 1}
	head := strings.Fields(strings.TrimPrefix(lines[at], "Game:"))
	if len(head) == 0 {
		return nil, &Error{file, at + 1, "Game: line without a name"}
	}
	sec.Name = head[0]
	if len(head) >= 3 && head[1] == "#" {
		sec.PTC = head[2]
		if len(head) >= 5 && head[3] == "#" {
			sec.Parent = head[4]
		}
	}
	if at > 0 && strings.HasPrefix(lines[at-1], "/") && len(lines[at-1]) >= 3 {
		sec.Info = lines[at-1][3:]
	}
	return readBody(file, lines, at, sec)
}

// readBody reads the body that starts on the line after lines[at].
func readBody(file string, lines []string, at int, sec *Section) (*Section, error) {
	r := &bodyReader{file: file, lines: lines, row: at + 1}
	if err := r.boardSize(sec); err != nil {
		return nil, err
	}
	if err := r.setup(sec); err != nil {
		return nil, err
	}
	if err := r.pieces(sec); err != nil {
		return nil, err
	}
	return sec, nil
}

var sizeRE = regexp.MustCompile(`^(\d+)x(.*)$`)
var sizeHRE = regexp.MustCompile(`^(\d+)(=(-?\d+))?$`)

// boardSize reads "WxH[=N]" (a blank after the x is tolerated, as by scanf).
func (r *bodyReader) boardSize(sec *Section) error {
	t, ok := r.next()
	if !ok {
		return r.errf(t.line, "section %q: missing board size", sec.Name)
	}
	wm := sizeRE.FindStringSubmatch(t.text)
	if wm == nil {
		return r.errf(t.line, "board size %q: want WxH or WxH=N", t.text)
	}
	w, rest := wm[1], wm[2]
	if rest == "" {
		u, ok := r.next()
		if !ok {
			return r.errf(t.line, "board size %q: missing height", t.text)
		}
		rest = u.text
	}
	hm := sizeHRE.FindStringSubmatch(rest)
	if hm == nil {
		return r.errf(t.line, "board size %q: malformed height %q", t.text, rest)
	}
	sec.W, _ = strconv.Atoi(w)
	sec.H, _ = strconv.Atoi(hm[1])
	if hm[3] != "" {
		sec.ZoneN, _ = strconv.Atoi(hm[3])
		if sec.ZoneN == 0 {
			return r.errf(t.line, "board size %q: =0 would put the pawns on the back rank", t.text)
		}
	}
	if sec.W < 1 || sec.W > maxWidth || sec.H < 2 || sec.H > maxHeight {
		return r.errf(t.line, "unsupported board size %dx%d (Fairy-Max allows up to %dx%d)", sec.W, sec.H, maxWidth, maxHeight)
	}
	return nil
}

// setup reads the two back ranks. Fairy-Max reads 2*W tokens; we also insist
// on one line per rank, because a short line silently shifts pieces there.
func (r *bodyReader) setup(sec *Section) error {
	for side := 0; side < 2; side++ {
		first := -1
		for i := 0; i < sec.W; i++ {
			t, ok := r.next()
			if !ok {
				return r.errf(t.line, "setup: want %d numbers per line, file ends", sec.W)
			}
			if first < 0 {
				first = t.line
				sec.SetupLines[side] = first
			}
			if t.line != first {
				return r.errf(first, "setup line has %d numbers, want %d (the board is %dx%d)", i, sec.W, sec.W, sec.H)
			}
			n, err := strconv.Atoi(t.text)
			if err != nil {
				return r.errf(t.line, "setup: malformed number %q", t.text)
			}
			if n < 0 || n > maxPieces {
				return r.errf(t.line, "setup: piece index %d out of range 0..%d", n, maxPieces)
			}
			if n == 0 && side == 1 {
				return r.errf(t.line, "setup: 0 in black's line makes a bogus black piece in Fairy-Max; not supported")
			}
			sec.Setup[side] = append(sec.Setup[side], n)
		}
		if u, ok := r.peek(); ok && u.line == first && isInt(u.text) {
			return r.errf(first, "setup line has more than %d numbers (the board is %dx%d)", sec.W, sec.W, sec.H)
		}
	}
	return nil
}

func isInt(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

var rayStartRE = regexp.MustCompile(`^[+-]?\d+,`)

// pieces reads piece headers and rays until the first token that is neither
// (that token is consumed, as Fairy-Max's %c consumes it), then the optional
// "# ID BETZA" lines.
func (r *bodyReader) pieces(sec *Section) error {
	slots := 0
	for {
		t, ok := r.peek()
		if !ok {
			break
		}
		if rayStartRE.MatchString(t.text) {
			r.next()
			ray, err := r.ray(t)
			if err != nil {
				return err
			}
			if len(sec.Pieces) == 0 {
				return r.errf(t.line, "ray %q before any piece header", t.text)
			}
			if ray.Step == 0 {
				return r.errf(t.line, "ray %q: step 0 would end the piece's ray list", t.text)
			}
			p := sec.Pieces[len(sec.Pieces)-1]
			p.Rays = append(p.Rays, ray)
			slots++
			continue
		}
		if len(t.text) >= 2 && t.text[1] == ':' {
			r.next()
			if len(sec.Pieces) == maxPieces {
				return r.errf(t.line, "more than %d pieces", maxPieces)
			}
			p, err := r.header(t)
			if err != nil {
				return err
			}
			sec.Pieces = append(sec.Pieces, p)
			slots++
			continue
		}
		r.next() // consumed, like the %c of Fairy-Max's failed header read
		if t.text == "#" {
			r.pieceCmds(sec)
		}
		break
	}
	if slots+1 > maxSlots {
		return r.errf(sec.Line, "section %q: %d pieces+rays exceed Fairy-Max's %d slots", sec.Name, slots, maxSlots)
	}
	if len(sec.Pieces) < 2 {
		return r.errf(sec.Line, "section %q: needs at least the two pawn types (pieces 1 and 2)", sec.Name)
	}
	return nil
}

// pieceCmds reads the "# ..." lines after a lone '#'.
func (r *bodyReader) pieceCmds(sec *Section) {
	r.buf = nil
	for r.row < len(r.lines) {
		l := strings.TrimSpace(r.lines[r.row])
		if !strings.HasPrefix(l, "#") {
			return
		}
		sec.PieceCmds = append(sec.PieceCmds, strings.TrimSpace(l[1:]))
		r.row++
	}
}

// header reads "C:VALUE" (a blank after the colon is tolerated).
func (r *bodyReader) header(t token) (*Piece, error) {
	v := t.text[2:]
	if v == "" {
		u, ok := r.next()
		if !ok {
			return nil, r.errf(t.line, "piece %q: missing value", t.text)
		}
		v = u.text
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return nil, r.errf(t.line, "piece %q: malformed value %q", t.text, v)
	}
	return &Piece{Letter: t.text[0], Value: n, Line: t.line}, nil
}

// ray reads "STEP,MODE[,STEP2]"; blanks after a comma are tolerated.
func (r *bodyReader) ray(t token) (Ray, error) {
	text := t.text
	for strings.HasSuffix(text, ",") {
		u, ok := r.next()
		if !ok {
			return Ray{}, r.errf(t.line, "ray %q: missing mode", text)
		}
		text += u.text
	}
	parts := strings.Split(text, ",")
	if len(parts) > 3 {
		return Ray{}, r.errf(t.line, "ray %q: want STEP,MODE[,STEP2]", text)
	}
	step, err := strconv.ParseInt(parts[0], 10, 32)
	if err != nil {
		return Ray{}, r.errf(t.line, "ray %q: malformed step %q", text, parts[0])
	}
	hex := strings.TrimPrefix(strings.TrimPrefix(parts[1], "0x"), "0X")
	mode, err := strconv.ParseUint(hex, 16, 32)
	if err != nil {
		return Ray{}, r.errf(t.line, "ray %q: malformed hexadecimal mode %q", text, parts[1])
	}
	ray := Ray{Step: int32(step), Mode: int32(uint32(mode)), Line: t.line}
	if len(parts) == 3 {
		s2, err := strconv.ParseInt(parts[2], 10, 32)
		if err != nil {
			return Ray{}, r.errf(t.line, "ray %q: malformed second step %q", text, parts[2])
		}
		// Fairy-Max folds the third parameter into the vector toggle.
		ray.Mode += (int32(s2) ^ ray.Step) << 12
	}
	return ray, nil
}
