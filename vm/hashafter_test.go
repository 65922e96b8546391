package vm_test

import (
	"testing"

	"zrun/vm"
)

// TestHashAfter walks chess trees and compares the hash HashAfter guesses
// for each move with the hash Make gives. Every move that moves one piece
// from one square to another must be guessed exactly, including those
// after which en passant is possible (the last move's squares count then).
// By the rules of chess, castling (the king moves two files, and the rook
// too) and en passant (a pawn moves to another file and takes on a third
// square) move or take more than that: they are not judged.
func TestHashAfter(t *testing.T) {
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // "kiwipete": castlings, promotions near
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                            // en passant chances
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",                              // promotions with and without capture
	} {
		_, s := chessState(t)
		if err := s.SetFEN(fen); err != nil {
			t.Fatal(err)
		}
		var exact, other int
		var walk func(depth int)
		walk = func(depth int) {
			var ml vm.MoveList
			if err := s.Generate(&ml); err != nil {
				t.Fatal(err)
			}
			for i := range ml.Moves {
				m := &ml.Moves[i]
				guess := s.HashAfter(m)
				file := func(p int32) int { return int(p) % 8 }
				typ := s.Board[m.From].Type()
				castles := s.Game().Pieces[typ].Name == "King" && abs(file(m.From)-file(m.To)) == 2
				enPassant := s.Game().Pieces[typ].Name == "Pawn" && file(m.From) != file(m.To) && s.Board[m.To] == vm.Empty
				text := s.CoordString(m)
				if err := s.Make(m); err != nil {
					t.Fatal(err)
				}
				switch {
				case castles || enPassant:
					other++
				case guess != s.Hash():
					t.Errorf("%s, after %s: HashAfter %x, Make %x", fen, text, guess, s.Hash())
				default:
					exact++
				}
				if depth > 1 {
					walk(depth - 1)
				}
				s.Unmake()
			}
		}
		walk(3)
		if exact == 0 {
			t.Errorf("%s: no move guessed", fen)
		}
		t.Logf("%s: %d moves guessed exactly, %d castlings and en passant captures not judged", fen, exact, other)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
