package engine

import (
	"context"
	"testing"
)

// TestGreedyTakesTheWin: with X on a1 and b1 (O on a2 and b2, X to move),
// the one-move player completes the row on c1 every time, whatever its
// seed; the random player picks among all five empty squares.
func TestGreedyTakesTheWin(t *testing.T) {
	seen := map[int]bool{}
	for seed := range uint64(40) {
		g := &ticTacToe{}
		pos := g.setup(0, 3, 1, 4)
		if res := NewGreedyPlayer(pos, seed).Search(context.Background(), Limits{}); !res.Found || res.Best != 2 {
			t.Fatalf("seed %d: greedy played %v (found %v), want the winning c1", seed, res.Best, res.Found)
		}
		res := NewRandomPlayer(pos, seed).Search(context.Background(), Limits{})
		if !res.Found {
			t.Fatalf("seed %d: the random player found no move", seed)
		}
		seen[res.Best] = true
	}
	if len(seen) != 5 {
		t.Errorf("the random player chose %d different squares in 40 tries, want all 5 empty ones", len(seen))
	}
}
