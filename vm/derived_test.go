package vm_test

import (
	"slices"
	"testing"

	"zrun/vm"
)

// TestDerivedMoveLists: a pawn capture built by a specialised run keeps no
// lists of its own, yet reads as the chess rules say (the pawn leaves e4 and
// stands on d5, the pawn there is gone), and its copies (Clone, CloneInto)
// make the same position after the list that held it is generated again.
func TestDerivedMoveLists(t *testing.T) {
	g, s := chessState(t)
	const fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
	if err := s.SetFEN(fen); err != nil {
		t.Fatal(err)
	}
	e4, _ := g.Board.PositionIndex("e4")
	d5, _ := g.Board.PositionIndex("d5")
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	take := moveBetween(t, &ml, e4, d5)
	pawn := s.Board[e4]
	wantEff := []vm.Effect{{Pos: int32(e4), Kind: vm.EffCell, Val: vm.Empty}, {Pos: int32(d5), Kind: vm.EffCell, Val: pawn}}
	if got := take.Effects(nil); !slices.Equal(got, wantEff) {
		t.Errorf("effects %v, want %v", got, wantEff)
	}
	wantActs := []vm.Act{{Kind: vm.ActMove, From: int32(e4), To: int32(d5), Type: int16(pawn.Type()), Captures: true}}
	if got := take.Actions(nil); !slices.Equal(got, wantActs) {
		t.Errorf("acts %v, want %v", got, wantActs)
	}
	if got, want := s.MoveString(take), "Pawn e4 x d5"; got != want {
		t.Errorf("MoveString %q, want %q", got, want)
	}

	clone := take.Clone()
	var into vm.Move
	eff, acts := take.CloneInto(&into, nil, nil)
	if err := s.Make(take); err != nil {
		t.Fatal(err)
	}
	after, _ := s.FEN()
	s.Unmake()
	if err := s.Generate(&ml); err != nil { // reuses the list's storage
		t.Fatal(err)
	}
	for name, m := range map[string]*vm.Move{"Clone": &clone, "CloneInto": &into} {
		if err := s.Make(m); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.FEN(); got != after {
			t.Errorf("%s: made, %s; the move itself made %s", name, got, after)
		}
		s.Unmake()
	}
	if got, _ := s.FEN(); got != fen {
		t.Errorf("unmade: %s, want %s", got, fen)
	}
	allocs := testing.AllocsPerRun(100, func() {
		eff, acts = ml.Moves[0].CloneInto(&into, eff, acts)
	})
	if allocs != 0 {
		t.Errorf("CloneInto allocates %v times a copy", allocs)
	}
}

// TestDerivedMoveSetsAttribute: a rook's first move, which a specialised run
// builds as a derived move that also clears the rook's castling attribute,
// loses the castling right on that side as the chess rules say (FEN), and
// reads as the interpreter's move with stored lists does: the same acts
// (the set-attribute, then the move), effects, key and notation.
func TestDerivedMoveSetsAttribute(t *testing.T) {
	g, s := chessState(t)
	const fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
	if err := s.SetFEN(fen); err != nil {
		t.Fatal(err)
	}
	h1, _ := g.Board.PositionIndex("h1")
	g1, _ := g.Board.PositionIndex("g1")
	var ml, ref vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	rook := moveBetween(t, &ml, h1, g1)
	s.DisableSpecialised = true
	if err := s.Generate(&ref); err != nil {
		t.Fatal(err)
	}
	s.DisableSpecialised = false
	want := moveBetween(t, &ref, h1, g1)
	if got, w := rook.Actions(nil), want.Actions(nil); !slices.Equal(got, w) || len(got) != 2 || got[0].Kind != vm.ActSetAttr {
		t.Errorf("acts %v, the interpreter's %v (want a set-attribute, then the move)", got, w)
	}
	if got, w := rook.Effects(nil), want.Effects(nil); !slices.Equal(got, w) {
		t.Errorf("effects %v, the interpreter's %v", got, w)
	}
	if rook.Key() != want.Key() {
		t.Errorf("key %x, the interpreter's %x", rook.Key(), want.Key())
	}
	if got, w := s.MoveString(rook), s.MoveString(want); got != w {
		t.Errorf("MoveString %q, the interpreter's %q", got, w)
	}
	if err := s.Make(rook); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.FEN(); got != "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K1R1 b Qkq - 1 1" {
		t.Errorf("after h1 - g1: %s, want white's king-side castling right gone", got)
	}
	s.Unmake()
	if got, _ := s.FEN(); got != fen {
		t.Errorf("unmade: %s, want %s", got, fen)
	}
}
