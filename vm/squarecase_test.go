// This file tests PositionIndexFold: exact names first, then a unique match
// without regard to case.

package vm

import "testing"

func TestPositionIndexFold(t *testing.T) {
	// Schoolbook-b.zrf names its ninth file "I" (a1..h1 I1 j1); a board may
	// also hold two names that differ only in case (x9 and X9 below).
	b := NewBoard()
	for _, n := range []string{"a1", "h4", "I5", "j1", "x9", "X9", "Home"} {
		if _, ok := b.AddPosition(Position{Name: n}); !ok {
			t.Fatalf("AddPosition %s", n)
		}
	}
	tests := []struct {
		name string
		want string // "" when not found
	}{
		{"a1", "a1"}, {"A1", "a1"}, {"H4", "h4"}, {"I5", "I5"}, {"i5", "I5"},
		{"x9", "x9"}, {"X9", "X9"}, // both exist: exact names win
		{"home", "Home"}, {"HOME", "Home"},
		{"k1", ""}, {"", ""},
	}
	for _, tc := range tests {
		i, ok := b.PositionIndexFold(tc.name)
		got := ""
		if ok {
			got = b.Positions[i].Name
		}
		if got != tc.want {
			t.Errorf("PositionIndexFold(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	// A name only differing in case from two positions is ambiguous.
	b2 := NewBoard()
	for _, n := range []string{"ab", "AB"} {
		b2.AddPosition(Position{Name: n})
	}
	if i, ok := b2.PositionIndexFold("Ab"); ok {
		t.Errorf("PositionIndexFold(Ab) on a board with ab and AB = %s, want none", b2.Positions[i].Name)
	}
	// PositionIndex stays exact: rule files are matched as written.
	if _, ok := b.PositionIndex("i5"); ok {
		t.Error("PositionIndex(i5) found I5; it must match exactly")
	}
	// Removing positions keeps the folded names in step with the new indices.
	b.RemovePositions(map[int]bool{0: true})
	if i, ok := b.PositionIndexFold("i5"); !ok || b.Positions[i].Name != "I5" {
		t.Errorf("after RemovePositions, PositionIndexFold(i5) = %d %v", i, ok)
	}
	if _, ok := b.PositionIndexFold("A1"); ok {
		t.Error("after RemovePositions, the removed a1 is still found")
	}
}
