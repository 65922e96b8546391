package vm_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"zrun/vm"
)

// TestEnemySquaresFollowTheBoard plays random games of chess (64 squares,
// one word) and Capablanca chess (80, two) and requires the occupancy's
// enemy set, which captures-only generation filters leaps with, to be the
// squares a scan of the board finds holding another player's piece, after
// every move and every unmake.
func TestEnemySquaresFollowTheBoard(t *testing.T) {
	for _, file := range []string{"../games/chess.zrf", "../games/capablanca.zrf"} {
		g := firstGame(t, file)
		s, err := vm.NewState(g)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		check := func(when string) {
			t.Helper()
			for pl := range g.Players {
				var want []int
				for p, c := range s.Board {
					if c != vm.Empty && c.Owner() != pl {
						want = append(want, p)
					}
				}
				if got := s.EnemySquares(pl); !slices.Equal(got, want) {
					t.Fatalf("%s: %s: enemies of player %d: %v, board has %v", file, when, pl, got, want)
				}
			}
		}
		var ml vm.MoveList
		for game := 0; game < 4; game++ {
			made := 0
			for ; made < 120; made++ {
				check("before a move")
				if err := s.Generate(&ml); err != nil {
					t.Fatal(err)
				}
				if len(ml.Moves) == 0 {
					break
				}
				m := ml.Moves[rng.IntN(len(ml.Moves))].Clone()
				s.Make(&m)
				if made%7 == 3 { // an unmake now and then: the sets must come back too
					s.Unmake()
					check("after an unmake")
					s.Make(&m)
				}
			}
			for ; made > 0; made-- {
				s.Unmake()
			}
			check("back at the start")
		}
	}
}
