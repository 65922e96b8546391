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
// This fits 19 of the 22 corpus saves with partial moves; the other three were
// saved with other versions of their rule files (see the corpus test).
func numberMoveTypes(g *vm.Game, secs []*Node) {
	if len(g.MoveTypes) <= 1 {
		return
	}
	isType := map[string]int{}
	for i, t := range g.MoveTypes {
		if i > 0 {
			isType[t] = i
		}
	}
	nums := make([]int, len(g.MoveTypes))
	next := 1
	meet := func(n *Node) {
		if i, ok := isType[n.Text]; ok && n.Kind == Atom && nums[i] == 0 {
			nums[i] = next
			next++
		}
	}
	var walk func(n *Node)
	walk = func(n *Node) {
		meet(n)
		for _, e := range n.Elems {
			walk(e)
		}
	}
	var pieces []*Node
	for _, s := range secs {
		switch s.Head() {
		case "turn-order":
			walk(s)
		case "move-priorities":
			args := s.Args()
			for i := len(args) - 1; i >= 0; i-- {
				walk(args[i])
			}
		case "piece":
			pieces = append(pieces, s)
		}
	}
	for i := len(pieces) - 1; i >= 0; i-- {
		walk(pieces[i])
	}
	// Names met nowhere (a type only some other game of the file uses) come
	// last, in the game's own order.
	for i := 1; i < len(nums); i++ {
		if nums[i] == 0 {
			nums[i] = next
			next++
		}
	}
	nums[0] = next // the unnamed type is never a continuation in the corpus
	g.MoveTypeNumbers = nums
}
