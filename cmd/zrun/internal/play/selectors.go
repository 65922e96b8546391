// This file defines the texts move lists print: for each legal move, a text
// that Match maps to that move and no other (SAN can be ambiguous in games
// SAN was not made for: Chessence's "e4" names four moves), and Zillions
// texts shortened where they repeat themselves (a mancala sowing names its
// player and piece before every pit).

package play

import (
	"slices"
	"strings"

	"zrun/vm"
)

// Selectors returns, for each move of ml, the first of its start square
// (when every move starts on a square of its own; its drop square when
// every move drops on one of its own), its SAN, its
// coordinates, its Zillions text and its Zillions text with the partial-move
// prefix that Match maps to exactly that move; "" when none does (two moves
// whose every text is the same).
func (g *Game) Selectors(ml *vm.MoveList) []string {
	var sans []string
	if g.SAN {
		sans = SANMoves(g.S, ml, g.View)
	}
	// When each move starts on a square of its own (mancala: a pit sows),
	// or each is a drop on a square of its own (Tic-Tac-Toe), that square
	// alone is the plainest text for it.
	// (Not in games with SAN, whose players expect it, nor for a lone
	// move, where a square alone would read as a misprint.)
	byFrom := !g.SAN && len(ml.Moves) > 1
	byTo := byFrom
	seen, seenTo := map[int32]bool{}, map[int32]bool{}
	for _, m := range ml.Moves {
		byFrom = byFrom && m.From >= 0 && !m.Drop && !seen[m.From]
		byTo = byTo && m.Drop && !seenTo[m.To]
		seen[m.From], seenTo[m.To] = true, true
	}
	out := make([]string, len(ml.Moves))
	for i := range ml.Moves {
		m := &ml.Moves[i]
		var cands []string
		switch {
		case byFrom:
			cands = append(cands, g.G.Board.Positions[m.From].Name)
		case byTo:
			cands = append(cands, g.G.Board.Positions[m.To].Name)
		}
		if sans != nil && sans[i] != "" {
			cands = append(cands, sans[i]+CheckSuffix(g.S, m))
		}
		z := g.S.MoveString(m)
		cands = append(cands, g.S.CoordString(m), partialPrefix.ReplaceAllString(z, ""), z)
		for _, c := range cands {
			if got := g.Match(ml, c); len(got) == 1 && got[0] == i {
				out[i] = c
				break
			}
		}
	}
	return out
}

// ShortMoveText is MoveText with the Zillions text shortened by
// ShortZillions.
func (g *Game) ShortMoveText(ml *vm.MoveList, i int) string {
	z := g.S.MoveString(&ml.Moves[i])
	return strings.Replace(g.MoveText(ml, i), z, g.ShortZillions(z), 1)
}

// ShortZillions shortens a Zillions move text where it repeats itself: each
// position named after the same words as the position before it keeps only
// its name ("South P10 c1 South P10 d1" becomes "South P10 c1 d1").
// Parsing the result word by word gives back the same groups.
func (g *Game) ShortZillions(z string) string {
	words := strings.Fields(z)
	var out, group, last []string
	for _, w := range words {
		group = append(group, w)
		if _, ok := g.G.Board.PositionIndex(w); !ok {
			continue
		}
		prefix := group[:len(group)-1]
		if len(prefix) > 0 && slices.Equal(prefix, last) {
			out = append(out, w)
		} else {
			out = append(out, group...)
		}
		last = append(last[:0], prefix...)
		group = group[:0]
	}
	out = append(out, group...)
	return strings.Join(out, " ")
}

// GroupByPiece orders the moves of ml by the piece that moves (drops after
// the moves, by the piece dropped): the piece types in the game's order,
// and each group's moves in generation order. It returns the groups' names
// and the move indices of each.
func (g *Game) GroupByPiece(ml *vm.MoveList) (names []string, groups [][]int) {
	key := func(m *vm.Move) int {
		t := int(m.Piece)
		if m.Drop {
			return len(g.G.Pieces) + t
		}
		if m.From >= 0 && g.S.Board[m.From] != vm.Empty {
			return g.S.Board[m.From].Type()
		}
		return t
	}
	at := map[int]int{}
	var keys []int
	for i := range ml.Moves {
		k := key(&ml.Moves[i])
		gi, ok := at[k]
		if !ok {
			gi = len(groups)
			at[k] = gi
			keys = append(keys, k)
			groups = append(groups, nil)
		}
		groups[gi] = append(groups[gi], i)
	}
	// the game's piece order, drops last
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return keys[a] - keys[b] })
	var outGroups [][]int
	for _, o := range order {
		k := keys[o]
		name := ""
		switch {
		case k >= len(g.G.Pieces):
			name = g.G.Pieces[k-len(g.G.Pieces)].Name + " drops"
		case k >= 0:
			name = g.G.Pieces[k].Name
		default:
			name = "Other moves"
		}
		names = append(names, name)
		outGroups = append(outGroups, groups[o])
	}
	return names, outGroups
}
