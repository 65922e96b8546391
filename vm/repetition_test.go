package vm_test

import (
	"testing"

	"zrun/vm"
)

// TestRepetitionCount plays the knights out and back three times in chess:
// the position after the first cycle then stands for the third time, which
// the rules of chess (FIDE 9.2) and chess.zrf's draw-condition make a draw.
// Taking moves back removes occurrences again.
func TestRepetitionCount(t *testing.T) {
	g, s := chessState(t)
	play := func(from, to string) {
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
	cycle := func() {
		play("g1", "f3")
		play("g8", "f6")
		play("f3", "g1")
		play("f6", "g8")
	}
	cycle()
	// chess.zrf's en passant reads the last move, so the hash keeps it
	// and the start position (no last move) is not counted with this
	// one; FIDE would count it too, one cycle sooner.
	if n := s.Repetitions(); n != 1 {
		t.Fatalf("after one cycle: %d occurrences, want 1", n)
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
	o, err := s.Goals()
	if err != nil {
		t.Fatal(err)
	}
	if !o.Over || o.Winner != -1 {
		t.Errorf("third occurrence: outcome %+v, want a draw", o)
	}
	// Before the last move (Ng8) stood the position after each cycle's
	// Ng1: three times too.
	s.Unmake()
	if n := s.Repetitions(); n != 3 {
		t.Errorf("after taking back Ng8: %d occurrences, want 3", n)
	}
	for range 4 {
		s.Unmake()
	}
	if n := s.Repetitions(); n != 2 {
		t.Errorf("back to the second cycle's Ng1: %d occurrences, want 2", n)
	}
	if o, _ := s.Goals(); o.Over {
		t.Errorf("second occurrence after taking back: outcome %+v, want the game on", o)
	}
	for range 4 {
		s.Unmake()
	}
	if n := s.Repetitions(); n != 1 {
		t.Errorf("back to the first cycle's Ng1: %d occurrences, want 1", n)
	}
}
