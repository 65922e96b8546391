// This file defines the Zillions saved-game format (.zsg): reading a file into
// a SavedGame and writing one back byte for byte.

package zrf

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// zsgMagic starts the first line of every file Zillions saves.
const zsgMagic = "Zillions Save Game File Version "

// SavedGame is a parsed .zsg file. Zillions writes, each line ended by CRLF:
//
//	Zillions Save Game File Version 0.02 HC   (one H(uman)/C(omputer) letter per player)
//	RulesFile=Chess.zrf
//	VariantName=Chess
//	(White King e1)                            (optional setup edits, in order)
//	1. Pawn e2 - e4                            (one line per ply; both players' plies of
//	1. Pawn e7 - e5                             one round share the number)
//
// Files edited by hand may lack the header lines (moves only, the rules are
// named elsewhere) or use LF line ends; both are kept so Write reproduces them.
type SavedGame struct {
	// HasHeader is false for a file of move lines only.
	HasHeader bool
	Version   string // "0.02"
	Players   string // "HC": one letter per player, H or C
	// Keys are the Key=Value lines after the header, in file order
	// (RulesFile, VariantName).
	Keys  []ZSGKey
	Setup []ZSGSetup
	Moves []ZSGMove
	// EOL is the line end the file uses ("\r\n" as Zillions writes, or "\n").
	EOL string
	// NoFinalEOL is set when the last line has no line end.
	NoFinalEOL bool
}

// ZSGKey is one Key=Value header line.
type ZSGKey struct {
	Key, Value string
	Line       int
}

// ZSGSetup is a setup edit before the first move: "(Owner Piece Square)" puts
// a new piece of that type and owner on the square, "(x Square)" empties it.
type ZSGSetup struct {
	Owner, Piece, Square string
	Line                 int
}

// String is the setup line.
func (st ZSGSetup) String() string {
	if st.Removes() {
		return "(x " + st.Square + ")"
	}
	return "(" + st.Owner + " " + st.Piece + " " + st.Square + ")"
}

// Removes reports whether the edit empties its square ("(x b6)").
func (st ZSGSetup) Removes() bool { return st.Owner == "" && st.Piece == "x" }

// ZSGMove is one move line "N. text"; text is the move in Zillions notation.
type ZSGMove struct {
	Number int
	Text   string
	Line   int
}

// Get returns the value of a header key ("" when absent).
func (sg *SavedGame) Get(key string) string {
	for _, k := range sg.Keys {
		if k.Key == key {
			return k.Value
		}
	}
	return ""
}

// RulesFile is the RulesFile= header value as written (it may be a Windows path).
func (sg *SavedGame) RulesFile() string { return sg.Get("RulesFile") }

// VariantName is the title of the game or variant the file was played in.
func (sg *SavedGame) VariantName() string { return sg.Get("VariantName") }

// ReadZSG parses a saved game. name is used in error messages, which have the
// form "name:line:col: message".
func ReadZSG(name string, src []byte) (*SavedGame, error) {
	sg := &SavedGame{EOL: "\r\n"}
	if len(src) == 0 {
		return nil, zsgErr(name, 1, 1, "empty file: expected %q or a move line", zsgMagic+"0.02 HC")
	}
	if i := bytes.IndexByte(src, '\n'); i >= 0 && (i == 0 || src[i-1] != '\r') {
		sg.EOL = "\n"
	}
	text := string(src)
	if strings.HasSuffix(text, "\n") {
		text = text[:len(text)-1]
	} else {
		sg.NoFinalEOL = true
	}
	lines := strings.Split(text, "\n")
	stage := 0 // 0 header, 1 keys, 2 setup, 3 moves
	for i, ln := range lines {
		no := i + 1
		terminated := i < len(lines)-1 || !sg.NoFinalEOL
		if sg.EOL == "\r\n" && terminated {
			if !strings.HasSuffix(ln, "\r") {
				return nil, zsgErr(name, no, len(ln)+1, "line ends with LF where the file uses CRLF")
			}
			ln = ln[:len(ln)-1]
		}
		if c := strings.IndexAny(ln, "\r\x00"); c >= 0 {
			return nil, zsgErr(name, no, c+1, "stray carriage return or NUL byte")
		}
		switch {
		case i == 0 && strings.HasPrefix(ln, zsgMagic):
			f := strings.Fields(ln[len(zsgMagic):])
			if len(f) != 2 || strings.Trim(f[1], "HC") != "" {
				return nil, zsgErr(name, no, len(zsgMagic)+1, "header: expected a version and one H or C per player, found %q", ln[len(zsgMagic):])
			}
			if ln != zsgMagic+f[0]+" "+f[1] {
				return nil, zsgErr(name, no, 1, "header: unexpected spacing in %q", ln)
			}
			sg.HasHeader, sg.Version, sg.Players = true, f[0], f[1]
			stage = 1
		case stage == 1 && isZSGKey(ln):
			k, v, _ := strings.Cut(ln, "=")
			sg.Keys = append(sg.Keys, ZSGKey{Key: k, Value: v, Line: no})
		case stage <= 2 && strings.HasPrefix(ln, "("):
			if !sg.HasHeader {
				return nil, zsgErr(name, no, 1, "setup line before the header")
			}
			st, col, err := parseSetup(ln)
			if err != "" {
				return nil, zsgErr(name, no, col, "setup: %s", err)
			}
			st.Line = no
			sg.Setup = append(sg.Setup, st)
			stage = 2
		default:
			m, col, err := parseMoveLine(ln)
			if err != "" {
				what := "move line"
				if i == 0 {
					what = fmt.Sprintf("expected %q or a move line", zsgMagic+"0.02 HC")
				}
				return nil, zsgErr(name, no, col, "%s: %s", what, err)
			}
			m.Line = no
			sg.Moves = append(sg.Moves, m)
			stage = 3
		}
	}
	return sg, nil
}

// isZSGKey reports whether ln is a "Key=Value" header line.
func isZSGKey(ln string) bool {
	k, _, ok := strings.Cut(ln, "=")
	if !ok || k == "" {
		return false
	}
	for _, r := range k {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') {
			return false
		}
	}
	return true
}

// parseSetup reads "(Owner Piece Square)"; on error it returns the column and
// the message.
func parseSetup(ln string) (ZSGSetup, int, string) {
	if !strings.HasSuffix(ln, ")") {
		return ZSGSetup{}, len(ln) + 1, "missing ) at the end"
	}
	f := strings.Split(ln[1:len(ln)-1], " ")
	for _, x := range f {
		if x == "" {
			return ZSGSetup{}, 2, fmt.Sprintf("expected (Owner Piece Square) or (x Square), found %q", ln)
		}
	}
	switch {
	case len(f) == 2 && f[0] == "x":
		return ZSGSetup{Piece: "x", Square: f[1]}, 0, ""
	case len(f) == 3:
		return ZSGSetup{Owner: f[0], Piece: f[1], Square: f[2]}, 0, ""
	}
	return ZSGSetup{}, 2, fmt.Sprintf("expected (Owner Piece Square) or (x Square), found %q", ln)
}

// parseMoveLine reads "N. text".
func parseMoveLine(ln string) (ZSGMove, int, string) {
	dot := strings.IndexByte(ln, '.')
	if dot <= 0 {
		return ZSGMove{}, 1, fmt.Sprintf("expected \"N. move\", found %q", ln)
	}
	n, err := strconv.Atoi(ln[:dot])
	if err != nil || n <= 0 || ln[0] == '+' || ln[0] == '0' {
		return ZSGMove{}, 1, fmt.Sprintf("bad move number %q", ln[:dot])
	}
	if !strings.HasPrefix(ln[dot+1:], " ") {
		return ZSGMove{}, dot + 2, "expected a space after the move number"
	}
	return ZSGMove{Number: n, Text: ln[dot+2:]}, 0, ""
}

func zsgErr(name string, line, col int, format string, args ...any) error {
	if col < 1 {
		col = 1
	}
	return fmt.Errorf("%s:%d:%d: %s", name, line, col, fmt.Sprintf(format, args...))
}

// Write writes the saved game in Zillions' layout, with the file's line end.
func (sg *SavedGame) Write(w io.Writer) error {
	_, err := w.Write(sg.Bytes())
	return err
}

// Bytes is the file Write writes.
func (sg *SavedGame) Bytes() []byte {
	var b bytes.Buffer
	eol := sg.EOL
	if eol == "" {
		eol = "\r\n"
	}
	if sg.HasHeader {
		b.WriteString(zsgMagic + sg.Version + " " + sg.Players + eol)
		for _, k := range sg.Keys {
			b.WriteString(k.Key + "=" + k.Value + eol)
		}
		for _, st := range sg.Setup {
			b.WriteString(st.String() + eol)
		}
	}
	for _, m := range sg.Moves {
		b.WriteString(strconv.Itoa(m.Number) + ". " + m.Text + eol)
	}
	out := b.Bytes()
	if sg.NoFinalEOL {
		out = bytes.TrimSuffix(out, []byte(eol))
	}
	return out
}
