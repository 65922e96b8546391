// This file defines attack tests: whether some move of the other side (or of
// our side, for defended?) could capture a piece on a square.

package vm

// royalAttacked reports whether any royal piece of pl stands attacked.
func (s *State) royalAttacked(pl int, lv int) bool {
	royal := s.pre.isRoyal[pl]
	for p, c := range s.Board {
		if c != Empty && c.Owner() == pl && royal[c.Type()] {
			if s.attackedBy(int32(p), pl, true, c, lv) {
				return true
			}
		}
	}
	return false
}

// Attacked reports whether a piece of player pl standing on p could be captured
// by a move of another player.
func (s *State) Attacked(p int, pl int) bool {
	c := s.Board[p]
	if c == Empty {
		c = MakeCell(0, pl, 0)
	}
	return s.attackedBy(int32(p), pl, true, c, 0)
}

// attackedBy runs the programs of pl's enemies (enemy == true) or of pl's own
// pieces (enemy == false, for defended?) in query mode and reports whether one
// of their moves would capture on target. The target square is made to hold a
// piece of pl (for attacked?) or of an enemy (for defended?) while the query
// runs: a piece that moves there is "virtual" when the square is empty.
// Drops are not considered, nor continuations of partial moves; turn-order
// move-type restrictions do not apply to threats.
func (s *State) attackedBy(target int32, pl int, enemy bool, virtual Cell, lv int) bool {
	saved := s.Board[target]
	occupant := saved
	if occupant == Empty {
		occupant = virtual
	}
	owner := pl
	if !enemy {
		owner = (pl + 1) % len(s.g.Players)
	}
	s.Board[target] = occupant.WithOwner(owner)
	gn := s.genAt(lv)
	gn.query, gn.target, gn.hit, gn.err = true, target, false, nil
	hit := false
	reach := s.pre.reach
	for q, c := range s.Board {
		if c == Empty || int32(q) == target {
			continue
		}
		o := c.Owner()
		if (o != pl) != enemy {
			continue
		}
		for bi, b := range s.g.Pieces[c.Type()].Moves {
			if b.Prog == nil || !reach.mayReach(o, c.Type(), bi, q, int(target)) {
				continue
			}
			gn.run(b.Prog, int32(q), int32(o), int32(b.Type), false, 0)
			if gn.hit {
				hit = true
				break
			}
		}
		if hit {
			break
		}
	}
	gn.query = false
	s.Board[target] = saved
	return hit
}
