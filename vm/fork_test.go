package vm_test

import (
	"slices"
	"testing"
)

// TestForkKeepsHistory: a fork counts the repetitions of the game it was
// taken from (the FIDE rule's third occurrence is judged on the fork as on
// the game), unmakes back to the game's start, and leaves the game alone.
func TestForkKeepsHistory(t *testing.T) {
	g, s := chessState(t)
	start := s.Hash()
	startBoard := slices.Clone(s.Board)
	play := chessPlayer(t, g, s)
	knights := shuttle(play, "g1", "f3", "g8", "f6")
	knights()
	play("g1", "f3")
	play("g8", "f6")
	play("f3", "g1")
	// Black's knight going back makes the start position's third occurrence.
	f := s.Fork()
	if f.Hash() != s.Hash() || f.Repetitions() != s.Repetitions() || f.Depth() != s.Depth() {
		t.Fatalf("fork: hash %x reps %d depth %d, game: %x %d %d", f.Hash(), f.Repetitions(), f.Depth(), s.Hash(), s.Repetitions(), s.Depth())
	}
	chessPlayer(t, g, f)("f6", "g8")
	wantOccurrences(t, f, "fork after Ng8", 3, true)
	if s.Depth() != 7 {
		t.Fatalf("the game has %d moves after the fork moved, want 7", s.Depth())
	}
	for f.Depth() > 0 {
		f.Unmake()
	}
	if f.Hash() != start || !slices.Equal(f.Board, startBoard) {
		t.Errorf("the fork unmade to hash %x, want the start's %x", f.Hash(), start)
	}
	play("f6", "g8")
	wantOccurrences(t, s, "game after Ng8", 3, true)
}
