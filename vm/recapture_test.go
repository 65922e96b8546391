package vm_test

import (
	"testing"

	"zrun/vm"
)

// TestLandingQueriesMatchMaking compares the landing queries, which do not
// make the move, with making it and asking Attacked of its landing square:
// LandingAttacked for the mover's piece there (Attacked for the mover),
// LandingDefended for whether the mover's pieces could capture there
// (Attacked for the other player: the query sets the square to that
// player's piece). Every capture and promotion of random games of four
// shipped games (two players) is asked; neither query may change the
// position or its occupancy, and both answers must occur.
func TestLandingQueriesMatchMaking(t *testing.T) {
	for _, q := range []struct {
		name, answer string
		seed         uint64
		query        func(s *vm.State, m *vm.Move) bool
		attacker     func(mover int) int // whose piece Attacked is asked about after the move
	}{
		{"LandingAttacked", "attacked on landing", 9, (*vm.State).LandingAttacked, func(mover int) int { return mover }},
		{"LandingDefended", "defended on landing", 10, (*vm.State).LandingDefended, func(mover int) int { return 1 - mover }},
	} {
		for _, file := range []string{"../games/chess.zrf", "../games/capablanca.zrf", "../games/schoolbook.zrf", "../games/reserve-chess.zrf"} {
			g := firstGame(t, file)
			var seen bothSeen
			eachPosition(t, g, q.seed, 8, 160, func(s *vm.State, ml *vm.MoveList) {
				pl := q.attacker(s.Mover())
				for i := range ml.Moves {
					m := &ml.Moves[i]
					took, retype, ok := m.Simple()
					if !ok || (took == vm.Empty && retype < 0) {
						continue
					}
					before := s.Hash()
					quick := q.query(s, m)
					if s.Hash() != before {
						t.Fatalf("%s: %s(%s) changed the position", file, q.name, s.MoveString(m))
					}
					if msg := s.OccupancyMismatch(); msg != "" {
						t.Fatalf("%s: %s(%s) left the occupancy wrong: %s", file, q.name, s.MoveString(m), msg)
					}
					if err := s.Make(m); err != nil {
						t.Fatal(err)
					}
					made := s.Attacked(int(m.To), pl)
					s.Unmake()
					if quick != made {
						t.Fatalf("%s: %s(%s) is %v, %s after making it %v", file, q.name, s.MoveString(m), quick, q.answer, made)
					}
					seen.add(made)
				}
			})
			seen.require(t, file, "captures and promotions", q.answer)
		}
	}
}
