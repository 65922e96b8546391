// This file defines what the games and variants of one file share: a
// variant inherits its game's pieces as the very same nodes, so a move
// definition lowered and compiled for the game is reused for each variant
// whose name tables answer every question that work asked the same way.
// Ragnarok.zrf has 15 games and variants over one set of 7,400 move
// definitions; lowering and compiling them once instead of 15 times is most
// of what loading it costs.

package zrf

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"zrun/vm"
)

// fileCache holds what the games and variants of one file share.
type fileCache struct {
	// elsewhere holds direction, zone and position names of every board of
	// the file (boardNames).
	elsewhere map[string]bool
	atoms     atomLists  // for numberMoveTypes
	srcs      srcStrings // for the compiler
	// lowered holds the kept lowerings of each move definition; compiled,
	// by the first element of a kept lowering's statement list, its
	// compilation (nil until made): not by the first statement, which
	// definitions called at the same place may share (lowerShared). Both
	// are keyed by pointers, which hash fast: there are a hundred thousand
	// look-ups in Ragnarok.zrf.
	lowered  map[*Node][]*loweredDef
	compiled map[**Stmt]*compiledDef
	blocks   map[string]*blockMoves
	// usesLeft counts, per piece section, the blocks still to lower it:
	// recording what lowering asks is worth its cost only when another
	// block will ask again (Dakon.zrf builds each variant's pieces anew).
	usesLeft map[*Node]int
	// asks and looks are scratch traces, reused from one definition to the
	// next and copied when kept.
	asks  lowerTrace
	looks compileTrace
}

func newFileCache(forms []*Node) *fileCache {
	return &fileCache{
		elsewhere: boardNames(forms),
		atoms:     atomLists{},
		srcs:      srcStrings{},
		lowered:   map[*Node][]*loweredDef{},
		compiled:  map[**Stmt]*compiledDef{},
		blocks:    map[string]*blockMoves{},
		usesLeft:  map[*Node]int{},
	}
}

// countPieceUses notes that a block will lower the piece sections in secs.
func (c *fileCache) countPieceUses(secs []*Node) {
	for _, s := range secs {
		if s.Head() == "piece" {
			c.usesLeft[s]++
		}
	}
}

// shareDefs turns the sharing on (here, and of shared nodes within one
// definition, defMemo); tests turn it off to check that sharing changes no
// result.
var shareDefs = true

// maxShared bounds how many lowerings (or compilations) of one definition
// are kept, for games whose names differ: a file has a handful of boards.
const maxShared = 4

// askKind is a question lowering asks of a game's name tables: is the name
// a direction, a position, ...; or, for the last kinds, a change lowering
// makes to the tables (replayed, not asked).
type askKind uint8

const (
	askDir askKind = iota
	askPos
	askZone
	askPiece
	askAttr
	askPlayer
	askMoveType
	doMoveType  // declare the move type name
	doFlagRef   // flagRef(node, false, set)
	doPosFlagRf // flagRef(node, true, set)
)

// ask is one question and its answer, or one change.
type ask struct {
	kind askKind
	yes  bool // the answer; for a flag reference, whether it sets the flag
	name string
	node *Node // for a flag reference, with the context of its position
	ctx  Pos
	// rel: the context is the call position of the definition (in the
	// trace of a shared node's lowering, lowerShared)
	rel bool
}

// lowerTrace is what lowering one move definition asked and changed, in
// order, without repeats: a definition asks the same few questions again and
// again (is n a direction?), and the answer cannot change within its
// lowering, but for whether a name is a move type, which declaring one
// changes: a declaration starts afresh (since). Repeated changes are
// idempotent, so dropping them is sound too. Its methods do nothing on a
// nil trace, so lowering outside move definitions (boards, goals) records
// nothing.
type lowerTrace struct {
	asks  []ask
	since int             // asks before since are not repeats of later ones
	seen  map[askKey]bool // asks[since:], once they are too many to scan
}

// reset empties the trace for the next definition.
func (t *lowerTrace) reset() {
	t.asks, t.since = t.asks[:0], 0
	if t.seen != nil {
		resetMap(&t.seen)
	}
}

func (t *lowerTrace) add(a ask) {
	if t == nil {
		return
	}
	k := askKey{a.kind, a.yes, a.name, a.node}
	if tail := t.asks[t.since:]; len(tail) < maxScan {
		for i := range tail {
			if b := &tail[i]; b.kind == a.kind && b.yes == a.yes && b.node == a.node && b.name == a.name {
				return
			}
		}
	} else {
		if len(tail) == maxScan { // from now on, a set
			resetMap(&t.seen)
			for i := range tail {
				b := &tail[i]
				t.seen[askKey{b.kind, b.yes, b.name, b.node}] = true
			}
		}
		if t.seen[k] {
			return
		}
		t.seen[k] = true
	}
	if a.kind == doMoveType {
		t.since = len(t.asks)
	}
	t.asks = append(t.asks, a)
}

// maxScan is how many entries a trace scans for a repeat before it keeps a
// set instead.
const maxScan = 48

func (t *lowerTrace) ask(k askKind, name string, yes bool) {
	t.add(ask{kind: k, name: name, yes: yes})
}

func (t *lowerTrace) moveType(name string) {
	t.add(ask{kind: doMoveType, name: name})
}

func (t *lowerTrace) flagRef(n *Node, perPos, set bool, ctx Pos) {
	t.add(flagAsk(n, perPos, set, ctx))
}

// flagRefIn records a flag reference in a shared node's trace: a context
// that is the definition's call position def is relative.
func (t *lowerTrace) flagRefIn(n *Node, perPos, set bool, ctx, def Pos) {
	a := flagAsk(n, perPos, set, ctx)
	if ctx == def {
		a.ctx, a.rel = Pos{}, true
	}
	t.add(a)
}

// flagAsk is the ask of a reference to flag node n (a position flag when
// perPos) in the context ctx.
func flagAsk(n *Node, perPos, set bool, ctx Pos) ask {
	k := doFlagRef
	if perPos {
		k = doPosFlagRf
	}
	return ask{kind: k, yes: set, node: n, ctx: ctx}
}

type askKey struct {
	kind askKind
	yes  bool
	name string
	node *Node
}

// answer answers a question from the lowerer's tables.
func (l *lowerer) answer(k askKind, name string) bool {
	var ok bool
	switch k {
	case askDir:
		_, ok = l.g.Board.DirIndex(name)
	case askPos:
		_, ok = l.g.Board.PositionIndex(name)
	case askZone:
		_, ok = l.g.Board.ZoneIndex(name)
	case askPiece:
		_, ok = l.pieces[name]
	case askAttr:
		_, ok = l.attrs[name]
	case askPlayer:
		_, ok = l.players[name]
	case askMoveType:
		_, ok = l.moveTypes[name]
	}
	return ok
}

// has answers a question and records it in the trace.
func (l *lowerer) has(k askKind, name string) bool {
	yes := l.answer(k, name)
	l.trace.ask(k, name, yes)
	l.sub.ask(k, name, yes)
	return yes
}

// loweredDef is a lowering kept for reuse, of a definition of piece
// (create without a type creates the piece whose definition it is).
type loweredDef struct {
	piece string
	asks  []ask
	body  []*Stmt
}

// lowerDef lowers the statements of the move definition d. A lowering of
// d made for an earlier game or variant is reused when each of its
// questions gets the same answer here: lowering is a function of those
// answers, so it would produce the same statements. Replaying stops at the
// first different answer; the questions and changes before it are those
// lowering d anew asks and makes first, and asking again is harmless.
// Lowerings with errors or warnings are not kept: they are rare, and their
// messages are wanted for each game.
func (l *lowerer) lowerDef(d *Node) []*Stmt {
	l.defCtx = d.callPosIn(Pos{}) // d knows its call position (materialize)
	l.ctx = l.defCtx
	defer func() { l.ctx = Pos{} }()
	if !shareDefs {
		return l.stmts(d.Elems)
	}
	c := l.cache
	kept := c.lowered[d]
	for _, m := range kept {
		if m.piece != l.curPiece {
			continue
		}
		ok := l.replay(m.asks)
		l.ctx = l.defCtx
		if ok {
			return m.body
		}
	}
	if !l.recording || len(kept) >= maxShared {
		return l.stmts(d.Elems)
	}
	errs, warns := len(l.errs), len(l.gd.Warnings)
	l.trace = &c.asks
	l.trace.reset()
	body := l.stmts(d.Elems)
	l.trace = nil
	if len(l.errs) == errs && len(l.gd.Warnings) == warns {
		c.lowered[d] = append(kept, &loweredDef{piece: l.curPiece, asks: append([]ask(nil), c.asks.asks...), body: body})
		if len(body) > 0 {
			c.compiled[&body[0]] = nil // compilations of a kept lowering are kept too
		}
	}
	return body
}

// replay asks a kept lowering's questions again and makes its changes,
// reporting whether every answer is the same.
func (l *lowerer) replay(asks []ask) bool {
	for _, a := range asks {
		switch a.kind {
		case doMoveType:
			l.moveType(a.name)
		case doFlagRef, doPosFlagRf:
			l.ctx = a.ctx
			l.flagRef(a.node, a.kind == doPosFlagRf, a.yes)
		default:
			if l.answer(a.kind, a.name) != a.yes {
				return false
			}
		}
	}
	return true
}

// compileTrace is what compiling one definition looked up, in order,
// without repeats: a name looked up again has the index found the first
// time (a new flag or move type is numbered by its first look-up).
type compileTrace struct {
	looks []look
	seen  map[lookKey]int // index in looks, once looks are too many to scan
}

// look is one name looked up by the compiler and the index found (-1: none).
type look struct {
	kind  nameKind
	index int32
	name  string
}

type lookKey struct {
	kind nameKind
	name string
}

func (t *compileTrace) reset() {
	t.looks = t.looks[:0]
	if t.seen != nil {
		resetMap(&t.seen)
	}
}

// add records a look-up and returns its place in the trace.
func (t *compileTrace) add(k nameKind, name string, i int32) int {
	if len(t.looks) < maxScan {
		for j := range t.looks {
			if l := &t.looks[j]; l.kind == k && l.name == name {
				return j
			}
		}
	} else {
		if t.seen == nil {
			t.seen = map[lookKey]int{}
		}
		if len(t.looks) == maxScan {
			for j, l := range t.looks {
				t.seen[lookKey{l.kind, l.name}] = j
			}
		}
		key := lookKey{k, name}
		if j, ok := t.seen[key]; ok {
			return j
		}
		t.seen[key] = len(t.looks)
	}
	t.looks = append(t.looks, look{kind: k, index: i, name: name})
	return len(t.looks) - 1
}

// Compiling for keeps (compileShared), a name's index is not written into
// the code: the look-up's place in the trace is, as symbolBase+place, and
// link writes the game's indices in. Every other operand (jump targets,
// constants) is far smaller.
const symbolBase = 1 << 30

// compiledDef is a compilation kept for reuse: its code and lists with
// symbols for the names looked up (see symbolBase), and the programs made
// from it for the indices of each game's names.
type compiledDef struct {
	looks []look
	code  []vm.Inst
	src   []vm.SrcRun
	lists [][]int32
	made  []madeProg
}

type madeProg struct {
	indices []int32
	prog    *vm.Program
	what    string
	num     int
}

// compileShared compiles def as compile does, reusing a compilation made
// for an earlier game or variant: compiling does the same whatever indices
// its look-ups find, as long as each finds one, and writes each where the
// symbols are (see lowerDef for why replaying look-ups is sound). Looking a
// flag or move type up numbers it when new, as compiling would. A name some
// game lacks is an error: that game compiles the definition anew, to
// report it.
func compileShared(names *gameNames, cache *fileCache, def *MoveDef, what string, num int) (*vm.Program, ErrorList) {
	if len(def.Body) == 0 || !shareDefs {
		return compile(names, cache.srcs, def, what, num)
	}
	key := &def.Body[0]
	m, kept := cache.compiled[key]
	if !kept {
		return compile(names, cache.srcs, def, what, num)
	}
	if m != nil {
		if idx, ok := names.resolve(m.looks); ok {
			return m.program(idx, what, num), nil
		}
		return compile(names, cache.srcs, def, what, num)
	}
	names.trace = &cache.looks
	names.trace.reset()
	sym, errs := compile(names, cache.srcs, def, what, num)
	names.trace = nil
	if len(errs) > 0 {
		return sym, errs
	}
	m = &compiledDef{looks: append([]look(nil), cache.looks.looks...), code: sym.Code, src: sym.Src, lists: sym.Lists}
	cache.compiled[key] = m
	idx := make([]int32, len(m.looks))
	for i, l := range m.looks {
		idx[i] = l.index
	}
	return m.program(idx, what, num), nil
}

// resolve looks the names up in this game, in order, returning their
// indices, or false when one is missing.
func (n *gameNames) resolve(looks []look) ([]int32, bool) {
	idx := make([]int32, len(looks))
	for i, l := range looks {
		if idx[i] = n.lookup(l.kind, l.name); idx[i] < 0 {
			return nil, false
		}
	}
	return idx, true
}

// program returns the program for these indices, named "what #num": one
// made before when the indices are the same.
func (m *compiledDef) program(idx []int32, what string, num int) *vm.Program {
	for _, p := range m.made {
		if !slices.Equal(p.indices, idx) {
			continue
		}
		if p.what == what && p.num == num {
			return p.prog
		}
		// The same code under this game's name for it.
		return &vm.Program{Name: progName(what, num), Code: p.prog.Code, Src: p.prog.Src, Lists: p.prog.Lists}
	}
	link := func(v int32) int32 {
		if v >= symbolBase {
			return idx[v-symbolBase]
		}
		return v
	}
	p := &vm.Program{Name: progName(what, num), Code: make([]vm.Inst, len(m.code)), Src: m.src}
	for i, in := range m.code {
		in.A, in.B, in.L = link(in.A), link(in.B), link(in.L)
		p.Code[i] = in
	}
	if m.lists != nil {
		p.Lists = make([][]int32, len(m.lists))
		for i, l := range m.lists {
			p.Lists[i] = make([]int32, len(l))
			for j, v := range l {
				p.Lists[i][j] = link(v)
			}
		}
	}
	m.made = append(m.made, madeProg{indices: idx, prog: p, what: what, num: num})
	return p
}

// blockMoves is the lowering and compilation of the pieces' moves and drops
// of a game or variant, kept for the blocks after it whose pieces and name
// tables are the same (blockKey): Ragnarok.zrf's variants come in threes
// that differ only in their setups, so the second and third of each take
// the first's statements and programs whole, without even asking the
// questions of each definition again.
type blockMoves struct {
	moves, drops [][]*MoveDef
	// what lowering left in the tables
	moveTypes   []string
	typeDefined map[string]bool
	flagSet     map[flagName]bool
	flagTested  map[flagName]placed
	// what compiling made, once compiled without errors
	compiled        bool
	pieceMoves      [][]vm.MoveBlock
	pieceDrops      [][]vm.MoveBlock
	flags, posFlags []string
	moveTypesAfter  []string
}

// blockKey is what lowering and compiling the moves of these pieces depends
// on: the piece sections themselves, and the names of the board's
// directions, positions and zones, of the piece types, attributes, players
// and move types, in order (orders make the indices compiled in).
func (l *lowerer) blockKey(pieces []*Node) string {
	var b strings.Builder
	for _, pn := range pieces {
		fmt.Fprintf(&b, "%p ", pn)
	}
	list := func(names []string) {
		b.WriteByte('|')
		for _, s := range names {
			b.WriteString(s)
			b.WriteByte(0)
		}
	}
	bd := l.g.Board
	list(bd.Dirs)
	list(positionNames(bd))
	list(zoneNames(bd))
	names := make([]string, len(l.g.Pieces))
	for i, pt := range l.g.Pieces {
		names[i] = pt.Name
	}
	list(names)
	list(l.g.Attributes)
	names = names[:0]
	for _, pl := range l.g.Players {
		names = append(names, pl.Name)
	}
	list(names)
	list(l.g.MoveTypes)
	return b.String()
}

// reuseBlock takes the kept moves of an earlier block with the same key,
// reporting whether there was one.
func (l *lowerer) reuseBlock(key string) bool {
	m := l.cache.blocks[key]
	if m == nil {
		return false
	}
	copy(l.gd.Moves, m.moves)
	copy(l.gd.Drops, m.drops)
	for _, t := range m.moveTypes[len(l.g.MoveTypes):] {
		l.moveType(t)
	}
	maps.Copy(l.typeDefined, m.typeDefined)
	maps.Copy(l.flagSet, m.flagSet)
	maps.Copy(l.flagTested, m.flagTested)
	l.kept = m
	return true
}

// keepBlock keeps the moves just lowered, when lowering them reported
// nothing (messages are wanted for each block).
func (l *lowerer) keepBlock(key string, errs, warns, zones int) {
	if len(l.errs) != errs || len(l.gd.Warnings) != warns || len(l.gd.Skipped) > 0 || len(l.g.Board.Zones) != zones {
		return
	}
	m := &blockMoves{
		moves:       slices.Clone(l.gd.Moves),
		drops:       slices.Clone(l.gd.Drops),
		moveTypes:   slices.Clone(l.g.MoveTypes),
		typeDefined: maps.Clone(l.typeDefined),
		flagSet:     maps.Clone(l.flagSet),
		flagTested:  maps.Clone(l.flagTested),
	}
	l.cache.blocks[key] = m
	l.kept = m
}

// compileBlock compiles gd's moves, or takes the programs compiled for the
// block whose moves gd took (m, or nil), which started from the same
// tables.
func compileBlock(gd *GameDef, c *fileCache, m *blockMoves) ErrorList {
	g := gd.Game
	if m == nil || len(g.Flags) > 0 || len(g.PosFlags) > 0 || !slices.Equal(g.MoveTypes, m.moveTypes) {
		return compileGame(gd, c)
	}
	if m.compiled {
		for i, pt := range g.Pieces {
			pt.Moves, pt.Drops = m.pieceMoves[i], m.pieceDrops[i]
		}
		g.Flags, g.PosFlags = slices.Clone(m.flags), slices.Clone(m.posFlags)
		g.MoveTypes = slices.Clone(m.moveTypesAfter)
		return nil
	}
	errs := compileGame(gd, c)
	if len(errs) == 0 {
		m.compiled = true
		m.pieceMoves = make([][]vm.MoveBlock, len(g.Pieces))
		m.pieceDrops = make([][]vm.MoveBlock, len(g.Pieces))
		for i, pt := range g.Pieces {
			m.pieceMoves[i], m.pieceDrops[i] = pt.Moves, pt.Drops
		}
		m.flags, m.posFlags = slices.Clone(g.Flags), slices.Clone(g.PosFlags)
		m.moveTypesAfter = slices.Clone(g.MoveTypes)
	}
	return errs
}
