// This file defines the lowering of move and drop definitions (already
// macro-expanded lists of statements) to the typed move tree of movetree.go:
// every atom is classified as a keyword, a direction or a position, and every
// name is checked against the game's pieces, zones, attributes and board.

package zrf

import (
	"sort"
	"strings"
)

// Statements written as a bare keyword atom.
var atomStmts = map[string]StmtOp{
	"mark": StmtMark, "back": StmtBack, "from": StmtFrom, "to": StmtTo, "cascade": StmtCascade,
	"capture": StmtCapture, "add": StmtAdd, "add-partial": StmtAddPartial, "add-copy": StmtAddCopy,
	"add-copy-partial": StmtAddCopyPartial, "flip": StmtFlip, "change-owner": StmtChangeOwner,
}

// Statements written as a (keyword ...) form, with their lowering functions.
var formStmts map[string]func(*lowerer, *Node, []*Node) *Stmt

func init() {
	formStmts = map[string]func(*lowerer, *Node, []*Node) *Stmt{
		"verify": (*lowerer).verifyStmt, "if": (*lowerer).ifStmt, "while": (*lowerer).whileStmt,
		"add": (*lowerer).addStmt, "add-copy": (*lowerer).addStmt,
		"add-partial": (*lowerer).addPartialStmt, "add-copy-partial": (*lowerer).addPartialStmt,
		"capture": (*lowerer).locStmt, "flip": (*lowerer).locStmt, "change-owner": (*lowerer).locStmt,
		"create": (*lowerer).createStmt, "change-type": (*lowerer).changeTypeStmt,
		"set-attribute": (*lowerer).setStmt, "set-flag": (*lowerer).setStmt,
		"set-position-flag": (*lowerer).setStmt, "go": (*lowerer).goStmt,
		"opposite": (*lowerer).oppositeStmt,
	}
}

// Predicates taking an optional location argument, and those taking a name first.
var locPreds = map[string]ExprOp{
	"empty?": ExprEmpty, "friend?": ExprFriend, "enemy?": ExprEnemy, "neutral?": ExprNeutral,
	"last-from?": ExprLastFrom, "last-to?": ExprLastTo, "attacked?": ExprAttacked,
	"defended?": ExprDefended, "marked?": ExprMarked, "adjacent-to-enemy?": ExprAdjEnemy,
	"goal-position?": ExprGoalPos, "on-board?": ExprOnBoard, "position?": ExprPosition,
}

var namedPreds = map[string]ExprOp{
	"piece?": ExprPiece, "in-zone?": ExprInZone, "flag?": ExprFlag, "position-flag?": ExprPosFlag,
}

// stmts lowers a statement sequence. A list whose head is itself a list is a
// nested sequence (macro bodies written as one list) and is spliced in.
func (l *lowerer) stmts(elems []*Node) []*Stmt {
	start := len(l.mem.stmtStack)
	l.pushStmts(elems)
	return l.mem.takeStmts(start)
}

// pushStmts pushes the statements of a sequence onto the statement stack.
func (l *lowerer) pushStmts(elems []*Node) {
	for _, e := range elems {
		if e.Kind == List && (len(e.Elems) == 0 || e.Elems[0].Kind == List) {
			l.pushSeq(e)
			continue
		}
		if s := l.stmt(e); s != nil {
			l.mem.stmtStack = append(l.mem.stmtStack, s)
		}
	}
}

// pushSeq pushes the statements of the nested sequence e.
func (l *lowerer) pushSeq(e *Node) {
	old := l.enter(e)
	defer func() { l.ctx = old }()
	if !e.shared || !shareDefs || l.ctx != l.defCtx {
		l.pushStmts(e.Elems)
		return
	}
	seq := lowerShared(l, e, &l.once.seqs, l.seq)
	l.mem.stmtStack = append(l.mem.stmtStack, seq...)
}

// seq lowers the statements of the nested sequence e.
func (l *lowerer) seq(e *Node) []*Stmt { return l.stmts(e.Elems) }

// stmt lowers one statement; nil after an error.
func (l *lowerer) stmt(e *Node) *Stmt { return lowerOnce(l, e, &l.once.stmts, l.stmt1) }

// lowerOnce lowers n with lower, in n's context (enter). A shared node
// (Node.shared) in the definition's own context lowers once per game or
// variant: its statement or condition is kept in memo and used again
// (lowerShared).
func lowerOnce[T any](l *lowerer, n *Node, memo *sharedMemo[T], lower func(*Node) T) T {
	old := l.enter(n)
	defer func() { l.ctx = old }()
	if !n.shared || !shareDefs || l.ctx != l.defCtx {
		return lower(n)
	}
	return lowerShared(l, n, memo, lower)
}

func (l *lowerer) stmt1(e *Node) *Stmt {
	if e.Kind == List {
		if f := formStmts[e.Head()]; f != nil {
			return f(l, e, e.Args())
		}
		l.errorf(e, "unknown move statement %s%s", describe(e), l.hint(e.Head(), stmtFormNames()))
		return nil
	}
	if e.Kind == String {
		l.errorf(e, "unexpected string %q in a move definition", e.Text)
		return nil
	}
	if op, ok := atomStmts[e.Text]; ok {
		return l.newStmt(Stmt{Op: op, Pos: l.srcPos(e)})
	}
	if l.has(askDir, e.Text) {
		return l.newStmt(Stmt{Op: StmtStep, Pos: l.srcPos(e), Name: e.Text})
	}
	if l.has(askPos, e.Text) {
		return l.newStmt(Stmt{Op: StmtJump, Pos: l.srcPos(e), Name: e.Text})
	}
	if l.elsewhere[e.Text] || l.isZone(e.Text) {
		// Inherited move code naming a direction the variant's board lacks
		// (or a zone where a direction belongs): there is no link, so the
		// run dies here, as a step off the board does.
		l.warnf(e, "%s is not a direction or position of this board: the move stops here", e.Text)
		return l.newStmt(Stmt{Op: StmtVerify, Pos: l.srcPos(e), Cond: l.newExpr(Expr{Op: ExprFalse, Pos: l.srcPos(e)})})
	}
	l.unknownAtom(e, "move statement", l.stmtCandidates())
	return nil
}

func (l *lowerer) isZone(s string) bool { return l.has(askZone, s) }

// unknownAtom reports an atom that names nothing in its place.
func (l *lowerer) unknownAtom(e *Node, what string, cands []string) {
	switch {
	case e.Text == "else":
		l.errorf(e, "else outside an if")
	case strings.HasPrefix(e.Text, "$"):
		l.errorf(e, "unbound macro parameter %s", e.Text)
	default:
		l.errorf(e, "unknown %s %s%s", what, e.Text, l.hint(e.Text, cands))
	}
}

func (l *lowerer) stmtCandidates() []string {
	c := append(keys(atomStmts), l.g.Board.Dirs...)
	return append(c, positionNames(l.g.Board)...)
}

func stmtFormNames() []string { return keys(formStmts) }

// srcPos is where a statement is reported: the macro use site for expanded
// code, as errorAt does.
func (l *lowerer) srcPos(n *Node) Pos {
	if call := n.callPosIn(l.ctx); n.From != nil && n.From.Macro != "" && call.IsValid() {
		return call
	}
	return n.Pos
}

func (l *lowerer) verifyStmt(n *Node, a []*Node) *Stmt {
	if len(a) != 1 {
		l.errorf(n, "verify takes one condition, found %d", len(a))
		return nil
	}
	c := l.cond1(a[0])
	if c == nil {
		return nil
	}
	return l.newStmt(Stmt{Op: StmtVerify, Pos: l.srcPos(n), Cond: c})
}

// ifStmt reads (if cond s ... [else t ...]).
func (l *lowerer) ifStmt(n *Node, a []*Node) *Stmt {
	if len(a) == 0 {
		l.errorf(n, "if needs a condition")
		return nil
	}
	c := l.cond1(a[0])
	body, rest := a[1:], []*Node(nil)
	for i, e := range body {
		if e.IsAtom("else") {
			body, rest = a[1:1+i], a[2+i:]
			break
		}
	}
	s := l.newStmt(Stmt{Op: StmtIf, Pos: l.srcPos(n), Cond: c, Body: l.stmts(body), Else: l.stmts(rest)})
	if c == nil {
		return nil
	}
	return s
}

func (l *lowerer) whileStmt(n *Node, a []*Node) *Stmt {
	if len(a) == 0 {
		l.errorf(n, "while needs a condition")
		return nil
	}
	c := l.cond1(a[0])
	s := l.newStmt(Stmt{Op: StmtWhile, Pos: l.srcPos(n), Cond: c, Body: l.stmts(a[1:])})
	if c == nil {
		return nil
	}
	return s
}

// addStmt reads (add T ...) and (add-copy [T]).
func (l *lowerer) addStmt(n *Node, a []*Node) *Stmt {
	op := StmtAdd
	if n.Head() == "add-copy" {
		op = StmtAddCopy
		if len(a) > 1 {
			l.errorf(n, "add-copy takes at most one piece type")
			return nil
		}
	}
	names, ok := l.pieceNames(a)
	if !ok {
		return nil
	}
	return l.newStmt(Stmt{Op: op, Pos: l.srcPos(n), Names: names})
}

// pieceNames returns the piece types named by a (nil when a is empty), or
// false after reporting the first name that is not a piece type.
func (l *lowerer) pieceNames(a []*Node) ([]string, bool) {
	for _, t := range a {
		if _, ok := l.piece(t); !ok {
			return nil, false
		}
	}
	m := &l.mem
	for _, t := range a {
		m.nameStack = append(m.nameStack, t.Text)
	}
	names := carve(&m.nameLists, m.nameStack, treeBlock)
	m.nameStack = m.nameStack[:0]
	return names, true
}

// oneName returns a list of one piece type.
func (l *lowerer) oneName(name string) []string {
	return carve(&l.mem.nameLists, []string{name}, treeBlock)
}

// addPartialStmt reads (add-partial [T] type) and (add-copy-partial [T] type).
func (l *lowerer) addPartialStmt(n *Node, a []*Node) *Stmt {
	op := StmtAddPartial
	if n.Head() == "add-copy-partial" {
		op = StmtAddCopyPartial
	}
	if len(a) == 0 {
		l.errorf(n, "%s must be (%s [piece-type ...] move-type)", n.Head(), n.Head())
		return nil
	}
	// Several types before the move type are a promotion choice, as in add
	// (KoShogi.zrf).
	names, ok := l.pieceNames(a[:len(a)-1])
	if !ok {
		return nil
	}
	s := l.newStmt(Stmt{Op: op, Pos: l.srcPos(n), Names: names})
	mt := a[len(a)-1]
	if _, ok := l.moveTypeRef(mt); !ok {
		return nil
	}
	s.MoveType = mt.Text
	return s
}

// locStmt reads (capture [loc]), (flip [loc]) and (change-owner [loc]).
func (l *lowerer) locStmt(n *Node, a []*Node) *Stmt {
	s := l.newStmt(Stmt{Op: atomStmts[n.Head()], Pos: l.srcPos(n)})
	if len(a) > 1 {
		l.errorf(n, "%s takes at most one direction or position", n.Head())
		return nil
	}
	if len(a) == 1 {
		arg, ok := l.locArg(a[0])
		if !ok {
			return nil
		}
		s.Arg = arg
	}
	return s
}

// createStmt reads (create [Player] T [loc]).
func (l *lowerer) createStmt(n *Node, a []*Node) *Stmt {
	s := l.newStmt(Stmt{Op: StmtCreate, Pos: l.srcPos(n)})
	if l.has(askPlayer, a0text(a)) && !l.isPiece(a[0].Text) {
		s.Player = a[0].Text
		a = a[1:]
	}
	if len(a) > 2 || len(a) == 0 && s.Player == "" {
		l.errorf(n, "create must be (create [player] piece-type [position])")
		return nil
	}
	// Without a piece type (native shogi files: (create North),
	// (create pass-flag)) the new piece has the type of the piece whose
	// move this is.
	if len(a) == 0 || !l.isPiece(a[0].Text) && len(a) == 1 && l.isLocation(a[0]) {
		s.Names = l.oneName(l.curPiece)
		l.pieceDep = true
		return l.optLoc(s, a)
	}
	if _, ok := l.piece(a[0]); !ok {
		return nil
	}
	s.Names = l.oneName(a[0].Text)
	return l.optLoc(s, a[1:])
}

// changeTypeStmt reads (change-type T [loc]).
func (l *lowerer) changeTypeStmt(n *Node, a []*Node) *Stmt {
	if len(a) == 0 || len(a) > 2 {
		l.errorf(n, "change-type must be (change-type piece-type [position])")
		return nil
	}
	if _, ok := l.piece(a[0]); !ok {
		return nil
	}
	s := l.newStmt(Stmt{Op: StmtChangeType, Pos: l.srcPos(n), Names: l.oneName(a[0].Text)})
	return l.optLoc(s, a[1:])
}

// optLoc sets s.Arg from an optional trailing location argument.
func (l *lowerer) optLoc(s *Stmt, rest []*Node) *Stmt {
	if len(rest) == 0 {
		return s
	}
	arg, ok := l.locArg(rest[0])
	if !ok {
		return nil
	}
	s.Arg = arg
	return s
}

// setStmt reads (set-attribute A v [loc]), (set-flag F v) and
// (set-position-flag F v [loc]); v is a condition.
func (l *lowerer) setStmt(n *Node, a []*Node) *Stmt {
	h := n.Head()
	maxArgs := 3
	if h == "set-flag" {
		maxArgs = 2
	}
	if len(a) < 2 || len(a) > maxArgs || a[0].Kind != Atom {
		l.errorf(n, "%s must be (%s name value%s)", h, h, map[bool]string{true: " [position]"}[maxArgs == 3])
		return nil
	}
	s := l.newStmt(Stmt{Pos: l.srcPos(n), Name: a[0].Text})
	switch h {
	case "set-attribute":
		s.Op = StmtSetAttribute
		if !l.attrRef(a[0]) {
			return nil
		}
	case "set-flag":
		s.Op = StmtSetFlag
		l.flagRef(a[0], false, true)
	default:
		s.Op = StmtSetPosFlag
		l.flagRef(a[0], true, true)
	}
	if s.Cond = l.cond1(a[1]); s.Cond == nil {
		return nil
	}
	return l.optLoc(s, a[2:])
}

var goTargets = setOf("from", "to", "last-from", "last-to", "mark")

// goStmt reads (go from|to|last-from|last-to|mark).
func (l *lowerer) goStmt(n *Node, a []*Node) *Stmt {
	if len(a) != 1 || !goTargets[a[0].Text] || a[0].Kind != Atom {
		l.errorf(n, "go must be (go from|to|last-from|last-to|mark)")
		return nil
	}
	return l.newStmt(Stmt{Op: StmtGo, Pos: l.srcPos(n), Name: a[0].Text})
}

// oppositeStmt reads (opposite d) as a step.
func (l *lowerer) oppositeStmt(n *Node, a []*Node) *Stmt {
	if len(a) != 1 {
		l.errorf(n, "opposite takes one direction")
		return nil
	}
	if _, ok := l.direction(l.g.Board, a[0]); !ok {
		return nil
	}
	return l.newStmt(Stmt{Op: StmtOpposite, Pos: l.srcPos(n), Name: a[0].Text})
}

// isLocation reports whether n is a direction, a position or (opposite d).
func (l *lowerer) isLocation(n *Node) bool {
	isDir := l.has(askDir, n.Text)
	isPos := l.has(askPos, n.Text)
	return n.Head() == "opposite" || n.Kind == Atom && (isDir || isPos)
}

// locArg reads a predicate's or statement's location: a direction, a
// position or (opposite d). A name that is both is taken as the direction.
func (l *lowerer) locArg(n *Node) (LocArg, bool) {
	old := l.enter(n)
	defer func() { l.ctx = old }()
	b := l.g.Board
	if n.Head() == "opposite" && len(n.Args()) == 1 {
		if _, ok := l.direction(b, n.Args()[0]); !ok {
			return LocArg{}, false
		}
		return LocArg{Kind: ArgOpposite, Name: n.Args()[0].Text}, true
	}
	if n.Kind == Atom {
		if l.has(askDir, n.Text) {
			return LocArg{Kind: ArgDir, Name: n.Text}, true
		}
		if l.has(askPos, n.Text) {
			return LocArg{Kind: ArgPos, Name: n.Text}, true
		}
		if strings.HasPrefix(n.Text, "$") {
			l.errorf(n, "unbound macro parameter %s", n.Text)
			return LocArg{}, false
		}
	}
	cands := append(append([]string{}, b.Dirs...), positionNames(b)...)
	l.errorf(n, "%s is not a direction or position%s", describe(n), l.hint(n.Text, cands))
	return LocArg{}, false
}

// cond1 lowers a condition.
func (l *lowerer) cond1(n *Node) *Expr {
	return lowerOnce(l, n, &l.once.exprs, l.condForm)
}

func (l *lowerer) condForm(n *Node) *Expr {
	if n.Kind == Atom {
		return l.atomCond(n)
	}
	if n.Kind != List || n.Head() == "" {
		l.errorf(n, "condition expected, found %s", describe(n))
		return nil
	}
	switch h := n.Head(); h {
	case "and", "or":
		return l.connective(n, h)
	case "not":
		if len(n.Args()) != 1 {
			l.errorf(n, "not takes one condition")
			return nil
		}
		return l.not(n, l.cond1(n.Args()[0]))
	}
	return l.formCond(n)
}

func (l *lowerer) not(n *Node, e *Expr) *Expr {
	if e == nil {
		return nil
	}
	start := len(l.mem.exprStack)
	l.mem.exprStack = append(l.mem.exprStack, e)
	return l.newExpr(Expr{Op: ExprNot, Pos: l.srcPos(n), Args: l.mem.takeExprs(start)})
}

func (l *lowerer) connective(n *Node, h string) *Expr {
	e := l.newExpr(Expr{Op: ExprAnd, Pos: l.srcPos(n)})
	if h == "or" {
		e.Op = ExprOr
	}
	if len(n.Args()) == 0 {
		l.errorf(n, "%s needs at least one condition", h)
		return nil
	}
	ok := true
	start := len(l.mem.exprStack)
	for _, a := range n.Args() {
		c := l.cond1(a)
		ok = ok && c != nil
		l.mem.exprStack = append(l.mem.exprStack, c)
	}
	e.Args = l.mem.takeExprs(start)
	if !ok {
		return nil
	}
	return e
}

// atomCond lowers true, false, a predicate, an attribute, or a not- twin.
func (l *lowerer) atomCond(n *Node) *Expr {
	switch n.Text {
	case "true":
		return l.newExpr(Expr{Op: ExprTrue, Pos: l.srcPos(n)})
	case "false":
		return l.newExpr(Expr{Op: ExprFalse, Pos: l.srcPos(n)})
	}
	name, neg := l.splitNot(n.Text)
	var e *Expr
	switch op, ok := locPreds[name]; {
	case ok && op == ExprPosition:
		l.errorf(n, "%s needs a direction or position argument", n.Text)
		return nil
	case ok:
		e = l.newExpr(Expr{Op: op, Pos: l.srcPos(n)})
	case l.isAttr(name):
		e = l.newExpr(Expr{Op: ExprAttribute, Pos: l.srcPos(n), Name: name})
	default:
		l.unknownAtom(n, "condition", l.condCandidates())
		return nil
	}
	if neg {
		return l.not(n, e)
	}
	return e
}

// splitNot strips a not- prefix unless the whole name is itself known.
func (l *lowerer) splitNot(s string) (string, bool) {
	_, isLoc := locPreds[s]
	_, isNamed := namedPreds[s]
	if isLoc || isNamed || l.isAttr(s) {
		return s, false
	}
	if rest, ok := strings.CutPrefix(s, "not-"); ok {
		return rest, true
	}
	return s, false
}

func (l *lowerer) isAttr(s string) bool { return l.has(askAttr, s) }

// formCond lowers (pred [loc]), (piece? T [loc]), (in-zone? Z [loc]),
// (flag? F), (position-flag? F [loc]), (attr? [loc]) and their not- twins.
func (l *lowerer) formCond(n *Node) *Expr {
	name, neg := l.splitNot(n.Head())
	a := n.Args()
	e := l.newExpr(Expr{Pos: l.srcPos(n)})
	var ok bool
	if op, isLoc := locPreds[name]; isLoc {
		e.Op = op
		ok = l.predLoc(n, e, a, op == ExprPosition)
	} else if op, isNamed := namedPreds[name]; isNamed {
		e.Op = op
		ok = l.namedPred(n, e, a)
	} else if l.isAttr(name) {
		e.Op, e.Name = ExprAttribute, name
		ok = l.predLoc(n, e, a, false)
	} else {
		l.unknownAtom(n.Elems[0], "condition", l.condCandidates())
		return nil
	}
	if !ok {
		return nil
	}
	if neg {
		return l.not(n, e)
	}
	return e
}

// predLoc reads a predicate's location argument (required for on-board? and
// position?, which must name a position).
func (l *lowerer) predLoc(n *Node, e *Expr, a []*Node, required bool) bool {
	if len(a) > 1 || required && len(a) == 0 {
		l.errorf(n, "%s takes %s direction or position", n.Head(), map[bool]string{true: "one", false: "at most one"}[required])
		return false
	}
	if len(a) == 0 {
		return true
	}
	if (e.Op == ExprAttacked || e.Op == ExprDefended) && l.isMoveTypeArg(a[0]) {
		// (attacked? T) with a move type T (native shogi files): attacked by
		// moves of that type. Kept in Name; the argument is the cursor.
		e.Name = a[0].Text
		return true
	}
	arg, ok := l.locArg(a[0])
	if ok && e.Op == ExprPosition && arg.Kind != ArgPos {
		l.errorf(a[0], "position? needs a position, %s is a direction", a[0].Text)
		return false
	}
	e.Arg = arg
	return ok
}

// namedPred reads (piece? T [loc]), (in-zone? Z [loc]), (flag? F) and
// (position-flag? F [loc]).
func (l *lowerer) namedPred(n *Node, e *Expr, a []*Node) bool {
	maxArgs := 2
	if e.Op == ExprFlag {
		maxArgs = 1
	}
	if len(a) == 0 || len(a) > maxArgs || a[0].Kind != Atom {
		l.errorf(n, "%s takes a name%s", n.Head(), map[bool]string{true: " and an optional direction or position"}[maxArgs == 2])
		return false
	}
	e.Name = a[0].Text
	ok := true
	switch e.Op {
	case ExprPiece:
		_, ok = l.piece(a[0])
	case ExprInZone:
		ok = l.zoneRef(a[0])
	case ExprFlag:
		l.flagRef(a[0], false, false)
	case ExprPosFlag:
		l.flagRef(a[0], true, false)
	}
	if !ok || len(a) == 1 {
		return ok
	}
	arg, ok := l.locArg(a[1])
	e.Arg = arg
	return ok
}

// isMoveTypeArg reports whether n names a move type and neither a direction
// nor a position.
func (l *lowerer) isMoveTypeArg(n *Node) bool {
	isType := l.has(askMoveType, n.Text)
	isDir := l.has(askDir, n.Text)
	isPos := l.has(askPos, n.Text)
	return n.Kind == Atom && isType && !isDir && !isPos
}

func (l *lowerer) zoneRef(n *Node) bool {
	b := l.g.Board
	if l.has(askZone, n.Text) {
		return true
	}
	if l.elsewhere[n.Text] {
		// A zone of another board of the file (the variant replaced the
		// board): a zone not defined for a player is empty for them.
		l.warnf(n, "zone %s is not defined on this board: it is empty here", n.Text)
		b.AddZone(n.Text, nil, len(l.g.Players), nil)
		return true
	}
	l.errorf(n, "unknown zone %s%s", n.Text, l.hint(n.Text, zoneNames(l.g.Board)))
	return false
}

func (l *lowerer) attrRef(n *Node) bool {
	if l.isAttr(n.Text) {
		return true
	}
	l.errorf(n, "unknown attribute %s%s", n.Text, l.hint(n.Text, keys(l.attrs)))
	return false
}

// flagRef records a flag or position-flag use, for the never-set warning.
// The game's flag tables are filled by the compiler, which numbers them.
func (l *lowerer) flagRef(n *Node, perPos, set bool) {
	l.trace.flagRef(n, perPos, set, l.ctx)
	if l.sub != nil {
		l.sub.flagRefIn(n, perPos, set, l.ctx, l.defCtx)
	}
	key := flagName{n.Text, perPos}
	if set {
		l.flagSet[key] = true
	} else if _, ok := l.flagTested[key]; !ok {
		l.flagTested[key] = placed{n, l.ctx}
	}
}

func (l *lowerer) condCandidates() []string {
	var c []string
	for _, m := range []map[string]ExprOp{locPreds, namedPreds} {
		for k := range m {
			c = append(c, k, "not-"+k)
		}
	}
	for a := range l.attrs {
		c = append(c, a, "not-"+a)
	}
	c = append(c, "true", "false", "and", "or", "not")
	sort.Strings(c)
	return c
}

// a0text is the text of the first atom of a, or "".
func a0text(a []*Node) string {
	if len(a) == 0 || a[0].Kind != Atom {
		return ""
	}
	return a[0].Text
}

// treeMem allocates the statements and conditions of a game: they are
// carved out of blocks, and lists of them are gathered on stacks and copied
// out exactly sized. A big game has half a million statements; allocating
// them one by one and growing each list by appending cost more than the
// rest of lowering.
type treeMem struct {
	stmts     []Stmt
	exprs     []Expr
	stmtStack []*Stmt
	stmtLists []*Stmt
	exprStack []*Expr
	exprLists []*Expr
	nameStack []string
	nameLists []string
}

const treeBlock = 256

// newStmt returns a copy of s from the current block; a position that is
// the definition's call position is not written in (Stmt.PosIn).
func (l *lowerer) newStmt(s Stmt) *Stmt {
	p := fromBlock(&l.mem.stmts, treeBlock)
	*p = s
	if p.Pos == l.defCtx && p.Pos.IsValid() {
		p.Pos, p.atCall = Pos{}, true
	}
	return p
}

func (l *lowerer) newExpr(e Expr) *Expr {
	p := fromBlock(&l.mem.exprs, treeBlock)
	*p = e
	if p.Pos == l.defCtx && p.Pos.IsValid() {
		p.Pos, p.atCall = Pos{}, true
	}
	return p
}

// takeStmts pops stmtStack[start:] into an exactly sized list (nil when
// empty, as appending to a nil list leaves it).
func (m *treeMem) takeStmts(start int) []*Stmt {
	return popInto(&m.stmtStack, start, &m.stmtLists, treeBlock)
}

func (m *treeMem) takeExprs(start int) []*Expr {
	return popInto(&m.exprStack, start, &m.exprLists, treeBlock)
}
