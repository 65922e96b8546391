package eval_test

import (
	"testing"

	"zrun/vm"
)

// TestShelter compares positions that differ only in where a King stands
// (Kings have no material value nor placement), so the evaluation's
// difference is the shelter term alone: the own pieces next to each King,
// counted by hand on the diagram, up to three.
func TestShelter(t *testing.T) {
	g, ev := derived(t, "../../games/chess.zrf")
	evaluate := func(fen string) int {
		t.Helper()
		s, err := vm.NewState(g)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetFEN(fen); err != nil {
			t.Fatal(err)
		}
		return ev.Evaluate(s, 0)
	}
	cases := []struct {
		name       string
		near, far  string
		neighbours int // White's own pieces next to its King in near, none in far
	}{
		{"castled behind three pawns", "4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1", "4k3/8/8/8/8/8/5PPP/K7 w - - 0 1", 3},
		{"a corner: a2, b2 and b1 (of five squares)", "4k3/8/8/8/8/8/PP6/KN6 w - - 0 1", "4k3/8/8/8/K7/8/PP6/1N6 w - - 0 1", 3},
		{"one pawn beside", "4k3/8/8/8/8/8/8/3PK3 w - - 0 1", "4k3/8/8/8/8/K7/8/3P4 w - - 0 1", 1},
		{"five neighbours count as three", "4k3/8/8/8/8/8/3PPP2/3NKB2 w - - 0 1", "4k3/8/8/K7/8/8/3PPP2/3N1B2 w - - 0 1", 5},
	}
	for _, c := range cases {
		got := evaluate(c.near) - evaluate(c.far)
		want := 15 * min(c.neighbours, 3)
		if got != want {
			t.Errorf("%s: sheltered King scores %d more, want %d (%d neighbours)", c.name, got, want, c.neighbours)
		}
	}
	// Black's King counts against White.
	if d := evaluate("6k1/5ppp/8/8/8/8/8/4K3 w - - 0 1") - evaluate("k7/5ppp/8/8/8/8/8/4K3 w - - 0 1"); d != -45 {
		t.Errorf("Black's castled King: White's evaluation changes by %d, want -45", d)
	}
}
