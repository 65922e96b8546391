// This file defines the terms that read where the pieces stand against
// each other, each derived from the rules on the game's own board so that
// it exists in every game that has what it needs, and costs one pass over
// the pieces with bitsets of at most two words:
//
//   - king attack: each enemy piece (not of the cheapest kind) whose
//     moves on an open board reach the royal piece's square or a
//     neighbour (its "zone") counts; the
//     danger is the attackers' weight (value in cheapest pieces) times
//     their number, so several attackers count for more than their sum.
//     Open-board reach also counts lines towards the royal piece that a
//     piece of either side still closes (x-rays), which the search does
//     not see.
//   - threats: a piece dearer than the cheapest kind standing where an
//     enemy piece of the cheapest kind (pawns) captures.
//   - passers: the passed pawn generalised: a piece of the cheapest kind
//     that promotes, with no enemy piece of the cheapest kind on the
//     squares it must cross to promote or able to capture on them, is
//     credited with a share of the promotion's gain by its distance.
//
// Reach tables come from lone pieces, as the placement tables do: a
// piece's moves on the empty board, and its captures on a board full of
// enemy pieces (exact for leapers and pawns, the first step of a slider).
// Boards of more than 128 squares and games of other than two players
// have none of these terms.

package eval

import (
	"math"
	"math/bits"

	"zrun/vm"
)

const (
	// threatUnit is the threats term per piece attacked by a cheap one.
	threatUnit = 30
	// kingAttackUnit is the king attack term per unit of danger.
	kingAttackUnit = 1
	// maxAttackers bounds the attackers a royal piece's danger counts.
	maxAttackers = 8
	// maxAttackWeight bounds one attacker's weight in cheapest pieces.
	maxAttackWeight = 12
)

// passShare is the share of the promotion gain a passer d moves from
// promotion is credited with (index d-1), on top of the placement
// table's distance bonus; farther passers get nothing.
var passShare = [...]float64{0.20, 0.12, 0.07, 0.04, 0.025, 0.015}

// dyn holds the reach tables of the terms of this file, for a game of
// two players on at most 128 squares. Tables indexed by
// (pl*nT+t)*n+p hold what a piece of type t of player pl on square p
// does.
type dyn struct {
	n, nT int
	// kings, threats, passers: which terms the game has.
	kings, threats, passers bool
	sq                      []dynSquare // by (pl*nT+t)*n+p
	zone                    [][2]uint64 // by square: it and its neighbours
	cheap                   []bool      // by type: of the cheapest kind
	dear                    []bool      // by type: neither cheap nor royal
	kind                    []dynKind   // by type: cheap, dear, and king attack weight
}

// dynSquare is what a piece of one type and player does from one square,
// kept together so that the evaluation reads one place per piece.
type dynSquare struct {
	reach     [2]uint64 // open-board moves and full-board captures
	hit       [2]uint64 // captures on a board full of enemy pieces
	passMask  [2]uint64 // squares where an enemy cheap piece stops a passer
	passBonus int32     // the passer's bonus (0: the type does not promote from there)
}

// dynKind is a type's class: cheap (1), dear (2) or royal (0), and its
// king attack weight (0: royal).
type dynKind struct {
	class uint8
	attW  uint8
}

const (
	classCheap = 1
	classDear  = 2
)

// dynRaw are the unweighted terms of dyn, for a player against the other.
type dynRaw struct{ king, threats, passed int }

// newDyn derives the tables for g, or returns nil when the game cannot
// have them. value is the material per type (0 for royal types).
func newDyn(g *vm.Game, s *vm.State, ml *vm.MoveList, value []int, royal []bool) *dyn {
	n, nT := g.Board.N(), len(g.Pieces)
	if len(g.Players) != 2 || n > 128 || n == 0 || g.Moves != nil || g.Eval != nil {
		return nil
	}
	turns := [2]int{turnOf(g, 0), turnOf(g, 1)}
	if turns[0] < 0 || turns[1] < 0 {
		return nil
	}
	cheapest := 0
	for t, v := range value {
		if !royal[t] && v > 0 && (cheapest == 0 || v < cheapest) {
			cheapest = v
		}
	}
	if cheapest == 0 {
		return nil
	}
	d := &dyn{n: n, nT: nT, cheap: make([]bool, nT), dear: make([]bool, nT), kind: make([]dynKind, nT)}
	hasDear := false
	for t, v := range value {
		if royal[t] {
			continue
		}
		d.cheap[t] = v > 0 && 2*v <= 3*cheapest
		d.dear[t] = !d.cheap[t]
		hasDear = hasDear || d.dear[t]
		d.kind[t].attW = uint8(min(max(int(math.Round(float64(v)/float64(cheapest))), 1), maxAttackWeight))
		d.kind[t].class = classDear
		if d.cheap[t] {
			d.kind[t].class = classCheap
		}
	}
	size := 2 * nT * n
	d.sq = make([]dynSquare, size)
	// next[(pl*nT+t)*n+p]: open-board destinations; promo: the best gain
	// of a promoting move from there.
	next := make([][]int, size)
	promo := make([]int, size)
	anyCapture := false
	for pl := range 2 {
		enemy := vm.MakeCell(blockerType(g), 1-pl, 0)
		for t := range nT {
			for p := range n {
				i := (pl*nT+t)*n + p
				to, gain := loneDests(s, ml, turns[pl], pl, t, p, vm.Empty, value)
				next[i], promo[i] = to, gain
				for _, q := range to {
					d.sq[i].reach[q/64] |= 1 << uint(q%64)
				}
				hits, _ := loneDests(s, ml, turns[pl], pl, t, p, enemy, value)
				for _, q := range hits {
					d.sq[i].hit[q/64] |= 1 << uint(q%64)
					d.sq[i].reach[q/64] |= 1 << uint(q%64)
					anyCapture = true
				}
			}
		}
	}
	if !anyCapture {
		return nil
	}
	d.threats = hasDear
	d.kings = newShelter(g) != nil
	if d.kings {
		d.zone = make([][2]uint64, n)
		for p := range n {
			d.zone[p][p/64] |= 1 << uint(p%64)
			for dir := range g.Board.Dirs {
				q := g.Board.Link(dir, p)
				if q == vm.NoPos || q == p || g.Board.Positions[q].Dummy {
					continue
				}
				d.zone[p][q/64] |= 1 << uint(q%64)
			}
		}
	}
	for pl := range 2 {
		for t := range nT {
			if d.cheap[t] && d.addPassers(pl, t, next, promo) {
				d.passers = true
			}
		}
	}
	if !d.kings && !d.threats && !d.passers {
		return nil
	}
	return d
}

// loneDests lists the destinations of a lone piece of type t of pl on p,
// every other square empty (fill vm.Empty) or holding fill, and the best
// gain (value of the type it becomes less its own) of its promoting
// moves. A promoting move's square counts as a destination too.
func loneDests(s *vm.State, ml *vm.MoveList, turn, pl, t, p int, fill vm.Cell, value []int) ([]int, int) {
	s.Clear()
	if fill != vm.Empty {
		for q := range s.Board {
			s.Board[q] = fill
		}
	}
	s.Board[p] = vm.MakeCell(t, pl, 0)
	s.Turn = turn
	s.Rehash()
	if err := s.GeneratePseudo(ml); err != nil {
		return nil, 0
	}
	var to []int
	gain := 0
	for i := range ml.Moves {
		m := &ml.Moves[i]
		if m.Pass || m.Drop || m.From != int32(p) {
			continue
		}
		for _, a := range m.Actions(nil) {
			if (a.Kind == vm.ActMove || a.Kind == vm.ActChangeType) && int(a.From) == p && int(a.Type) != t && int(a.Type) < len(value) {
				gain = max(gain, value[a.Type]-value[t])
			}
		}
		if q := int(m.To); q >= 0 && q != p && q < len(s.Board) {
			to = append(to, q)
		}
	}
	return to, gain
}

// addPassers fills the passer tables of pl's type t from the open-board
// move graph (next) and promotion gains (promo); it reports whether the
// type promotes anywhere.
func (d *dyn) addPassers(pl, t int, next [][]int, promo []int) bool {
	n, base := d.n, (pl*d.nT+t)*d.n
	const far = 1 << 20
	dist := make([]int, n)
	best := make([]int, n)
	any := false
	for p := range n {
		dist[p] = far
		if g := promo[base+p]; g > 0 {
			dist[p], best[p], any = 1, g, true
		}
	}
	if !any {
		return false
	}
	for changed := true; changed; {
		changed = false
		for p := range n {
			for _, q := range next[base+p] {
				if dist[q] < far && dist[q]+1 < dist[p] {
					dist[p], best[p], changed = dist[q]+1, best[q], true
				}
			}
		}
	}
	enemyBase := (1 - pl) * d.nT * n
	queue := make([]int, 0, n)
	seen := make([]bool, n)
	for p := range n {
		if dist[p] > len(passShare) || best[p] <= 0 {
			continue
		}
		// span: the squares p's piece can reach on its way, none farther
		// from promotion than p.
		var span [2]uint64
		clear(seen)
		queue = append(queue[:0], p)
		seen[p] = true
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, q := range next[base+x] {
				if !seen[q] && dist[q] <= dist[p] {
					seen[q] = true
					span[q/64] |= 1 << uint(q%64)
					queue = append(queue, q)
				} else if dist[q] >= far && !seen[q] {
					// a promoting move's square (dist unknown): on the way too
					seen[q] = true
					span[q/64] |= 1 << uint(q%64)
				}
			}
		}
		mask := span
		for u := range d.nT {
			if !d.cheap[u] {
				continue
			}
			for q := range n {
				h := d.sq[enemyBase+u*n+q].hit
				if h[0]&span[0] != 0 || h[1]&span[1] != 0 {
					mask[q/64] |= 1 << uint(q%64)
				}
			}
		}
		d.sq[base+p].passMask = mask
		d.sq[base+p].passBonus = int32(math.Round(passShare[dist[p]-1] * float64(best[p])))
	}
	return true
}

// dynAll asks raw for every term; a term's weight of 0 leaves it out of
// the evaluation's mask (Evaluator.dynMask), which saves its work.
const (
	dynKings = 1 << iota
	dynThreats
	dynPassers
	dynAll = dynKings | dynThreats | dynPassers
)

// raw computes the unweighted terms the mask asks for (dynKings, ...),
// for pl against the other player; the others are 0.
func (d *dyn) raw(s *vm.State, pl int, r *dynRaw, mask int) {
	var cheapBits, cheapHit, dearBits [2][2]uint64
	var att, attW [2]int
	var kz [2][2]uint64 // the zone of each player's royal piece
	n, nT := d.n, d.nT
	doKings := d.kings && mask&dynKings != 0
	doCheap := d.threats && mask&dynThreats != 0 || d.passers && mask&dynPassers != 0
	if doKings {
		for q := range 2 {
			if k := s.Royals(q); len(k) == 1 {
				kz[q] = d.zone[k[0]]
			}
		}
	}
	board := s.Board
	sqs, kinds := d.sq, d.kind
	// cand: the entries of cheap pieces that promote from where they
	// stand, each with its owner in the top bit, tested once both
	// players' cheap pieces are known.
	var cand [64]int32
	nc := 0
	for o := range 2 {
		other := 1 - o
		z := kz[other]
		kings := z[0]|z[1] != 0
		base := o * nT
		for w, b := range s.Occupied(o) {
			for ; b != 0; b &= b - 1 {
				p := w*64 + bits.TrailingZeros64(b)
				t := board[p].Type()
				switch k := kinds[t]; k.class {
				case classCheap:
					if !doCheap {
						continue
					}
					cheapBits[o][w] |= b & -b
					i := (base+t)*n + p
					e := &sqs[i]
					cheapHit[o][0] |= e.hit[0]
					cheapHit[o][1] |= e.hit[1]
					if e.passBonus != 0 && nc < len(cand) {
						cand[nc] = int32(i) | int32(o)<<30
						nc++
					}
				case classDear:
					dearBits[o][w] |= b & -b
					if kings {
						if e := &sqs[(base+t)*n+p]; e.reach[0]&z[0]|e.reach[1]&z[1] != 0 {
							att[other]++
							attW[other] += int(k.attW)
						}
					}
				}
			}
		}
	}
	*r = dynRaw{}
	if doKings {
		danger := func(q int) int { return kingAttackUnit * attW[q] * min(att[q], maxAttackers) }
		r.king = danger(1-pl) - danger(pl)
	}
	if d.threats && mask&dynThreats != 0 {
		mine := popcount2([2]uint64{dearBits[pl][0] & cheapHit[1-pl][0], dearBits[pl][1] & cheapHit[1-pl][1]})
		theirs := popcount2([2]uint64{dearBits[1-pl][0] & cheapHit[pl][0], dearBits[1-pl][1] & cheapHit[pl][1]})
		r.threats = threatUnit * (theirs - mine)
	}
	if !d.passers || mask&dynPassers == 0 {
		nc = 0
	}
	for _, c := range cand[:nc] {
		o := int(c >> 30)
		e := &sqs[c&(1<<30-1)]
		stop := &cheapBits[1-o]
		if e.passMask[0]&stop[0]|e.passMask[1]&stop[1] != 0 {
			continue
		}
		if o == pl {
			r.passed += int(e.passBonus)
		} else {
			r.passed -= int(e.passBonus)
		}
	}
}
