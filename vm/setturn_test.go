package vm_test

import (
	"testing"

	"zrun/vm"
)

// TestSetTurnHash: passing the turn with SetTurn (a searcher's null move)
// leaves the hash a full recomputation (Rehash) gives, and setting the turn
// and last move back restores the hash the position had. chess.zrf reads the
// last move (en passant), so the last move's squares are in the hash too.
func TestSetTurnHash(t *testing.T) {
	g, s := chessState(t)
	if err := s.SetFEN("rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR b KQkq e3 0 3"); err != nil {
		t.Fatal(err)
	}
	before, turn, from, to := s.Hash(), s.Turn, s.LastFrom, s.LastTo
	if from == vm.NoPos || to == vm.NoPos {
		t.Fatalf("the FEN's en passant square gave no last move (%d-%d)", from, to)
	}
	s.SetTurn(g.NextTurn(turn), vm.NoPos, vm.NoPos)
	passed := s.Hash()
	if passed == before {
		t.Fatal("passing the turn left the hash as it was")
	}
	s.Rehash()
	if s.Hash() != passed {
		t.Errorf("after SetTurn the hash is %#x, recomputed %#x", passed, s.Hash())
	}
	s.SetTurn(turn, from, to)
	if s.Hash() != before {
		t.Errorf("turn and last move set back: hash %#x, was %#x", s.Hash(), before)
	}
}
