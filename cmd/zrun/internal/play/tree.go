// This file defines the game tree: every line played, taken back and played
// differently, or imported from PGN, kept as variations, with the commands
// of a chess GUI's notation pane (go to a move, promote a variation, delete
// one). The position always stands at one node, whose path from the root
// is Game.History.

package play

import (
	"fmt"
	"slices"
	"strings"

	"zrun/vm"
)

// Node is a move of the game tree (the root holds none).
type Node struct {
	Played
	ID     int // stable while the tree lives; the root is 0
	Parent *Node
	// Children are the moves played from here: [0] continues the main
	// line (of this variation), the others are variations.
	Children []*Node
	// Comment and NAGs are a PGN move's annotations ({...} after it, $n).
	Comment string
	NAGs    []int
	// back is the child last left by Undo, which Redo returns to.
	back *Node
}

// tree is the game tree and the node of the current position.
type tree struct {
	root, cur *Node
	ids       int
}

func (t *tree) reset() {
	t.root = &Node{}
	t.cur, t.ids = t.root, 0
}

func (t *tree) ensure() {
	if t.root == nil {
		t.reset()
	}
}

// down moves to the child played as pm, adding it as the last variation
// when it is new.
func (t *tree) down(pm Played) {
	t.ensure()
	for _, c := range t.cur.Children {
		if c.Coord == pm.Coord && c.Move.SameAs(&pm.Move) {
			t.cur = c
			return
		}
	}
	t.ids++
	n := &Node{Played: pm, ID: t.ids, Parent: t.cur}
	t.cur.Children = append(t.cur.Children, n)
	t.cur = n
}

func (t *tree) up() {
	t.ensure()
	if t.cur.Parent != nil {
		t.cur.Parent.back = t.cur
		t.cur = t.cur.Parent
	}
}

// next is the node Redo goes to, nil at the end of a line.
func (t *tree) next() *Node {
	t.ensure()
	if b := t.cur.back; b != nil && slices.Contains(t.cur.Children, b) {
		return b
	}
	if len(t.cur.Children) > 0 {
		return t.cur.Children[0]
	}
	return nil
}

// Root is the game tree's root (the start position); Current is the node
// of the current position.
func (g *Game) Root() *Node { g.tree.ensure(); return g.tree.root }

// Current is the node of the current position (the root before any move).
func (g *Game) Current() *Node { g.tree.ensure(); return g.tree.cur }

// Path is the nodes from the root's child to n.
func (n *Node) Path() []*Node {
	var out []*Node
	for ; n != nil && n.Parent != nil; n = n.Parent {
		out = append(out, n)
	}
	slices.Reverse(out)
	return out
}

// MainLine is the moves of the root's main line.
func (g *Game) MainLine() []vm.Move {
	var out []vm.Move
	for n := g.Root(); len(n.Children) > 0; n = n.Children[0] {
		out = append(out, n.Children[0].Move)
	}
	return out
}

// Find is the node with the given ID, or nil.
func (g *Game) Find(id int) *Node {
	var walk func(n *Node) *Node
	walk = func(n *Node) *Node {
		if n.ID == id {
			return n
		}
		for _, c := range n.Children {
			if f := walk(c); f != nil {
				return f
			}
		}
		return nil
	}
	return walk(g.Root())
}

// GoTo makes n's position the current one: it takes back the moves down to
// the last node n's path shares with the current one and plays n's path
// from there.
func (g *Game) GoTo(n *Node) error {
	want := n.Path()
	common := 0
	for common < len(want) && common < len(g.played) && g.tree.pathAt(common) == want[common] {
		common++
	}
	for len(g.played) > common {
		g.Undo()
	}
	for _, w := range want[common:] {
		ml, err := g.Legal()
		if err != nil {
			return err
		}
		i := FindSame(ml, &w.Move)
		if i < 0 {
			return fmt.Errorf("%s is not legal where the tree has it", g.S.MoveString(&w.Move))
		}
		if err := g.Play(ml, i, true); err != nil {
			return err
		}
	}
	return nil
}

// pathAt is the current path's node at ply i.
func (t *tree) pathAt(i int) *Node {
	p := t.cur.Path()
	if i < len(p) {
		return p[i]
	}
	return nil
}

// branch is the first node of the variation n lies in (n itself or the
// nearest ancestor that is not its parent's main continuation), nil on the
// main line.
func branch(n *Node) *Node {
	for ; n.Parent != nil; n = n.Parent {
		if n.Parent.Children[0] != n {
			return n
		}
	}
	return nil
}

// Promote makes the variation the current move lies in its parent's main
// continuation (one level, as ChessBase's "promote variation"); the former
// main continuation becomes the first variation.
func (g *Game) Promote() error {
	b := branch(g.Current())
	if b == nil {
		return fmt.Errorf("the current move is on the main line")
	}
	p := b.Parent
	i := slices.Index(p.Children, b)
	p.Children = slices.Delete(p.Children, i, i+1)
	p.Children = slices.Insert(p.Children, 0, b)
	return nil
}

// DeleteVariation removes the variation the current move lies in, from
// where it leaves its parent line, and goes to that branching position.
func (g *Game) DeleteVariation() error {
	b := branch(g.Current())
	if b == nil {
		return fmt.Errorf("the current move is on the main line: no variation to delete")
	}
	p := b.Parent
	if err := g.GoTo(p); err != nil {
		return err
	}
	p.Children = slices.DeleteFunc(p.Children, func(c *Node) bool { return c == b })
	if p.back == b {
		p.back = nil
	}
	return nil
}

// TreeText lists the game tree as PGN-style movetext, each move followed
// by its node ID in brackets (for GoTo), variations in parentheses, the
// current move marked "*": "1. e4[1] e5[2]* (1... c5[3]) 2. Nf3[4]".
func (g *Game) TreeText() string {
	s := g.S.Fork()
	for range g.played {
		s.Unmake()
	}
	var toks []string
	var walk func(n *Node, number bool)
	name := func(n *Node, number bool) {
		var ml vm.MoveList
		text := n.Coord
		if err := s.Generate(&ml); err == nil && g.SAN && len(g.G.Players) == 2 {
			if i := FindSame(&ml, &n.Move); i >= 0 {
				if san := SANOf(s, &ml, i, g.View); san != "" {
					white := s.Mover() == 0
					num := s.Ply/2 + 1
					switch {
					case white:
						toks = append(toks, fmt.Sprintf("%d.", num))
					case number:
						toks = append(toks, fmt.Sprintf("%d...", num))
					}
					text = san + CheckSuffix(s, &ml.Moves[i])
				}
			}
		}
		text += fmt.Sprintf("[%d]", n.ID)
		if n == g.Current() {
			text += "*"
		}
		toks = append(toks, text)
	}
	walk = func(n *Node, number bool) {
		made := 0
		for len(n.Children) > 0 {
			main := n.Children[0]
			name(main, number)
			number = false
			for _, v := range n.Children[1:] {
				toks = append(toks, "(")
				name(v, true)
				if makeSame(s, &v.Move) == nil {
					walk(v, false)
					s.Unmake()
				}
				toks = append(toks, ")")
				number = true
			}
			if makeSame(s, &main.Move) != nil {
				break
			}
			made++
			n = main
		}
		for ; made > 0; made-- {
			s.Unmake()
		}
	}
	walk(g.Root(), true)
	out := strings.Join(toks, " ")
	out = strings.ReplaceAll(strings.ReplaceAll(out, "( ", "("), " )", ")")
	if out == "" {
		return "(no moves)"
	}
	return out
}

// makeSame makes in s the legal move that changes it as m does (a move
// kept from another list); on error s is as it was.
func makeSame(s *vm.State, m *vm.Move) error {
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		return err
	}
	i := FindSame(&ml, m)
	if i < 0 {
		return fmt.Errorf("%s is not legal here", s.MoveString(m))
	}
	if err := s.Make(&ml.Moves[i]); err != nil {
		s.Unmake()
		return err
	}
	return nil
}
