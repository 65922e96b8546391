// This file defines the royal piece's shelter: a bonus for each own piece
// next to it.

package eval

import (
	"math/bits"

	"zrun/vm"
)

// shelterWeight is the bonus per own piece standing next to a player's
// royal piece, counted up to shelterMost (in Capablanca against Fairy-Max,
// 15 scored 81.7% in 180 games and 10 scored 80.2% in 200). It outweighs
// the mobility the neighbours take from the royal piece (the searcher's
// mobility term counts a King's moves as any other's), which otherwise
// draws a King out of cover into the middle of the board, and rewards the
// pawn cover of a castled King; a lone King in an ending has no
// neighbours to lose.
const (
	shelterWeight = 15
	shelterMost   = 3
)

// shelter holds, for games whose players have one royal piece each, every
// square's neighbours (one step in any of the board's directions) as a
// bitset: next[p*words : (p+1)*words], intersected with a player's
// squares (vm.State.Occupied) and counted.
type shelter struct {
	next    []uint64
	words   int
	players int
	// near2[p] is next's row of p on boards of at most 128 squares (two
	// words), nil on others: one lookup, no slicing, for each evaluation.
	near2 [][2]uint64
}

// newShelter returns the shelter term of g, or nil when some player has no
// royal type or several (a game of one King each is what it is for).
func newShelter(g *vm.Game) *shelter {
	if len(g.Players) < 2 {
		return nil
	}
	for pl := range g.Players {
		if len(g.RoyalTypes(pl)) != 1 {
			return nil
		}
	}
	b := g.Board
	n := b.N()
	words := (n + 63) / 64
	sh := &shelter{next: make([]uint64, n*words), words: words, players: len(g.Players)}
	for p := range n {
		for d := range b.Dirs {
			q := b.Link(d, p)
			if q == vm.NoPos || q == p || b.Positions[q].Dummy {
				continue
			}
			sh.next[p*words+q/64] |= 1 << uint(q%64)
		}
	}
	if words <= 2 {
		sh.near2 = make([][2]uint64, n)
		for p := range n {
			copy(sh.near2[p][:], sh.next[p*words:(p+1)*words])
		}
	}
	return sh
}

// raw is pl's shelter bonus minus the other players', at weight 100.
func (sh *shelter) raw(s *vm.State, pl int) int {
	v := 0
	for q := range sh.players {
		k := s.Royals(q)
		if len(k) != 1 {
			continue
		}
		near := 0
		if sh.near2 != nil {
			nb, own := &sh.near2[k[0]], s.Occupied(q)
			near = bits.OnesCount64(own[0] & nb[0])
			if len(own) > 1 {
				near += bits.OnesCount64(own[1] & nb[1])
			}
		} else {
			next := sh.next[int(k[0])*sh.words : int(k[0]+1)*sh.words]
			for w, own := range s.Occupied(q) {
				near += bits.OnesCount64(own & next[w])
			}
		}
		x := shelterWeight * min(near, shelterMost)
		if q == pl {
			v += x
		} else {
			v -= x
		}
	}
	return v
}
