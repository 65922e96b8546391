// This file defines how typed move text is matched against the legal moves:
// coordinates ("e2e4", "e7e8q", "P@e4"), Zillions notation ("Pawn e2 - e4",
// whitespace-insensitive) and, for chess-like games, SAN ("Nf3", "O-O").

package play

import (
	"regexp"
	"strings"

	"zrun/vm"
)

var partialPrefix = regexp.MustCompile(`^partial [0-9]+ `)

// squash removes all whitespace, so "Pawn e2-e4" matches "Pawn e2 - e4".
func squash(t string) string { return strings.Join(strings.Fields(t), "") }

// Match returns the indices of the legal moves text names. Notations are
// tried from the most exact to the loosest; the first that names any move
// decides, so a coordinate never competes with a looser reading.
func (g *Game) Match(ml *vm.MoveList, text string) []int {
	text = strings.TrimSpace(text)
	coord := func(i int) string { return g.S.CoordString(&ml.Moves[i]) }
	zil := func(i int) string { return squash(partialPrefix.ReplaceAllString(g.S.MoveString(&ml.Moves[i]), "")) }
	zilFull := func(i int) string { return squash(g.S.MoveString(&ml.Moves[i])) }
	want := squash(text)
	matchers := []func(i int) bool{
		func(i int) bool { return coord(i) == text },
		func(i int) bool { return zilFull(i) == want || zil(i) == want },
		func(i int) bool { return strings.EqualFold(coord(i), text) },
		func(i int) bool { return strings.EqualFold(zilFull(i), want) || strings.EqualFold(zil(i), want) },
	}
	if g.SAN {
		sans := SANMoves(g.S, ml, g.View)
		n := NormSAN(text)
		matchers = append(matchers, func(i int) bool { return sans[i] != "" && NormSAN(sans[i]) == n })
	}
	// A promotion typed without its piece ("e7e8") names every promotion.
	matchers = append(matchers, func(i int) bool {
		c := coord(i)
		return len(c) == len(text)+1 && strings.HasPrefix(c, text) && ml.Moves[i].From >= 0 && !ml.Moves[i].Drop
	})
	if g.SAN {
		loose := LooseSANs(g.S, ml, g.View)
		n := NormSAN(text)
		matchers = append(matchers, func(i int) bool { return loose[i] != "" && NormSAN(loose[i]) == n })
	}
	for _, match := range matchers {
		var out []int
		for i := range ml.Moves {
			if match(i) {
				out = append(out, i)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// FindSame returns the index in ml of the move that changes the position as
// m does (a move from the history or the searcher's list), or -1.
func FindSame(ml *vm.MoveList, m *vm.Move) int {
	for i := range ml.Moves {
		if ml.Moves[i].SameAs(m) {
			return i
		}
	}
	return -1
}
