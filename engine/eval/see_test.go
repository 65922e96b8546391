// This file checks the static exchange evaluation (see.go) on published
// exchanges: the chessprogramming wiki's SEE examples (a pawn won by a rook
// nothing defends; a knight lost for a pawn where the exchange behind it,
// x-rays included, would lose more) and a defender pinned to its king, which
// an attack count would let recapture.

package eval_test

import (
	"testing"

	"zrun/engine/eval"
)

func TestExchangeAtLeast(t *testing.T) {
	const file = "../../games/chess.zrf"
	s0, err := tunedState(file, "", "")
	if err != nil {
		t.Fatal(err)
	}
	pos0, err := eval.PositionFor(s0)
	if err != nil {
		t.Fatal(err)
	}
	val := map[string]int{}
	for _, name := range []string{"Pawn", "Knight", "Bishop", "Rook", "Queen"} {
		ty, ok := s0.Game().PieceIndex(name)
		if !ok {
			t.Fatalf("no piece %s", name)
		}
		val[name] = pos0.Evaluator().Value(ty)
	}
	for _, c := range []struct {
		name, fen, move string
		want            int // the exchange's value for the mover, in the game's piece values
	}{
		// https://www.chessprogramming.org/SEE_-_The_Swap_Algorithm: Rxe5 wins a pawn.
		{"undefended", "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", val["Pawn"]},
		// The same page: Nxe5 Nxe5 and White stops (Rxe5 Bxe5 Qxe5 Qxe5): a knight for a pawn.
		{"x-rays", "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", val["Pawn"] - val["Knight"]},
		// The knight on d7 is pinned to its king by the bishop on b5: the
		// queen keeps the pawn.
		{"pinned defender", "4k3/3n4/8/1B2p3/8/8/8/4QK2 w - - 0 1", "e1e5", val["Pawn"]},
		// Unpinned, it takes the queen back.
		{"defended", "4k3/3n4/8/4p3/8/8/8/4QK2 w - - 0 1", "e1e5", val["Pawn"] - val["Queen"]},
		// A quiet move onto a square a pawn guards loses the piece.
		{"quiet en prise", "4k3/8/3p4/8/8/8/8/2R1K3 w - - 0 1", "c1c5", -val["Rook"]},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := tunedState(file, "", c.fen)
			if err != nil {
				t.Fatal(err)
			}
			pos, err := eval.PositionFor(s)
			if err != nil {
				t.Fatal(err)
			}
			hash := s.Hash()
			var found bool
			for _, m := range pos.Generate(nil) {
				if s.CoordString(m) != c.move {
					continue
				}
				found = true
				if !pos.ExchangeAtLeast(m, c.want) {
					t.Errorf("%s: exchange below %d", c.move, c.want)
				}
				if pos.ExchangeAtLeast(m, c.want+1) {
					t.Errorf("%s: exchange above %d", c.move, c.want)
				}
				if s.Hash() != hash {
					t.Errorf("%s: the position changed", c.move)
				}
			}
			if !found {
				t.Fatalf("%s is not a move of %s", c.move, c.fen)
			}
		})
	}
}
