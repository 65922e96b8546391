// This file defines Cell, the packed contents of one board position.

package vm

// Cell is what stands on a position: 0 when empty, else a piece with its type,
// owner and attribute bits packed in one word so boards copy and hash cheaply.
//
//	bits  0..15  type+1 (0 = empty)
//	bits 16..23  owner (player index)
//	bits 24..63  attribute values, bit i = Game.Attributes[i]
type Cell uint64

// Empty is the empty cell.
const Empty Cell = 0

// MaxAttributes is how many distinct attribute names a game may use.
const MaxAttributes = 40

// MakeCell packs a piece.
func MakeCell(typ, owner int, attrs uint64) Cell {
	return Cell(uint64(typ+1) | uint64(owner)<<16 | attrs<<24)
}

// Type returns the piece type, or -1 for an empty cell.
func (c Cell) Type() int { return int(c&0xffff) - 1 }

// Owner returns the owning player (meaningless for an empty cell).
func (c Cell) Owner() int { return int(c>>16) & 0xff }

// Attrs returns the attribute bits.
func (c Cell) Attrs() uint64 { return uint64(c) >> 24 }

// Attr reports attribute i.
func (c Cell) Attr(i int) bool { return c>>(24+uint(i))&1 != 0 }

// WithAttr returns c with attribute i set to v.
func (c Cell) WithAttr(i int, v bool) Cell {
	if v {
		return c | 1<<(24+uint(i))
	}
	return c &^ (1 << (24 + uint(i)))
}

// WithOwner returns c owned by pl.
func (c Cell) WithOwner(pl int) Cell { return c&^(0xff<<16) | Cell(pl)<<16 }

// WithType returns c retyped to t, keeping owner and attributes.
func (c Cell) WithType(t int) Cell { return c&^0xffff | Cell(t+1) }

// occupantTest evaluates the occupant test op (OpEmpty, OpFriend, OpEnemy,
// OpPiece or OpAttr, with operand a) of c for pl, the player whose move
// runs: the one definition that the interpreter (exec.go), the fused scans
// (scan.go) and the specialised programs' entry checks (spec_entry.go) call,
// since they must agree. Written so that it inlines (go build -gcflags=-m;
// with a constant op, as in the interpreter's cases, the switch folds
// away): an empty square fails every test but empty?, an occupied one
// fails empty?.
func occupantTest(op Op, c Cell, pl, a int32) bool {
	if c == Empty {
		return op == OpEmpty
	}
	switch op {
	case OpFriend:
		return int32(c.Owner()) == pl
	case OpEnemy:
		return int32(c.Owner()) != pl
	case OpPiece:
		return int32(c.Type()) == a
	case OpAttr:
		return c.Attr(int(a))
	}
	return false
}
