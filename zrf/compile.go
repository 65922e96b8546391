// This file compiles typed move trees to vm programs.

package zrf

import (
	"fmt"

	"zrun/vm"
)

// compileGame compiles every move and drop definition of gd into gd.Game's
// pieces. Names are resolved against the game: directions, positions, piece
// types, zones, attributes, players and move types; flags and position flags
// get indices on first use.
func compileGame(gd *GameDef, cache *fileCache) ErrorList {
	g := gd.Game
	names := newGameNames(g)
	var errs ErrorList
	for i, pt := range g.Pieces {
		pt.Moves, pt.Drops = nil, nil
		if i < len(gd.Moves) {
			pt.Moves = compileBlocks(names, cache, pt.Name+" moves", gd.Moves[i], &errs)
		}
		if i < len(gd.Drops) {
			pt.Drops = compileBlocks(names, cache, pt.Name+" drops", gd.Drops[i], &errs)
		}
	}
	return errs
}

func compileBlocks(names *gameNames, cache *fileCache, what string, defs []*MoveDef, errs *ErrorList) []vm.MoveBlock {
	var out []vm.MoveBlock
	for j, def := range defs {
		prog, cerrs := compileShared(names, cache, def, what, j+1)
		if len(cerrs) > 0 {
			*errs = append(*errs, cerrs...)
			continue
		}
		mt := names.index(nameMoveType, def.MoveType)
		out = append(out, vm.MoveBlock{Type: int(mt), Prog: prog, Source: cache.srcs.of(def.Pos)})
	}
	return out
}

// compile compiles one definition, into a program named "what #num".
func compile(names *gameNames, srcs srcStrings, def *MoveDef, what string, num int) (*vm.Program, ErrorList) {
	c := &names.comp
	*c = compiler{g: names.g, names: names, prog: &vm.Program{Name: progName(what, num)}, die: -1, srcs: srcs,
		code: c.code[:0], src: c.src[:0], labels: c.labels[:0], fixups: c.fixups[:0]}
	c.compileDef(def)
	return c.prog, c.errs
}

func progName(what string, num int) string { return fmt.Sprintf("%s #%d", what, num) }

// nameKind is a kind of name the compiler looks up in the game.
type nameKind uint8

const (
	nameDir nameKind = iota
	namePos
	nameZone
	namePiece
	nameAttr
	namePlayer
	nameFlag     // added when new
	namePosFlag  // added when new
	nameMoveType // added when new
)

// gameNames indexes a game's names for the compiler: vm's lookups scan
// slices, and a big game has over a hundred piece types, named by a million
// instructions. Flags, position flags and move types are numbered on first
// use, so looking them up may add them.
type gameNames struct {
	g *vm.Game
	// by kind, for the kinds kept in slices of names (piece types, players,
	// attributes, flags, position flags, move types).
	idx [nameMoveType + 1]map[string]int32
	// trace, when not nil, records each look-up and its result (memo.go).
	trace *compileTrace
	// comp is the compiler, reused from one definition to the next so that
	// its buffers are too.
	comp compiler
}

func newGameNames(g *vm.Game) *gameNames {
	n := &gameNames{g: g}
	if len(g.MoveTypes) == 0 {
		g.MoveTypes = []string{""}
	}
	fill := func(k nameKind, names []string) {
		m := make(map[string]int32, len(names))
		for i, s := range names {
			if _, dup := m[s]; !dup { // the first wins, as in vm's look-ups
				m[s] = int32(i)
			}
		}
		n.idx[k] = m
	}
	pieces := make([]string, len(g.Pieces))
	for i, pt := range g.Pieces {
		pieces[i] = pt.Name
	}
	players := make([]string, len(g.Players))
	for i, pl := range g.Players {
		players[i] = pl.Name
	}
	fill(namePiece, pieces)
	fill(namePlayer, players)
	fill(nameAttr, g.Attributes)
	fill(nameFlag, g.Flags)
	fill(namePosFlag, g.PosFlags)
	fill(nameMoveType, g.MoveTypes)
	return n
}

// index returns the index of a name, or -1 when the game has no such name.
// A new flag, position flag or move type is added (at most maxFlags flags).
func (n *gameNames) index(k nameKind, name string) int32 {
	i := n.lookup(k, name)
	if n.trace == nil || i < 0 {
		return i
	}
	return symbolBase + int32(n.trace.add(k, name, i)) // see symbolBase
}

func (n *gameNames) lookup(k nameKind, name string) int32 {
	b := n.g.Board
	var i int
	var ok bool
	switch k {
	case nameDir:
		i, ok = b.DirIndex(name)
	case namePos:
		i, ok = b.PositionIndex(name)
	case nameZone:
		i, ok = b.ZoneIndex(name)
	default:
		var j int32
		if j, ok = n.idx[k][name]; ok {
			return j
		}
		return n.add(k, name)
	}
	if !ok {
		return -1
	}
	return int32(i)
}

// add numbers a new flag, position flag or move type; other names are not
// added (-1).
func (n *gameNames) add(k nameKind, name string) int32 {
	g := n.g
	var list *[]string
	switch k {
	case nameFlag:
		if len(g.Flags) >= maxFlags {
			return -1
		}
		list = &g.Flags
	case namePosFlag:
		list = &g.PosFlags
	case nameMoveType:
		list = &g.MoveTypes
	default:
		return -1
	}
	*list = append(*list, name)
	i := int32(len(*list) - 1)
	n.idx[k][name] = i
	return i
}

type compiler struct {
	def   *MoveDef // being compiled
	g     *vm.Game
	names *gameNames
	prog  *vm.Program
	errs  ErrorList
	srcs  srcStrings
	// code and src are the program being emitted: the code, and the
	// sources of its statements (vm.Program.Src). They are copied into
	// prog at the end, exactly sized, and reused for the next definition.
	code []vm.Inst
	src  []vm.SrcRun
	// curSrc is the source of the instructions being emitted, made from
	// curPos: consecutive statements mostly come from the same macro call,
	// so have the same position.
	curSrc string
	curPos Pos
	// die is the label of the shared "the run dies" instruction.
	die    int
	labels []int // label -> pc (-1 until placed)
	fixups []fixup
}

type fixup struct{ pc, label int }

func (c *compiler) errorf(p Pos, format string, args ...any) {
	c.errs = append(c.errs, &Error{Pos: p, Msg: fmt.Sprintf(format, args...)})
}

func (c *compiler) newLabel() int {
	c.labels = append(c.labels, -1)
	return len(c.labels) - 1
}

func (c *compiler) place(l int) { c.labels[l] = len(c.code) }

func (c *compiler) emit(in vm.Inst) int {
	c.code = append(c.code, in)
	c.src = vm.AppendSrc(c.src, len(c.code)-1, c.curSrc)
	return len(c.code) - 1
}

// emitJump emits an instruction whose B operand is a label, patched at the end.
func (c *compiler) emitJump(in vm.Inst, label int) {
	pc := c.emit(in)
	c.fixups = append(c.fixups, fixup{pc, label})
}

// setSrc makes p the source of the instructions emitted next.
func (c *compiler) setSrc(p Pos) {
	if p != c.curPos || c.curSrc == "" {
		c.curSrc, c.curPos = c.srcs.of(p), p
	}
}

// srcStrings interns the printed positions of a file's statements: every
// instruction carries the position of its statement as text, millions of
// instructions in a big file, from far fewer positions.
type srcStrings map[Pos]string

func (m srcStrings) of(p Pos) string {
	s, ok := m[p]
	if !ok {
		s = p.String()
		m[p] = s
	}
	return s
}

func (c *compiler) compileDef(def *MoveDef) {
	c.def = def
	c.setSrc(def.Pos)
	c.die = c.newLabel()
	c.stmts(def.Body)
	c.emit(vm.Inst{Op: vm.OpEnd})
	c.place(c.die)
	c.emit(vm.Inst{Op: vm.OpDie})
	for _, f := range c.fixups {
		c.code[f.pc].B = int32(c.labels[f.label])
	}
	c.prog.Code = append([]vm.Inst(nil), c.code...)
	c.prog.Src = append([]vm.SrcRun(nil), c.src...)
}

func (c *compiler) stmts(list []*Stmt) {
	for i := 0; i < len(list); i++ {
		if i+1 < len(list) && c.trySlide(list[i], list[i+1]) {
			i++
			continue
		}
		c.stmt(list[i])
	}
}

// trySlide recognises "d (while empty? add d)" and emits one OpSlide.
func (c *compiler) trySlide(step, loop *Stmt) bool {
	if step.Op != StmtStep || loop.Op != StmtWhile || loop.Cond == nil ||
		loop.Cond.Op != ExprEmpty || loop.Cond.Arg.Kind != ArgNone || len(loop.Body) != 2 {
		return false
	}
	add, again := loop.Body[0], loop.Body[1]
	if add.Op != StmtAdd || len(add.Names) != 0 || again.Op != StmtStep || again.Name != step.Name {
		return false
	}
	d, ok := c.dir(step.PosIn(c.def), step.Name)
	if !ok {
		return true
	}
	c.setSrc(step.PosIn(c.def))
	c.emit(vm.Inst{Op: vm.OpSlide, A: d})
	return true
}

func (c *compiler) stmt(s *Stmt) {
	pos := s.PosIn(c.def)
	c.setSrc(pos)
	switch s.Op {
	case StmtStep:
		if d, ok := c.dir(pos, s.Name); ok {
			c.emit(vm.Inst{Op: vm.OpStep, A: d})
		}
	case StmtJump:
		if p, ok := c.position(pos, s.Name); ok {
			c.emit(vm.Inst{Op: vm.OpJump, A: p})
		}
	case StmtOpposite:
		if d, ok := c.dir(pos, s.Name); ok {
			c.emit(vm.Inst{Op: vm.OpOpposite, A: d})
		}
	case StmtMark:
		c.emit(vm.Inst{Op: vm.OpMark})
	case StmtBack:
		c.emit(vm.Inst{Op: vm.OpBack})
	case StmtGo:
		c.goStmt(s)
	case StmtVerify:
		c.condFalse(s.Cond, c.die)
	case StmtIf:
		elseL, endL := c.newLabel(), c.newLabel()
		c.condFalse(s.Cond, elseL)
		c.stmts(s.Body)
		if len(s.Else) > 0 {
			c.emitJump(vm.Inst{Op: vm.OpJmp}, endL)
		}
		c.place(elseL)
		c.stmts(s.Else)
		c.place(endL)
	case StmtWhile:
		top, endL := c.newLabel(), c.newLabel()
		c.place(top)
		c.condFalse(s.Cond, endL)
		c.stmts(s.Body)
		c.setSrc(pos)
		c.emitJump(vm.Inst{Op: vm.OpJmp}, top)
		c.place(endL)
	case StmtAdd, StmtAddPartial, StmtAddCopy, StmtAddCopyPartial:
		c.addStmt(s)
	case StmtFrom:
		c.emit(vm.Inst{Op: vm.OpFrom})
	case StmtTo:
		c.emit(vm.Inst{Op: vm.OpTo})
	case StmtCascade:
		c.emit(vm.Inst{Op: vm.OpCascade})
	case StmtCapture:
		c.withLoc(pos, vm.Inst{Op: vm.OpCapture}, s.Arg)
	case StmtCreate:
		c.createStmt(s)
	case StmtChangeType:
		if len(s.Names) != 1 {
			c.errorf(pos, "change-type needs one piece type")
			return
		}
		if t, ok := c.pieceType(pos, s.Names[0]); ok {
			c.withLoc(pos, vm.Inst{Op: vm.OpChangeType, A: t}, s.Arg)
		}
	case StmtChangeOwner:
		c.withLoc(pos, vm.Inst{Op: vm.OpChangeOwner}, s.Arg)
	case StmtFlip:
		c.withLoc(pos, vm.Inst{Op: vm.OpFlip}, s.Arg)
	case StmtSetAttribute:
		a, ok := c.attribute(pos, s.Name)
		if ok {
			c.setValue(s, vm.Inst{Op: vm.OpSetAttr, A: a}, true)
		}
	case StmtSetFlag:
		f, ok := c.flag(pos, s.Name)
		if ok {
			c.setValue(s, vm.Inst{Op: vm.OpSetFlag, A: f}, false)
		}
	case StmtSetPosFlag:
		f, ok := c.posFlag(pos, s.Name)
		if ok {
			c.setValue(s, vm.Inst{Op: vm.OpSetPosFlag, A: f}, true)
		}
	default:
		c.errorf(pos, "cannot compile statement %s", s.Op)
	}
}

func (c *compiler) goStmt(s *Stmt) {
	targets := map[string]int32{"from": vm.GoFrom, "to": vm.GoTo, "last-from": vm.GoLastFrom, "last-to": vm.GoLastTo, "mark": vm.GoMark}
	k, ok := targets[s.Name]
	if !ok {
		c.errorf(s.PosIn(c.def), "go: unknown target %q (want from, to, last-from, last-to or mark)", s.Name)
		return
	}
	c.emit(vm.Inst{Op: vm.OpGo, A: k})
}

func (c *compiler) addStmt(s *Stmt) {
	in := vm.Inst{A: -1}
	switch s.Op {
	case StmtAdd:
		in.Op = vm.OpAdd
	case StmtAddCopy:
		in.Op = vm.OpAddCopy
	case StmtAddPartial:
		in.Op = vm.OpAddPartial
	case StmtAddCopyPartial:
		in.Op = vm.OpAddCopyPartial
	}
	if in.Op == vm.OpAddPartial || in.Op == vm.OpAddCopyPartial {
		in.B = c.names.index(nameMoveType, s.MoveType)
	}
	if len(s.Names) > 0 {
		var list []int32
		for _, n := range s.Names {
			t, ok := c.pieceType(s.PosIn(c.def), n)
			if !ok {
				return
			}
			list = append(list, t)
		}
		c.prog.Lists = append(c.prog.Lists, list)
		in.A = int32(len(c.prog.Lists) - 1)
	}
	c.emit(in)
}

func (c *compiler) createStmt(s *Stmt) {
	pos := s.PosIn(c.def)
	if len(s.Names) != 1 {
		c.errorf(pos, "create needs one piece type")
		return
	}
	t, ok := c.pieceType(pos, s.Names[0])
	if !ok {
		return
	}
	owner := int32(-1)
	if s.Player != "" {
		if owner = c.names.index(namePlayer, s.Player); owner < 0 {
			c.errorf(pos, "create: unknown player %q", s.Player)
			return
		}
	}
	c.withLoc(pos, vm.Inst{Op: vm.OpCreate, A: t, B: owner}, s.Arg)
}

// setValue emits a set-attribute/flag/position-flag whose value is a
// condition: a constant directly, anything else as a branch.
func (c *compiler) setValue(s *Stmt, in vm.Inst, hasLoc bool) {
	emit := func(v int32) {
		in.B = v
		if hasLoc {
			c.withLoc(s.PosIn(c.def), in, s.Arg)
		} else {
			c.emit(in)
		}
	}
	switch {
	case s.Cond == nil || s.Cond.Op == ExprTrue:
		emit(1)
	case s.Cond.Op == ExprFalse:
		emit(0)
	default:
		zero, end := c.newLabel(), c.newLabel()
		c.condFalse(s.Cond, zero)
		emit(1)
		c.emitJump(vm.Inst{Op: vm.OpJmp}, end)
		c.place(zero)
		emit(0)
		c.place(end)
	}
}

// withLoc fills an instruction's location operand and emits it.
func (c *compiler) withLoc(p Pos, in vm.Inst, a LocArg) {
	if !c.setLoc(p, &in, a) {
		return
	}
	c.emit(in)
}

func (c *compiler) setLoc(p Pos, in *vm.Inst, a LocArg) bool {
	switch a.Kind {
	case ArgNone:
		in.Loc = vm.LocCursor
	case ArgDir, ArgOpposite:
		d, ok := c.dir(p, a.Name)
		if !ok {
			return false
		}
		in.Loc, in.L = vm.LocDir, d
		if a.Kind == ArgOpposite {
			in.Loc = vm.LocOpposite
		}
	case ArgPos:
		pos, ok := c.position(p, a.Name)
		if !ok {
			return false
		}
		in.Loc, in.L = vm.LocPos, pos
	}
	return true
}

// condFalse emits code that jumps to label when e is false and falls through
// when it is true.
func (c *compiler) condFalse(e *Expr, label int) { c.cond(e, label, false) }

// cond emits code that jumps to label when e evaluates to jumpWhen.
func (c *compiler) cond(e *Expr, label int, jumpWhen bool) {
	if e == nil {
		return
	}
	switch e.Op {
	case ExprNot:
		if len(e.Args) != 1 {
			c.errorf(e.PosIn(c.def), "not takes one condition")
			return
		}
		c.cond(e.Args[0], label, !jumpWhen)
	case ExprAnd, ExprOr:
		// and jumping when false / or jumping when true: each operand jumps directly.
		direct := (e.Op == ExprAnd) != jumpWhen
		if direct {
			for _, a := range e.Args {
				c.cond(a, label, jumpWhen)
			}
			return
		}
		// and jumping when true / or jumping when false: skip out as soon as one
		// operand decides the other way.
		skip := c.newLabel()
		for i, a := range e.Args {
			if i == len(e.Args)-1 {
				c.cond(a, label, jumpWhen)
			} else {
				c.cond(a, skip, !jumpWhen)
			}
		}
		if len(e.Args) == 0 && jumpWhen == (e.Op == ExprAnd) {
			c.emitJump(vm.Inst{Op: vm.OpJmp}, label)
		}
		c.place(skip)
	default:
		in, ok := c.predicate(e)
		if !ok {
			return
		}
		in.Jt = jumpWhen
		c.emitJump(in, label)
	}
}

func (c *compiler) predicate(e *Expr) (vm.Inst, bool) {
	pos := e.PosIn(c.def)
	in := vm.Inst{}
	switch e.Op {
	case ExprTrue:
		in.Op, in.A = vm.OpConst, 1
		return in, true
	case ExprFalse, ExprGoalPos:
		in.Op, in.A = vm.OpConst, 0
		return in, true
	case ExprEmpty:
		in.Op = vm.OpEmpty
	case ExprFriend:
		in.Op = vm.OpFriend
	case ExprEnemy:
		in.Op = vm.OpEnemy
	case ExprNeutral:
		in.Op = vm.OpNeutral
	case ExprLastFrom:
		in.Op = vm.OpLastFrom
	case ExprLastTo:
		in.Op = vm.OpLastTo
	case ExprAttacked:
		in.Op = vm.OpAttacked
	case ExprDefended:
		in.Op = vm.OpDefended
	case ExprAdjEnemy:
		in.Op = vm.OpAdjEnemy
	case ExprMarked:
		in.Op = vm.OpMarked
		return in, true
	case ExprPiece:
		t, ok := c.pieceType(pos, e.Name)
		if !ok {
			return in, false
		}
		in.Op, in.A = vm.OpPiece, t
	case ExprInZone:
		z := c.names.index(nameZone, e.Name)
		if z < 0 {
			c.errorf(pos, "unknown zone %q", e.Name)
			return in, false
		}
		in.Op, in.A = vm.OpInZone, z
	case ExprAttribute:
		a, ok := c.attribute(pos, e.Name)
		if !ok {
			return in, false
		}
		in.Op, in.A = vm.OpAttr, a
	case ExprFlag:
		f, ok := c.flag(pos, e.Name)
		if !ok {
			return in, false
		}
		in.Op, in.A = vm.OpFlag, f
		return in, true
	case ExprPosFlag:
		f, ok := c.posFlag(pos, e.Name)
		if !ok {
			return in, false
		}
		in.Op, in.A = vm.OpPosFlag, f
	case ExprOnBoard:
		return c.onBoard(e)
	case ExprPosition:
		if e.Arg.Kind != ArgPos {
			c.errorf(pos, "position? needs a position")
			return in, false
		}
		p, ok := c.position(pos, e.Arg.Name)
		if !ok {
			return in, false
		}
		in.Op, in.A = vm.OpPosition, p
		return in, true
	default:
		c.errorf(pos, "cannot compile condition %s", e.Op)
		return in, false
	}
	if !c.setLoc(pos, &in, e.Arg) {
		return in, false
	}
	return in, true
}

func (c *compiler) onBoard(e *Expr) (vm.Inst, bool) {
	in := vm.Inst{}
	switch e.Arg.Kind {
	case ArgDir, ArgOpposite:
		d, ok := c.dir(e.PosIn(c.def), e.Arg.Name)
		if !ok {
			return in, false
		}
		in.Op, in.A = vm.OpOnBoard, d
		if e.Arg.Kind == ArgOpposite {
			in.Op = vm.OpOnBoardO
		}
	case ArgPos:
		// A named position that exists is on the board.
		if _, ok := c.position(e.PosIn(c.def), e.Arg.Name); !ok {
			return in, false
		}
		in.Op, in.A = vm.OpConst, 1
	default:
		// on-board? with no argument: the cursor is always on the board.
		in.Op, in.A = vm.OpConst, 1
	}
	return in, true
}

func (c *compiler) dir(p Pos, name string) (int32, bool) {
	d := c.names.index(nameDir, name)
	if d < 0 {
		c.errorf(p, "unknown direction %q%s", name, didYouMean(name, c.g.Board.Dirs))
		return 0, false
	}
	return d, true
}

func (c *compiler) position(p Pos, name string) (int32, bool) {
	i := c.names.index(namePos, name)
	if i < 0 {
		c.errorf(p, "unknown position %q", name)
		return 0, false
	}
	return i, true
}

func (c *compiler) pieceType(p Pos, name string) (int32, bool) {
	t := c.names.index(namePiece, name)
	if t < 0 {
		names := make([]string, len(c.g.Pieces))
		for i, pt := range c.g.Pieces {
			names[i] = pt.Name
		}
		c.errorf(p, "unknown piece type %q%s", name, didYouMean(name, names))
		return 0, false
	}
	return t, true
}

func (c *compiler) attribute(p Pos, name string) (int32, bool) {
	a := c.names.index(nameAttr, name)
	if a < 0 {
		c.errorf(p, "unknown attribute %q%s", name, didYouMean(name, c.g.Attributes))
		return 0, false
	}
	return a, true
}

// maxFlags is how many run flags a game may use (they live in one word).
const maxFlags = 64

func (c *compiler) flag(p Pos, name string) (int32, bool) {
	f := c.names.index(nameFlag, name)
	if f < 0 {
		c.errorf(p, "too many flags (at most %d)", maxFlags)
		return 0, false
	}
	return f, true
}

func (c *compiler) posFlag(_ Pos, name string) (int32, bool) {
	return c.names.index(namePosFlag, name), true
}

// didYouMean formats a " (did you mean X?)" hint, or "".
func didYouMean(name string, candidates []string) string {
	if s := nearest(name, candidates); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
}
