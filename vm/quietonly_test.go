package vm

import "testing"

// TestQuietOnly judges hand-written runs by the rules of IsNoisy: a move is
// quiet when it takes no enemy piece off its square and retypes nothing.
func TestQuietOnly(t *testing.T) {
	const e, w = 0, 1                                                             // direction indices: only their identity matters
	verify := func(op Op, to int32) Inst { return Inst{Op: op, B: to} }           // die unless the test holds
	refuse := func(op Op, to int32) Inst { return Inst{Op: op, Jt: true, B: to} } // die if it holds
	step := func(d int32) Inst { return Inst{Op: OpStep, A: d} }
	// castle is games/chess.zrf's O-O as compiled (zrf/testdata's listing
	// of the King's block #9), its die at index 21.
	castle := func() []Inst {
		return []Inst{
			{Op: OpAttr, A: 0, B: 21}, step(e), verify(OpEmpty, 21), step(e), verify(OpEmpty, 21),
			{Op: OpCascade}, step(e), verify(OpFriend, 21), {Op: OpPiece, A: 1, B: 21}, {Op: OpAttr, A: 0, B: 21},
			{Op: OpFrom}, {Op: OpBack}, refuse(OpAttacked, 21), step(e), refuse(OpAttacked, 21),
			{Op: OpTo}, {Op: OpSetAttr, A: 0}, step(e), {Op: OpSetAttr, A: 0}, {Op: OpAdd, A: -1}, {Op: OpEnd}, {Op: OpDie},
		}
	}
	edit := func(f func(c []Inst) []Inst) []Inst { return f(castle()) }
	cases := []struct {
		name string
		code []Inst
		want bool
	}{
		{"castling", castle(), true},
		{"the King's landing not verified empty", edit(func(c []Inst) []Inst { c[4] = Inst{Op: OpNop}; return c }), false},
		{"the Rook's landing not verified empty", edit(func(c []Inst) []Inst { c[2] = Inst{Op: OpNop}; return c }), false},
		{"the Rook not verified friendly", edit(func(c []Inst) []Inst { c[7] = Inst{Op: OpNop}; return c }), false},
		{"a test that branches instead of dying", edit(func(c []Inst) []Inst { c[2].B = 20; return c }), false},
		{"a capture on the way", edit(func(c []Inst) []Inst { c[16] = Inst{Op: OpCapture}; return c }), false},
		{"a promotion on the add", edit(func(c []Inst) []Inst { c[19].A = 0; return c }), false},
		{"a change of type", edit(func(c []Inst) []Inst { c[16] = Inst{Op: OpChangeType, A: 2}; return c }), false},
		{"the start verified empty, not the landing", []Inst{
			verify(OpEmpty, 4), step(e), {Op: OpAdd, A: -1}, {Op: OpEnd}, {Op: OpDie},
		}, false},
		{"a square verified from next door (Loc), then stepped to", []Inst{
			{Op: OpEmpty, Loc: LocDir, L: w, B: 4}, step(w), {Op: OpAdd, A: -1}, {Op: OpEnd}, {Op: OpDie},
		}, true},
		{"a King's step that only refuses a friend", []Inst{
			step(e), refuse(OpFriend, 4), {Op: OpAdd, A: -1}, {Op: OpEnd}, {Op: OpDie},
		}, false},
		{"a slide", []Inst{{Op: OpSlide, A: e}, {Op: OpEnd}}, false},
		{"a step back onto the start", []Inst{
			step(e), verify(OpEmpty, 5), {Op: OpOpposite, A: e}, {Op: OpAdd, A: -1}, {Op: OpEnd}, {Op: OpDie},
		}, false}, // the opposite step's square is named apart from the start: unknown, so false
		{"back to the start", []Inst{
			step(e), verify(OpEmpty, 5), {Op: OpBack}, {Op: OpAdd, A: -1}, {Op: OpEnd}, {Op: OpDie},
		}, true},
	}
	for _, c := range cases {
		if got := quietOnly(&Program{Name: c.name, Code: c.code}); got != c.want {
			t.Errorf("%s: quietOnly = %v, want %v", c.name, got, c.want)
		}
	}
}
