// This file defines matching a saved move line whose square names differ in
// case from the rule file's: Zillions' own Schoolbook saves write
// "Archbishop h4 - I5" (Schoolbook-b.zrf names the ninth file "I"), where
// games/schoolbook.zrf names it "i".

package zrf

import (
	"strings"

	"zrun/vm"
)

// matchSquareCase returns the index of the first of texts (our legal moves,
// as MoveString writes them) that says what line says, word for word with
// whitespace ignored, when the words that differ are square names: our word
// is a position of b and line's word finds the same position with
// PositionIndexFold (so an ambiguous name, on a board with both "a1" and
// "A1", matches nothing). Only our side decides which words are squares, so
// a piece or keyword that happens to spell a position in another case is
// never taken for one. It returns -1 when no text matches.
func matchSquareCase(b *vm.Board, texts []string, line string) int {
	want := strings.Fields(line)
	for i, t := range texts {
		if sameSquaresFold(b, strings.Fields(t), want) {
			return i
		}
	}
	return -1
}

func sameSquaresFold(b *vm.Board, ours, theirs []string) bool {
	if len(ours) != len(theirs) {
		return false
	}
	for k, w := range ours {
		if w == theirs[k] {
			continue
		}
		p, isSquare := b.PositionIndex(w)
		if !isSquare {
			return false
		}
		if q, ok := b.PositionIndexFold(theirs[k]); !ok || q != p {
			return false
		}
	}
	return true
}
