// This file turns the Betza analysis into a plain-English sentence.

package vm

import (
	"fmt"
	"strings"
)

// english describes the tokens in one sentence (two when there are
// first-move-only moves or castling).
func (f *betzaFit) english(name string, notes []string) string {
	if name == "" {
		name = "The piece"
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
	var b strings.Builder
	switch {
	case len(usual) == 0 && len(first) == 0:
		fmt.Fprintf(&b, "%s has no moves on an empty board", name)
	case len(usual) == 0:
		fmt.Fprintf(&b, "%s only moves at the start", name)
	default:
		fmt.Fprintf(&b, "%s %s", name, joinPhrases(usual))
	}
	b.WriteString(".")
	if len(first) > 0 {
		fmt.Fprintf(&b, " On its first move it may also %s.", joinPhrases(first))
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

// phrase is one token as a verb phrase ("slide any distance diagonally").
func (t betzaToken) phrase() string {
	if t.castle > 0 {
		side := map[string]string{"l": " to the left", "r": " to the right", "s": ""}[t.dirs]
		return fmt.Sprintf("castle, moving %d squares%s while a rook jumps over it", t.castle, side)
	}
	l := atomLetters[t.atom]
	line := "orthogonally"
	switch {
	case t.merged:
		line = "in any direction"
	case t.atom == offset{1, 1}:
		line = "diagonally"
	}
	var core string
	switch {
	case t.hop == 'p':
		core = fmt.Sprintf("hop %s over a piece, landing any distance beyond it", line)
	case t.hop == 'g':
		core = fmt.Sprintf("hop %s over a piece, landing just beyond it", line)
	case t.lame:
		core = strings.Replace(leapWordsFor(l), "jump", "move", 1) + " if the way there is clear"
	case t.merged || l == "W" || l == "F":
		switch t.rng {
		case 1:
			core = "step one square " + line
		case 0:
			core = "slide any distance " + line
		default:
			core = fmt.Sprintf("slide up to %d squares %s", t.rng, line)
		}
	case t.rng == 1:
		core = leapWordsFor(l)
	case t.rng == 0:
		core = fmt.Sprintf("ride any number of %s leaps in a straight line", atomNames[l])
	default:
		core = fmt.Sprintf("ride up to %d %s leaps in a straight line", t.rng, atomNames[l])
	}
	if d := dirWords(t.atom, t.dirs); d != "" {
		core += ", " + d
	}
	switch t.mode {
	case 'm':
		core += ", without capturing"
	case 'c':
		core = strings.Replace(core, "step", "capture", 1)
		if !strings.HasPrefix(core, "capture") {
			core += ", only to capture"
		}
	}
	return core
}

func leapWordsFor(l string) string {
	switch l {
	case "W":
		return "jump one square orthogonally"
	case "F":
		return "jump one square diagonally"
	}
	return leapWords[l]
}

var dirWordMap = map[string]string{
	"f": "forward", "b": "backward", "l": "to the left", "r": "to the right", "v": "forward and backward",
	"s": "sideways", "fl": "forward-left", "fr": "forward-right", "bl": "backward-left", "br": "backward-right",
	"fh": "in the forward half", "bh": "in the backward half", "lh": "in the left half", "rh": "in the right half",
	"fs": "forward, the wide way", "bs": "backward, the wide way", "lv": "left, the narrow way", "rv": "right, the narrow way",
	"lf": "forward-left", "rf": "forward-right", "lb": "backward-left", "rb": "backward-right",
}

// dirWords says which directions a modifier string keeps ("" when all).
func dirWords(a offset, mods string) string {
	if mods == "" {
		return ""
	}
	if w, ok := dirWordMap[mods]; ok {
		if a[0] != 0 && a[0] != a[1] && len(mods) == 1 {
			return w + " only (the pair nearest that way)"
		}
		return w + " only"
	}
	var parts []string
	for _, c := range mods {
		parts = append(parts, dirWordMap[string(c)])
	}
	return strings.Join(parts, " and ") + " only"
}
