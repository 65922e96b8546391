// This file derives the score term of script games: a game variable
// (vm.State.Vars, an Axiom {variable}) that only one player's moves raise
// and no move lowers is that player's score (Abstract Mancala's FP and SP,
// the seeds First and Second have taken, which its OnIsGameOver compares;
// Ur's WhitePieces and BlackPieces, the pieces each side has borne off).
// Such a game's pieces may not show the score at all (the taken seeds
// leave the board, and all its seeds belong to the random sowing player),
// so material alone cannot tell a good move from a bad one. The random
// games of race.go's observe show which variables count so.

package eval

import "zrun/vm"

const (
	// scoreUnit is the score term's value of one point of a score
	// variable (a seed taken, a piece borne off): a pawn.
	scoreUnit = 100
	// scoreMinRaises is the least number of moves that raised a variable
	// for it to count as a score.
	scoreMinRaises = 3
)

// scoreVar is a game variable that counts player's score.
type scoreVar struct {
	idx, player int
}

// deriveScoreVars returns the score variables the games ob observed show.
func deriveScoreVars(g *vm.Game, ob *observed) []scoreVar {
	var out []scoreVar
	for i, vs := range ob.vars {
		if vs.down > 0 || vs.other > 0 {
			continue
		}
		owner, raisers := -1, 0
		for pl, k := range vs.up {
			if k > 0 {
				raisers++
				owner = pl
			}
		}
		if raisers == 1 && vs.up[owner] >= scoreMinRaises && ob.choosers[owner] {
			out = append(out, scoreVar{i, owner})
		}
	}
	return out
}

// scoreTerm is pl's score less the other players'.
func (ev *Evaluator) scoreTerm(s *vm.State, pl int) int {
	v := 0
	for _, sv := range ev.scores {
		if sv.idx >= len(s.Vars) {
			continue
		}
		x := int(s.Vars[sv.idx]) * scoreUnit
		if sv.player == pl {
			v += x
		} else {
			v -= x
		}
	}
	return v
}
