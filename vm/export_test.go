package vm

import "slices"

// Hooks for the external tests (package vm_test), which load real games
// through zrf; this file is compiled only with the tests.

// RawMoves fills ml with the moves of the player to move as generation
// builds them, before duplicates are removed (pseudo-legal), and reports
// whether an interpreted run built any.
func (s *State) RawMoves(ml *MoveList) (interp bool, err error) {
	gn, _ := s.build(ml, 0)
	return gn.interp, gn.err
}

// Dedup and DedupInterpreted expose the two ways duplicates are removed.
func (s *State) Dedup(ml *MoveList)            { s.dedup(ml) }
func (s *State) DedupInterpreted(ml *MoveList) { s.dedupInterpreted(ml) }

// SpecDistinct reports whether the game's specialised programs never list
// a move twice.
func (s *State) SpecDistinct() bool { return s.pre.specDistinct }

// AttackedByInterpreter is Attacked with no reach table and every program
// in the interpreter: every block of every piece of the other players runs
// in query mode, the reference the reach table's shortcuts must match.
func (s *State) AttackedByInterpreter(p, pl int) bool {
	dis := s.DisableSpecialised
	s.DisableSpecialised, s.noReach = true, true
	defer func() { s.DisableSpecialised, s.noReach = dis, false }()
	return s.Attacked(p, pl)
}

// EnemySquares lists the squares of the enemy set occupancy.sets(pl) returns, in order.
func (s *State) EnemySquares(pl int) []int {
	e, _ := s.occ.sets(int32(pl))
	var out []int
	for p := range maxSetSquares {
		w := e.lo
		if p >= 64 {
			w = e.hi
		}
		if w>>uint(p%64)&1 != 0 {
			out = append(out, p)
		}
	}
	return out
}

// OccupancyMismatch compares the occupancy kept move by move with one
// rebuilt from the board, and names the first difference ("" when none).
// The royal lists are compared as sets (their order follows the history).
func (s *State) OccupancyMismatch() string {
	var o occupancy
	o.w = s.occ.w
	o.reset(s)
	k := &s.occ
	switch {
	case !slices.Equal(k.bits, o.bits):
		return "type bits"
	case !slices.Equal(k.own, o.own):
		return "player bits"
	case k.pieces != o.pieces:
		return "piece count"
	case !slices.Equal(k.sum, o.sum):
		return "placement sums"
	}
	for pl := range o.royal {
		a, b := slices.Clone(k.royal[pl]), slices.Clone(o.royal[pl])
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			return "royal squares"
		}
		for _, p := range k.royal[pl] {
			if k.royal[pl][k.ridx[p]] != p {
				return "royal index"
			}
		}
	}
	return ""
}

// Gated reports whether the guard applies through a gate (markPaths): a
// block whose last-to?/last-from? test only a move to or from its square
// opens.
func (cg *CheckGuard) Gated() bool { return cg.ok && cg.paths.gated }

// Gated is CheckGuard.Gated for the legality guard out of check.
func (lg *LegalGuard) Gated() bool { return lg.ok && lg.safe.gated }
