// This file defines gating: a move that also brings a piece from the mover's
// hand onto a square the move vacated (Seirawan chess: a back-rank piece's
// first move may gate a held Hawk or Elephant onto the square it left).

package vm

// Gate squares of OpAddGate (its B operand).
const (
	GateStart = 0 // the square the move started from (the moving piece's)
	GateFrom  = 1 // the square the piece picked up last came from (a castling rook's)
)

// addGate runs OpAddGate: for every type of the list that the mover holds in
// hand, it emits the move built so far plus that piece placed on the gate
// square, one fewer in the hand. A gate square that is not empty once the
// move is made (the move did not vacate it) yields no move. Like add, the run
// goes on with the same registers.
func (gn *generator) addGate(in *Inst) {
	p := gn.start
	if in.B == GateFrom {
		p = gn.handFrom
	}
	if p < 0 {
		return
	}
	for _, t := range gn.prog.Lists[in.A] {
		if !gn.s.HasInHand(int(gn.player), int(t)) {
			continue
		}
		gn.gateType, gn.gatePos = t, p
		gn.emit(-1, -1, false)
		gn.gateType = -1
		if gn.err != nil {
			return
		}
	}
}

// placeGate, called by emit after the move's own placements, puts the gated
// piece on its square. It reports false (no move) when the square is occupied.
func (gn *generator) placeGate() bool {
	if gn.get(gn.gatePos) != Empty {
		return false
	}
	gn.set(gn.gatePos, MakeCell(int(gn.gateType), int(gn.player), gn.pre.defaults[gn.gateType]))
	gn.ml.acts = append(gn.ml.acts, Act{Kind: ActDrop, From: NoPos, To: gn.gatePos, Type: int16(gn.gateType)})
	return true
}
