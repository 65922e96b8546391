// This file defines Seirawan gating (fmaxini.md section 9): in the section
// named exactly "seirawan" (or whose parent variant is), pieces 9 and 10
// start in both hands, and a
// never-moved back-rank piece's move may bring one of them onto the square it
// left (castling: onto the king's or the rook's square).

package fmaxini

import (
	"zrun/vm"
)

// gateFlag is the run flag that says the moving piece has never moved.
const gateFlag = 0

// gatingSection reports whether sec gates, with the two held pieces at
// indices 8 and 9. Fairy-Max decides it by the name alone; zrun also gates
// a section whose parent variant (after the second '#' of its Game: line)
// is seirawan, the parent that tells XBoard a game gates, so a Seirawan-
// like game with other pieces (Sjaak II's Musketeer: Leopard and Cannon in
// hand) can be written as a section of its own. No section of the shipped
// fmax.ini names that parent.
func gatingSection(sec *Section) bool {
	return (sec.Name == "seirawan" || sec.Parent == "seirawan") && len(sec.Pieces) >= 10
}

// setupGating puts pieces 9 and 10 in both hands, tracks the never-moved
// state of every back-rank piece (gate rights), and declares the flag.
func (l *lowering) setupGating() {
	l.gates = []int32{8, 9}
	for side := 0; side < 2; side++ {
		for _, t := range l.gates {
			l.g.Setup = append(l.g.Setup, vm.SetupItem{Player: side, Type: int(t), Pos: vm.OffBoard, Count: 1})
		}
		for _, idx := range l.sec.Setup[side] {
			if idx > 2 {
				l.track[idx-1] = true
			}
		}
	}
	l.g.Flags = []string{"never-moved"}
}

// gatePrologue starts a ray of a back-rank piece: the flag remembers whether
// the piece stands unmoved on its start square, since tests at add time look
// at the destination.
func (c *rayComp) gatePrologue() {
	if c.gates == nil || c.pawn || !c.track[c.t] {
		return
	}
	a := c.a
	moved := a.label()
	a.test(vm.OpAttr, c.virgin, vm.LocCursor, 0, false, moved)
	a.op(vm.Inst{Op: vm.OpSetFlag, A: gateFlag, B: 1})
	a.bind(moved)
}

// addGates follows a plain add of a back-rank piece: the same move gating
// each held piece onto the start square, when the piece had never moved.
func (c *rayComp) addGates() {
	if c.gates == nil || c.pawn || !c.track[c.t] {
		return
	}
	a := c.a
	skip := a.label()
	a.test(vm.OpFlag, gateFlag, vm.LocCursor, 0, false, skip)
	c.gateAt(vm.GateStart)
	a.bind(skip)
}

// gateAt emits the gating moves onto the start square or the square of the
// piece picked up last (a castling rook's).
func (c *rayComp) gateAt(where int32) {
	a := c.a
	a.lists = append(a.lists, c.gates)
	a.op(vm.Inst{Op: vm.OpAddGate, A: int32(len(a.lists) - 1), B: where})
}
