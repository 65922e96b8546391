// This file defines quietOnly: whether a move program can only make quiet
// moves (castling), so that captures-only generation need not run it.

package vm

import "strconv"

// quietOnly reports whether no move prog emits can be noisy (IsNoisy): it
// takes no enemy piece off its square and changes no piece's type. Judged
// from the code alone, for every start square and player, so it answers
// true only for a straight run with nothing uncertain in it:
//
//   - every test jumps to a die (a verify), so a move passed them all;
//   - no capture, create, change-type, change-owner or flip, no add
//     naming types, no partial or copy add, slide or gating;
//   - every square a piece is put down on (to, cascade, add) or picked up
//     from (from) is known to have held no enemy piece when the move
//     began: the start square (the mover's) or a square a verify found
//     empty or friendly there. Tests read the board as the move began,
//     and nothing in such a run can put an enemy piece anywhere.
//
// Castling blocks are such runs (games/chess.zrf's O-O: the King's and the
// Rook's landings are verified empty, the Rook verified friendly), and
// captures-only generation ran them for nothing: every move built was
// then filtered out as quiet. Squares are named by the way the run reached
// them (the steps from the start, or a square named outright); two names
// for one square only make the answer false where it might be true.
func quietOnly(prog *Program) bool {
	code := prog.Code
	clean := map[string]bool{"": true} // no enemy piece there as the move began
	cur, mark := "", ""                // the start square is ""
	step := func(from, kind string, d int32) string { return from + kind + strconv.Itoa(int(d)) + "," }
	at := func(in Inst) string {
		switch in.Loc {
		case LocDir:
			return step(cur, "s", in.L)
		case LocOpposite:
			return step(cur, "o", in.L)
		case LocPos:
			return step("", "@", in.L)
		}
		return cur
	}
	for pc := range code {
		in := code[pc]
		if in.Op.IsTest() {
			if in.B < 0 || int(in.B) >= len(code) || code[in.B].Op != OpDie {
				return false // a branch: the run may go on either way
			}
			// Jumping to die when false: the run goes on only where
			// the test held.
			if !in.Jt && (in.Op == OpEmpty || in.Op == OpFriend) {
				clean[at(in)] = true
			}
			continue
		}
		switch in.Op {
		case OpNop, OpSetAttr, OpSetFlag, OpSetPosFlag:
			// Attributes and flags change no owner nor type.
		case OpStep:
			cur = step(cur, "s", in.A)
		case OpOpposite:
			cur = step(cur, "o", in.A)
		case OpJump:
			cur = step("", "@", in.A)
		case OpMark:
			mark = cur
		case OpBack:
			cur = mark
		case OpDie, OpEnd:
			return true
		case OpAdd:
			if in.A >= 0 || !clean[cur] {
				return false
			}
		case OpFrom, OpTo, OpCascade:
			if !clean[cur] {
				return false
			}
		default:
			return false
		}
	}
	return true // the run ends past its last instruction
}
