package vm_test

import (
	"testing"

	"zrun/vm"
)

// TestBlockOf: the block BlockOf names for a played chess move is the one
// games/chess.zrf lists for it (the Pawn's blocks: push, take ne, take nw,
// en passant e, en passant w; the Knight's: leap n ne, leap n nw, ...;
// the King's castling after its eight steps).
func TestBlockOf(t *testing.T) {
	g, s := chessState(t)
	sq := func(name string) int {
		p, ok := g.Board.PositionIndex(name)
		if !ok {
			t.Fatalf("no square %s", name)
		}
		return p
	}
	play := func(from, to string) {
		var ml vm.MoveList
		if err := s.Generate(&ml); err != nil {
			t.Fatal(err)
		}
		if err := s.Make(moveBetween(t, &ml, sq(from), sq(to))); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		before   [][2]string // moves played first, from the start
		from, to string
		piece    string
		block    int
	}{
		{nil, "e2", "e4", "Pawn", 0},
		{nil, "e2", "e3", "Pawn", 0},
		{nil, "g1", "h3", "Knight", 0},
		{nil, "g1", "f3", "Knight", 1},
		{[][2]string{{"e2", "e4"}, {"d7", "d5"}}, "e4", "d5", "Pawn", 2},
		{[][2]string{{"e2", "e4"}, {"a7", "a6"}, {"e4", "e5"}, {"d7", "d5"}}, "e5", "d6", "Pawn", 4},
		{[][2]string{{"e2", "e4"}, {"a7", "a6"}, {"e4", "e5"}, {"f7", "f5"}}, "e5", "f6", "Pawn", 3},
		{[][2]string{{"e2", "e4"}, {"e7", "e5"}, {"g1", "f3"}, {"b8", "c6"}, {"f1", "c4"}, {"g8", "f6"}}, "e1", "g1", "King", 8},
	}
	for _, tc := range tests {
		_, s = chessState(t)
		for _, mv := range tc.before {
			play(mv[0], mv[1])
		}
		var ml vm.MoveList
		if err := s.Generate(&ml); err != nil {
			t.Fatal(err)
		}
		m := moveBetween(t, &ml, sq(tc.from), sq(tc.to))
		block, drop, err := s.BlockOf(m)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Pieces[m.Piece].Name; got != tc.piece || block != tc.block || drop {
			t.Errorf("%s-%s: %s block %d (drop %v), want %s block %d", tc.from, tc.to, got, block, drop, tc.piece, tc.block)
		}
	}
}
