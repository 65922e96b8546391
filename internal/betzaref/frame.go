// This file defines the board frame: a game's squares as x, y offsets, so
// the moves of a Betza string land on named positions.

package betzaref

import "zrun/vm"

// BoardFrame gives each grid square of g (as the REPL draws it) x to the
// right and y up, seen from player pl's side (the second player's board is
// turned half a turn).
func BoardFrame(g *vm.Game, pl int) (map[int32][2]int, map[[2]int]int32) {
	gv := vm.NewGridView(g)
	if gv == nil {
		return nil, nil
	}
	xy := map[int32][2]int{}
	at := map[[2]int]int32{}
	for r, row := range gv.Cell {
		for c, p := range row {
			if p >= 0 {
				v := [2]int{c, len(gv.Cell) - 1 - r}
				if pl == 1 {
					v = [2]int{len(row) - 1 - c, r}
				}
				xy[p], at[v] = v, p
			}
		}
	}
	return xy, at
}

// FromStart returns whether an offset stays on the board from the start
// square of player pl's piece of type t (nil when it has none).
func FromStart(g *vm.Game, t, pl int) func(dx, dy int) bool {
	xy, at := BoardFrame(g, pl)
	for _, it := range g.Setup {
		if it.Type == t && it.Player == pl && it.Pos >= 0 {
			s := xy[int32(it.Pos)]
			return func(dx, dy int) bool {
				_, ok := at[[2]int{s[0] + dx, s[1] + dy}]
				return ok
			}
		}
	}
	return nil
}
