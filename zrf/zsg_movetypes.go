// This file defines the numbers Zillions gives move types in saved games
// ("partial N ..."), so move text matches what Zillions writes.

package zrf

import "zrun/vm"

// numberMoveTypes fills g.MoveTypeNumbers from the game's sections (a
// variant's already merged with its game, macros expanded). Zillions numbers
// move-type names from 1 in the order it meets them, and the corpus saves fit
// one reading of that order:
//
//  1. the game-level sections in their order: turn-order as written,
//     move-priorities from its last name to its first;
//  2. then the pieces, from the last piece section to the first, each piece's
//     forms as written (move-type labels and add-partial targets alike).
//
// Evidence: chessball.zsg numbers the Pawn's continuations 3-10 in the order
// its step-pawn calls name them and the Bishop's (an earlier piece) 11 and 12;
// Duel.zsg gives type-5, named first by the last piece D65, number 2; Mana.zsg
// numbers its move-priorities and turn-order names before the pieces' (cont-
// mode 4, stop-mode 5); CheckersCollection's variants, whose game lists
// (move-priorities jumptype normaltype), write jumptype 2 and continuetype 3.
// This fits 19 of the 22 corpus saves with partial moves, and BahrainDama.zsg
// with the standalone BahrainDama.zrf it was recorded with; PyonPyonShogi.zsg
// was recorded across a change of its rules (see the corpus test).
//
// shafran.zsg does not fit: it numbers notype 3 and continuetype 4, as if
// its Man (which adds notype) were read before its King (which adds
// continuetype first); this order reads the King first and writes
// continuetype 3. The standalone BahrainDama.zrf has the same shape (the
// man's section, then the King's; only the man in the board-setup; the man's
// jump adds (King notype)) and is written continuetype 3. No one-pass order
// measured against every save fits both: pieces forwards, by board-setup
// (either direction, then the rest either way), set-up pieces first or last,
// by first mention of the piece name (textual or expanded), types by first
// textual mention, with or without move-type labels and (add-partial Piece
// type) targets. A two-pass order does fit all (first every one-argument
// add-partial target, set-up pieces first, then this order), but it rests on
// shafran alone and renumbers add-partial targets in 102 of the 439 corpus
// games and variants that use add-partial, so it is not used.
func numberMoveTypes(g *vm.Game, secs []*Node, names atomLists) {
	if len(g.MoveTypes) <= 1 {
		return
	}
	// Index 0 is the unnamed type, which is never a continuation in the
	// corpus: it takes the number after all named ones.
	nums, next := numberByMeeting(g.MoveTypes, 1, 1, func(meet func(string) bool) {
		// A section is read through its distinct atoms in the order they
		// first appear, which numbers as reading every atom does (a name
		// met again keeps its number).
		walk := func(n *Node) bool {
			for _, s := range names.of(n) {
				if meet(s) {
					return true
				}
			}
			return false
		}
		var pieces []*Node
		for _, s := range secs {
			switch s.Head() {
			case "turn-order":
				if walk(s) {
					return
				}
			case "move-priorities":
				args := s.Args()
				for i := len(args) - 1; i >= 0; i-- {
					if walk(args[i]) {
						return
					}
				}
			case "piece":
				pieces = append(pieces, s)
			}
		}
		for i := len(pieces) - 1; i >= 0; i-- {
			if walk(pieces[i]) {
				return
			}
		}
	})
	nums[0] = next
	g.MoveTypeNumbers = nums
}

// atomLists memoises, per node, the distinct atom texts of the node in the
// order a depth-first walk first meets them. The games and variants of a file
// share their piece sections, and a piece of a macro-heavy file holds up to a
// million atoms (Focus.zrf), so each is read once per file, not per game.
// Nodes the expander shared are met again in many places (Focus's merge
// cascades, 2,400 nodes each, in the four directions of several pieces):
// their own lists are memoised too and merged where they are met.
type atomLists map[*Node][]string

// of returns the distinct atoms of n in the order they are first met.
func (m atomLists) of(n *Node) []string {
	if l, ok := m[n]; ok {
		return l
	}
	var d distinctTexts
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.Kind == Atom {
			d.add(n.Text)
			return
		}
		for _, e := range n.Elems {
			if e.shared && e.Kind == List {
				for _, s := range m.of(e) {
					d.add(s)
				}
				continue
			}
			walk(e)
		}
	}
	walk(n)
	m[n] = d.list
	return d.list
}

// distinctTexts collects texts without repeats, in order: by scanning while
// the list is short (most shared nodes hold a few atoms), by a set after.
type distinctTexts struct {
	list []string
	seen map[string]bool
}

func (d *distinctTexts) add(s string) {
	if d.seen == nil {
		for _, t := range d.list {
			if t == s {
				return
			}
		}
		d.list = append(d.list, s)
		if len(d.list) == 16 {
			d.seen = make(map[string]bool, 64)
			for _, t := range d.list {
				d.seen[t] = true
			}
		}
		return
	}
	if !d.seen[s] {
		d.seen[s] = true
		d.list = append(d.list, s)
	}
}

// numberByMeeting numbers names[from:] from first in the order walk meets
// them (walk calls meet with each name it reads; other words are ignored and
// a name met again keeps its number). meet reports whether every name is
// numbered, so walk may stop reading. Names never met (a move type or
// attribute only another game of the file uses) follow in their own order.
// It returns the numbers, indexed like names, and the next unused number.
func numberByMeeting(names []string, from, first int, walk func(meet func(name string) bool)) ([]int, int) {
	index := map[string]int{}
	for i := from; i < len(names); i++ {
		index[names[i]] = i
	}
	nums := make([]int, len(names))
	numbered := make([]bool, len(names))
	next := first
	number := func(i int) {
		if !numbered[i] {
			nums[i], numbered[i] = next, true
			next++
		}
	}
	walk(func(name string) bool {
		if i, ok := index[name]; ok {
			number(i)
		}
		return next-first == len(names)-from
	})
	for i := from; i < len(names); i++ {
		number(i)
	}
	return nums, next
}
