// This file defines the per-player sets of occupied squares that
// generation and attack tests iterate instead of scanning the whole board.

package vm

// occupancy keeps, per player, bitsets of the squares holding that
// player's pieces (all of them, and by type), the list of the squares
// holding royal pieces, and the placement sums. Order inside the royal
// list depends on the history; only order-independent code reads it.
type occupancy struct {
	royal [][]int32 // per player
	ridx  []int32   // square -> index in its owner's royal list
	// bits[(pl*nTypes+t)*words + p/64] has bit p%64 set when pl's piece of
	// type t stands on p: attack tests intersect it with the reverse reach
	// table instead of visiting every piece.
	bits []uint64
	// own[pl*words + p/64] has bit p%64 set when one of pl's pieces stands
	// on p: generation visits the mover's pieces in square order from it.
	own   []uint64
	nT    int
	words int
	nSq   int
	// w and sum: the placement table and each player's sum of it over
	// its pieces (placement.go); w nil: none kept.
	w   []int32
	sum []int64
	// pieces counts the pieces on the board (InsufficientMaterial asks
	// at every node whether few enough are left).
	pieces int
	// present[pl] has bit t%64 set once a piece of pl's of type t has
	// stood on the board since the last reset (a superset of the types on
	// it, kept with one OR a piece put down): the attack tests compute the
	// reach of these types, not of all.
	present []uint64
}

func (o *occupancy) reset(s *State) {
	np := len(s.g.Players)
	if o.royal == nil {
		o.royal = make([][]int32, np)
		o.ridx = make([]int32, len(s.Board))
		o.nT = len(s.g.Pieces)
		o.nSq = len(s.Board)
		o.words = (len(s.Board) + 63) / 64
		o.bits = make([]uint64, np*o.nT*o.words)
		o.own = make([]uint64, np*o.words)
		o.present = make([]uint64, np)
	}
	clear(o.bits)
	clear(o.own)
	clear(o.present)
	o.pieces = 0
	if len(o.sum) != np {
		o.sum = make([]int64, np)
	}
	clear(o.sum)
	for pl := 0; pl < np; pl++ {
		o.royal[pl] = o.royal[pl][:0]
	}
	for p, c := range s.Board {
		o.ridx[p] = -1
		if c != Empty {
			o.add(s, int32(p), c)
		}
	}
}

// ownBits is the bitset of player pl's squares (words of 64 squares).
func (o *occupancy) ownBits(pl int) []uint64 { return o.own[pl*o.words : (pl+1)*o.words] }

func (o *occupancy) add(s *State, p int32, c Cell) {
	pl := c.Owner()
	o.pieces++
	o.present[pl] |= 1 << uint(c.Type()&63)
	o.bits[(pl*o.nT+c.Type())*o.words+int(p>>6)] |= 1 << uint(p&63)
	o.own[pl*o.words+int(p>>6)] |= 1 << uint(p&63)
	if o.w != nil {
		o.sum[pl] += int64(o.w[(pl*o.nT+c.Type())*o.nSq+int(p)])
	}
	if s.pre.isRoyal[pl][c.Type()] {
		o.ridx[p] = int32(len(o.royal[pl]))
		o.royal[pl] = append(o.royal[pl], p)
	}
}

func (o *occupancy) remove(s *State, p int32, c Cell) {
	pl := c.Owner()
	o.pieces--
	o.bits[(pl*o.nT+c.Type())*o.words+int(p>>6)] &^= 1 << uint(p&63)
	o.own[pl*o.words+int(p>>6)] &^= 1 << uint(p&63)
	if o.w != nil {
		o.sum[pl] -= int64(o.w[(pl*o.nT+c.Type())*o.nSq+int(p)])
	}
	if o.ridx[p] >= 0 {
		removeAt(o.royal[pl], o.ridx, p)
		o.royal[pl] = o.royal[pl][:len(o.royal[pl])-1]
		o.ridx[p] = -1
	}
}

// removeAt moves the list's last element into p's slot (the caller shortens the list).
func removeAt(list []int32, idx []int32, p int32) {
	i := idx[p]
	last := list[len(list)-1]
	list[i] = last
	idx[last] = i
}

// move records that the piece c on from went to another square, to,
// landing as land and taking took (Empty: nothing): as change(from, c,
// Empty) and change(to, took, land) do, but a piece that keeps its type
// and owner has its bits moved (shift) instead of removed and added.
func (o *occupancy) move(s *State, from, to int32, c, took, land Cell) {
	if took != Empty {
		o.remove(s, to, took)
	}
	if !sameKind(c, land) {
		o.change(s, from, c, Empty)
		o.change(s, to, Empty, land)
		return
	}
	o.shift(from, to, c)
}

// unmove undoes move: the piece on to, land, goes back to from as c,
// and took comes back on to.
func (o *occupancy) unmove(s *State, from, to int32, c, took, land Cell) {
	if !sameKind(c, land) {
		o.change(s, to, land, Empty)
		o.change(s, from, Empty, c)
	} else {
		o.shift(to, from, c)
	}
	if took != Empty {
		o.add(s, to, took)
	}
}

// sameKind reports whether a and b are pieces of one owner and type:
// the occupancy keeps them in the same bits.
func sameKind(a, b Cell) bool {
	return a != Empty && b != Empty && a.Owner() == b.Owner() && a.Type() == b.Type()
}

// shift moves piece c's bits, placement and royal entry from square from
// to the empty square to.
func (o *occupancy) shift(from, to int32, c Cell) {
	pl, t := c.Owner(), c.Type()
	tb, ob := (pl*o.nT+t)*o.words, pl*o.words
	if wf, wt := int(from>>6), int(to>>6); wf == wt {
		// Both squares in one word (every move on a board of 64
		// squares): from is set and to clear, so one flip moves the bit.
		flip := uint64(1)<<uint(from&63) | uint64(1)<<uint(to&63)
		o.bits[tb+wf] ^= flip
		o.own[ob+wf] ^= flip
	} else {
		o.bits[tb+wf] &^= 1 << uint(from&63)
		o.bits[tb+wt] |= 1 << uint(to&63)
		o.own[ob+wf] &^= 1 << uint(from&63)
		o.own[ob+wt] |= 1 << uint(to&63)
	}
	if o.w != nil {
		wb := (pl*o.nT + t) * o.nSq
		o.sum[pl] += int64(o.w[wb+int(to)]) - int64(o.w[wb+int(from)])
	}
	if i := o.ridx[from]; i >= 0 {
		o.royal[pl][i] = to
		o.ridx[to], o.ridx[from] = i, -1
	}
}

// change records that square p went from old to nw.
func (o *occupancy) change(s *State, p int32, old, nw Cell) {
	if old != Empty {
		o.remove(s, p, old)
	}
	if nw != Empty {
		o.add(s, p, nw)
	}
}
