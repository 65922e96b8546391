package vm_test

import (
	"math/rand/v2"
	"testing"

	"zrun/vm"
)

// TestOccupancyFollowsTheBoard plays random games and checks, after every
// move made and every move taken back, that the occupancy Make and Unmake
// keep step by step (a piece's bits moved in one step, captures, promotions,
// castling, en passant, drops) equals one rebuilt from the board.
func TestOccupancyFollowsTheBoard(t *testing.T) {
	for _, file := range []string{"../games/chess.zrf", "../games/capablanca.zrf", "../games/schoolbook.zrf", "../games/reserve-chess.zrf"} {
		g := firstGame(t, file)
		rng := rand.New(rand.NewPCG(1, 2))
		moves := 0
		for game := 0; game < 8; game++ {
			s, err := vm.NewState(g)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 200; ply++ {
				var ml vm.MoveList
				if err := s.Generate(&ml); err != nil {
					t.Fatal(err)
				}
				if o, _ := s.Outcome(&ml); o.Over {
					break
				}
				m := &ml.Moves[rng.IntN(len(ml.Moves))]
				text := s.CoordString(m)
				if err := s.Make(m); err != nil {
					t.Fatal(err)
				}
				moves++
				if d := s.OccupancyMismatch(); d != "" {
					t.Fatalf("%s, game %d, after %s: the %s differ from the board's", file, game, text, d)
				}
				if rng.IntN(4) == 0 { // taken back, and the board's again
					s.Unmake()
					if d := s.OccupancyMismatch(); d != "" {
						t.Fatalf("%s, game %d, %s taken back: the %s differ from the board's", file, game, text, d)
					}
					if err := s.Make(m); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		t.Logf("%s: %d moves", file, moves)
	}
}
