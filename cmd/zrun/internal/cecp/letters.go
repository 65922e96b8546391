// This file defines the "Piece letters" option: piece letters renamed at
// the protocol boundary, so zrun can agree with an opponent or GUI that
// letters a piece otherwise than the rule file does. Sjaak II's Schoolbook
// promotes to the Marshall with "c" where the published rules (and
// games/schoolbook.zrf) say M; "option Piece letters=M=C" makes zrun write
// and read C for it in moves, FENs, setup lines and promotion choices, and M
// for whatever the game itself letters C, so no two pieces ever share a
// letter.

package cecp

import (
	"fmt"
	"strings"
)

// letterMap renames piece letters: out maps the rule file's (upper case)
// letters to the protocol's, in maps back. Both are permutations, so a
// rename never merges two pieces. The zero value renames nothing.
type letterMap struct {
	out, in map[byte]byte
}

// parseLetterMap reads "M=C" or "M=C,A=X" (ours=theirs, letters in either
// case). A letter named twice on either side is an error; a target letter
// that is not renamed itself gives its old name to the piece that had it
// (the rename is a swap), which keeps every piece's letter distinct.
func parseLetterMap(spec string) (letterMap, error) {
	lm := letterMap{out: map[byte]byte{}, in: map[byte]byte{}}
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return letterMap{}, nil
	}
	for _, pair := range strings.Split(spec, ",") {
		ours, theirs, ok := strings.Cut(strings.TrimSpace(pair), "=")
		ours, theirs = strings.ToUpper(strings.TrimSpace(ours)), strings.ToUpper(strings.TrimSpace(theirs))
		if !ok || !isLetter(ours) || !isLetter(theirs) {
			return letterMap{}, fmt.Errorf("%q is not OURS=THEIRS with one letter each", pair)
		}
		o, t := ours[0], theirs[0]
		if _, dup := lm.out[o]; dup {
			return letterMap{}, fmt.Errorf("letter %c is renamed twice", o)
		}
		if _, dup := lm.in[t]; dup {
			return letterMap{}, fmt.Errorf("two pieces are renamed %c", t)
		}
		lm.out[o], lm.in[t] = t, o
	}
	// Close the renames into a permutation: follow each chain of renamed
	// letters to the letter that was left free and give it the chain's
	// first name (M=C alone also writes the game's C as M).
	var starts []byte
	for o := range lm.out {
		if _, named := lm.in[o]; !named {
			starts = append(starts, o)
		}
	}
	for _, o := range starts {
		end := lm.out[o]
		for {
			next, renamed := lm.out[end]
			if !renamed {
				break
			}
			end = next
		}
		lm.out[end], lm.in[o] = o, end
	}
	return lm, nil
}

func isLetter(s string) bool { return len(s) == 1 && s[0] >= 'A' && s[0] <= 'Z' }

// rename maps one byte through m, keeping its case; other bytes stay.
func rename(b byte, m map[byte]byte) byte {
	switch {
	case b >= 'A' && b <= 'Z':
		if r, ok := m[b]; ok {
			return r
		}
	case b >= 'a' && b <= 'z':
		if r, ok := m[b-'a'+'A']; ok {
			return r - 'A' + 'a'
		}
	}
	return b
}

// moveOut writes our move text with the protocol's letters; moveIn reads
// the protocol's back into ours.
func (lm letterMap) moveOut(text string) string { return renameMove(text, lm.out) }
func (lm letterMap) moveIn(text string) string  { return renameMove(text, lm.in) }

// renameMove renames the piece letters of a CECP move: a drop's letter
// ("C@e4") and the suffix letters after each leg's last square ("e7e8c",
// "h1e1h"); square names are left alone.
func renameMove(text string, m map[byte]byte) string {
	if len(m) == 0 {
		return text
	}
	legs := strings.Split(text, ",")
	for i, leg := range legs {
		b := []byte(leg)
		if len(b) > 1 && b[1] == '@' {
			b[0] = rename(b[0], m)
		} else {
			for j := len(b) - 1; j >= 0 && (b[j] < '0' || b[j] > '9'); j-- {
				b[j] = rename(b[j], m)
			}
		}
		legs[i] = string(b)
	}
	return strings.Join(legs, ",")
}

// fenOut and fenIn rename the letters of a FEN's placement field (with its
// holdings); castling rights and the rest are left as they are.
func (lm letterMap) fenOut(fen string) string { return renameFEN(fen, lm.out) }
func (lm letterMap) fenIn(fen string) string  { return renameFEN(fen, lm.in) }

func renameFEN(fen string, m map[byte]byte) string {
	if len(m) == 0 {
		return fen
	}
	place, rest, spaced := strings.Cut(fen, " ")
	if !spaced {
		return renameAll(place, m)
	}
	return renameAll(place, m) + " " + rest
}

// lettersOut renames every letter of s, a run of piece letters (the
// "choice" of promotions offered after a put).
func (lm letterMap) lettersOut(s string) string { return renameAll(s, lm.out) }

// renameAll renames every letter of s through m.
func renameAll(s string, m map[byte]byte) string {
	b := []byte(s)
	for i := range b {
		b[i] = rename(b[i], m)
	}
	return string(b)
}

// setupOut renames the letters of a reply to "variant": the setup line's
// piece-to-char table and FEN, and a piece line's letter.
func (lm letterMap) setupOut(line string) string {
	if len(lm.out) == 0 {
		return line
	}
	switch {
	case strings.HasPrefix(line, "setup ("):
		table, rest, ok := strings.Cut(line[len("setup ("):], ") ")
		if !ok {
			return line
		}
		size, fen, _ := strings.Cut(rest, " ")
		return "setup (" + renameAll(table, lm.out) + ") " + size + " " + lm.fenOut(fen)
	case strings.HasPrefix(line, "piece ") && len(line) > len("piece "):
		b := []byte(line)
		b[len("piece ")] = rename(b[len("piece ")], lm.out)
		return string(b)
	}
	return line
}
