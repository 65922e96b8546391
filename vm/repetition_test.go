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

// shuttle returns a cycle of four moves: White's piece from a to b, Black's
// from c to d, and both back.
func shuttle(play func(from, to string), a, b, c, d string) func() {
	return func() {
		play(a, b)
		play(c, d)
		play(b, a)
		play(d, c)
	}
}

// wantOccurrences checks that the position of s has stood n times (this one
// included) and that the game is then drawn (draw) or goes on.
func wantOccurrences(t *testing.T, s *vm.State, when string, n int, draw bool) {
	t.Helper()
	if got := s.Repetitions(); got != n {
		t.Errorf("%s: %d occurrences, want %d", when, got, n)
	}
	o, err := s.Goals()
	if err != nil {
		t.Fatal(err)
	}
	if drawn := o.Over && o.Winner == -1; drawn != draw || o.Over != draw {
		t.Errorf("%s: outcome %+v, want a draw %v", when, o, draw)
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
	cycle := shuttle(play, "g1", "f3", "g8", "f6")
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
	wantOccurrences(t, s, "after one cycle", 2, false)
	cycle()
	wantOccurrences(t, s, "after two cycles", 3, true)
	// Before the last move (Ng8) stood the position after each cycle's
	// Ng1: twice.
	s.Unmake()
	wantOccurrences(t, s, "after taking back Ng8", 2, false)
	for range 4 {
		s.Unmake()
	}
	wantOccurrences(t, s, "back to the first cycle's Ng1", 1, false)
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
	cycle := shuttle(play, "g1", "f3", "b8", "c6")
	cycle()
	if s.Hash() == withEP {
		t.Errorf("the same board with and without an en passant capture has one hash")
	}
	wantOccurrences(t, s, "the board again, without en passant", 1, false)
	cycle()
	wantOccurrences(t, s, "after two cycles", 2, false)
	cycle()
	wantOccurrences(t, s, "after three cycles", 3, true)
}
