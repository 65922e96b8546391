// This file defines the piece IDs front ends show when the rule file's
// letters are not enough: the loader (zrf's assignLetters) gives one
// letter per piece type while the alphabet lasts and none after that
// (Kamisado has 41 piece types), and a terminal legend or an XBoard setup
// line needs a distinct ID for every type.

package play

import (
	"strings"

	"zrun/vm"
)

// dresses are the marks XBoard puts after a letter to get past the
// alphabet ("dressed letters", man xboard -pieceToCharTable): A, then A',
// then A!.
var dresses = []string{"", "'", "!"}

// PieceIDs gives every piece type of g an upper-case ID: its letter from
// the rule file when it is one letter, else a dressed letter ("R'") no
// other type has, chosen as zrf chooses letters (the name's letters in
// order, then the alphabet), so RedSumo is R' when Red Dragon holds R.
// Two types keep a letter they share in the rule file (an fmax.ini game's
// white and black pawns are two types lettered P, one piece to a GUI);
// lower case is the second player's. With more types than 78 IDs (26
// letters three ways) the rest get "".
func PieceIDs(g *vm.Game) []string {
	ids := make([]string, len(g.Pieces))
	used := map[string]bool{}
	for t := range g.Pieces {
		if t < len(g.Letters) {
			if l := strings.ToUpper(g.Letters[t]); len(l) == 1 && l[0] >= 'A' && l[0] <= 'Z' {
				ids[t], used[l] = l, true
			}
		}
	}
	for t, pt := range g.Pieces {
		if ids[t] != "" {
			continue
		}
		var cands []byte
		for _, c := range []byte(strings.ToUpper(pt.Name)) {
			if c >= 'A' && c <= 'Z' {
				cands = append(cands, c)
			}
		}
		for c := byte('A'); c <= 'Z'; c++ {
			cands = append(cands, c)
		}
	pick:
		for _, d := range dresses {
			for _, c := range cands {
				if id := string(c) + d; !used[id] {
					ids[t], used[id] = id, true
					break pick
				}
			}
		}
	}
	return ids
}

// Dressed reports whether some ID of ids is a dressed letter: the rule
// file's letters alone do not name every piece.
func Dressed(ids []string) bool {
	for _, id := range ids {
		if len(id) != 1 {
			return true
		}
	}
	return false
}
