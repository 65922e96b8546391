// This file defines moves: compact lists of primitive effects plus a record of
// what happened, for notation.

package vm

// EffectKind says what an Effect changes.
type EffectKind uint8

const (
	EffCell EffectKind = iota // Board[Pos] = Val
	EffHand                   // Hands[Pos] += int64(Val)  (Pos = player*len(Pieces) + type)
	EffVar                    // Vars[Pos] += int64(Val): a MoveSource's game variable (movesource.go)
)

// Effect is one primitive change a move makes. Make applies the effects in
// order and records the old values, so Unmake restores the position bit for bit.
type Effect struct {
	Pos  int32
	Kind EffectKind
	Val  Cell
}

// ActKind is the kind of an Act.
type ActKind uint8

const (
	ActMove        ActKind = iota // a piece moves From -> To (Type: its type after the move)
	ActDrop                       // a piece of Type enters at To
	ActCapture                    // the piece at From is removed (Type -1: the square was empty as the move began; written only if the move put a piece there)
	ActCreate                     // a new piece of Type owned by Arg appears at To
	ActChangeType                 // the piece at From becomes Type
	ActChangeOwner                // the piece at From changes owner to Arg
	ActFlip                       // the piece at From changes owner (flip)
	ActSetAttr                    // attribute Type of the piece at From is set to Arg
)

// Act records one thing a move does, in program order, for notation.
type Act struct {
	Kind     ActKind
	Captures bool // for ActMove: the destination was occupied
	Type     int16
	Arg      int16
	From, To int32
}

// Move is one legal move (or one part of a partial move).
type Move struct {
	// lists holds the move's effects and acts as its run built them; a
	// move whose effects and acts follow from its squares (derived) keeps
	// none (nil). Read them through Effects and Actions. One pointer to
	// both keeps a Move to 64 bytes, one cache line: a list is written
	// whole and read move by move at every node.
	lists *moveLists
	// took and land: see simple and derived.
	took, land Cell
	Type       int32 // move type of the definition that produced it
	// From and To are the main piece's squares, for last-from?/last-to?.
	From, To int32
	// Continue is the move type the same piece continues with (add-partial),
	// or -1 when the move completes the turn.
	Continue int32
	// gateAt is the square a piece was gated onto plus one (0: no gate).
	// Legality judges a gating move without the gated piece (legal.go).
	gateAt   int32
	Piece    int16 // type of the moving piece, -1 for a pass
	Captures int16 // pieces removed from the board (for maximal captures)
	Kings    int16 // of which of a royal or "king" type (maximal captures 2)
	// Struck counts enemy pieces the move changes in place (type, owner or
	// attributes); maximal captures counts them with Captures (doc.go).
	Struck int16
	retype int16
	// setAttr, when not 0, is 1 + the attribute a derived move sets on its
	// landing square before it lands (a rook losing its castling right),
	// to the value setArg: its first act (Actions). land has it set.
	setAttr, setArg int16
	Pass            bool
	Drop            bool
	// simple: a specialised run built the move (spec.go): the piece on
	// From lands on To, taking what stood there (took), retyped to
	// retype when that is >= 0. Simple answers from these.
	simple bool
	// derived: a simple move that stores no effects nor acts. It lands on
	// To as land; Effects and Actions build its lists from that and took
	// (spec.go builds most moves so: writing the lists costs more than the
	// rest of the move), and from setAttr. The fields are ordered for size
	// (64 bytes).
	derived bool
}

// moveLists are a built move's effects and acts.
type moveLists struct {
	eff  []Effect
	acts []Act
	// cloned: CloneInto made the record, for its copy alone (it may
	// rewrite it); a MoveList's records are the list's.
	cloned bool
}

// eff is the effects m stores (none for a derived move).
func (m *Move) eff() []Effect {
	if m.lists == nil {
		return nil
	}
	return m.lists.eff
}

// acts is the acts m stores (none for a derived move).
func (m *Move) acts() []Act {
	if m.lists == nil {
		return nil
	}
	return m.lists.acts
}

// withLists returns m's copy with its own lists eff and acts.
func (m *Move) withLists(eff []Effect, acts []Act) Move {
	c := *m
	c.lists = &moveLists{eff: eff, acts: acts}
	return c
}

// Effects returns the changes m makes, in the order Make applies them. A
// derived move's are built into buf (grown if needed: pass a small array's
// slice to keep them off the heap); another's are its own, to be read only.
func (m *Move) Effects(buf []Effect) []Effect {
	if !m.derived {
		return m.eff()
	}
	f, l, n := m.landing()
	buf = append(buf[:0], f)
	if n == 2 {
		buf = append(buf, l)
	}
	return buf
}

// landing returns the effects of a simple move that lands on To as land,
// taking took: f empties From; l, when n is 2, puts land on To (a move that
// leaves To as it was has f alone, and l is f). Effects, Make and moveKey
// read a derived move's effects from it, and spec.go stores them from it.
func (m *Move) landing() (f, l Effect, n int) {
	f = Effect{Pos: m.From, Kind: EffCell, Val: Empty}
	if m.land == m.took {
		return f, f, 1
	}
	return f, Effect{Pos: m.To, Kind: EffCell, Val: m.land}, 2
}

// landingAct is the act of a simple move (see landing): its piece moves
// From -> To, typed when the move retyped it.
func (m *Move) landingAct() Act {
	var typed int16
	if m.retype >= 0 {
		typed = ActMoveTyped
	}
	return Act{Kind: ActMove, From: m.From, To: m.To, Type: int16(m.land.Type()),
		Captures: m.took != Empty && m.To != m.From, Arg: typed}
}

// Actions returns what m does, for notation, in program order; buf as for
// Effects.
func (m *Move) Actions(buf []Act) []Act {
	if !m.derived {
		return m.acts()
	}
	buf = buf[:0]
	if m.setAttr != 0 {
		buf = append(buf, Act{Kind: ActSetAttr, From: m.To, To: NoPos, Type: m.setAttr - 1, Arg: m.setArg})
	}
	return append(buf, m.landingAct())
}

// CloneInto copies m into c as Clone does, with c's effects and acts in
// the storage of eff and acts, which it returns (grown if needed) for the
// next copy: a caller that copies many moves allocates once.
func (m *Move) CloneInto(c *Move, eff []Effect, acts []Act) ([]Effect, []Act) {
	rec := c.lists // a record an earlier CloneInto into c made is reused
	*c = *m
	if !m.derived {
		eff, acts = append(eff[:0], m.eff()...), append(acts[:0], m.acts()...)
		if rec == nil || !rec.cloned {
			rec = &moveLists{cloned: true}
		}
		rec.eff, rec.acts = eff, acts
		c.lists = rec
	}
	return eff, acts
}

// WithActs returns m with acts in place of its own, its effects kept: a
// notation test writes with it a move no game makes.
func (m *Move) WithActs(acts []Act) Move {
	f := m.full()
	return f.withLists(f.eff(), acts)
}

// full returns m with its effects and acts stored: m itself, or for a
// derived move a copy that holds them (notation reads the acts in place).
func (m *Move) full() *Move {
	if !m.derived {
		return m
	}
	c := m.withLists(m.Effects(nil), m.Actions(nil))
	c.derived = false
	return &c
}

// effectBuf and actBuf hold a derived move's lists on the stack.
type (
	effectBuf [2]Effect
	actBuf    [2]Act
)

// Simple returns, for a move a specialised run built (ok), the piece that
// stood on its target (taken, Empty if none) and the type the moving piece
// becomes (-1: it keeps its type), so callers can read captures and
// promotions without walking the effects: Taken and Retyped give the same.
func (m *Move) Simple() (took Cell, retype int, ok bool) {
	return m.took, int(m.retype), m.simple
}

// Clone returns m with its own copies of its effects and acts, detached from the
// MoveList that generated it (whose buffers are reused), for a history.
func (m *Move) Clone() Move {
	if m.derived {
		return *m
	}
	return m.withLists(append([]Effect(nil), m.eff()...), append([]Act(nil), m.acts()...))
}

// MoveList holds generated moves. The moves' effects and acts point into
// buffers the list owns, so a list reused across calls stops allocating once
// it has grown to the largest move set.
type MoveList struct {
	Moves []Move
	effs  []Effect
	acts  []Act
	lists []moveLists
}

// Reset empties the list, keeping its buffers.
func (ml *MoveList) Reset() {
	ml.Moves = ml.Moves[:0]
	ml.effs = ml.effs[:0]
	ml.acts = ml.acts[:0]
	ml.lists = ml.lists[:0]
}

// store gives m the effects and acts from effStart and actStart on in the
// list's buffers. The record of them is the list's too: a record it has
// moved on growing stays where m points, unchanged, as the buffers do.
func (ml *MoveList) store(m *Move, effStart, actStart int) {
	ml.lists = append(ml.lists, moveLists{
		eff:  ml.effs[effStart:len(ml.effs):len(ml.effs)],
		acts: ml.acts[actStart:len(ml.acts):len(ml.acts)],
	})
	m.lists = &ml.lists[len(ml.lists)-1]
}

// Len is the number of moves.
func (ml *MoveList) Len() int { return len(ml.Moves) }

// SameAs reports whether two moves change the position identically.
func (m *Move) SameAs(o *Move) bool {
	if m.Pass != o.Pass || m.Continue != o.Continue || m.From != o.From || m.To != o.To {
		return false
	}
	var mb, ob effectBuf
	me, oe := m.Effects(mb[:0]), o.Effects(ob[:0])
	if len(me) != len(oe) {
		return false
	}
	for i := range me {
		if me[i] != oe[i] {
			return false
		}
	}
	return true
}
