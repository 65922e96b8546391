// This file defines moves: compact lists of primitive effects plus a record of
// what happened, for notation.

package vm

// EffectKind says what an Effect changes.
type EffectKind uint8

const (
	EffCell EffectKind = iota // Board[Pos] = Val
	EffHand                   // Hands[Pos] += int64(Val)  (Pos = player*len(Pieces) + type)
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
	Eff   []Effect
	Acts  []Act
	Type  int32 // move type of the definition that produced it
	Piece int16 // type of the moving piece, -1 for a pass
	// From and To are the main piece's squares, for last-from?/last-to?.
	From, To int32
	// Continue is the move type the same piece continues with (add-partial),
	// or -1 when the move completes the turn.
	Continue int32
	Pass     bool
	Drop     bool
	Captures int16 // pieces removed from the board (for maximal captures)
	Kings    int16 // of which of a royal or "king" type (maximal captures 2)
	// Struck counts enemy pieces the move changes in place (type, owner or
	// attributes); maximal captures counts them with Captures (doc.go).
	Struck int16
	key    uint64
	// simple: a specialised run built the move (spec.go): the piece on
	// From lands on To, taking what stood there (took), retyped to
	// retype when that is >= 0. Simple answers from these.
	simple bool
	retype int16
	took   Cell
	// gateAt is the square a piece was gated onto plus one (0: no gate).
	// Legality judges a gating move without the gated piece (legal.go).
	gateAt int32
}

// Simple returns, for a move a specialised run built (ok), the piece that
// stood on its target (taken, Empty if none) and the type the moving piece
// becomes (-1: it keeps its type), so callers can read captures and
// promotions without walking the effects: Taken and Retyped give the same.
func (m *Move) Simple() (took Cell, retype int, ok bool) {
	return m.took, int(m.retype), m.simple
}

// Clone returns m with its own copies of Eff and Acts, detached from the
// MoveList that generated it (whose buffers are reused), for a history.
func (m *Move) Clone() Move {
	c := *m
	c.Eff = append([]Effect(nil), m.Eff...)
	c.Acts = append([]Act(nil), m.Acts...)
	return c
}

// MoveList holds generated moves. The moves' Eff and Acts slices point into
// buffers the list owns, so a list reused across calls stops allocating once
// it has grown to the largest move set.
type MoveList struct {
	Moves []Move
	effs  []Effect
	acts  []Act
}

// Reset empties the list, keeping its buffers.
func (ml *MoveList) Reset() {
	ml.Moves = ml.Moves[:0]
	ml.effs = ml.effs[:0]
	ml.acts = ml.acts[:0]
}

// Len is the number of moves.
func (ml *MoveList) Len() int { return len(ml.Moves) }

// SameAs reports whether two moves change the position identically.
func (m *Move) SameAs(o *Move) bool {
	if m.Pass != o.Pass || m.Continue != o.Continue || len(m.Eff) != len(o.Eff) {
		return false
	}
	for i := range m.Eff {
		if m.Eff[i] != o.Eff[i] {
			return false
		}
	}
	return m.From == o.From && m.To == o.To
}
