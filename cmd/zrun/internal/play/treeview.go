// This file defines the game tree as a move list draws it (the web page's
// analysis board): each line a list of moves in the game's notation, each
// move with the side lines that branch off before it.

package play

import (
	"fmt"

	"zrun/vm"
)

// TreeMove is a move of the game tree as a move list shows it.
type TreeMove struct {
	ID int `json:"id"` // the node's ID (GoTo, Find)
	// Num is the move number written before it: "1." before the first
	// player's move, "1..." where another player's move opens a line.
	Num     string `json:"num,omitempty"`
	Text    string `json:"text"` // SAN where the game has it, else coordinates
	Current bool   `json:"cur,omitempty"`
	// Vars are the side lines that replace this move (its parent's other
	// children, each a line of its own).
	Vars [][]TreeMove `json:"vars,omitempty"`
}

// TreeLines is the game tree's main line, with its side lines nested.
func (g *Game) TreeLines() []TreeMove {
	s := g.S.Fork()
	for range g.played {
		s.Unmake()
	}
	cur := g.Current()
	name := func(n *Node, opens bool) TreeMove {
		tm := TreeMove{ID: n.ID, Text: n.Coord, Current: n == cur}
		var ml vm.MoveList
		if err := s.Generate(&ml); err == nil {
			if i := FindSame(&ml, &n.Move); i >= 0 {
				if g.SAN && len(g.G.Players) == 2 {
					if san := SANOf(s, &ml, i, g.View); san != "" {
						tm.Text = san + CheckSuffix(s, &ml.Moves[i])
					}
				}
			}
		}
		np := max(1, len(g.G.Players))
		num := s.Ply/np + 1
		switch {
		case s.Mover() == 0:
			tm.Num = fmt.Sprintf("%d.", num)
		case opens:
			tm.Num = fmt.Sprintf("%d...", num)
		}
		return tm
	}
	var line func(n *Node, opens bool) []TreeMove
	line = func(n *Node, opens bool) []TreeMove {
		var out []TreeMove
		made := 0
		for len(n.Children) > 0 {
			main := n.Children[0]
			tm := name(main, opens)
			opens = false
			for _, v := range n.Children[1:] {
				first := name(v, true)
				var rest []TreeMove
				if makeSame(s, &v.Move) == nil {
					rest = line(v, false)
					s.Unmake()
				}
				tm.Vars = append(tm.Vars, append([]TreeMove{first}, rest...))
			}
			if len(tm.Vars) > 0 {
				opens = true // the main line goes on after the side lines
			}
			out = append(out, tm)
			if makeSame(s, &main.Move) != nil {
				break
			}
			made++
			n = main
		}
		for ; made > 0; made-- {
			s.Unmake()
		}
		return out
	}
	return line(g.Root(), true)
}
