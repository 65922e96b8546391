package vm

import (
	"slices"
	"testing"
)

// sweep is the ZRF idiom a query skips: mark, jump to a square, visit every
// square along e setting an attribute, back. It starts at pc at.
func sweep(at int32) []Inst {
	return []Inst{
		{Op: OpMark},
		{Op: OpJump, A: posA},
		{Op: OpOnBoard, A: dirE, Jt: false, B: at + 6},
		{Op: OpStep, A: dirE},
		{Op: OpSetAttr, Loc: LocCursor, A: 0, B: 1},
		{Op: OpJmp, B: at + 2},
		{Op: OpBack},
	}
}

func TestQuerySkips(t *testing.T) {
	step := Inst{Op: OpStep, A: dirE}
	add, end := Inst{Op: OpAdd, A: -1}, Inst{Op: OpEnd}
	withSweep := func(edit func([]Inst)) []Inst {
		code := append([]Inst{step}, sweep(1)...)
		code = append(code, add, end)
		if edit != nil {
			edit(code)
		}
		return code
	}
	for _, c := range []struct {
		name string
		code []Inst
		want map[int]int32 // mark pc -> pc after the skip
	}{
		{"a sweep before the add", withSweep(nil), map[int]int32{1: 8}},
		{"a verify inside can end the run", withSweep(func(c []Inst) { c[5] = Inst{Op: OpEmpty, Jt: false, B: 9} }), nil},
		{"a die inside", withSweep(func(c []Inst) { c[5] = Inst{Op: OpDie} }), nil},
		{"a step not guarded by on-board?", withSweep(func(c []Inst) { c[3] = Inst{Op: OpFlag, A: 0, Jt: true, B: 7} }), nil},
		{"an add inside", withSweep(func(c []Inst) { c[5] = add }), nil},
		{"a capture inside", withSweep(func(c []Inst) { c[5] = Inst{Op: OpCapture, Loc: LocCursor} }), nil},
		{"a run flag set inside", withSweep(func(c []Inst) { c[5] = Inst{Op: OpSetFlag, A: 0, B: 1} }), nil},
		{"another mark inside", withSweep(func(c []Inst) { c[5] = Inst{Op: OpMark} }), nil},
		{"an attribute set off the cursor", withSweep(func(c []Inst) { c[5] = Inst{Op: OpSetAttr, Loc: LocDir, L: dirE, A: 0, B: 1} }), nil},
		{"a jump past the back", withSweep(func(c []Inst) { c[3].B = 9 }), nil},
		{"a jump into the region from outside", append(withSweep(nil)[:9], Inst{Op: OpJmp, B: 5}), nil},
		{"no sweep", []Inst{step, add, end}, nil},
	} {
		got, _ := querySkips(c.code)
		for pc := range c.code {
			want := int32(-1)
			if w, ok := c.want[pc]; ok {
				want = w
			}
			if g := int32(-1); got != nil {
				g = got[pc]
				if g != want {
					t.Errorf("%s: skip at %d is %d, want %d", c.name, pc, g, want)
				}
			} else if want >= 0 {
				t.Errorf("%s: no skips, want one at %d", c.name, pc)
			}
		}
	}
}

// TestQuerySkipAnswersAsTheRun checks attack queries on a toy game whose
// piece sweeps the board before its add: with the skip (the default) and
// without it (DisableSpecialised), every square is attacked the same.
func TestQuerySkipAnswersAsTheRun(t *testing.T) {
	step := Inst{Op: OpStep, A: dirE}
	code := append([]Inst{step}, sweep(1)...)
	code = append(code, Inst{Op: OpAdd, A: -1}, Inst{Op: OpEnd})
	g := toyGame(t, [][]Inst{code}, nil, Options{})
	s, err := NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	if skip := g.prep().blocks[0][0].skip; !slices.Equal(skip[:2], []int32{-1, 8}) {
		t.Fatalf("the sweep is not skipped: %v", skip)
	}
	for p := int32(0); p < 5; p++ {
		var got [2]bool
		for i, off := range []bool{false, true} {
			s.DisableSpecialised = off
			got[i] = s.attackedBy(p, 1, true, MakeCell(1, 1, 0), 1)
		}
		want := p == posB // X on a steps to b
		if got[0] != want || got[1] != want {
			t.Errorf("square %d: attacked %v with the skip, %v without, want %v", p, got[0], got[1], want)
		}
	}
}

// TestQuerySkipAfterASpentAdd: a sweep after an add is skipped too (the
// add's captures are dropped at the next add either way), and the answers
// stay the run's; a program with an add-gate, which reads spent captures,
// skips only before its first add.
func TestQuerySkipAfterASpentAdd(t *testing.T) {
	step, add := Inst{Op: OpStep, A: dirE}, Inst{Op: OpAdd, A: -1}
	code := append([]Inst{step, add}, sweep(2)...)
	code = append(code, step, add, Inst{Op: OpEnd})
	g := toyGame(t, [][]Inst{code}, nil, Options{})
	s, err := NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	if bp := g.prep().blocks[0][0]; !bp.skipSpent || bp.skip[2] != 9 {
		t.Fatalf("the sweep after the add is not skipped: %v (while spent %v)", bp.skip, bp.skipSpent)
	}
	for p := int32(0); p < 5; p++ {
		var got [2]bool
		for i, off := range []bool{false, true} {
			s.DisableSpecialised = off
			got[i] = s.attackedBy(p, 1, true, MakeCell(1, 1, 0), 1)
		}
		want := p == posB || p == posC // X on a adds on b, then on c
		if got[0] != want || got[1] != want {
			t.Errorf("square %d: attacked %v with the skip, %v without, want %v", p, got[0], got[1], want)
		}
	}
	gated := append(slices.Clone(code[:len(code)-1]), Inst{Op: OpAddGate}, Inst{Op: OpEnd})
	if skip, whileSpent := querySkips(gated); skip == nil || whileSpent {
		t.Errorf("with an add-gate: skips %v, while spent %v; want the sweep skipped only while nothing is spent", skip, whileSpent)
	}
}
