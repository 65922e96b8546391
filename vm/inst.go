// This file defines the instruction set and its disassembly.

package vm

import (
	"fmt"
	"strings"
)

// Op is an opcode. Each instruction has an opcode and operands:
//
//	A    the main operand (direction, position, type, zone, attribute, flag, list index...)
//	B    a jump target for tests and jumps; a second operand for actions
//	Jt   for tests: jump to B when the test is true (else when it is false)
//	Loc  where a test or action looks: LocCursor, or a direction / position /
//	     opposite-direction given by L
//
// A run has these registers: cursor, mark, the piece in hand (with its from
// square), the pending changes, run-local flags and position flags. Tests read
// the board as it was when the move started (the snapshot rule).
type Op uint8

const (
	OpNop Op = iota

	// Navigation.
	OpStep     // cursor := link(sym(A), cursor); dies off board
	OpJump     // cursor := A
	OpOpposite // cursor := link(sym(opposite(A)), cursor); dies off board
	OpMark     // mark := cursor
	OpBack     // cursor := mark
	OpGo       // cursor := from | to | last-from | last-to | mark (A = GoFrom...)

	// Control.
	OpJmp // pc := B
	OpDie // the run ends (a failed verify)
	OpEnd // the run ends normally

	// Tests: evaluate at Loc, jump to B when the result equals Jt.
	OpConst    // result A != 0
	OpEmpty    // no piece
	OpFriend   // a piece of the player moving
	OpEnemy    // a piece of another player
	OpNeutral  // a piece of no player (never: every piece has an owner)
	OpPiece    // a piece of type A
	OpInZone   // in zone A for the player moving
	OpOnBoard  // the direction A (after symmetry) leads somewhere from the cursor
	OpOnBoardO // the opposite of direction A leads somewhere
	OpPosition // cursor == A
	OpLastFrom // the square is the previous move's from square
	OpLastTo   // the square is the previous move's to square
	OpAttacked // an enemy move could capture a piece of ours standing here
	OpDefended // a move of ours could capture an enemy piece standing here
	OpMarked   // cursor == mark
	OpAttr     // the piece there has attribute A set
	OpFlag     // run flag A is set
	OpPosFlag  // position flag A is set at the square
	OpAdjEnemy // an enemy piece stands one link away in some direction

	// Actions.
	OpAdd            // emit a move; A = promotion list index or -1 (one move per type)
	OpAddPartial     // emit a partial move continuing with move type B; A as OpAdd
	OpAddCopy        // emit a move that copies the piece in hand; A as OpAdd
	OpAddCopyPartial // copy + partial; B = move type
	OpFrom           // pick up the piece at the cursor
	OpTo             // put the piece in hand down at the cursor
	OpCascade        // put down, then pick up the snapshot piece at the cursor
	OpCapture        // remove the piece at Loc
	OpCreate         // create a piece of type A owned by player B (-1: the mover) at Loc
	OpChangeType     // retype the piece at Loc to A
	OpChangeOwner    // the piece at Loc becomes the mover's
	OpFlip           // toggle the owner of the piece at Loc
	OpSetAttr        // set attribute A at Loc to B (0/1)
	OpSetFlag        // set run flag A to B
	OpSetPosFlag     // set position flag A at Loc to B

	// Specialised forms of common idioms (table-driven, same semantics).
	OpSlide // while empty? { add } step A ... : the whole "slide and add" loop on direction A

	// Gating (see gate.go).
	OpAddGate // emit, per type of list A held in the mover's hand, the move plus that piece placed from the hand on square B (GateStart, GateFrom)

	// OpScan is a fused scan loop (scan.go): "on-board? A ->B if false;
	// step A; TEST" repeated while TEST (the instruction at pc+2) jumps
	// back, in one dispatch; L is the loop-back's extra instructions. Only
	// exec's run code holds it, never a compiled program.
	OpScan

	numOps
)

// Loc says where a test or action looks.
type Loc uint8

const (
	LocCursor   Loc = iota // the cursor
	LocDir                 // one link in direction L (after symmetry) from the cursor; dies off board
	LocPos                 // position L
	LocOpposite            // one link in the opposite of direction L
)

// Go targets.
const (
	GoFrom = iota
	GoTo
	GoLastFrom
	GoLastTo
	GoMark
)

var opNames = [numOps]string{
	"nop", "step", "jump", "opposite", "mark", "back", "go", "jmp", "die", "end",
	"const", "empty?", "friend?", "enemy?", "neutral?", "piece?", "in-zone?", "on-board?",
	"on-board-opposite?", "position?", "last-from?", "last-to?", "attacked?", "defended?",
	"marked?", "attr?", "flag?", "position-flag?", "adjacent-to-enemy?",
	"add", "add-partial", "add-copy", "add-copy-partial", "from", "to", "cascade",
	"capture", "create", "change-type", "change-owner", "flip", "set-attribute",
	"set-flag", "set-position-flag", "slide", "add-gate", "scan",
}

func (op Op) String() string {
	if op < numOps {
		return opNames[op]
	}
	return fmt.Sprintf("op%d", op)
}

// IsTest reports whether op is a test that jumps.
func (op Op) IsTest() bool { return op >= OpConst && op <= OpAdjEnemy }

// Inst is one instruction.
type Inst struct {
	Op  Op
	Jt  bool
	Loc Loc
	A   int32
	B   int32
	L   int32
}

// Disassemble prints a program one instruction per line, naming directions,
// positions, types and zones from g. It is the golden-test format.
func (p *Program) Disassemble(g *Game) string {
	var b strings.Builder
	for pc, in := range p.Code {
		fmt.Fprintf(&b, "%3d  %s\n", pc, p.instString(g, in))
	}
	return b.String()
}

func (p *Program) instString(g *Game, in Inst) string {
	op := in.Op.String()
	loc := ""
	switch in.Loc {
	case LocDir:
		loc = " @" + g.Board.Dirs[in.L]
	case LocPos:
		loc = " @" + g.Board.Positions[in.L].Name
	case LocOpposite:
		loc = " @opposite " + g.Board.Dirs[in.L]
	}
	arg := ""
	switch in.Op {
	case OpStep, OpOpposite, OpOnBoard, OpOnBoardO, OpSlide:
		arg = " " + g.Board.Dirs[in.A]
	case OpJump, OpPosition:
		arg = " " + g.Board.Positions[in.A].Name
	case OpGo:
		arg = " " + [...]string{"from", "to", "last-from", "last-to", "mark"}[in.A]
	case OpPiece, OpChangeType:
		arg = " " + g.Pieces[in.A].Name
	case OpInZone:
		arg = " " + g.Board.Zones[in.A].Name
	case OpAttr:
		arg = " " + g.Attributes[in.A]
	case OpFlag:
		arg = " " + g.Flags[in.A]
	case OpPosFlag:
		arg = " " + g.PosFlags[in.A]
	case OpConst:
		arg = fmt.Sprintf(" %v", in.A != 0)
	case OpAdd, OpAddCopy, OpAddPartial, OpAddCopyPartial:
		if in.A >= 0 {
			var names []string
			for _, t := range p.Lists[in.A] {
				names = append(names, g.Pieces[t].Name)
			}
			arg = " (" + strings.Join(names, " ") + ")"
		}
		if in.Op == OpAddPartial || in.Op == OpAddCopyPartial {
			arg += " " + g.MoveTypes[in.B]
		}
	case OpAddGate:
		var names []string
		for _, t := range p.Lists[in.A] {
			names = append(names, g.Pieces[t].Name)
		}
		arg = " (" + strings.Join(names, " ") + ") " + [...]string{"start", "from"}[in.B&1]
	case OpCreate:
		arg = " " + g.Pieces[in.A].Name
		if in.B >= 0 {
			arg += " owner " + g.Players[in.B].Name
		}
	case OpSetAttr:
		arg = fmt.Sprintf(" %s %v", g.Attributes[in.A], in.B != 0)
	case OpSetFlag:
		arg = fmt.Sprintf(" %s %v", g.Flags[in.A], in.B != 0)
	case OpSetPosFlag:
		arg = fmt.Sprintf(" %s %v", g.PosFlags[in.A], in.B != 0)
	}
	s := op + arg + loc
	if in.Op.IsTest() {
		s += fmt.Sprintf(" ->%d if %v", in.B, in.Jt)
	} else if in.Op == OpJmp {
		s += fmt.Sprintf(" ->%d", in.B)
	}
	return s
}
