// This file tests noisy-only generation on toy games built for its corner
// cases: a skipped quiet move and a built one that are duplicates, set
// attributes on the landing square and on another piece, promotions,
// captures by landing and by capture instructions, drops. The corpus walks
// are in cmd/zrun (adapter_noisy_test.go).

package vm

import (
	"slices"
	"testing"
)

func TestGenerateNoisy(t *testing.T) {
	stepE := Inst{Op: OpStep, A: dirE}
	add := Inst{Op: OpAdd, A: -1}
	end := Inst{Op: OpEnd}
	setMoved := func(loc Loc, l int32) Inst { return Inst{Op: OpSetAttr, A: 0, B: 1, Loc: loc, L: l} }
	tests := []struct {
		name       string
		progs      [][]Inst
		setup      []SetupItem
		full, nois int // moves Generate lists, of which noisy (counted by hand)
	}{
		{"step", [][]Inst{{stepE, add, end}}, nil, 1, 0},
		// a-b by a plain add (skipped) and by to (built, the same move):
		// one move; the slide adds a-b again and captures on c.
		{"duplicates", [][]Inst{{stepE, add, end}, {stepE, {Op: OpTo}, add, end},
			{{Op: OpSlide, A: dirE}, add, end}}, nil, 2, 1},
		// The same with the piece's attribute set on landing: a second,
		// different move (its set-attribute is written), counted once;
		// written after the move (set after to) it is a third.
		{"set attribute", [][]Inst{{stepE, setMoved(LocCursor, 0), add, end},
			{stepE, setMoved(LocCursor, 0), {Op: OpTo}, add, end}, {stepE, add, end}}, nil, 2, 0},
		{"set attribute after to", [][]Inst{{stepE, setMoved(LocCursor, 0), add, end},
			{stepE, {Op: OpTo}, setMoved(LocCursor, 0), add, end}}, nil, 2, 0},
		// A set-attribute on the enemy on c changes another piece: built,
		// quiet (not taken over), a move of its own.
		{"attribute of another piece", [][]Inst{{stepE, setMoved(LocPos, posC), add, end}, {stepE, add, end}}, nil, 2, 0},
		// add Y: the mover's piece changes type (promotion).
		{"promotion", [][]Inst{{stepE, {Op: OpAdd, A: 0}, end}, {stepE, add, end}}, nil, 2, 1},
		// Captures by a capture instruction: b empty, c holds y.
		{"capture instruction", [][]Inst{{stepE, {Op: OpCapture, Loc: LocDir, L: dirE}, add, end}, {stepE, add, end}}, nil, 2, 1},
		// Capture of an empty square only: quiet, built.
		{"empty capture", [][]Inst{{stepE, {Op: OpCapture, Loc: LocCursor}, add, end}, {stepE, add, end}},
			[]SetupItem{{Player: 0, Type: 0, Pos: 0}, {Player: 1, Type: 1, Pos: 4}}, 2, 0},
		// Moving an enemy piece (from on c) removes it from c: noisy.
		{"moves an enemy piece", [][]Inst{{stepE, stepE, {Op: OpFrom}, {Op: OpStep, A: dirE}, add, end}}, nil, 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := toyGame(t, tc.progs, tc.setup, Options{})
			s, err := NewState(g)
			if err != nil {
				t.Fatal(err)
			}
			full, nois := checkNoisy(t, s)
			if full != tc.full || nois != tc.nois {
				t.Errorf("%d moves, %d noisy; want %d, %d", full, nois, tc.full, tc.nois)
			}
		})
	}
}

// checkNoisy compares GenerateNoisy and GenerateCaptures with the noisy subset of the full
// generation (legal and pseudo-legal) and returns the full list's length
// and how many of its moves are noisy.
func checkNoisy(t *testing.T, s *State) (int, int) {
	t.Helper()
	var full, part MoveList
	noisy := 0
	for _, legal := range []bool{false, true} {
		if err := s.generate(&full, 0, legal); err != nil {
			t.Fatal(err)
		}
		n, err := s.GenerateNoisy(&part, legal)
		if err != nil {
			t.Fatal(err)
		}
		if n != full.Len() {
			t.Fatalf("GenerateNoisy counts %d moves, Generate lists %d", n, full.Len())
		}
		var want []Move
		for _, m := range full.Moves {
			if s.IsNoisy(&m) {
				want = append(want, m)
			}
		}
		sameNoisy(t, s, "GenerateNoisy", want, &part)
		if err := s.GenerateCaptures(&part, legal); err != nil {
			t.Fatal(err)
		}
		sameNoisy(t, s, "GenerateCaptures", want, &part)
		noisy = len(want)
	}
	return full.Len(), noisy
}

// sameNoisy checks that gen's list part is want, move for move.
func sameNoisy(t *testing.T, s *State, gen string, want []Move, part *MoveList) {
	t.Helper()
	if len(want) != part.Len() {
		t.Fatalf("%s lists %d moves, %d of Generate's are noisy", gen, part.Len(), len(want))
	}
	for i := range want {
		a, b := &want[i], &part.Moves[i]
		if !slices.Equal(a.Effects(nil), b.Effects(nil)) || !slices.Equal(a.Actions(nil), b.Actions(nil)) || a.From != b.From || a.To != b.To || a.Type != b.Type {
			t.Fatalf("noisy move %d: %s, %s has %s", i, s.MoveString(a), gen, s.MoveString(b))
		}
	}
}
