// This file defines how typed move text is matched against the legal moves:
// coordinates ("e2e4", "e7e8q", "P@e4"), Zillions notation ("Pawn e2 - e4",
// whitespace-insensitive), for chess-like games SAN ("Nf3", "O-O"), and
// what a player of any game would type: a position alone ("b2" in
// Tic-Tac-Toe, a pit in mancala), a drop by the player's or piece's name
// ("X@c3"), or part of a move's Zillions text.

package play

import (
	"regexp"
	"slices"
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
	san, looseSAN := g.sanMatchers(ml, text)
	if san != nil {
		matchers = append(matchers, san)
	}
	// A promotion typed without its piece ("e7e8") names every promotion.
	matchers = append(matchers, func(i int) bool {
		c := coord(i)
		return len(c) == len(text)+1 && strings.HasPrefix(c, text) && ml.Moves[i].From >= 0 && !ml.Moves[i].Drop
	})
	if looseSAN != nil {
		matchers = append(matchers, looseSAN)
	}
	matchers = append(matchers, g.looseMatchers(ml, text, zilFull)...)
	return firstMatch(ml, matchers)
}

// MatchSAN returns the indices of the legal moves text names in SAN ("O-O",
// "Nf3"; without a needed disambiguation it names several), or nil when the
// game has no SAN.
func (g *Game) MatchSAN(ml *vm.MoveList, text string) []int {
	san, loose := g.sanMatchers(ml, strings.TrimSpace(text))
	if san == nil {
		return nil
	}
	return firstMatch(ml, []func(i int) bool{san, loose})
}

// sanMatchers match SAN exactly and without disambiguation; nil without SAN.
func (g *Game) sanMatchers(ml *vm.MoveList, text string) (exact, loose func(i int) bool) {
	if !g.SAN {
		return nil, nil
	}
	sans, looses := SANMoves(g.S, ml, g.View), LooseSANs(g.S, ml, g.View)
	n := NormSAN(text)
	return func(i int) bool { return sans[i] != "" && NormSAN(sans[i]) == n },
		func(i int) bool { return looses[i] != "" && NormSAN(looses[i]) == n }
}

// firstMatch returns the moves the first matcher that names any accepts.
func firstMatch(ml *vm.MoveList, matchers []func(i int) bool) []int {
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

// looseMatchers are the readings tried after every exact notation, loosest
// last: a player's own words, which only count when nothing stricter named
// a move.
func (g *Game) looseMatchers(ml *vm.MoveList, text string, zilFull func(i int) string) []func(i int) bool {
	var out []func(i int) bool
	// NAME@POSITION: a drop on POSITION of a piece named (or lettered)
	// NAME, or by the player named NAME ("X@c3" in Tic-Tac-Toe).
	if who, where, ok := strings.Cut(text, "@"); ok && who != "" {
		if p, ok := g.PositionNamed(where); ok {
			out = append(out, func(i int) bool {
				m := &ml.Moves[i]
				if !m.Drop || m.To != p {
					return false
				}
				t := int(m.Piece)
				return strings.EqualFold(who, g.G.Pieces[t].Name) ||
					(t < len(g.G.Letters) && strings.EqualFold(who, g.G.Letters[t])) ||
					strings.EqualFold(who, g.G.Players[g.S.Chooser()].Name)
			})
		}
	}
	// A position alone: the moves of the piece standing there (a mancala
	// pit sows its seeds), else the drops onto it, else the moves to it.
	if p, ok := g.PositionNamed(text); ok {
		out = append(out,
			func(i int) bool { return ml.Moves[i].From == p && !ml.Moves[i].Drop },
			func(i int) bool { return ml.Moves[i].Drop && ml.Moves[i].To == p },
			func(i int) bool { return ml.Moves[i].To == p })
	}
	// The start or the end of a move's Zillions text ("Man top-right",
	// "top-right"), at least two characters.
	if want := strings.ToLower(squash(text)); len(want) >= 2 {
		out = append(out,
			func(i int) bool { return strings.HasSuffix(strings.ToLower(zilFull(i)), want) },
			func(i int) bool { return strings.HasPrefix(strings.ToLower(zilFull(i)), want) })
	}
	return out
}

// Closest names up to n legal moves whose texts (coordinates, Zillions
// notation or SAN, ignoring case and spaces) are near text by edit distance
// (at most half its length, and 2 for short input), nearest first: what a
// player probably meant by input that named nothing.
func (g *Game) Closest(ml *vm.MoveList, text string, n int) []string {
	type cand struct {
		name string
		dist int
		same bool // starts as text does (a piece letter, a square): preferred among equals
	}
	want := strings.ToLower(squash(text))
	limit := max(2, len(want)/2)
	var sans []string
	if g.SAN {
		sans = SANMoves(g.S, ml, g.View)
	}
	var cs []cand
	for i := range ml.Moves {
		m := &ml.Moves[i]
		c, z := g.S.CoordString(m), g.S.MoveString(m)
		d := min(editDistance(want, strings.ToLower(c)), editDistance(want, strings.ToLower(squash(z))))
		name := c
		if c != z {
			name = c + " (" + z + ")"
		}
		if sans != nil && sans[i] != "" {
			d = min(d, editDistance(want, strings.ToLower(sans[i])))
			name = sans[i] + " (" + c + ")"
		}
		if d <= limit {
			cs = append(cs, cand{name, d, text != "" && name[0] == text[0]})
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int {
		if a.dist != b.dist {
			return a.dist - b.dist
		}
		switch {
		case a.same && !b.same:
			return -1
		case b.same && !a.same:
			return 1
		}
		return 0
	})
	var out []string
	for _, c := range cs[:min(n, len(cs))] {
		out = append(out, c.name)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
