// This file is the weighted push search's feature-space open list
// (Festival's FESS, simplified): each position is put in a cell of a space
// of features — the boxes packed (pushpack.go) and the parts the player's
// floor is cut into by the boxes (connectivity) — and the search takes its
// next position from each non-empty cell in turn, the best of the cell by
// moves made plus estimate (cellLess). A search led by the packing alone
// digs into the positions with the most boxes packed and, where those are
// all dead for want of an early rearrangement elsewhere (a box shut in a
// pocket the packing closes), never comes back; cycling through the cells
// keeps the positions with a better connected floor searched all along.
// The search takes its positions from the cells and from the packing-led
// open list in turn (a position is on both; taken from one, it is skipped
// in the other), so the packing's own order keeps half the expansions. (The
// cells alone: the corpus's Sokoban level 8 took 25,311 positions instead
// of 568; with the turns, 566, and levels 5, 9 and 10, which the packing
// alone did not solve in 15 minutes, take 592, 53,201 and 16,417.)

package solve

// fessOpen is the open list of cells.
type fessOpen struct {
	cells map[int64]*minHeap[int32]
	keys  []int64 // the cells in the order they were made
	next  int     // the next cell to take from
	n     int
	turn  bool // the cells' turn
	less  func(a, b int32) bool
	// the region count's flood fill
	mark []uint32
	mcur uint32
	w    walker
}

func newFessOpen(x *searcher) *fessOpen {
	return &fessOpen{cells: map[int64]*minHeap[int32]{}, less: x.cellLess, mark: make([]uint32, x.m.n), w: newWalker(x.m)}
}

func (o *fessOpen) len() int { return o.n }

func (o *fessOpen) push(key int64, id int32) {
	h := o.cells[key]
	if h == nil {
		h = &minHeap[int32]{less: o.less}
		o.cells[key] = h
		o.keys = append(o.keys, key)
	}
	h.push(id)
	o.n++
}

// pop takes the best position of the next non-empty cell.
func (o *fessOpen) pop() int32 {
	for {
		if o.next >= len(o.keys) {
			o.next = 0
		}
		h := o.cells[o.keys[o.next]]
		o.next++
		if h.len() > 0 {
			o.n--
			return h.pop()
		}
	}
}

// peek returns some open position (the progress report's).
func (o *fessOpen) peek() int32 {
	for _, k := range o.keys {
		if h := o.cells[k]; h.len() > 0 {
			return h.items[0]
		}
	}
	return 0
}

// regions counts the parts of the floor the boxes cut the player's
// squares into.
func (o *fessOpen) regions(m *pushModel, boxes []uint16) int {
	w := &o.w
	for _, b := range boxes {
		w.occ[b] = 0
	}
	o.mcur++
	if o.mcur == 0 {
		clear(o.mark)
		o.mcur = 1
	}
	k := 0
	for p := range m.n {
		if !m.stand[p] || w.occ[p] >= 0 || o.mark[p] == o.mcur {
			continue
		}
		w.walk(int32(p))
		for _, q := range w.order {
			o.mark[q] = o.mcur
		}
		k++
	}
	for _, b := range boxes {
		w.occ[b] = -1
	}
	return k
}

// cellLess orders a cell's positions: least moves made plus estimate, not
// weighted (then least estimate, then the newest). The weighted order of
// the open list, in the cells too, left level 9 of the corpus's Sokoban
// unsolved in a minute at weights 3 and 5; unweighted, every weight from
// 1.5 to 5 solves the ten levels in 60,000 positions or fewer.
func (x *searcher) cellLess(a, b int32) bool {
	na, nb := &x.nodes[a], &x.nodes[b]
	if fa, fb := na.g+na.h, nb.g+nb.h; fa != fb {
		return fa < fb
	}
	if na.h != nb.h {
		return na.h < nb.h
	}
	return a > b
}

// feature is the cell of node id: its boxes packed and its floor's parts.
func (x *searcher) feature(id int32, boxes []uint16) int64 {
	return int64(x.nodes[id].packed)<<16 | int64(x.fess.regions(x.m, boxes))
}

// openPush puts node id (its boxes boxes) on the open list, and on the
// feature space's too.
func (x *searcher) openPush(id int32, boxes []uint16) {
	x.open.push(id)
	if x.fess != nil {
		x.fess.push(x.feature(id, boxes), id)
	}
}

func (x *searcher) openLen() int {
	if x.fess != nil {
		return max(x.fess.len(), x.open.len())
	}
	return x.open.len()
}

// openPop takes the next position: with the feature space, from the open
// list and the next cell in turn (a position taken from one stays in the
// other, and is skipped there as expanded).
func (x *searcher) openPop() int32 {
	if x.fess != nil {
		x.fess.turn = !x.fess.turn
		if x.fess.turn && x.fess.len() > 0 || x.open.len() == 0 {
			return x.fess.pop()
		}
	}
	return x.open.pop()
}

func (x *searcher) openTop() int32 {
	if x.open.len() == 0 {
		return x.fess.peek()
	}
	return x.open.items[0]
}
