// This file defines board topology: named positions, named directions as link
// tables, per-player direction symmetry and per-player zones.

package vm

import "strconv"

// Board is a set of named positions joined by named, directed links.
//
// Positions are numbered 0..N-1 in the order Z2J uses (grids in file order,
// first dimension fastest; then explicit positions; then dummies). Directions
// are numbered 0..D-1. Link(d, p) is the position one step from p in direction
// d, or NoPos. The table is flat: links[d*N+p].
type Board struct {
	Positions []Position
	Dirs      []string
	Grids     []Grid
	Zones     []Zone
	// Symmetry[player][d] is the direction d means when player moves.
	Symmetry [][]int
	// Opposite[d] is the direction that undoes d, or -1 when none exists.
	Opposite []int
	// Images are the board's pictures as the rule file names them
	// ((board (image "a.bmp" "b.bmp"))), Zillions' Board Display choices
	// in order; the screen rectangles of the positions are in the first
	// picture's pixels. Display only.
	Images []string

	links  []int32
	byName map[string]int
	byFold map[string]int // squarecase.go: lower-cased name -> index, or ambiguousFold
	dirIdx map[string]int
	zoneIx map[string]int
}

// NoPos is the absence of a position (off the board).
const NoPos = -1

// Position is one cell of the board.
type Position struct {
	Name   string
	Grid   int   // index in Board.Grids, or -1
	Coords []int // index along each grid dimension (nil outside grids)
	Rect   [4]int
	Dummy  bool // has no place on screen; a storage cell
}

// Grid records a grid's shape, for display, FEN and notation.
type Grid struct {
	Labels [][]string // per dimension, its labels in order
	First  int        // index of the grid's first position
}

// LabelsAscend reports whether dimension d's labels are numbers that grow
// (Fairy-Max boards and Zillions files that list ranks from 1 upwards, which
// therefore read bottom to top on screen).
func (gr *Grid) LabelsAscend(d int) bool {
	if d >= len(gr.Labels) || len(gr.Labels[d]) < 2 {
		return false
	}
	prev := -1 << 31
	for _, l := range gr.Labels[d] {
		n, err := strconv.Atoi(l)
		if err != nil || n <= prev {
			return false
		}
		prev = n
	}
	return true
}

// Zone is a named set of positions, defined separately for each player.
type Zone struct {
	Name string
	// Members[player] is a bitset over positions; nil when the zone is not
	// defined for that player (it is then empty).
	Members [][]uint64
}

// NewBoard returns an empty board.
func NewBoard() *Board {
	return &Board{byName: map[string]int{}, byFold: map[string]int{}, dirIdx: map[string]int{}, zoneIx: map[string]int{}}
}

// N is the number of positions.
func (b *Board) N() int { return len(b.Positions) }

// AddPosition adds a position and returns its index, or the existing index and
// false if the name is taken.
func (b *Board) AddPosition(p Position) (int, bool) {
	if i, ok := b.byName[p.Name]; ok {
		return i, false
	}
	if b.links != nil {
		panic("vm: AddPosition after links exist")
	}
	b.Positions = append(b.Positions, p)
	b.byName[p.Name] = len(b.Positions) - 1
	b.addFold(p.Name, len(b.Positions)-1)
	return len(b.Positions) - 1, true
}

// PositionIndex returns the index of the named position.
func (b *Board) PositionIndex(name string) (int, bool) {
	i, ok := b.byName[name]
	return i, ok
}

// DirIndex returns the index of the named direction.
func (b *Board) DirIndex(name string) (int, bool) {
	i, ok := b.dirIdx[name]
	return i, ok
}

// ZoneIndex returns the index of the named zone.
func (b *Board) ZoneIndex(name string) (int, bool) {
	i, ok := b.zoneIx[name]
	return i, ok
}

// AddDir adds a direction name (if new) and returns its index. Must be called
// before links are set for it; adding a direction grows the link table.
func (b *Board) AddDir(name string) int {
	if i, ok := b.dirIdx[name]; ok {
		return i
	}
	b.Dirs = append(b.Dirs, name)
	b.dirIdx[name] = len(b.Dirs) - 1
	n := len(b.Positions)
	for i := 0; i < n; i++ {
		b.links = append(b.links, NoPos)
	}
	return len(b.Dirs) - 1
}

// RemovePositions deletes positions (kill-positions) and every link into or out
// of them, renumbering the rest. Call it before links to other positions are
// relied on by index.
func (b *Board) RemovePositions(kill map[int]bool) {
	if len(kill) == 0 {
		return
	}
	n := len(b.Positions)
	remap := make([]int32, n)
	var keep []Position
	for i, p := range b.Positions {
		if kill[i] {
			remap[i] = NoPos
			continue
		}
		remap[i] = int32(len(keep))
		keep = append(keep, p)
	}
	m := len(keep)
	links := make([]int32, len(b.Dirs)*m)
	for d := range b.Dirs {
		for i := 0; i < n; i++ {
			if kill[i] {
				continue
			}
			t := b.links[d*n+i]
			if t != NoPos {
				t = remap[t]
			}
			links[d*m+int(remap[i])] = t
		}
	}
	for gi := range b.Grids {
		f := b.Grids[gi].First
		for f < n && kill[f] {
			f++
		}
		if f < n {
			b.Grids[gi].First = int(remap[f])
		}
	}
	b.Positions = keep
	b.links = links
	b.byName = make(map[string]int, m)
	b.byFold = make(map[string]int, m)
	for i, p := range keep {
		b.byName[p.Name] = i
		b.addFold(p.Name, i)
	}
}

// Link returns the position one step from p in direction d, or NoPos.
func (b *Board) Link(d, p int) int {
	return int(b.links[d*len(b.Positions)+p])
}

// SetLink sets the d link of from to to (NoPos removes it).
func (b *Board) SetLink(d, from, to int) {
	b.links[d*len(b.Positions)+from] = int32(to)
}

// AddZone adds (or extends) a zone for the given players.
func (b *Board) AddZone(name string, players []int, nPlayers int, positions []int) int {
	zi, ok := b.zoneIx[name]
	if !ok {
		b.Zones = append(b.Zones, Zone{Name: name, Members: make([][]uint64, nPlayers)})
		zi = len(b.Zones) - 1
		b.zoneIx[name] = zi
	}
	z := &b.Zones[zi]
	words := (len(b.Positions) + 63) / 64
	for _, pl := range players {
		if z.Members[pl] == nil {
			z.Members[pl] = make([]uint64, words)
		}
		for _, p := range positions {
			z.Members[pl][p/64] |= 1 << (p % 64)
		}
	}
	return zi
}

// InZone reports whether position p is in zone z for player pl.
func (b *Board) InZone(z, pl, p int) bool {
	m := b.Zones[z].Members[pl]
	return m != nil && m[p/64]&(1<<(p%64)) != 0
}

// ComputeOpposites fills Opposite: d' is the opposite of d when no d link a->b
// is contradicted by a d' link from b to anywhere but a, and at least one is
// confirmed (b -d'-> a). Grid directions with negated vectors satisfy this;
// a missing d' link (an unlink, an edge of a links-only board) does not
// disqualify it. Among candidates the one confirming most links wins.
func (b *Board) ComputeOpposites() {
	nd, n := len(b.Dirs), len(b.Positions)
	b.Opposite = make([]int, nd)
	for d := 0; d < nd; d++ {
		b.Opposite[d] = -1
		best := 0
		for e := 0; e < nd; e++ {
			if c := b.undoes(e, d, n); c > best {
				b.Opposite[d], best = e, c
			}
		}
	}
}

// undoes counts the d links that e leads back along, or returns 0 when some
// e link contradicts a d link.
func (b *Board) undoes(e, d, n int) int {
	confirmed := 0
	for p := 0; p < n; p++ {
		t := b.links[d*n+p]
		if t == NoPos {
			continue
		}
		back := b.links[e*n+int(t)]
		switch {
		case back == int32(p):
			confirmed++
		case back != NoPos:
			return 0
		}
	}
	return confirmed
}

// SetIdentitySymmetry gives every player the identity direction map.
func (b *Board) SetIdentitySymmetry(nPlayers int) {
	b.Symmetry = make([][]int, nPlayers)
	for pl := range b.Symmetry {
		b.Symmetry[pl] = make([]int, len(b.Dirs))
		for d := range b.Dirs {
			b.Symmetry[pl][d] = d
		}
	}
}
