package vm_test

import (
	"testing"

	"zrun/vm"
)

// TestLandingAttackedMatchesMaking compares LandingAttacked, which does not
// make the move, with making it and asking Attacked of its landing square,
// for every capture and promotion of random games of four shipped games.
// It also requires both answers to occur.
func TestLandingAttackedMatchesMaking(t *testing.T) {
	for _, file := range []string{"../games/chess.zrf", "../games/capablanca.zrf", "../games/schoolbook.zrf", "../games/reserve-chess.zrf"} {
		g := firstGame(t, file)
		var seen bothSeen
		eachPosition(t, g, 9, 8, 160, func(s *vm.State, ml *vm.MoveList) {
			pl := s.Mover()
			for i := range ml.Moves {
				m := &ml.Moves[i]
				took, retype, ok := m.Simple()
				if !ok || (took == vm.Empty && retype < 0) {
					continue
				}
				before := s.Hash()
				quick := s.LandingAttacked(m)
				if s.Hash() != before {
					t.Fatalf("%s: LandingAttacked(%s) changed the position", file, s.MoveString(m))
				}
				if err := s.Make(m); err != nil {
					t.Fatal(err)
				}
				made := s.Attacked(int(m.To), pl)
				s.Unmake()
				if quick != made {
					t.Fatalf("%s: LandingAttacked(%s) is %v, Attacked after making it %v", file, s.MoveString(m), quick, made)
				}
				seen.add(made)
			}
		})
		seen.require(t, file, "captures and promotions", "attacked on landing")
	}
}

// TestLandingDefendedMatchesMaking compares LandingDefended, which does not
// make the move, with making it and asking whether the mover's pieces could
// capture on its landing square (Attacked of that square for the other
// player: the query sets the square to that player's piece), for every
// capture and promotion of random games of four shipped games (two
// players). It also requires both answers to occur.
func TestLandingDefendedMatchesMaking(t *testing.T) {
	for _, file := range []string{"../games/chess.zrf", "../games/capablanca.zrf", "../games/schoolbook.zrf", "../games/reserve-chess.zrf"} {
		g := firstGame(t, file)
		var seen bothSeen
		eachPosition(t, g, 10, 8, 160, func(s *vm.State, ml *vm.MoveList) {
			other := 1 - s.Mover()
			for i := range ml.Moves {
				m := &ml.Moves[i]
				took, retype, ok := m.Simple()
				if !ok || (took == vm.Empty && retype < 0) {
					continue
				}
				before := s.Hash()
				quick := s.LandingDefended(m)
				if s.Hash() != before {
					t.Fatalf("%s: LandingDefended(%s) changed the position", file, s.MoveString(m))
				}
				if msg := s.OccupancyMismatch(); msg != "" {
					t.Fatalf("%s: LandingDefended(%s) left the occupancy wrong: %s", file, s.MoveString(m), msg)
				}
				if err := s.Make(m); err != nil {
					t.Fatal(err)
				}
				made := s.Attacked(int(m.To), other)
				s.Unmake()
				if quick != made {
					t.Fatalf("%s: LandingDefended(%s) is %v, defended after making it %v", file, s.MoveString(m), quick, made)
				}
				seen.add(made)
			}
		})
		seen.require(t, file, "captures and promotions", "defended on landing")
	}
}
