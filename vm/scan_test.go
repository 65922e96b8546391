package vm

import (
	"slices"
	"testing"
)

func TestFuseScans(t *testing.T) {
	onBoard := Inst{Op: OpOnBoard, A: dirE, Jt: false, B: 5}
	step := Inst{Op: OpStep, A: dirE}
	flagTest := Inst{Op: OpPosFlag, A: 0, Jt: false, B: 4}
	back := Inst{Op: OpJmp, B: 0}
	loop := func(edit func([]Inst)) []Inst {
		code := []Inst{onBoard, step, flagTest, {Op: OpAdd, A: -1}, back, {Op: OpEnd}}
		if edit != nil {
			edit(code)
		}
		return code
	}
	for _, c := range []struct {
		name string
		code []Inst
		want map[int]int32 // fused pc -> L
	}{
		{"an if in a while (the jump back costs one more)", loop(nil), map[int]int32{0: 1}},
		{"a test that jumps straight back", loop(func(c []Inst) { c[2] = Inst{Op: OpEmpty, Jt: true, B: 0} }), map[int]int32{0: 0}},
		{"friend?, enemy? and piece? fuse", loop(func(c []Inst) { c[2].Op, c[2].A = OpPiece, 1 }), map[int]int32{0: 1}},
		{"a step in another direction", loop(func(c []Inst) { c[1].A = dirW }), nil},
		{"on-board? that jumps when true", loop(func(c []Inst) { c[0].Jt = true }), nil},
		{"a test one link away", loop(func(c []Inst) { c[2].Loc, c[2].L = LocDir, dirE }), nil},
		{"a test scan does not evaluate", loop(func(c []Inst) { c[2].Op = OpAttr }), nil},
		{"a test that jumps elsewhere", loop(func(c []Inst) { c[2].B = 5 }), nil},
		{"a jump back to somewhere else", loop(func(c []Inst) { c[4].B = 1 }), nil},
	} {
		got := fuseScans(c.code)
		if c.want == nil && &got[0] != &c.code[0] {
			t.Errorf("%s: the code was copied with nothing to fuse", c.name)
		}
		for pc, in := range got {
			l, fused := c.want[pc]
			switch {
			case fused && (in.Op != OpScan || in.L != l || in.A != c.code[pc].A || in.B != c.code[pc].B):
				t.Errorf("%s: pc %d is %+v, want a scan with L %d keeping on-board?'s operands", c.name, pc, in, l)
			case !fused && in != c.code[pc]:
				t.Errorf("%s: pc %d changed to %+v", c.name, pc, in)
			}
		}
	}
}

// TestScanRunsAsTheInterpreter runs programs with every kind of scan on
// the toy row, fused and in the interpreter alone, under every step budget
// from one that stops the first instruction to one that suffices: the
// moves, and whether the budget ran out, must be the same.
func TestScanRunsAsTheInterpreter(t *testing.T) {
	add, end := Inst{Op: OpAdd, A: -1}, Inst{Op: OpEnd}
	progs := map[string][]Inst{
		// to each enemy piece east: (while (on-board? e) e (if enemy? add))
		"enemy": {{Op: OpOnBoard, A: dirE, B: 5}, {Op: OpStep, A: dirE}, {Op: OpEnemy, B: 4}, add, {Op: OpJmp, B: 0}, end},
		// to the first occupied square east, or the last square
		"empty": {{Op: OpOnBoard, A: dirE, B: 3}, {Op: OpStep, A: dirE}, {Op: OpEmpty, Jt: true, B: 0}, add, end},
		// to the square flagged d, flagged before the scan
		"flag": {{Op: OpSetPosFlag, Loc: LocPos, L: posD, A: 0, B: 1}, {Op: OpOnBoard, A: dirE, B: 6}, {Op: OpStep, A: dirE},
			{Op: OpPosFlag, A: 0, B: 5}, add, {Op: OpJmp, B: 1}, end},
		// west from a: off the board at once
		"off": {{Op: OpOnBoard, A: dirW, B: 3}, {Op: OpStep, A: dirW}, {Op: OpFriend, Jt: true, B: 0}, add, end},
		// a scan whose test the interpreter reaches through a jump into the loop
		"piece": {{Op: OpJmp, B: 2}, {Op: OpOnBoard, A: dirE, B: 6}, {Op: OpStep, A: dirE}, {Op: OpPiece, A: 1, B: 5}, add, {Op: OpJmp, B: 1}, end},
	}
	setups := [][]SetupItem{
		nil, // X on a, Y on c
		{{Player: 0, Type: 0, Pos: posA}, {Player: 1, Type: 1, Pos: posB}, {Player: 1, Type: 1, Pos: posE}},
		{{Player: 0, Type: 0, Pos: posA}, {Player: 0, Type: 1, Pos: posD}},
	}
	for name, code := range progs {
		for si, setup := range setups {
			g := toyGame(t, [][]Inst{code}, setup, Options{})
			g.PosFlags = []string{"f"}
			if fused := g.Pieces[0].Moves[0].Prog.runCode(false); !slices.ContainsFunc(fused, func(in Inst) bool { return in.Op == OpScan }) {
				t.Fatalf("%s: nothing fused", name)
			}
			s := mustState(t, g)
			for limit := 1; limit <= 40; limit++ {
				s.Limit.StepsPerRun = limit
				var got [2][]string
				var failed [2]bool
				for i, plain := range []bool{false, true} {
					s.DisableSpecialised = plain
					var ml MoveList
					failed[i] = s.Generate(&ml) != nil
					for k := range ml.Moves {
						got[i] = append(got[i], s.MoveString(&ml.Moves[k]))
					}
				}
				if failed[0] != failed[1] || !slices.Equal(got[0], got[1]) {
					t.Errorf("%s, setup %d, budget %d: fused %v (budget out %v), interpreter %v (budget out %v)",
						name, si, limit, got[0], failed[0], got[1], failed[1])
				}
			}
		}
	}
}
