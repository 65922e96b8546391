// This file defines the royal piece's exposure: the open lines that lead
// to it while the enemy still has the pieces to use them.
//
// From the royal piece's square, each of the board's directions is
// followed while the squares are empty; the squares seen are the lines an
// enemy slider could come down (a queen standing on the royal piece's
// square would have that many moves). A king behind its pawns sees few; a
// king walked into the middle of an open board sees many. The count is
// weighed by the enemy's dear material (every piece but the royal and the
// cheapest kind) against what it had at the start, so that in an ending,
// where the king should come out, the term fades. Shelter (shelter.go)
// counts the pieces next to the king; this counts the holes between.
//
// Fairy-Stockfish's evaluation, against which zrun lost its games by
// mate with its king walked out into the open with queens on (docs/
// strength-log.md), weighs the king's safe lines much as this does.

package eval

import (
	"math/bits"

	"zrun/vm"
)

// exposureUnit is the exposure term per open square at weight 100 with
// the enemy's dear material all on the board.
const exposureUnit = 4

// exposure holds the rays of every square and what dear material is.
type exposure struct {
	// rays[start[p*nd+d]:start[p*nd+d+1]] are the squares from p in
	// direction d, nearest first.
	rays  []int32
	start []int32
	nd    int
	// dear[t] is type t's weight in the enemy's attacking material (its
	// value, 0 for royal and cheapest kinds); full[pl] is the dear
	// material of the player pl's opponent at the start (at least 1).
	dear []int32
	full [2]int32
}

// newExposure returns the exposure term of g (two players with one royal
// piece each), or nil. value is the material per type (0 for royal types).
func newExposure(g *vm.Game, value []int) *exposure {
	if len(g.Players) != 2 || len(g.RoyalTypes(0)) != 1 || len(g.RoyalTypes(1)) != 1 {
		return nil
	}
	b := g.Board
	n, nd := b.N(), len(b.Dirs)
	if nd == 0 {
		return nil
	}
	cheapest := 0
	for _, v := range value {
		if v > 0 && (cheapest == 0 || v < cheapest) {
			cheapest = v
		}
	}
	x := &exposure{nd: nd, start: make([]int32, n*nd+1), dear: make([]int32, len(value))}
	for t, v := range value {
		if v > 0 && 2*v > 3*cheapest {
			x.dear[t] = int32(v)
		}
	}
	for p := range n {
		for d := range nd {
			x.start[p*nd+d] = int32(len(x.rays))
			seen := map[int]bool{p: true}
			for q := b.Link(d, p); q != vm.NoPos && !seen[q] && !b.Positions[q].Dummy; q = b.Link(d, q) {
				seen[q] = true
				x.rays = append(x.rays, int32(q))
			}
		}
	}
	x.start[n*nd] = int32(len(x.rays))
	s, err := vm.NewState(g) // the start position (Derive's state has been cleared for its probes)
	if err != nil {
		return nil
	}
	for pl := range 2 {
		x.full[pl] = max(x.enemyMaterial(s, 1-pl), 1)
	}
	return x
}

// open counts the empty squares along each direction from p.
func (x *exposure) open(board []vm.Cell, p int) int {
	n := 0
	base := p * x.nd
	for d := range x.nd {
		for _, q := range x.rays[x.start[base+d]:x.start[base+d+1]] {
			if board[q] != vm.Empty {
				break
			}
			n++
		}
	}
	return n
}

// raw is pl's exposure term against the other player's, at weight 100:
// the other's weighed open squares less pl's.
func (x *exposure) raw(s *vm.State, pl int) int {
	v := 0
	for q := range 2 {
		k := s.Royals(q)
		if len(k) != 1 {
			continue
		}
		enemy := min(x.enemyMaterial(s, 1-q), x.full[q])
		danger := exposureUnit * x.open(s.Board, int(k[0])) * int(enemy) / int(x.full[q])
		if q == pl {
			v -= danger
		} else {
			v += danger
		}
	}
	return v
}

// enemyMaterial is player o's dear material, read from its pieces'
// squares (State.Occupied) rather than the whole board: at the start
// (full) and, for the other player's royal piece, in each evaluation.
func (x *exposure) enemyMaterial(s *vm.State, o int) int32 {
	var m int32
	board := s.Board
	for w, b := range s.Occupied(o) {
		for ; b != 0; b &= b - 1 {
			p := w*64 + bits.TrailingZeros64(b)
			m += x.dear[board[p].Type()]
		}
	}
	return m
}
