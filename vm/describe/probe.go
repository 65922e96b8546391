// This file defines the probe behind Piece: it runs one piece type's
// move programs on otherwise empty boards and records, as offsets, where the
// piece goes, what it captures, which squares a move passes (a friendly
// blocker there stops it), hops over a screen, first-move-only moves and
// castling.

package describe

import (
	"fmt"
	"sort"

	"zrun/vm"
)

// offset is a move's displacement (dx right, dy up) from its start square.
type offset [2]int

// probedMove is one target seen by the probe.
type probedMove struct {
	v       offset
	capture bool     // a capture of an enemy on v (else a move to the empty v)
	initial bool     // only a piece that has not moved has it
	path    []offset // squares (relative to the start) a blocker there stops it
	hop     bool     // needs a screen: screen is the screen's distance along v's line
	screen  int
}

// observation is everything the probe saw.
type observation struct {
	moves   []probedMove
	castles []int // the king's dx of each castling move
	jumps   [][2]offset
	ep      []offset // capture targets where it also captures en passant
	marks   []SquareMark
	notes   []string
}

type prober struct {
	g      *vm.Game
	geo    *betzaGeom
	t      int
	pl     int // the player whose piece is probed
	s      *vm.State
	ml     vm.MoveList
	origin int32
	setup  int32   // a start square of the type for the first player, or NoPos
	moved  vm.Cell // the piece as it is after having moved (attributes cleared)
	fresh  vm.Cell // the piece with its default attributes
	friend vm.Cell // a blocker / screen
	enemy  vm.Cell // a target for captures
	err    error
	// open[p]: the piece can stand on p (some move from some square ends
	// there); squares it can never enter (reserve rows...) count as edge.
	open  []bool
	jumps [][2]offset // jumping captures from the origin: (captured, landing)
	noted map[string]bool
	notes []string
}

func newProber(g *vm.Game, geo *betzaGeom, t, pl int) (*prober, error) {
	s, err := vm.NewState(g)
	if err != nil {
		return nil, err
	}
	pr := &prober{g: g, geo: geo, t: t, pl: pl, s: s, setup: vm.NoPos, noted: map[string]bool{}}
	if geo.centre(nil) == vm.NoPos {
		return nil, fmt.Errorf("the board's grid has no squares")
	}
	for _, it := range g.Setup {
		if it.Type == t && it.Player == pl && it.Pos >= 0 && geo.xy[it.Pos][0] >= 0 {
			pr.setup = int32(it.Pos)
			break
		}
	}
	pr.fresh = g.FreshPiece(t, pl)
	pr.moved = vm.MakeCell(t, pl, 0)
	other := plainType(g, t)
	pr.friend = g.FreshPiece(other, pl)
	if len(g.Players) > 1 {
		pr.enemy = g.FreshPiece(other, (pl+1)%len(g.Players))
	} else {
		pr.enemy = vm.Empty
	}
	pr.findOpen()
	pr.origin = geo.centre(pr.open)
	return pr, nil
}

// findOpen marks the squares the piece can move to from some square of an
// otherwise empty board (all grid squares when it cannot move at all).
func (pr *prober) findOpen() {
	pr.open = make([]bool, len(pr.s.Board))
	any := false
	for p := range pr.s.Board {
		if pr.geo.xy[p][0] < 0 {
			continue
		}
		pr.place(map[int32]vm.Cell{int32(p): pr.moved})
		q, _ := pr.targets(int32(p))
		for to := range q {
			if pr.geo.xy[to][0] >= 0 {
				pr.open[to], any = true, true
			}
		}
	}
	if !any {
		for p := range pr.open {
			pr.open[p] = pr.geo.xy[p][0] >= 0
		}
	}
}

// isOpen reports whether the square can hold the piece (NoPos cannot).
func (pr *prober) isOpen(p int32) bool { return p != vm.NoPos && pr.open[p] }

// openAt reports whether the square at offset v from the origin can hold the piece.
func (pr *prober) openAt(v offset) bool { return pr.isOpen(pr.geo.offset(pr.origin, v[0], v[1])) }

// plainType picks a type to use as blocker and target: the first type that
// is royal for nobody, preferring one other than t.
func plainType(g *vm.Game, t int) int {
	royal := map[int]bool{}
	for pl := range g.Players {
		for _, u := range g.RoyalTypes(pl) {
			royal[u] = true
		}
	}
	best := -1
	for u := range g.Pieces {
		if royal[u] {
			continue
		}
		if u != t {
			return u
		}
		best = u
	}
	if best < 0 {
		best = t
	}
	return best
}

// centre returns the grid square nearest the middle (d4 on 8x8, e4 on 10x8),
// among the open squares when open is given and has any. A square next
// to a hole in the board (Thud's Thudstone in the middle of its 15x15
// grid) would show a piece's moves towards the hole as missing, so an
// open square whose eight neighbours are all open is preferred.
func (g *betzaGeom) centre(open []bool) int32 {
	cx, cy := (g.w-1)/2, (g.h-1)/2
	isOpen := func(x, y int) bool {
		if x < 0 || y < 0 || x >= g.w || y >= g.h {
			return false
		}
		p := g.pos(x, y)
		return p != vm.NoPos && (open == nil || open[p])
	}
	surrounded := func(x, y int) bool {
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if !isOpen(x+dx, y+dy) {
					return false
				}
			}
		}
		return true
	}
	best, bestD := int32(vm.NoPos), 1<<30
	for _, inner := range []bool{true, false} {
		for y := 0; y < g.h; y++ {
			for x := 0; x < g.w; x++ {
				if isOpen(x, y) && (!inner || surrounded(x, y)) {
					if d := (x-cx)*(x-cx) + (y-cy)*(y-cy); d < bestD {
						best, bestD = g.pos(x, y), d
					}
				}
			}
		}
		if best != vm.NoPos {
			break
		}
	}
	return best
}

func (pr *prober) note(msg string) {
	if !pr.noted[msg] {
		pr.noted[msg] = true
		pr.notes = append(pr.notes, msg)
	}
}

// place empties the board and puts the given cells on it.
func (pr *prober) place(cells map[int32]vm.Cell) {
	s := pr.s
	for i := range s.Board {
		s.Board[i] = vm.Empty
	}
	for p, c := range cells {
		if p >= 0 && c != vm.Empty {
			s.Board[p] = c
		}
	}
	s.Turn, s.Partial, s.PartialType = pr.firstTurn(), vm.NoPos, -1
	s.LastFrom, s.LastTo = vm.NoPos, vm.NoPos
	s.Rehash()
}

func (pr *prober) firstTurn() int {
	for i, tu := range pr.g.TurnOrder {
		if tu.As == pr.pl {
			return i
		}
	}
	return 0
}

// gen runs the move programs of the piece on from (every move type a turn
// may use; no priorities, no check filter) and returns the moves.
func (pr *prober) gen(from int32) []vm.Move {
	pr.ml.Reset()
	if pr.err != nil {
		return nil
	}
	c := pr.s.Board[from]
	for _, b := range pr.g.Pieces[c.Type()].Moves {
		if b.Prog == nil || !pr.typeUsed(b.Type) {
			continue
		}
		if err := pr.s.RunProgram(b.Prog, from, pr.pl, b.Type, &pr.ml); err != nil {
			pr.err = err
			pr.note("a move program failed: " + err.Error())
			return nil
		}
	}
	return pr.ml.Moves
}

// typeUsed reports whether some turn of the first player may use move type mt
// (continuation-only types are not probed from scratch).
func (pr *prober) typeUsed(mt int) bool {
	for _, tu := range pr.g.TurnOrder {
		if tu.As == pr.pl && (tu.MoveType == vm.AnyMoveType || tu.MoveType == mt) {
			return true
		}
	}
	return false
}

// moveOf reads one move of the piece from `from`: where the piece lands,
// which squares it captures on (a piece carried away from the landing
// square, as Shogi-like files do to put it in hand, counts as captured),
// how many pieces move (castling moves two) and whether it does anything
// else.
func moveOf(m *vm.Move, from int32) (to int32, caps []int32, pieces int, odd bool) {
	to = vm.NoPos
	for _, a := range m.Actions(nil) {
		if a.Kind == vm.ActMove && a.From == from {
			to = a.To
			break
		}
	}
	for _, a := range m.Actions(nil) {
		switch a.Kind {
		case vm.ActMove:
			if to != vm.NoPos && a.From == to && a.From != from {
				caps = append(caps, to) // the occupant is carried off
				continue
			}
			pieces++
			if a.Captures && !(a.From == to && to != from) {
				caps = append(caps, a.To)
			}
		case vm.ActCapture:
			if a.Type >= 0 { // Type -1: the square was empty
				caps = append(caps, a.From)
			}
		case vm.ActChangeType, vm.ActSetAttr:
		default:
			odd = true
		}
	}
	// On a capture, creations and changes of owner are taken to be the
	// captured piece going to the captor's hand (Shogi-like files).
	return to, caps, pieces, odd && len(caps) == 0
}

// targets runs the piece on from and returns its quiet destinations and the
// squares where it captures (keyed by the captured square) with where it
// lands.
func (pr *prober) targets(from int32) (quiet map[int32]bool, caps map[int32]int32) {
	quiet, caps = map[int32]bool{}, map[int32]int32{}
	for i := range pr.gen(from) {
		m := &pr.ml.Moves[i]
		if m.Pass || m.Drop {
			continue
		}
		to, cs, pieces, odd := moveOf(m, from)
		if odd {
			pr.note("some moves do more than move and capture (create, flip or change owner)")
		}
		if m.Continue >= 0 {
			pr.note("some moves go on with a further move by the same piece (partial moves)")
		}
		if to == vm.NoPos || pieces > 1 {
			continue
		}
		if len(cs) == 0 {
			if to != from {
				quiet[to] = true
			}
			continue
		}
		for _, c := range cs {
			caps[c] = to
		}
	}
	return quiet, caps
}

// scan probes the piece (cell pc) on square at: its quiet moves, its captures
// (an enemy on each square in turn) and the squares each move passes.
func (pr *prober) scan(at int32, pc vm.Cell) (quiet, capture map[offset][]offset) {
	geo := pr.geo
	quiet, capture = map[offset][]offset{}, map[offset][]offset{}
	pr.place(map[int32]vm.Cell{at: pc})
	q, _ := pr.targets(at)
	for to := range q {
		if dx, dy, ok := geo.delta(at, to); ok {
			quiet[offset{dx, dy}] = pr.path(at, pc, to, false)
		}
	}
	if pr.enemy == vm.Empty {
		return quiet, capture
	}
	for sq := range pr.s.Board {
		sq := int32(sq)
		if sq == at || geo.xy[sq][0] < 0 {
			continue
		}
		pr.place(map[int32]vm.Cell{at: pc, sq: pr.enemy})
		_, c := pr.targets(at)
		land, ok := c[sq]
		if !ok {
			continue
		}
		if land != sq {
			pr.note("it captures a piece it does not land on (jumping capture)")
			if at == pr.origin && pc == pr.moved {
				ov, ok1 := pr.offsetOf(at, sq)
				lv, ok2 := pr.offsetOf(at, land)
				if ok1 && ok2 {
					pr.jumps = append(pr.jumps, [2]offset{ov, lv})
				}
			}
			continue
		}
		if dx, dy, ok := geo.delta(at, sq); ok {
			capture[offset{dx, dy}] = pr.path(at, pc, sq, true)
		}
	}
	return quiet, capture
}

// path finds the squares between at and to (in their bounding box) where a
// friendly blocker stops the move.
func (pr *prober) path(at int32, pc vm.Cell, to int32, capture bool) []offset {
	geo := pr.geo
	dx, dy, _ := geo.delta(at, to)
	var out []offset
	for x := min(0, dx); x <= max(0, dx); x++ {
		for y := min(0, dy); y <= max(0, dy); y++ {
			if (x == 0 && y == 0) || (x == dx && y == dy) {
				continue
			}
			b := geo.offset(at, x, y)
			if b == vm.NoPos {
				continue
			}
			cells := map[int32]vm.Cell{at: pc, b: pr.friend}
			if capture {
				cells[to] = pr.enemy
			}
			pr.place(cells)
			q, c := pr.targets(at)
			still := q[to]
			if capture {
				land, ok := c[to]
				still = ok && land == to
			}
			if !still {
				out = append(out, offset{x, y})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i][0]*out[i][0]+out[i][1]*out[i][1] < out[j][0]*out[j][0]+out[j][1]*out[j][1]
	})
	if len(out) == 0 && (iabs(dx) > 1 || iabs(dy) > 1) && pr.blockedByAll(at, pc, to, capture) {
		pr.note(fmt.Sprintf("the leap to (%d,%d) can be blocked, but only by several pieces at once (a multi-path move)", dx, dy))
	}
	return out
}

// blockedByAll reports whether the move from at to to fails when every
// other square of their bounding box holds a friendly piece.
func (pr *prober) blockedByAll(at int32, pc vm.Cell, to int32, capture bool) bool {
	dx, dy, _ := pr.geo.delta(at, to)
	cells := map[int32]vm.Cell{at: pc}
	for x := min(0, dx); x <= max(0, dx); x++ {
		for y := min(0, dy); y <= max(0, dy); y++ {
			if b := pr.geo.offset(at, x, y); b != vm.NoPos && b != at && b != to {
				cells[b] = pr.friend
			}
		}
	}
	if capture {
		cells[to] = pr.enemy
	}
	pr.place(cells)
	q, c := pr.targets(at)
	if capture {
		land, ok := c[to]
		return !ok || land != to
	}
	return !q[to]
}

var kingDirs = [8]offset{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// hops puts a friendly screen on each square of the eight lines from the
// origin and records the moves that need it.
func (pr *prober) hops(baseQuiet, baseCap map[offset][]offset) []probedMove {
	var out []probedMove
	o, pc := pr.origin, pr.moved
	for _, d := range kingDirs {
		for k := 1; ; k++ {
			b := pr.geo.offset(o, k*d[0], k*d[1])
			if b == vm.NoPos {
				break
			}
			pr.place(map[int32]vm.Cell{o: pc, b: pr.friend})
			q, _ := pr.targets(o)
			for to := range q {
				v, ok := pr.offsetOf(o, to)
				if _, base := baseQuiet[v]; ok && !base && !onRay(v, d, k) {
					pr.note("some moves appear only when a piece stands in the way (bent, branching or hopping moves Betza cannot spell here)")
				}
			}
			for j := k + 1; ; j++ {
				sq := pr.geo.offset(o, j*d[0], j*d[1])
				if sq == vm.NoPos {
					break
				}
				v := offset{j * d[0], j * d[1]}
				if _, base := baseQuiet[v]; q[sq] && !base {
					out = append(out, probedMove{v: v, hop: true, screen: k})
				}
			}
			if pr.enemy == vm.Empty {
				continue
			}
			for j := k + 1; ; j++ {
				sq := pr.geo.offset(o, j*d[0], j*d[1])
				if sq == vm.NoPos {
					break
				}
				pr.place(map[int32]vm.Cell{o: pc, b: pr.friend, sq: pr.enemy})
				_, c := pr.targets(o)
				v := offset{j * d[0], j * d[1]}
				if land, ok := c[sq]; ok && land == sq {
					if _, base := baseCap[v]; !base || pathHas(baseCap[v], offset{k * d[0], k * d[1]}) {
						out = append(out, probedMove{v: v, capture: true, hop: true, screen: k})
					}
				}
			}
		}
	}
	return out
}

func (pr *prober) offsetOf(from, to int32) (offset, bool) {
	dx, dy, ok := pr.geo.delta(from, to)
	return offset{dx, dy}, ok
}

// onRay reports whether v lies on the line of unit step d beyond k steps.
func onRay(v, d offset, k int) bool {
	for j := k + 1; j < 64; j++ {
		if v == (offset{j * d[0], j * d[1]}) {
			return true
		}
	}
	return false
}

func pathHas(p []offset, v offset) bool {
	for _, x := range p {
		if x == v {
			return true
		}
	}
	return false
}

// castles puts the piece on its start square with the outermost friendly
// pieces of its start row and records moves that move two pieces.
func (pr *prober) castles() []int {
	if pr.setup == vm.NoPos {
		return nil
	}
	at := pr.setup
	y := pr.geo.xy[at][1]
	cells := map[int32]vm.Cell{at: pr.fresh}
	ax := pr.geo.xy[at][0]
	left, right := -1, -1
	var leftCell, rightCell vm.Cell
	for _, it := range pr.g.Setup {
		if it.Player != pr.pl || it.Pos < 0 || int32(it.Pos) == at {
			continue
		}
		xy := pr.geo.xy[it.Pos]
		if xy[1] != y || xy[0] < 0 {
			continue
		}
		c := pr.g.FreshPiece(it.Type, pr.pl)
		if xy[0] < ax && (left < 0 || xy[0] < left) {
			left, leftCell = xy[0], c
		}
		if xy[0] > ax && xy[0] > right {
			right, rightCell = xy[0], c
		}
	}
	if left >= 0 {
		cells[pr.geo.pos(left, y)] = leftCell
	}
	if right >= 0 {
		cells[pr.geo.pos(right, y)] = rightCell
	}
	pr.place(cells)
	var out []int
	seen := map[int]bool{}
	for i := range pr.gen(at) {
		to, caps, pieces, _ := moveOf(&pr.ml.Moves[i], at)
		if pieces < 2 || len(caps) > 0 || to == vm.NoPos {
			continue
		}
		dx, dy, ok := pr.geo.delta(at, to)
		if ok && dy == 0 && dx != 0 && !seen[dx] {
			seen[dx] = true
			out = append(out, dx)
		}
	}
	sort.Ints(out)
	return out
}

// enPassant finds the capture targets v where the piece also takes an enemy
// that has just passed v: the enemy stands next to v, having come from the
// square on the other side of v (a pawn's double step, straight or, for
// Berolina pawns, diagonal). Every piece type is tried as the enemy (pawns
// are often separate types per side).
func (pr *prober) enPassant(baseC map[offset][]offset) []offset {
	if len(pr.g.Players) != 2 || !pr.readsLastMove() {
		return nil
	}
	var out []offset
	for v := range baseC {
		if iabs(v[0]) <= 1 && iabs(v[1]) <= 1 && pr.passedCapture(v) {
			out = append(out, v)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] || (out[i][0] == out[j][0] && out[i][1] < out[j][1]) })
	return out
}

// readsLastMove reports whether the piece's programs look at the previous
// move (only then can it capture en passant).
func (pr *prober) readsLastMove() bool {
	for _, b := range pr.g.Pieces[pr.t].Moves {
		if b.Prog != nil && b.Prog.ReadsLastMove() {
			return true
		}
	}
	return false
}

func (pr *prober) passedCapture(v offset) bool {
	to := pr.geo.offset(pr.origin, v[0], v[1])
	if to == vm.NoPos {
		return false
	}
	for _, d := range kingDirs {
		victim := pr.geo.offset(pr.origin, v[0]+d[0], v[1]+d[1])
		from := pr.geo.offset(pr.origin, v[0]-d[0], v[1]-d[1])
		if victim == vm.NoPos || from == vm.NoPos || victim == pr.origin || from == pr.origin {
			continue
		}
		for u := range pr.g.Pieces {
			pr.place(map[int32]vm.Cell{pr.origin: pr.moved, victim: vm.MakeCell(u, 1-pr.pl, 0)})
			pr.s.LastFrom, pr.s.LastTo = from, victim
			pr.s.Rehash()
			if _, c := pr.targets(pr.origin); c[victim] == to {
				if _, ok := c[victim]; ok {
					return true
				}
			}
		}
	}
	return false
}

// reach returns how many steps of u the piece makes along its line from the
// square with the most room that way, and whether it reaches the edge.
func (pr *prober) reach(u offset, capture bool) (int, bool) {
	best, room := int32(vm.NoPos), -1
	for p := range pr.s.Board {
		if !pr.isOpen(int32(p)) {
			continue
		}
		k := 0
		for pr.isOpen(pr.geo.offset(int32(p), (k+1)*u[0], (k+1)*u[1])) {
			k++
		}
		if k > room {
			best, room = int32(p), k
		}
	}
	if best == vm.NoPos || room <= 0 {
		return 0, true
	}
	k := 0
	for ; k < room; k++ {
		sq := pr.geo.offset(best, (k+1)*u[0], (k+1)*u[1])
		if capture {
			pr.place(map[int32]vm.Cell{best: pr.moved, sq: pr.enemy})
			_, c := pr.targets(best)
			if land, ok := c[sq]; !ok || land != sq {
				break
			}
		} else {
			pr.place(map[int32]vm.Cell{best: pr.moved})
			q, _ := pr.targets(best)
			if !q[sq] {
				break
			}
		}
	}
	return k, k == room
}

// observe runs all probes.
func (pr *prober) observe() *observation {
	obs := &observation{}
	baseQ, baseC := pr.scan(pr.origin, pr.moved)
	add := func(m map[offset][]offset, capture, initial bool) {
		for v, p := range m {
			obs.moves = append(obs.moves, probedMove{v: v, capture: capture, initial: initial, path: p})
		}
	}
	add(baseQ, false, false)
	add(baseC, true, false)
	obs.moves = append(obs.moves, pr.hops(baseQ, baseC)...)
	// First-move-only moves: with the default attributes, at the centre and
	// on the start square.
	initQ, initC := map[offset][]offset{}, map[offset][]offset{}
	collect := func(at int32) {
		q, c := pr.scan(at, pr.fresh)
		for v, p := range q {
			if !pr.explained(baseQ, v, p) {
				initQ[v] = p
			}
		}
		for v, p := range c {
			if !pr.explained(baseC, v, p) {
				initC[v] = p
			}
		}
	}
	if pr.fresh != pr.moved {
		collect(pr.origin)
	}
	if pr.setup != vm.NoPos && (pr.setup != pr.origin || pr.fresh == pr.moved) {
		collect(pr.setup)
	}
	add(initQ, false, true)
	add(initC, true, true)
	obs.castles = pr.castles()
	obs.ep = pr.enPassant(baseC)
	sort.Slice(obs.moves, func(i, j int) bool { return lessMove(&obs.moves[i], &obs.moves[j]) })
	obs.marks = make([]SquareMark, len(pr.s.Board))
	for _, m := range obs.moves {
		if m.hop {
			continue
		}
		p := pr.geo.offset(pr.origin, m.v[0], m.v[1])
		if p == vm.NoPos {
			continue
		}
		mk := MarkMove
		if m.capture {
			mk = MarkCapture
		}
		if m.initial {
			mk |= MarkInitial
		}
		obs.marks[p] |= mk
	}
	obs.notes = pr.notes
	obs.jumps = pr.jumps
	return obs
}

// explained reports whether a move to v passing path, seen elsewhere than on
// the origin, is one of the piece's usual moves: the origin probe saw it, or
// it continues a ride the origin probe saw running to the edge.
func (pr *prober) explained(base map[offset][]offset, v offset, path []offset) bool {
	if _, ok := base[v]; ok {
		return true
	}
	u, n, ok := decompose(v, path)
	if !ok || n < 2 {
		return false
	}
	top := 0
	for {
		if _, ok := base[offset{(top + 1) * u[0], (top + 1) * u[1]}]; !ok {
			break
		}
		top++
	}
	return top >= 1 && !pr.openAt(offset{(top + 1) * u[0], (top + 1) * u[1]})
}

func lessMove(a, b *probedMove) bool {
	if a.initial != b.initial {
		return !a.initial
	}
	if a.hop != b.hop {
		return !a.hop
	}
	if a.capture != b.capture {
		return !a.capture
	}
	if a.v[0] != b.v[0] {
		return a.v[0] < b.v[0]
	}
	if a.v[1] != b.v[1] {
		return a.v[1] < b.v[1]
	}
	return a.screen < b.screen
}
