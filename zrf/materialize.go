// This file defines materialize, which gives the nodes of a shared
// expansion (expandShared) their call positions outside move definitions.

package zrf

// materialize returns the forms with every node outside move definitions
// knowing its call position: a node with a perUse origin is replaced by a
// copy whose origin names the call position of the nearest enclosing node
// that knows it, and its ancestors by copies holding the copy. Move
// definitions (the lists in a piece's moves and drops) are replaced by such
// copies too, but their statements are left shared: that is where sharing
// pays, and lowering tracks their call positions itself (lowerer.ctx).
//
// A node reached again in the same context and role gets the same copy, so
// the sections a variant inherits from its game are still the game's
// sections.
func materialize(forms []*Node) []*Node {
	m := &materializer{done: map[placeKey]*Node{}, origins: map[originKey]*Origin{}}
	out := make([]*Node, len(forms))
	for i, f := range forms {
		role := roleAny
		if h := f.Head(); h == "game" || h == "variant" {
			role = roleBlock
		}
		out[i] = m.place(f, Pos{}, role)
	}
	return out
}

// role says how a node is placed: what its children are.
type role uint8

const (
	roleAny    role = iota // every node below is placed
	roleBlock              // a game or variant: its children are sections
	rolePiece              // a piece section: its moves and drops are placed as moveList
	roleMoves              // a moves or drops form: its lists are move definitions
	roleDefTop             // a move definition: placed itself, its children left shared
)

type placeKey struct {
	n    *Node
	ctx  Pos
	role role
}

type originKey struct {
	macro string
	call  Pos
}

type materializer struct {
	done    map[placeKey]*Node
	origins map[originKey]*Origin
}

// place returns n, or a copy of it, knowing its call position (ctx is that
// of the nearest enclosing node knowing it) with its children placed for
// their role.
func (m *materializer) place(n *Node, ctx Pos, r role) *Node {
	key := placeKey{n, ctx, r}
	if p, ok := m.done[key]; ok {
		return p
	}
	p := n
	if o := n.From; o != nil {
		if o.perUse {
			c := *n
			c.shared = false
			c.From = m.origin(o.Macro, ctx)
			p = &c
		} else {
			ctx = o.CallPos
		}
	}
	if r != roleDefTop {
		var elems []*Node // the placed children, once one differs
		for i, e := range n.Elems {
			pe := m.place(e, ctx, childRole(r, i, e))
			if pe != e && elems == nil {
				elems = make([]*Node, len(n.Elems))
				copy(elems, n.Elems[:i])
			}
			if elems != nil {
				elems[i] = pe
			}
		}
		if elems != nil {
			if p == n {
				c := *n
				p = &c
			}
			p.Elems = elems
		}
	}
	m.done[key] = p
	return p
}

// childRole is the role of the i-th element e of a node placed as r.
func childRole(r role, i int, e *Node) role {
	switch {
	case i == 0:
		return roleAny // the head
	case r == roleBlock && e.Head() == "piece":
		return rolePiece
	case r == rolePiece && (e.Head() == "moves" || e.Head() == "drops"):
		return roleMoves
	case r == roleMoves && e.Kind == List && e.Head() != "move-type":
		return roleDefTop
	}
	return roleAny
}

// origin returns the origin of nodes out of the macro named macro called at
// call, one per pair.
func (m *materializer) origin(macro string, call Pos) *Origin {
	k := originKey{macro, call}
	o := m.origins[k]
	if o == nil {
		o = &Origin{Macro: macro, CallPos: call}
		m.origins[k] = o
	}
	return o
}
