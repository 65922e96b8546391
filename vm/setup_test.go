package vm_test

import (
	"strings"
	"testing"
)

// TestSetUp: pieces placed by index make the position FEN reads for the
// same pieces (the chess start position), and bad input is refused with
// the state left as it was.
func TestSetUp(t *testing.T) {
	g, s := chessState(t)
	want, err := s.FEN()
	if err != nil {
		t.Fatal(err)
	}
	var board [][3]int
	for p, c := range s.Board {
		if c != 0 {
			board = append(board, [3]int{p, c.Type(), c.Owner()})
		}
	}
	_, u := chessState(t)
	if err := u.SetUp(board, nil, 0); err != nil {
		t.Fatal(err)
	}
	// Kings and rooks on their start squares keep never-moved?, so the
	// castling rights come back as the start position has them.
	if got, _ := u.FEN(); got != want {
		t.Fatalf("SetUp of the start position: %s, want %s", got, want)
	}
	if u.Hash() != s.Hash() {
		t.Fatalf("hash %x, want %x", u.Hash(), s.Hash())
	}
	if err := u.SetUp(board[:1], nil, 1); err != nil || u.Mover() != 1 {
		t.Fatalf("Black to move: %v, mover %d", err, u.Mover())
	}
	before, _ := u.FEN()
	nT := len(g.Pieces)
	for _, tc := range []struct {
		board [][3]int
		hands [][3]int64
		mover int
		msg   string
	}{
		{[][3]int{{64, 0, 0}}, nil, 0, "no position 64"},
		{[][3]int{{-1, 0, 0}}, nil, 0, "no position -1"},
		{[][3]int{{0, nT, 0}}, nil, 0, "no piece type"},
		{[][3]int{{0, 0, 2}}, nil, 0, "no player 2"},
		{[][3]int{{0, 0, 0}, {0, 1, 1}}, nil, 0, "two pieces on a8"},
		{nil, [][3]int64{{0, 0, -1}}, 0, "in hand"},
		{nil, [][3]int64{{0, 0, 1 << 40}}, 0, "in hand"},
		{nil, [][3]int64{{3, 0, 1}}, 0, "no player 3"},
		{nil, [][3]int64{{0, int64(nT), 1}}, 0, "no piece type"},
		{nil, nil, 2, "no player 2 to move"},
		{nil, nil, -1, "no player -1 to move"},
	} {
		err := u.SetUp(tc.board, tc.hands, tc.mover)
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%v %v %d: %v, want %q", tc.board, tc.hands, tc.mover, err, tc.msg)
		}
		if after, _ := u.FEN(); after != before {
			t.Errorf("a refused set-up changed the position: %s", after)
		}
	}
}
