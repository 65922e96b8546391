// This file defines the choice of FEN/notation letters for piece types.

package zrf

import (
	"strings"

	"zrun/vm"
)

// assignLetters fills g.Letters, one upper-case letter per piece type: the
// piece's (notation "X") when given, else the first letter of its name
// (Knight is N, as in chess). A letter already taken is replaced by the next
// unused letter of the name, else by any free letter; with more than 26 types
// the rest get "".
func assignLetters(g *vm.Game) {
	g.Letters = make([]string, len(g.Pieces))
	used := map[string]bool{}
	// Explicit notations are reserved first, so a later piece cannot take them.
	for i, p := range g.Pieces {
		if p.Notation != "" {
			g.Letters[i] = p.Notation
			used[strings.ToUpper(p.Notation)] = true
		}
	}
	for i, p := range g.Pieces {
		if p.Notation != "" {
			continue
		}
		l := pickLetter(p.Name, used)
		g.Letters[i] = l
		used[l] = l != ""
	}
}

// pickLetter chooses a free letter for a piece name.
func pickLetter(name string, used map[string]bool) string {
	var cands []string
	if strings.EqualFold(name, "knight") {
		cands = append(cands, "N")
	}
	for _, c := range strings.ToUpper(name) {
		if c >= 'A' && c <= 'Z' {
			cands = append(cands, string(c))
		}
	}
	for c := 'A'; c <= 'Z'; c++ {
		cands = append(cands, string(c))
	}
	for _, c := range cands {
		if !used[c] {
			return c
		}
	}
	return ""
}
