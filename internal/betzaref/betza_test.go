package betzaref

import "testing"

func TestExpandBetza(t *testing.T) {
	// Independent facts about well-known pieces: how many moves each has on
	// an open board.
	cases := []struct {
		betza string
		moves int
	}{
		{"N", 16},         // 8 leaps, each a move or a capture
		{"fmWfcF", 3},     // Shatranj pawn: 1 push, 2 captures
		{"R", 4 * 7 * 2},  // rook on a 15x15 box centre
		{"B2", 4 * 2 * 2}, // two steps each diagonal
		{"llNrrN", 8},     // the four wide knight moves
		{"sN", 8},         // the same
		{"vN", 8},         // the four narrow ones
		{"fhN", 8},        // the four forward ones
		{"fsN", 4},        // the two forward wide ones
		{"frN", 2},        // one move: (2,1)
		{"KisO2", 16 + 2}, // king plus castling both ways
		{"ifmnD", 1},
		{"flF", 2},
	}
	for _, c := range cases {
		m, err := Expand(c.betza, Box(7))
		if err != nil {
			t.Errorf("%s: %v", c.betza, err)
			continue
		}
		if len(m) != c.moves {
			t.Errorf("%s: %d moves, want %d: %v", c.betza, len(m), c.moves, m)
		}
	}
	if m, _ := Expand("frN", Box(7)); !m[Move{Dx: 2, Dy: 1, Mode: 'm'}] {
		t.Errorf("frN should be the (2,1) leap: %v", m)
	}
	if m, _ := Expand("rfN", Box(7)); !m[Move{Dx: 1, Dy: 2, Mode: 'm'}] {
		t.Errorf("rfN should be the (1,2) leap: %v", m)
	}
	for _, eq := range [][2]string{{"llNrrNDK", "KDsN"}, {"B3DfNbN", "B3DvN"}, {"NB2", "B2N"},
		{"fmWfceFifmnD", "fmWfceFifmW2"}, {"BD0", "BDD"}, {"W4", "R4"}} {
		if d, err := Same(eq[0], eq[1]); err != nil || d != "" {
			t.Errorf("%s vs %s: %s %v", eq[0], eq[1], d, err)
		}
	}
	for _, ne := range [][2]string{{"R4", "R"}, {"fmWfcF", "fmWfceF"}, {"KiN", "KifN"}} {
		if d, _ := Same(ne[0], ne[1]); d == "" {
			t.Errorf("%s and %s compare equal", ne[0], ne[1])
		}
	}
}
