package vm_test

import (
	"testing"

	"zrun/vm"
)

// chessPlayer returns a function that plays the move from-to in s, a chess
// position of g.
func chessPlayer(t *testing.T, g *vm.Game, s *vm.State) func(from, to string) {
	return func(from, to string) {
		t.Helper()
		a, _ := g.Board.PositionIndex(from)
		b, _ := g.Board.PositionIndex(to)
		var ml vm.MoveList
		if err := s.Generate(&ml); err != nil {
			t.Fatal(err)
		}
		for i := range ml.Moves {
			if m := &ml.Moves[i]; m.From == int32(a) && m.To == int32(b) {
				if err := s.Make(m); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatalf("no move %s-%s", from, to)
	}
}

// TestRepetitionCount plays the knights out and back twice in chess: the
// start position then stands for the third time, which the rules of chess
// (FIDE 9.2: the same player to move, the same pieces on the same squares,
// the same possible moves) and chess.zrf's draw-condition make a draw.
// The move that led to a position does not count (chess.zrf's en passant
// reads the last move, and no en passant is possible here). Taking moves
// back removes occurrences again.
func TestRepetitionCount(t *testing.T) {
	g, s := chessState(t)
	play := chessPlayer(t, g, s)
	start := s.Hash()
	cycle := func() {
		play("g1", "f3")
		play("g8", "f6")
		play("f3", "g1")
		play("f6", "g8")
	}
	if s.Repeated() {
		t.Errorf("the start position: Repeated, with no move made")
	}
	play("g1", "f3")
	if s.Repeated() {
		t.Errorf("after Nf3: Repeated, a new position")
	}
	s.Unmake()
	cycle()
	if s.Hash() != start {
		t.Errorf("the start position after a knight's way out and back has another hash")
	}
	if !s.Repeated() {
		t.Errorf("the start position again: not Repeated")
	}
	if n := s.Repetitions(); n != 2 {
		t.Fatalf("after one cycle: %d occurrences, want 2", n)
	}
	if o, _ := s.Goals(); o.Over {
		t.Errorf("second occurrence: outcome %+v, want the game on", o)
	}
	cycle()
	if n := s.Repetitions(); n != 3 {
		t.Errorf("after two cycles: %d occurrences, want 3", n)
	}
	o, err := s.Goals()
	if err != nil {
		t.Fatal(err)
	}
	if !o.Over || o.Winner != -1 {
		t.Errorf("third occurrence: outcome %+v, want a draw", o)
	}
	// Before the last move (Ng8) stood the position after each cycle's
	// Ng1: twice.
	s.Unmake()
	if n := s.Repetitions(); n != 2 {
		t.Errorf("after taking back Ng8: %d occurrences, want 2", n)
	}
	for range 4 {
		s.Unmake()
	}
	if n := s.Repetitions(); n != 1 {
		t.Errorf("back to the first cycle's Ng1: %d occurrences, want 1", n)
	}
	if o, _ := s.Goals(); o.Over {
		t.Errorf("first occurrence after taking back: outcome %+v, want the game on", o)
	}
}

// TestRepetitionEnPassant: after 1.e4 Nf6 2.e5 d5 White may take en passant
// (exd6); after the knights go out and back the board is the same but that
// capture is gone, so FIDE 9.2 counts it as another position: the draw
// comes on its third occurrence, two cycles later, not one.
func TestRepetitionEnPassant(t *testing.T) {
	g, s := chessState(t)
	play := chessPlayer(t, g, s)
	play("e2", "e4")
	play("g8", "f6")
	play("e4", "e5")
	play("d7", "d5")
	withEP := s.Hash()
	cycle := func() {
		play("g1", "f3")
		play("b8", "c6")
		play("f3", "g1")
		play("c6", "b8")
	}
	cycle()
	if s.Hash() == withEP {
		t.Errorf("the same board with and without an en passant capture has one hash")
	}
	if n := s.Repetitions(); n != 1 {
		t.Errorf("the board again, without en passant: %d occurrences, want 1", n)
	}
	cycle()
	if n := s.Repetitions(); n != 2 {
		t.Errorf("after two cycles: %d occurrences, want 2", n)
	}
	if o, _ := s.Goals(); o.Over {
		t.Errorf("second occurrence: outcome %+v, want the game on", o)
	}
	cycle()
	if n := s.Repetitions(); n != 3 {
		t.Errorf("after three cycles: %d occurrences, want 3", n)
	}
	if o, _ := s.Goals(); !o.Over || o.Winner != -1 {
		t.Errorf("third occurrence: outcome %+v, want a draw", o)
	}
}
