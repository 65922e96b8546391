// This file defines the line term: progress towards an n-in-a-row goal.
//
// A win goal written as a relative-config of the player's own pieces
// (Tic-Tac-Toe's "man n man n man", Shisima's three in a row) is a set of
// windows: every run of squares the pattern can stand on. A window that
// holds no piece of the opponent (nor one of ours of another type) can
// still be completed, and the more of its squares we already hold, the
// nearer the win: each counts lineUnit·4^(held-(k-1)), so a window one
// piece short is worth two pawns, and a square that many open windows
// cross (the centre of Tic-Tac-Toe, in four lines) is worth more than one
// in few (a corner, in three; an edge, in two), as players of these games
// are taught. A window is counted for each player the goal names.

package eval

import (
	"zrun/vm"
)

// lineUnit is a window one piece short of complete.
const lineUnit = 200

// lineSet is one relative-config pattern's windows for one player.
type lineSet struct {
	player  int
	types   []int   // the piece type each square of a window needs
	windows []int32 // len(types) squares per window, flat
	weight  []int   // weight[held]: the worth of an open window with held pieces
}

// addLines finds the win goals' relative-configs of own pieces (through
// and/or, not under not) and lays out their windows on the board.
func (ev *Evaluator) addLines(g *vm.Game) {
	for _, goal := range g.Goals {
		if goal.Kind != vm.WinGoal || goal.Cond == nil {
			continue
		}
		var walk func(c *vm.Cond)
		walk = func(c *vm.Cond) {
			switch c.Op {
			case vm.CondAnd, vm.CondOr:
				for _, a := range c.Args {
					walk(a)
				}
			case vm.CondRelativeConfig:
				for _, pl := range goal.Players {
					if ls := windowsOf(g, c.Pattern, pl); ls != nil {
						ev.lines = append(ev.lines, *ls)
					}
				}
			}
		}
		walk(goal.Cond)
	}
}

// windowsOf lays out pattern pat for player pl: nil for patterns of fewer
// than three squares or with a "not" square, which are no lines.
func windowsOf(g *vm.Game, pat []vm.PatternStep, pl int) *lineSet {
	k := len(pat)
	if k < 3 || pl >= len(g.Board.Symmetry) {
		return nil
	}
	ls := &lineSet{player: pl, types: make([]int, k), weight: make([]int, k+1)}
	for i, st := range pat {
		if st.Not {
			return nil
		}
		ls.types[i] = st.Type
	}
	for held := 1; held < k; held++ {
		w := lineUnit
		for j := held; j < k-1; j++ {
			w /= 4
		}
		ls.weight[held] = w
	}
	b := g.Board
	sym := b.Symmetry[pl]
	win := make([]int32, k)
	for start := 0; start < b.N(); start++ {
		p, ok := start, true
		for i, st := range pat {
			win[i] = int32(p)
			if i == k-1 {
				break
			}
			if st.Dir < 0 {
				ok = false
				break
			}
			if p = b.Link(sym[st.Dir], p); p < 0 {
				ok = false
				break
			}
		}
		if ok {
			ls.windows = append(ls.windows, win...)
		}
	}
	if len(ls.windows) == 0 {
		return nil
	}
	return ls
}

// lineScore is the line term for player pl: pl's open windows less the
// other players'.
func (ev *Evaluator) lineScore(s *vm.State, pl int) int {
	v := 0
	for i := range ev.lines {
		ls := &ev.lines[i]
		k := len(ls.types)
		sum := 0
		for w := 0; w+k <= len(ls.windows); w += k {
			held := 0
			for j, p := range ls.windows[w : w+k] {
				c := s.Board[p]
				if c == vm.Empty {
					continue
				}
				if c.Owner() != ls.player || c.Type() != ls.types[j] {
					held = -1
					break
				}
				held++
			}
			if held > 0 {
				sum += ls.weight[min(held, k)]
			}
		}
		if ls.player == pl {
			v += sum
		} else {
			v -= sum
		}
	}
	return v
}
