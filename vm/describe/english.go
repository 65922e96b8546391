// This file turns the Betza analysis into a plain-English sentence.

package describe

import (
	"fmt"
	"strings"
)

// english describes the tokens in one sentence (two when there are
// first-move-only moves or castling).
func (f *betzaFit) english(name string, notes []string) string {
	subject := "The " + name
	if name == "" {
		subject = "The piece"
	}
	var usual, first []string
	for _, t := range f.tokens {
		p := t.phrase()
		if t.initial {
			first = append(first, p)
		} else {
			usual = append(usual, p)
		}
	}
	usual = append(usual, f.jumps...)
	var b strings.Builder
	switch {
	case len(usual) == 0 && len(first) == 0:
		fmt.Fprintf(&b, "%s has no moves on an otherwise empty board.", subject)
	case len(usual) == 0:
		fmt.Fprintf(&b, "%s can only %s, as its first move.", subject, joinPhrases(first))
		first = nil
	default:
		fmt.Fprintf(&b, "%s can %s.", subject, joinPhrases(usual))
	}
	if len(first) > 0 {
		fmt.Fprintf(&b, " On its first move it can also %s.", joinPhrases(first))
	}
	if len(notes) > 0 {
		fmt.Fprintf(&b, " (Betza is approximate: %s.)", strings.Join(notes, "; "))
	}
	return b.String()
}

func joinPhrases(ps []string) string {
	switch len(ps) {
	case 0:
		return ""
	case 1:
		return ps[0]
	}
	return strings.Join(ps[:len(ps)-1], ", ") + " and " + ps[len(ps)-1]
}

// phrase is one token as a verb phrase ("slide any distance diagonally").
func (t betzaToken) phrase() string {
	if t.castle > 0 {
		side := map[string]string{"l": " to the left", "r": " to the right", "s": " either way"}[t.dirs]
		return fmt.Sprintf("castle, moving %d squares%s while a rook jumps over it", t.castle, side)
	}
	l := atomLetters[t.atom]
	var core, cond string
	line, lineDirs := lineWords(t), false
	switch {
	case t.hop == 'p':
		core, lineDirs = fmt.Sprintf("hop %s over a piece, landing any distance beyond it", line), true
	case t.hop == 'g':
		core, lineDirs = fmt.Sprintf("hop %s over a piece, landing just beyond it", line), true
	case t.lame && (l == "D" || l == "A" || l == "H" || l == "G"):
		n := t.atom[1]
		core, lineDirs = fmt.Sprintf("move %d squares %s", n, lineWords(betzaToken{atom: offset{t.atom[0] / n, 1}, dirs: t.dirs})), true
		cond = " if the squares in between are empty"
		if n == 2 {
			cond = " if the square in between is empty"
		}
	case t.lame:
		core = strings.Replace(leapWords[l], "jump", "move", 1)
		cond = " unless the first square it passes is occupied"
	case t.merged || l == "W" || l == "F":
		lineDirs = true
		switch t.rng {
		case 1:
			core = "step one square " + line
		case 0:
			core = "slide any distance " + line
		default:
			core = fmt.Sprintf("slide up to %d squares %s", t.rng, line)
		}
	case t.rng == 1:
		core = leapWords[l]
	case t.rng == 0:
		core = fmt.Sprintf("ride any number of %s leaps in a straight line", atomNames[l])
	default:
		core = fmt.Sprintf("ride up to %d %s leaps in a straight line", t.rng, atomNames[l])
	}
	if !lineDirs && t.dirs != "" {
		core += ", " + dirPhrase(t.atom, t.dirs) + " only"
	}
	switch {
	case t.mode == 'm' && strings.HasSuffix(core, " only"):
		core += ", without capturing"
	case t.mode == 'm':
		core += " without capturing"
	case t.mode == 'c' && strings.HasPrefix(core, "step "):
		core = "capture " + strings.TrimPrefix(core, "step ")
	case t.mode == 'c' && t.hop != 0:
		core = "capture by hopping" + strings.TrimPrefix(core, "hop")
	case t.mode == 'c':
		core += " to capture only"
	}
	return core + cond
}

var leapWords = map[string]string{
	"D": "jump two squares orthogonally",
	"N": "jump like a knight (two squares one way, one square to the side)",
	"A": "jump two squares diagonally",
	"H": "jump three squares orthogonally",
	"C": "jump like a camel (three squares one way, one to the side)",
	"Z": "jump like a zebra (three squares one way, two to the side)",
	"G": "jump three squares diagonally",
}

var atomNames = map[string]string{
	"D": "two-square orthogonal", "N": "knight", "A": "two-square diagonal", "H": "three-square orthogonal",
	"C": "camel", "Z": "zebra", "G": "three-square diagonal",
}

// lineWords says where a step or slide goes: "diagonally forward",
// "forward or sideways", "in any direction".
func lineWords(t betzaToken) string {
	diag := t.atom[0] == t.atom[1] && t.atom[0] != 0
	if t.merged {
		if t.dirs == "" {
			return "in any direction"
		}
		return "in any direction " + orthWords(t.dirs)
	}
	if !diag {
		if t.dirs == "" {
			return "orthogonally"
		}
		return orthWords(t.dirs)
	}
	if t.dirs == "" {
		return "diagonally"
	}
	return "diagonally " + map[string]string{"f": "forward", "b": "backward", "l": "to the left", "r": "to the right",
		"fl": "forward-left", "fr": "forward-right", "bl": "backward-left", "br": "backward-right"}[t.dirs]
}

// orthWords reads orthogonal modifiers: "fs" is "forward or sideways".
func orthWords(mods string) string {
	w := map[rune]string{'f': "forward", 'b': "backward", 'l': "to the left", 'r': "to the right",
		'v': "forward or backward", 's': "sideways"}
	var parts []string
	for _, c := range mods {
		if x, ok := w[c]; ok {
			parts = append(parts, x)
		}
	}
	return strings.Join(parts, " or ")
}

// dirPhrase says which moves of a leaper's atom a modifier string keeps.
func dirPhrase(a offset, mods string) string {
	switch {
	case a[0] == 0:
		return orthWords(mods)
	case a[0] == a[1]:
		if w, ok := map[string]string{"f": "forward", "b": "backward", "l": "to the left", "r": "to the right",
			"fl": "forward-left", "fr": "forward-right", "bl": "backward-left", "br": "backward-right"}[mods]; ok {
			return w
		}
	default:
		if w, ok := dirWordMap[mods]; ok {
			return w
		}
	}
	return "in the directions " + mods
}

var dirWordMap = map[string]string{
	"f": "forward (the two most forward)", "b": "backward (the two most backward)", "l": "to the left (the two most leftward)",
	"r": "to the right (the two most rightward)", "v": "forward and backward", "s": "sideways",
	"fl": "forward-left", "fr": "forward-right", "bl": "backward-left", "br": "backward-right",
	"fh": "forward", "bh": "backward", "lh": "to the left", "rh": "to the right",
	"fs": "forward, the wide way", "bs": "backward, the wide way", "lv": "left, the narrow way", "rv": "right, the narrow way",
	"lf": "forward-left", "rf": "forward-right", "lb": "backward-left", "rb": "backward-right",
}
