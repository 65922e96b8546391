// This file defines looking up a position by a name typed or saved in another
// case: Zillions' own Schoolbook saves write "Archbishop h4 - I5" on a board
// whose file is "i" in our rule file, and people type "E4" for "e4".

package vm

import "strings"

// ambiguousFold marks a lower-cased name that two positions share (a board
// with both "a1" and "A1"): only exact names find those.
const ambiguousFold = -1

// addFold records position i under its lower-cased name.
func (b *Board) addFold(name string, i int) {
	k := strings.ToLower(name)
	if _, taken := b.byFold[k]; taken {
		b.byFold[k] = ambiguousFold
		return
	}
	b.byFold[k] = i
}

// PositionIndexFold returns the index of the named position for input typed
// or read from a file: the position with exactly that name, else the one
// position whose name differs from it only in case. When several positions
// differ from it only in case, it finds none. Rule files themselves are
// matched exactly (PositionIndex).
func (b *Board) PositionIndexFold(name string) (int, bool) {
	if i, ok := b.byName[name]; ok {
		return i, true
	}
	i, ok := b.byFold[strings.ToLower(name)]
	if !ok || i == ambiguousFold {
		return 0, false
	}
	return i, true
}
