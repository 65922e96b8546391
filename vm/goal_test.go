package vm

import (
	"slices"
	"testing"
)

// TestGoalPlans: with a legal move available, Outcome skips exactly the
// goals whose condition needs the player to have none (stalemated,
// checkmated, and what they are the only way of), keeping Outcome's order
// (kind, then file order, then players); without one it tests them all.
func TestGoalPlans(t *testing.T) {
	leaf := func(op CondOp) *Cond { return &Cond{Op: op} }
	both := []int{0, 1}
	g := &Game{Goals: []*Goal{
		{Kind: DrawGoal, Players: both, Cond: leaf(CondRepetition)},
		{Kind: LossGoal, Players: both, Cond: leaf(CondCheckmated)},
		{Kind: DrawGoal, Players: both, Cond: leaf(CondStalemated)},
		{Kind: WinGoal, Players: []int{1}, Cond: &Cond{Op: CondOr, Args: []*Cond{leaf(CondStalemated), leaf(CondPiecesRemaining)}}},
		{Kind: LossGoal, Players: []int{0}, Cond: &Cond{Op: CondAnd, Args: []*Cond{leaf(CondTrue), leaf(CondCheckmated)}}},
		{Kind: LossGoal, Players: []int{0}, Cond: &Cond{Op: CondNot, Args: []*Cond{leaf(CondStalemated)}}},
	}}
	with, none := g.goalPlans()
	wantWith := []goalPair{{3, 1}, {5, 0}, {0, 0}, {0, 1}}
	wantNone := []goalPair{{3, 1}, {1, 0}, {1, 1}, {4, 0}, {5, 0}, {0, 0}, {0, 1}, {2, 0}, {2, 1}}
	if !slices.Equal(with, wantWith) {
		t.Errorf("with a move: %v, want %v", with, wantWith)
	}
	if !slices.Equal(none, wantNone) {
		t.Errorf("without a move: %v, want %v", none, wantNone)
	}
}
