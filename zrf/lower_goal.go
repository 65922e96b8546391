// This file defines the lowering of win/loss/draw/count conditions to vm.Goal.

package zrf

import "zrun/vm"

var goalKinds = map[string]vm.GoalKind{
	"win-condition": vm.WinGoal, "loss-condition": vm.LossGoal,
	"draw-condition": vm.DrawGoal, "count-condition": vm.CountGoal,
}

var condNames = []string{"and", "or", "not", "stalemated", "repetition", "checkmated",
	"pieces-remaining", "total-piece-count", "absolute-config", "relative-config", "captured",
	"true", "false"}

// lowerGoal reads (X-condition (P ...) condition).
func (l *lowerer) lowerGoal(s *Node) {
	a := s.Args()
	if len(a) != 2 {
		l.errorf(s, "%s must be (%s (players ...) condition)", s.Head(), s.Head())
		return
	}
	players := l.playerList(a[0])
	c := l.cond(a[1])
	if c == nil {
		return
	}
	l.g.Goals = append(l.g.Goals, &vm.Goal{Kind: goalKinds[s.Head()], Players: players, Cond: c, Source: s.Pos.String()})
}

// cond lowers a goal condition; nil after an error.
func (l *lowerer) cond(n *Node) *vm.Cond {
	if n.Kind == Atom {
		switch n.Text {
		case "stalemated":
			return &vm.Cond{Op: vm.CondStalemated}
		case "repetition":
			return &vm.Cond{Op: vm.CondRepetition}
		case "true":
			return &vm.Cond{Op: vm.CondTrue}
		case "false":
			return &vm.Cond{Op: vm.CondFalse}
		}
	}
	if n.Kind != List {
		l.errorf(n, "unknown goal condition %s%s", describe(n), l.hint(n.Text, condNames))
		return nil
	}
	a := n.Args()
	switch h := n.Head(); h {
	case "and", "or", "not":
		return l.condConnective(n, h, a)
	case "checkmated", "captured":
		op := map[string]vm.CondOp{"checkmated": vm.CondCheckmated, "captured": vm.CondCaptured}[h]
		return l.condTypes(n, op, a)
	case "pieces-remaining", "total-piece-count":
		return l.condCount(n, h, a)
	case "absolute-config":
		return l.absoluteConfig(n, a)
	case "relative-config":
		return l.relativeConfig(n, a)
	default:
		l.errorf(n, "unknown goal condition %s%s", describe(n), l.hint(h, condNames))
		return nil
	}
}

func (l *lowerer) condConnective(n *Node, h string, a []*Node) *vm.Cond {
	op := map[string]vm.CondOp{"and": vm.CondAnd, "or": vm.CondOr, "not": vm.CondNot}[h]
	if len(a) == 0 || (op == vm.CondNot && len(a) != 1) {
		l.errorf(n, "%s: wrong number of operands (%d)", h, len(a))
		return nil
	}
	c := &vm.Cond{Op: op}
	for _, e := range a {
		sub := l.cond(e)
		if sub == nil {
			return nil
		}
		c.Args = append(c.Args, sub)
	}
	return c
}

// condTypes reads (checkmated T ...) and (captured T ...).
func (l *lowerer) condTypes(n *Node, op vm.CondOp, a []*Node) *vm.Cond {
	if len(a) == 0 {
		l.errorf(n, "%s needs a piece type", n.Head())
		return nil
	}
	c := &vm.Cond{Op: op}
	ok := true
	for _, e := range a {
		t, good := l.piece(e)
		ok = ok && good
		c.Types = append(c.Types, t)
	}
	if !ok {
		return nil
	}
	return c
}

// condCount reads (pieces-remaining N [T ...]) and (total-piece-count N [T ...]).
func (l *lowerer) condCount(n *Node, h string, a []*Node) *vm.Cond {
	if len(a) == 0 {
		l.errorf(n, "%s needs a count", h)
		return nil
	}
	num, ok := l.intArg(a[0], h)
	if !ok {
		return nil
	}
	op := vm.CondPiecesRemaining
	if h == "total-piece-count" {
		op = vm.CondTotalPieceCount
	}
	c := &vm.Cond{Op: op, N: num}
	for _, e := range a[1:] {
		t, good := l.piece(e)
		if !good {
			return nil
		}
		c.Types = append(c.Types, t)
	}
	return c
}

// absoluteConfig reads (absolute-config T ... (pos-or-zone ...)); the places
// may also be bare positions after the types.
func (l *lowerer) absoluteConfig(n *Node, a []*Node) *vm.Cond {
	c := &vm.Cond{Op: vm.CondAbsoluteConfig}
	ok := true
	for _, e := range a {
		switch {
		case e.Kind == List && l.configPieces(c, e):
		case e.Kind == List:
			for _, p := range e.Elems {
				ok = l.configPlace(c, p) && ok
			}
		case e.Kind == Atom && l.isPiece(e.Text):
			c.Types = append(c.Types, l.pieces[e.Text])
		default:
			ok = l.configPlace(c, e) && ok
		}
	}
	switch {
	case !ok:
		return nil
	case len(c.Types) == 0:
		l.errorf(n, "absolute-config names no piece type")
		return nil
	case len(c.Positions) == 0 && len(c.Zones) == 0:
		if hasListOrPlace(a, l) {
			return &vm.Cond{Op: vm.CondFalse} // every place was off this board
		}
		l.errorf(n, "absolute-config names no position or zone")
		return nil
	}
	return c
}

// configPieces reads the piece elements (opponent T...), (any-owner T...) and
// (not T...) of an absolute-config; it reports false for anything else (a
// list of places).
func (l *lowerer) configPieces(c *vm.Cond, e *Node) bool {
	head := e.Head()
	switch head {
	case "opponent":
		c.Owner = vm.OwnerOpponent
	case "any-owner":
		c.Owner = vm.OwnerAny
	case "not":
		c.NotTypes = true
	default:
		return false
	}
	for _, t := range e.Args() {
		if t.Kind != Atom || !l.isPiece(t.Text) {
			l.errorf(t, "absolute-config: (%s ...) needs piece types, got %s", head, describe(t))
			continue
		}
		c.Types = append(c.Types, l.pieces[t.Text])
	}
	return true
}

// hasListOrPlace reports whether an absolute-config named places at all.
func hasListOrPlace(a []*Node, l *lowerer) bool {
	for _, e := range a {
		if e.Kind == List && e.Head() != "opponent" && e.Head() != "any-owner" && e.Head() != "not" {
			return true
		}
		if e.Kind == Atom && !l.isPiece(e.Text) {
			return true
		}
	}
	return false
}

func (l *lowerer) isPiece(name string) bool { return l.has(askPiece, name) }

// configPlace adds a position or zone name to an absolute-config.
func (l *lowerer) configPlace(c *vm.Cond, p *Node) bool {
	b := l.g.Board
	if p.Kind == Atom {
		if i, ok := b.PositionIndex(p.Text); ok {
			c.Positions = append(c.Positions, i)
			return true
		}
		if z, ok := b.ZoneIndex(p.Text); ok {
			c.Zones = append(c.Zones, z)
			return true
		}
	}
	if p.Kind == Atom && l.elsewhere[p.Text] && !l.isPiece(p.Text) {
		// A place of another board of the file (the variant replaced the
		// board): it cannot be occupied here.
		l.warnf(p, "absolute-config: %s is not on this board; ignored", p.Text)
		return true
	}
	h := ""
	if len(l.errs) < MaxErrors {
		h = hint(p.Text, append(append(positionNames(b), zoneNames(b)...), keys(l.pieces)...))
	}
	l.errorf(p, "absolute-config: unknown position or zone %s%s", describe(p), h)
	return false
}

// relativeConfig reads (relative-config T1 d1 T2 d2 ... Tn); an element may
// be (not T), matching anything but a T.
func (l *lowerer) relativeConfig(n *Node, a []*Node) *vm.Cond {
	if len(a)%2 == 0 {
		l.errorf(n, "relative-config must alternate piece types and directions, ending with a piece type")
		return nil
	}
	c := &vm.Cond{Op: vm.CondRelativeConfig}
	for i := 0; i < len(a); i += 2 {
		st := vm.PatternStep{Dir: -1}
		e := a[i]
		if e.Head() == "not" && len(e.Args()) == 1 {
			st.Not = true
			e = e.Args()[0]
		}
		t, ok := l.piece(e)
		if !ok {
			return nil
		}
		st.Type = t
		if i+1 < len(a) {
			d, ok := l.direction(l.g.Board, a[i+1])
			if !ok {
				return nil
			}
			st.Dir = d
		}
		c.Pattern = append(c.Pattern, st)
	}
	return c
}

func zoneNames(b *vm.Board) []string {
	out := make([]string, len(b.Zones))
	for i, z := range b.Zones {
		out[i] = z.Name
	}
	return out
}
