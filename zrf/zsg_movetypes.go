// This file defines the numbers Zillions gives move types in saved games
// ("partial N ..."), so move text matches what Zillions writes.

package zrf

// numberMoveTypes fills Game.MoveTypeNumbers for every game of f. Zillions
// numbers the move-type names of a file from 1 in the order of their first
// appearance in the text (macro bodies and macro arguments included, where
// they are written): CheckersCollection.zrf's defines name notype, jumptype
// and continuetype in that order, and its saved games write "partial 2" for
// a jumptype continuation and "partial 3" for a continuetype one. This rule
// explains most corpus files, not all (see the known failures of the corpus
// test). forms are the file's expanded forms; an atom out of a macro body
// keeps the position where the body wrote it.
func numberMoveTypes(f *File, forms []*Node) {
	isType := map[string]bool{}
	for _, gd := range f.Games {
		for _, t := range gd.Game.MoveTypes[1:] {
			isType[t] = true
		}
	}
	if len(isType) == 0 {
		return
	}
	first := map[string]Pos{}
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.Kind == Atom {
			if isType[n.Text] {
				if p, ok := first[n.Text]; !ok || before(n.Pos, p, f.Path) {
					first[n.Text] = n.Pos
				}
			}
			return
		}
		for _, e := range n.Elems {
			walk(e)
		}
	}
	for _, form := range forms {
		walk(form)
	}
	for _, gd := range f.Games {
		g := gd.Game
		nums := make([]int, len(g.MoveTypes))
		nums[0] = 1
		for i, t := range g.MoveTypes[1:] {
			rank := 1
			for other, p := range first {
				if other != t && before(p, first[t], f.Path) {
					rank++
				}
			}
			nums[i+1] = rank
		}
		g.MoveTypeNumbers = nums
	}
}

// before orders positions: the main file's text first, then included files.
func before(a, b Pos, main string) bool {
	if (a.File == main) != (b.File == main) {
		return a.File == main
	}
	if a.File != b.File {
		return a.File < b.File
	}
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}
