package forth

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// source is one input text being interpreted: a file (or a string the host
// hands in) and the parse position in it. The whole text is the input
// buffer, not one line of it, because the framework relies on that: CORE.4TH
// opens with multi-line "( ... )" comments that its own "(" (41 WORD)
// parses across line ends.
type source struct {
	name string // file name for messages (as given to the machine)
	dir  string // directory LOAD resolves names against ("" = none)
	text string
	pos  int // parse position (the kernel's >IN)
	tok  int // start of the token the outer interpreter is working on
}

// lineAt is the 1-based line number of byte offset off.
func (s *source) lineAt(off int) int {
	if off > len(s.text) {
		off = len(s.text)
	}
	if off < 0 {
		off = 0
	}
	return 1 + strings.Count(s.text[:off], "\n")
}

// isBlank reports whether c delimits a blank-separated word: the space and
// every control character, so tabs and the CR of CRLF files (the corpus is
// mostly CRLF) separate words as spaces do.
func isBlank(c byte) bool { return c <= ' ' }

// parseName skips blanks and returns the next blank-delimited word ("" at
// the end of the text). It consumes the one delimiter that ends the word,
// as fig-Forth's WORD does, so that a word that parses on (S" with 34 WORD,
// "(" with 41 WORD) starts right after the single space that follows it —
// except a line feed, which is left for "\" (10 WORD): otherwise a "\" that
// ends a line of an LF-only file would swallow the next line as comment.
func (s *source) parseName() string {
	for s.pos < len(s.text) && isBlank(s.text[s.pos]) {
		s.pos++
	}
	start := s.pos
	for s.pos < len(s.text) && !isBlank(s.text[s.pos]) {
		s.pos++
	}
	s.tok = start
	w := s.text[start:s.pos]
	if s.pos < len(s.text) && s.text[s.pos] != '\n' {
		s.pos++
	}
	return w
}

// parseDelim is the kernel's WORD for a delimiter c. For the blank (32) it
// is parseName. For any other delimiter it does not skip leading
// delimiters (so S" " is the empty string, and "\" at the very end of a
// line takes nothing from the next one) and returns the text up to the
// next c, consuming that c; at the end of the text it returns the rest.
func (s *source) parseDelim(c byte) string {
	if c == ' ' {
		return s.parseName()
	}
	start := s.pos
	i := strings.IndexByte(s.text[start:], c)
	if i < 0 {
		s.pos = len(s.text)
		return s.text[start:]
	}
	s.pos = start + i + 1
	return s.text[start : start+i]
}

// parseNumber converts a word to a cell in the given base: an optional
// leading "-" and at least one digit of the base, letters in either case.
// A value must fit in 32 bits, signed or unsigned (HEX FFFF FFFF is -1, as
// the framework's masks expect): anything longer is not a number, so a
// typo'd word is reported as unknown rather than silently truncated.
func parseNumber(w string, base int32) (int32, bool) {
	if base < 2 || base > 36 {
		return 0, false
	}
	neg := false
	if strings.HasPrefix(w, "-") {
		neg, w = true, w[1:]
	}
	if w == "" {
		return 0, false
	}
	var v uint64
	for i := 0; i < len(w); i++ {
		c := w[i]
		var d int32
		switch {
		case c >= '0' && c <= '9':
			d = int32(c - '0')
		case c >= 'a' && c <= 'z':
			d = int32(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			d = int32(c-'A') + 10
		default:
			return 0, false
		}
		if d >= base {
			return 0, false
		}
		v = v*uint64(base) + uint64(d)
		if v > math.MaxUint32 {
			return 0, false
		}
	}
	if neg {
		if v > 1<<31 {
			return 0, false
		}
		return int32(-int64(v)), true
	}
	return int32(uint32(v)), true
}

// parseFloat converts a decimal word with a "." (CORE.4TH's FNEGATE is
// "0. FSWAP F-": "0." is a float literal, not a fig-Forth double) to the
// bits of a 32-bit float, which is what a float is on Axiom's data stack
// (CORE.4TH's FMIN drops and swaps floats with the cell words DROP and
// SWAP, and FVARIABLE is VARIABLE). Only in base 10, so that hex words
// such as "F." stay words.
func parseFloat(w string, base int32) (int32, bool) {
	if base != 10 || !strings.Contains(w, ".") {
		return 0, false
	}
	digits := false
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= '0' && c <= '9':
			digits = true
		case c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E':
		default:
			return 0, false
		}
	}
	if !digits {
		return 0, false
	}
	t := w
	if strings.HasSuffix(t, ".") {
		t += "0"
	}
	f, err := strconv.ParseFloat(t, 32)
	if err != nil {
		return 0, false
	}
	return int32(math.Float32bits(float32(f))), true
}

// readSourceFile reads the file a LOAD names, relative to dir. Axiom ran on
// Windows, whose file names match in any case, and the corpus spells them
// both ways (CORE.4TH, an engine path Axiom/jofur/ for the folder Jofur),
// so when the exact path is absent each missing component is matched
// against its directory's entries ignoring case.
func readSourceFile(dir, name string) (string, string, error) {
	name = strings.ReplaceAll(name, "\\", "/")
	path := name
	if !filepath.IsAbs(path) && dir != "" {
		path = filepath.Join(dir, name)
	}
	b, err := readRegular(path)
	if err == nil {
		return string(b), path, nil
	}
	if p, ok := foldPath(path); ok {
		if b, err2 := readRegular(p); err2 == nil {
			return string(b), p, nil
		}
	}
	return "", path, err
}

// maxSourceSize bounds a LOADed file (the largest corpus script is under
// 100 KB).
const maxSourceSize = 16 << 20

// readRegular reads a regular file of bounded size: a LOAD of /dev/zero or
// a FIFO must fail, not hang.
func readRegular(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	if fi.Size() > maxSourceSize {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, maxSourceSize)
	}
	return os.ReadFile(path)
}

// foldPath finds the existing path that equals path but for case.
func foldPath(path string) (string, bool) {
	path = filepath.Clean(path)
	if _, err := os.Stat(path); err == nil {
		return path, true
	}
	parent, base := filepath.Split(path)
	parent = filepath.Clean(parent)
	if parent == path || base == "" {
		return "", false
	}
	p, ok := foldPath(parent)
	if !ok {
		return "", false
	}
	ents, err := os.ReadDir(p)
	if err != nil {
		return "", false
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), base) {
			return filepath.Join(p, e.Name()), true
		}
	}
	return "", false
}
