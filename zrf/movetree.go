// This file defines the typed move-language tree: what a move or drop
// definition means, with every name classified, before compilation to bytecode.

package zrf

// StmtOp is the kind of a move-language statement.
type StmtOp uint8

const (
	StmtStep           StmtOp = iota // Name: direction; move the cursor one link (run dies off board)
	StmtJump                         // Name: position; move the cursor there
	StmtOpposite                     // Name: direction; step in its opposite
	StmtMark                         // mark := cursor
	StmtBack                         // cursor := mark
	StmtGo                           // Name: from | to | last-from | last-to | mark
	StmtVerify                       // Cond
	StmtIf                           // Cond, Body, Else
	StmtWhile                        // Cond, Body
	StmtAdd                          // Names: promotion types (may be empty)
	StmtAddPartial                   // Names: promotion types (0 or 1); MoveType
	StmtAddCopy                      // Names: types (0 or 1)
	StmtAddCopyPartial               // Names: types (0 or 1); MoveType
	StmtFrom                         // pick up the piece at the cursor
	StmtTo                           // put the held piece down at the cursor
	StmtCascade                      // to, then pick up the snapshot piece here
	StmtCapture                      // Arg: optional direction/position
	StmtCreate                       // Player (optional), Names[0]: type, Arg
	StmtChangeType                   // Names[0]: type, Arg
	StmtChangeOwner                  // Arg
	StmtFlip                         // Arg
	StmtSetAttribute                 // Name: attribute, Cond: value, Arg
	StmtSetFlag                      // Name: flag, Cond: value
	StmtSetPosFlag                   // Name: position flag, Cond: value, Arg
)

var stmtNames = [...]string{
	"step", "jump", "opposite", "mark", "back", "go", "verify", "if", "while",
	"add", "add-partial", "add-copy", "add-copy-partial", "from", "to", "cascade",
	"capture", "create", "change-type", "change-owner", "flip", "set-attribute",
	"set-flag", "set-position-flag",
}

func (op StmtOp) String() string { return stmtNames[op] }

// ArgKind says what an optional location argument names.
type ArgKind uint8

const (
	ArgNone     ArgKind = iota // no argument: the cursor
	ArgDir                     // a direction from the cursor (after symmetry)
	ArgPos                     // a named position
	ArgOpposite                // (opposite dir) from the cursor
)

// LocArg is an optional "[dir-or-pos]" argument of a predicate or statement.
type LocArg struct {
	Kind ArgKind
	Name string
}

// Stmt is one statement of a move definition.
type Stmt struct {
	Op StmtOp
	// atCall: the statement is at the call position of its definition
	// (MoveDef.Call), and Pos is zero. Statements out of a macro body
	// shared by definitions called at different places are (lowerShared).
	atCall   bool
	Pos      Pos      // where the statement is, unless at the call position (PosIn)
	Name     string   // direction, position, attribute, flag or go target
	Names    []string // piece types
	Player   string   // create's optional owner
	MoveType string   // add-partial's continuation type
	Arg      LocArg
	Cond     *Expr
	Body     []*Stmt
	Else     []*Stmt
}

// ExprOp is the kind of a condition node.
type ExprOp uint8

const (
	ExprAnd ExprOp = iota
	ExprOr
	ExprNot
	ExprTrue
	ExprFalse
	ExprEmpty     // empty? [arg]
	ExprFriend    // friend? [arg]
	ExprEnemy     // enemy? [arg]
	ExprNeutral   // neutral? [arg]
	ExprPiece     // piece? Name [arg]
	ExprInZone    // in-zone? Name [arg]
	ExprOnBoard   // on-board? arg (required)
	ExprPosition  // position? arg (a position)
	ExprLastFrom  // last-from? [arg]
	ExprLastTo    // last-to? [arg]
	ExprAttacked  // attacked? [arg]
	ExprDefended  // defended? [arg]
	ExprMarked    // marked?
	ExprAttribute // attribute Name used as a predicate [arg]
	ExprFlag      // flag? Name
	ExprPosFlag   // position-flag? Name [arg]
	ExprAdjEnemy  // adjacent-to-enemy? [arg]
	ExprGoalPos   // goal-position? (unused in the corpus)
)

var exprNames = [...]string{
	"and", "or", "not", "true", "false", "empty?", "friend?", "enemy?", "neutral?",
	"piece?", "in-zone?", "on-board?", "position?", "last-from?", "last-to?",
	"attacked?", "defended?", "marked?", "attribute", "flag?", "position-flag?",
	"adjacent-to-enemy?", "goal-position?",
}

func (op ExprOp) String() string { return exprNames[op] }

// Expr is a condition. The not- forms of predicates (not-empty?, not-attacked? ...)
// are represented as ExprNot around the positive predicate.
type Expr struct {
	Op     ExprOp
	atCall bool   // as Stmt's
	Pos    Pos    // unless at the call position (PosIn)
	Name   string // piece type, zone, attribute or flag
	Arg    LocArg
	Args   []*Expr // and/or/not operands
}

// MoveDef is one move or drop definition of a piece, with its move type ("" for
// the default type).
type MoveDef struct {
	Pos Pos
	// Call is where the macro the definition came out of was called (zero
	// for a definition written out): the position of the statements and
	// conditions that say they are at it (Stmt.PosIn).
	Call     Pos
	MoveType string
	Body     []*Stmt
}

// PosIn returns where s is, s being a statement of the definition d.
func (s *Stmt) PosIn(d *MoveDef) Pos {
	if s.atCall {
		return d.Call
	}
	return s.Pos
}

// PosIn returns where e is, e being a condition of the definition d.
func (e *Expr) PosIn(d *MoveDef) Pos {
	if e.atCall {
		return d.Call
	}
	return e.Pos
}
