package eval_test

import (
	"testing"

	"zrun/engine/eval"
	"zrun/fmaxini"
	"zrun/vm"
)

// TestGatingCountsHeldPieces checks the rule of Seirawan-style gating that
// the evaluation must follow: a held piece is material while an unmoved
// back-rank piece can still bring it in, and nothing once none can. Gating
// is then a quiet move, not a gain of material.
func TestGatingCountsHeldPieces(t *testing.T) {
	f, err := fmaxini.LoadFile("../../games/musketeer-gating.ini")
	if err != nil {
		t.Fatal(err)
	}
	sec, err := f.Section("musketeer-gating")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.Derive(sec.Game)
	if err != nil {
		t.Fatal(err)
	}
	at := func(fen string) int {
		t.Helper()
		s, err := vm.NewState(sec.Game)
		if err != nil {
			t.Fatal(err)
		}
		if err := sec.SetFEN(s, fen); err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		return ev.Evaluate(s, 0)
	}
	value := func(letter byte) int {
		for i, p := range sec.Pieces {
			if p.Letter|0x20 == letter {
				return ev.Material(i)
			}
		}
		t.Fatalf("no piece %c", letter)
		return 0
	}
	cannon, leopard := value('c'), value('l')
	const margin = 100 // placement terms, at most a pawn or so
	near := func(what string, got, want int) {
		t.Helper()
		if got < want-margin || got > want+margin {
			t.Errorf("%s: %d, want %d within %d", what, got, want, margin)
		}
	}
	// The Knight's move that gates the Cannon gains placement only.
	before := at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[CLcl] w KGFDCBQkgfdcbq - 0 1")
	after := at("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBCR[Lcl] b KFDCBQkgfdcbq - 1 1")
	near("gating a Cannon", after-before, 0)
	// White's pieces have all moved (no gate right left): its hand is
	// worth nothing; Black's unmoved army still brings both in.
	noGates := "rnbqkbnr/pppppppp/8/8/8/2NBQN2/PPPPPPPP/1R1K1BR1[CLcl] w kgfdcbq - 0 1"
	emptyHands := "rnbqkbnr/pppppppp/8/8/8/2NBQN2/PPPPPPPP/1R1K1BR1[cl] w kgfdcbq - 0 1"
	near("a hand without gates", at(noGates)-at(emptyHands), 0)
	// One gate left (the f1 Bishop): the dearer held piece counts.
	oneGate := "rnbqkbnr/pppppppp/8/8/8/2NBQN2/PPPPPPPP/1R1K1BR1[CLcl] w Fkgfdcbq - 0 1"
	near("a hand with one gate", at(oneGate)-at(emptyHands), max(cannon, leopard))
}
