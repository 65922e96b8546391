// This file defines the lowering of (board ...) to a vm.Board: grids of any
// number of dimensions, explicit and dummy positions, kill-positions, links,
// unlink, symmetry, zones and opposite directions.

package zrf

import (
	"strconv"
	"strings"

	"zrun/vm"
)

// boardForms collects a board's sub-forms by kind, because they are applied
// in a fixed order (Z2J's), not in text order.
type boardForms struct {
	grids, positions, dummies, kills, links, symmetries, zones []*Node // links: links and unlink forms, in text order
}

// gridSpec is one parsed (grid ...).
type gridSpec struct {
	node    *Node
	index   int        // in Board.Grids
	labels  [][]string // per dimension
	offsets [][2]int   // screen offset per dimension step
	rect    [4]int     // start-rectangle
	dirs    []*Node    // (name d1 d2 ...)
}

// lowerBoard builds the board from every (board ...) section of the block.
func (l *lowerer) lowerBoard(boards []*Node) {
	if len(boards) == 0 {
		l.errorf(l.block, "missing (board ...)")
		return
	}
	var f boardForms
	for _, b := range boards {
		l.collectBoardForms(b, &f)
	}
	b := vm.NewBoard()
	l.g.Board = b
	b.Images, l.boardImages = l.boardImages, nil
	grids := l.addGridPositions(b, f.grids)
	l.addExplicitPositions(b, f.positions)
	l.addDummies(b, f.dummies)
	l.killPositions(b, f.kills)
	l.addGridLinks(b, grids)
	l.soft = true
	// links and unlink apply in text order: Chessence.zrf unlinks its
	// reserve squares, then links them in a to-reserve chain, and Zillions'
	// saved game sends a captured man along that chain.
	for _, n := range f.links {
		if n.Head() == "unlink" {
			l.unlink(b, n)
		} else {
			l.addLinks(b, n)
		}
	}
	b.SetIdentitySymmetry(len(l.g.Players))
	for _, n := range f.symmetries {
		l.symmetry(b, n)
	}
	for _, n := range f.zones {
		l.zone(b, n)
	}
	l.soft = false
	b.ComputeOpposites()
	if b.N() == 0 {
		l.errorf(boards[0], "board has no positions")
	}
}

func (l *lowerer) collectBoardForms(b *Node, f *boardForms) {
	for _, s := range b.Args() {
		switch s.Head() {
		case "grid":
			f.grids = append(f.grids, s)
		case "positions":
			f.positions = append(f.positions, s)
		case "dummy":
			f.dummies = append(f.dummies, s)
		case "kill-positions":
			f.kills = append(f.kills, s)
		case "links", "unlink":
			f.links = append(f.links, s)
		case "symmetry":
			f.symmetries = append(f.symmetries, s)
		case "zone":
			f.zones = append(f.zones, s)
		case "image":
			for _, a := range s.Args() {
				if a.Kind == List {
					l.warnf(a, "board image: a file name expected, found %s", describe(a))
					continue
				}
				l.boardImages = append(l.boardImages, a.Text)
			}
		default:
			l.errorf(s, "unknown board form %s%s", describe(s), l.hint(s.Head(), []string{
				"grid", "positions", "dummy", "kill-positions", "links", "unlink", "symmetry", "zone", "image"}))
		}
	}
}

// maxPositions bounds a board, so a runaway grid is an error, not an
// exhausted machine.
const maxPositions = 100000

// addGridPositions adds every grid's positions, first dimension fastest.
func (l *lowerer) addGridPositions(b *vm.Board, grids []*Node) []*gridSpec {
	var specs []*gridSpec
	for _, n := range grids {
		for _, g := range l.parseGrid(n) {
			if size := gridSize(g); b.N()+size > maxPositions {
				l.errorf(n, "grid has %d positions: boards are limited to %d", size, maxPositions)
				continue
			}
			g.index = len(b.Grids)
			b.Grids = append(b.Grids, vm.Grid{Labels: g.labels, First: b.N()})
			specs = append(specs, g)
			l.enumerateGrid(b, g)
		}
	}
	return specs
}

func gridSize(g *gridSpec) int {
	n := 1
	for _, l := range g.labels {
		n *= len(l)
		if n > maxPositions {
			return n
		}
	}
	return n
}

// enumerateGrid adds the positions of g: name = one label per dimension in
// dimension order; enumeration with the first dimension varying fastest.
func (l *lowerer) enumerateGrid(b *vm.Board, g *gridSpec) {
	coords := make([]int, len(g.labels))
	for {
		var name strings.Builder
		rect := g.rect
		for d, c := range coords {
			name.WriteString(g.labels[d][c])
			for k := 0; k < 4; k++ {
				rect[k] += c * g.offsets[d][k%2]
			}
		}
		p := vm.Position{Name: name.String(), Grid: g.index, Coords: append([]int(nil), coords...), Rect: rect}
		if _, ok := b.AddPosition(p); !ok {
			l.errorf(g.node, "grid position %s is already defined", p.Name)
		}
		if !nextCoords(coords, g.labels) {
			return
		}
	}
}

// nextCoords advances coords like an odometer, dimension 0 fastest.
func nextCoords(coords []int, labels [][]string) bool {
	for d := range coords {
		coords[d]++
		if coords[d] < len(labels[d]) {
			return true
		}
		coords[d] = 0
	}
	return false
}

// parseGrid reads (grid (start-rectangle ...) (dimensions ...) (directions ...)).
// Several dimensions forms in one grid (Dagaz's 3d-maze.zrf: one per layer)
// make one grid each, sharing the rectangle and the directions.
func (l *lowerer) parseGrid(n *Node) []*gridSpec {
	var rect [4]int
	var dirs, dims []*Node
	for _, s := range n.Args() {
		switch s.Head() {
		case "start-rectangle":
			rect = l.rect(s, s.Args())
		case "dimensions":
			dims = append(dims, s)
		case "directions":
			dirs = append(dirs, s.Args()...)
		default:
			l.errorf(s, "unknown grid form %s%s", describe(s), l.hint(s.Head(), []string{"start-rectangle", "dimensions", "directions"}))
		}
	}
	if len(dims) == 0 {
		l.errorf(n, "grid has no dimensions")
		return nil
	}
	var out []*gridSpec
	for _, dn := range dims {
		g := &gridSpec{node: n, rect: rect, dirs: dirs}
		for _, d := range dn.Args() {
			l.dimension(g, d)
		}
		if len(g.labels) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// dimension reads ("a/b/c" (dx dy)).
func (l *lowerer) dimension(g *gridSpec, d *Node) {
	a := d.Elems
	if d.Kind != List || len(a) == 0 || a[0].Kind != String {
		l.errorf(d, "dimension must be (\"label/label/...\" (dx dy)), found %s", describe(d))
		return
	}
	labels := splitLabels(a[0].Text)
	if len(labels) == 0 {
		l.errorf(a[0], "dimension has no labels")
		return
	}
	var off [2]int
	if len(a) > 1 {
		// Z2J files sometimes give a third (depth) number; only dx dy matter.
		if a[1].Kind != List || len(a[1].Elems) < 2 {
			l.errorf(a[1], "dimension offset must be (dx dy)")
		} else {
			off[0], _ = l.intArg(a[1].Elems[0], "dimension offset")
			off[1], _ = l.intArg(a[1].Elems[1], "dimension offset")
		}
	}
	g.labels = append(g.labels, labels)
	g.offsets = append(g.offsets, off)
}

// splitLabels splits "a/b/c". A lone "a-i" or "9-1" is the Z2J range form.
func splitLabels(s string) []string {
	if !strings.Contains(s, "/") {
		if r := labelRange(s); r != nil {
			return r
		}
	}
	var out []string
	for _, p := range strings.Split(s, "/") {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// labelRange expands "a-i" (letters) or "9-1"/"1-12" (numbers), or returns nil.
func labelRange(s string) []string {
	lo, hi, ok := strings.Cut(s, "-")
	if !ok || lo == "" || hi == "" {
		return nil
	}
	if a, err1 := strconv.Atoi(lo); err1 == nil {
		if z, err2 := strconv.Atoi(hi); err2 == nil {
			return stepRange(a, z, strconv.Itoa)
		}
		return nil
	}
	if len(lo) == 1 && len(hi) == 1 && isLetter(lo[0]) && isLetter(hi[0]) {
		return stepRange(int(lo[0]), int(hi[0]), func(c int) string { return string(rune(c)) })
	}
	return nil
}

func stepRange(a, z int, f func(int) string) []string {
	step := 1
	if z < a {
		step = -1
	}
	var out []string
	for i := a; ; i += step {
		out = append(out, f(i))
		if i == z {
			return out
		}
	}
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// rect reads four integers.
func (l *lowerer) rect(n *Node, a []*Node) [4]int {
	var r [4]int
	if len(a) != 4 {
		l.errorf(n, "expected 4 numbers (x1 y1 x2 y2), found %d values", len(a))
		return r
	}
	for i, e := range a {
		r[i], _ = l.intArg(e, "rectangle")
	}
	return r
}

// addExplicitPositions reads (positions (name x1 y1 x2 y2) ...).
func (l *lowerer) addExplicitPositions(b *vm.Board, forms []*Node) {
	for _, f := range forms {
		for _, e := range f.Args() {
			p, ok := l.explicitPosition(e)
			if !ok {
				continue
			}
			if _, ok := b.AddPosition(p); !ok {
				l.errorf(e, "position %s is already defined", p.Name)
			}
		}
	}
}

// explicitPosition reads (name x1 y1 x2 y2), or a bare name (a Dagaz
// position without a place on screen, as in kauri.zrf).
func (l *lowerer) explicitPosition(e *Node) (vm.Position, bool) {
	if e.Kind == Atom && !isNumber(e.Text) {
		return vm.Position{Name: e.Text, Grid: -1}, true
	}
	if e.Kind != List || len(e.Elems) == 0 || e.Elems[0].Kind != Atom {
		l.errorf(e, "position must be (name x1 y1 x2 y2), found %s", describe(e))
		return vm.Position{}, false
	}
	return vm.Position{Name: e.Elems[0].Text, Grid: -1, Rect: l.rect(e, e.Elems[1:])}, true
}

// addDummies reads (dummy p ...): positions with no screen place.
func (l *lowerer) addDummies(b *vm.Board, forms []*Node) {
	for _, f := range forms {
		for _, e := range f.Args() {
			if e.Kind != Atom {
				l.errorf(e, "dummy position name expected, found %s", describe(e))
				continue
			}
			if _, ok := b.AddPosition(vm.Position{Name: e.Text, Grid: -1, Dummy: true}); !ok {
				l.warnf(e, "position %s is already defined; dummy ignored", e.Text)
			}
		}
	}
}

// killPositions deletes positions; a name that does not exist is only a
// warning, since removing it changes nothing.
func (l *lowerer) killPositions(b *vm.Board, forms []*Node) {
	kill := map[int]bool{}
	for _, f := range forms {
		for _, e := range f.Args() {
			if i, ok := b.PositionIndex(e.Text); ok && e.Kind == Atom {
				kill[i] = true
				l.killed[e.Text] = true
			} else {
				l.warnf(e, "kill-positions: no position %s%s", describe(e), l.posHint(e.Text))
			}
		}
	}
	b.RemovePositions(kill)
}

// addGridLinks creates each grid's direction links: a link exists when the
// target index vector lies in the same grid and its position was not killed.
func (l *lowerer) addGridLinks(b *vm.Board, grids []*gridSpec) {
	for _, g := range grids {
		at := map[string]int{}
		var members []int
		for i, p := range b.Positions {
			if p.Grid == g.index {
				at[coordKey(p.Coords)] = i
				members = append(members, i)
			}
		}
		for _, dn := range g.dirs {
			l.gridDirection(b, g, dn, at, members)
		}
	}
}

func (l *lowerer) gridDirection(b *vm.Board, g *gridSpec, dn *Node, at map[string]int, members []int) {
	a := dn.Elems
	if dn.Kind != List || len(a) < 2 || a[0].Kind != Atom {
		l.errorf(dn, "direction must be (name d1 d2 ...), found %s", describe(dn))
		return
	}
	if len(a)-1 > len(g.labels) {
		l.errorf(dn, "direction %s has %d deltas but the grid has %d dimensions", a[0].Text, len(a)-1, len(g.labels))
		return
	}
	delta := make([]int, len(g.labels)) // missing deltas are 0
	for i, e := range a[1:] {
		v, ok := l.intArg(e, "direction delta")
		if !ok {
			return
		}
		delta[i] = v
	}
	d := b.AddDir(a[0].Text)
	target := make([]int, len(delta))
	for _, p := range members {
		for k, c := range b.Positions[p].Coords {
			target[k] = c + delta[k]
		}
		if t, ok := at[coordKey(target)]; ok {
			b.SetLink(d, p, t)
		}
	}
}

func coordKey(c []int) string {
	var s strings.Builder
	for _, v := range c {
		s.WriteString(strconv.Itoa(v))
		s.WriteByte(',')
	}
	return s.String()
}

// addLinks reads (links dir (from to) ...): one-way links; a later link
// replaces an earlier one from the same position.
func (l *lowerer) addLinks(b *vm.Board, n *Node) {
	a := n.Args()
	if len(a) == 0 || a[0].Kind != Atom {
		l.errorf(n, "links must be (links direction (from to) ...)")
		return
	}
	d := b.AddDir(a[0].Text)
	for _, pair := range a[1:] {
		if from, to, ok := l.positionPair(b, pair); ok {
			b.SetLink(d, from, to)
		}
	}
}

// unlink reads (unlink (a b) c ...): (a b) removes a->b in every direction;
// a bare position loses all its outgoing links. One-way, as in Dagaz.
func (l *lowerer) unlink(b *vm.Board, n *Node) {
	for _, e := range n.Args() {
		if e.Kind == Atom {
			p, ok := l.livePosition(b, e)
			if !ok {
				continue
			}
			for d := range b.Dirs {
				b.SetLink(d, p, vm.NoPos)
			}
			continue
		}
		if d, ok := l.unlinkDir(b, e); ok {
			if from, ok := l.livePosition(b, e.Elems[0]); ok {
				b.SetLink(d, from, vm.NoPos)
			}
			continue
		}
		from, to, ok := l.positionPair(b, e)
		if !ok {
			continue
		}
		for d := range b.Dirs {
			if b.Link(d, from) == to {
				b.SetLink(d, from, vm.NoPos)
			}
		}
	}
}

// unlinkDir recognizes the (position direction) form of an unlink item
// (Sahkku.zrf), which removes that one link.
func (l *lowerer) unlinkDir(b *vm.Board, e *Node) (int, bool) {
	if e.Kind != List || len(e.Elems) != 2 || e.Elems[1].Kind != Atom {
		return 0, false
	}
	if _, isPos := b.PositionIndex(e.Elems[1].Text); isPos {
		return 0, false
	}
	return b.DirIndex(e.Elems[1].Text)
}

func (l *lowerer) positionPair(b *vm.Board, n *Node) (int, int, bool) {
	if n.Kind != List || len(n.Elems) != 2 {
		l.errorf(n, "expected a position pair (from to), found %s", describe(n))
		return 0, 0, false
	}
	from, ok1 := l.livePosition(b, n.Elems[0])
	to, ok2 := l.livePosition(b, n.Elems[1])
	return from, to, ok1 && ok2
}

// position resolves a position name on board b.
func (l *lowerer) position(b *vm.Board, n *Node) (int, bool) {
	if n.Kind == Atom {
		if i, ok := b.PositionIndex(n.Text); ok {
			return i, true
		}
	}
	l.lookupFailed(n, "unknown position %s%s", describe(n), l.posHint(n.Text))
	return 0, false
}

// livePosition resolves a position in a board form; naming a killed position
// there is only a warning (the link or zone member is dropped), since a
// kill-positions that shapes the board makes such mentions harmless.
func (l *lowerer) livePosition(b *vm.Board, n *Node) (int, bool) {
	if l.killed[n.Text] && n.Kind == Atom {
		l.warnf(n, "position %s was removed by kill-positions; ignored here", n.Text)
		return 0, false
	}
	return l.position(b, n)
}

// direction resolves a direction name on board b.
func (l *lowerer) direction(b *vm.Board, n *Node) (int, bool) {
	if n.Kind == Atom {
		if i, ok := b.DirIndex(n.Text); ok {
			l.trace.ask(askDir, n.Text, true) // b is the game's board when tracing
			return i, true
		}
	}
	l.lookupFailed(n, "unknown direction %s%s", describe(n), l.hint(n.Text, b.Dirs))
	return 0, false
}

// symmetry reads (symmetry Player (from to) ...).
func (l *lowerer) symmetry(b *vm.Board, n *Node) {
	a := n.Args()
	if len(a) == 0 {
		l.errorf(n, "symmetry must be (symmetry Player (from to) ...)")
		return
	}
	players := l.playerList(a[0])
	for _, pair := range a[1:] {
		if pair.Kind != List || len(pair.Elems) != 2 {
			l.errorf(pair, "expected a direction pair (from to), found %s", describe(pair))
			continue
		}
		from, ok1 := l.direction(b, pair.Elems[0])
		to, ok2 := l.direction(b, pair.Elems[1])
		if !ok1 || !ok2 {
			continue
		}
		for _, p := range players {
			b.Symmetry[p][from] = to
		}
	}
}

// zone reads (zone (name Z) (players P ...) (positions p ...)).
func (l *lowerer) zone(b *vm.Board, n *Node) {
	var name *Node
	var players, positions []int
	for _, s := range n.Args() {
		switch s.Head() {
		case "glyph", "help", "image":
			// Display only (Dagaz).
		case "name":
			if len(s.Args()) == 1 && s.Args()[0].Kind == Atom {
				name = s.Args()[0]
			} else {
				l.errorf(s, "zone name must be one atom")
			}
		case "players":
			for _, p := range s.Args() {
				if i, ok := l.player(p); ok {
					players = append(players, i)
				}
			}
		case "positions":
			for _, p := range s.Args() {
				if i, ok := l.livePosition(b, p); ok {
					positions = append(positions, i)
				}
			}
		default:
			l.errorf(s, "unknown zone form %s%s", describe(s), l.hint(s.Head(), []string{"name", "players", "positions"}))
		}
	}
	if name == nil {
		l.errorf(n, "zone has no (name ...)")
		return
	}
	b.AddZone(name.Text, players, len(l.g.Players), positions)
}

// posHint is a did-you-mean over the board's positions, computed only while
// hints are still printed (boards can be large).
func (l *lowerer) posHint(s string) string {
	if len(l.errs) >= MaxErrors {
		return ""
	}
	return hint(s, positionNames(l.g.Board))
}

// positionNames lists the board's position names, for hints.
func positionNames(b *vm.Board) []string {
	out := make([]string, len(b.Positions))
	for i, p := range b.Positions {
		out[i] = p.Name
	}
	return out
}
