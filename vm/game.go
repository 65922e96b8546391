// This file defines the game model that every front end produces: players, turn
// order, board topology, pieces with their move programs, setup, options and goals.

package vm

// Game is one playable game or variant, complete and validated. Front ends build
// it; Finish computes the derived tables. After Finish it is never modified.
type Game struct {
	Title       string
	Description string
	History     string
	Strategy    string
	Source      string // where it came from: "file.zrf:12:1" of its (game ...) or (variant ...)
	IsVariant   bool
	Default     bool   // a variant marked (default)
	Engine      string // an external move engine (Axiom); moves cannot be generated here unless Moves is set
	// Moves, when set, supplies the moves and the outcome in place of the
	// pieces' programs (movesource.go): the host's implementation of the
	// external Engine. EngineErr says why an Engine game has none.
	Moves     MoveSource
	EngineErr string
	// Eval, when set, is the host's evaluation of a position (an Axiom
	// script's OnEvaluate: movesource.go), which the searcher uses.
	Eval ScriptEvaluator
	// Vars are the start values of the source's game variables
	// (State.Vars): Axiom's board {variable}s.
	Vars []int64

	Players   []Player
	TurnOrder []Turn
	// RepeatFrom is the turn-order index where the cycle restarts after the last
	// entry (0 when the file has no repeat).
	RepeatFrom int

	Board     *Board
	Pieces    []*PieceType
	MoveTypes []string // move-type names; index 0 is the unnamed default type
	// MoveTypeNumbers[t] is the number Zillions writes for move type t in
	// "partial N" (nil: t+1).
	MoveTypeNumbers []int
	// MovePriorities lists move-type indices, highest priority first.
	MovePriorities []int
	Attributes     []string // piece attribute names; index = bit in Cell attributes
	Flags          []string // run-local flag names
	PosFlags       []string // run-local position flag names
	// AttributeNumbers[i] is the number Zillions writes for attribute i in
	// "@ sq N value" (nil: counted from the last attribute down).
	AttributeNumbers []int

	Setup   []SetupItem
	Options Options
	Goals   []*Goal

	// Letters maps piece types to FEN/notation letters (white = upper case).
	// Empty strings where a type has none.
	Letters []string
	// Values are piece values for the evaluation, 0 when unknown (derived later).
	Values []int
	// Weights are the evaluation's term weights by term name, in percent
	// of each term's unit (a values file's "@name" lines: package eval
	// reads and applies them); nil for the defaults.
	Weights map[string]int

	// ReadFEN, when the front end sets it, is the game's own FEN reader, used
	// by State.SetFEN in place of the generic one (fmax.ini: a letter means
	// different pieces for White and Black, Seirawan's gate letters). It must
	// leave the state unchanged on error; it can build on SetGenericFEN.
	ReadFEN func(s *State, fen string) error
	// WriteFEN, when set, is the game's own FEN writer, used by State.FEN in
	// place of the generic one; it can build on GenericFEN.
	WriteFEN func(s *State) (string, error)

	prepOnce gamePrep // derived tables, computed on first use
}

// Player is a side. Random players ("?Dice") choose uniformly among their moves.
type Player struct {
	Name   string
	Random bool
	// Engine is the kind of player the game's own files ask for on this
	// side ("" for none: the host's choice): an Axiom script's {random}
	// (PlayerRandom), {first} (PlayerFirst), {UCT} (PlayerUCT), or
	// "search-engine WORD" for a {search-engine} of the script's own.
	Engine string
}

// Player kinds a game's files may ask for (Player.Engine).
const (
	PlayerRandom = "random"
	PlayerFirst  = "first"
	PlayerUCT    = "uct"
)

// Turn is one turn-order entry: Mover moves, on behalf of As (usually the same
// player), restricted to move type MoveType (AnyMoveType for no restriction).
type Turn struct {
	Mover    int
	As       int
	MoveType int
}

// AnyMoveType is the Turn.MoveType of an unrestricted turn.
const AnyMoveType = -1

// SetupItem places Count pieces of Type for Player off the board (Pos == OffBoard)
// or one piece on position Pos.
type SetupItem struct {
	Player int
	Type   int
	Pos    int
	Count  int
}

// OffBoard is the SetupItem.Pos of pieces that start in hand.
const OffBoard = -1

// PieceType is one kind of piece and its programs.
type PieceType struct {
	Name        string
	Help        string
	Description string
	Notation    string
	Attrs       []AttrDecl
	Moves       []MoveBlock
	Drops       []MoveBlock
	Source      string
	// Images[player] are the piece's pictures for that player as the
	// rule file names them ((image White "w.bmp" Black "b.bmp")), several
	// when the file offers piece sets; nil for a player without one.
	// Display only.
	Images [][]string
}

// AttrDecl declares a piece attribute with its initial value.
type AttrDecl struct {
	Attr    int
	Default bool
}

// MoveBlock is one move definition: its move type and its compiled program.
type MoveBlock struct {
	Type   int
	Prog   *Program
	Source string // "file:line:col" of the definition
}

// Options are the game options with known meaning. Options without meaning for
// the rules (display settings) and unknown options are kept in Other.
type Options struct {
	PassTurn         PassMode
	PassPartial      bool
	RecycleCaptures  bool
	MaximalCaptures  int // 0 off, 1 most pieces, 2 most kings then most pieces
	IncludeOffPieces bool
	// FiftyMove, when > 0, draws the game after that many moves by each side
	// without a capture or a move of a piece whose type is in ResetTypes.
	FiftyMove  int
	ResetTypes []int
	// InsufficientMaterial draws the game when no side can ever checkmate
	// (chess-like games whose only win is checkmate): see State.InsufficientMaterial.
	InsufficientMaterial bool
	// SpareRoyals lets a player with several royal pieces leave one of them
	// attacked (it may be captured; the last one is royal as usual) but not
	// two at once: Spartan Chess's duple check, Fairy-Max's kings of value
	// -435.
	SpareRoyals bool
	// SharedPieces lets the player to move move any player's pieces, each
	// keeping its owner (friend? and enemy? still compare that owner with
	// the mover): Dagaz's "shared pieces" option, which Zillions lacks.
	SharedPieces bool
	// UnlimitedHand[pl*len(Pieces)+t], where true, gives player pl any
	// number of pieces of type t in hand: a drop takes none from the hand
	// and a recycled capture adds none, so Hands keeps its count. Dagaz
	// reads a drop piece without an "off N" so; nil means no such hand.
	UnlimitedHand []bool
	Other         []Option
}

// Display reads a Zillions display option kept in Other ("animate
// captures", ...): true for "true" or "1", false for "false" or "0", def
// when the file does not set it.
func (o *Options) Display(name string, def bool) bool {
	v := def
	for _, op := range o.Other {
		if op.Name == name {
			switch op.Value {
			case "true", "1":
				v = true
			case "false", "0":
				v = false
			}
		}
	}
	return v
}

// HandUnlimited reports whether player pl holds any number of type t
// (Options.UnlimitedHand).
func (g *Game) HandUnlimited(pl, t int) bool {
	i := pl*len(g.Pieces) + t
	return i < len(g.Options.UnlimitedHand) && g.Options.UnlimitedHand[i]
}

// PassMode says when a player may pass.
type PassMode uint8

const (
	PassNever  PassMode = iota // no passing; no legal move means stalemate
	PassAlways                 // a pass move is always available
	PassForced                 // a player with no legal move passes
)

// Option is an option kept as written.
type Option struct {
	Name   string
	Value  string
	Known  bool // a Zillions option that affects display only
	Source string
}

// GoalKind says what a goal does when it holds.
type GoalKind uint8

const (
	WinGoal GoalKind = iota
	LossGoal
	DrawGoal
	CountGoal
)

func (k GoalKind) String() string {
	return [...]string{"win-condition", "loss-condition", "draw-condition", "count-condition"}[k]
}

// Goal is one win/loss/draw/count condition, tested for each listed player.
type Goal struct {
	Kind    GoalKind
	Players []int
	Cond    *Cond
	Source  string
}

// CondOp is the kind of a goal condition node.
type CondOp uint8

const (
	CondAnd CondOp = iota
	CondOr
	CondNot
	CondStalemated
	CondRepetition
	CondCheckmated      // Types: the royal types
	CondPiecesRemaining // N, Types (empty = all)
	CondTotalPieceCount // N, Types
	CondAbsoluteConfig  // Types, Positions, Zones
	CondRelativeConfig  // Pattern
	CondCaptured        // Types
	CondTrue
	CondFalse
)

// Cond is a goal condition.
type Cond struct {
	Op        CondOp
	Args      []*Cond
	N         int
	Types     []int
	Positions []int
	Zones     []int
	Pattern   []PatternStep
	// For absolute-config: whose piece counts (the tested player's, an
	// opponent's, anyone's), and NotTypes: a piece of any type but Types.
	Owner    CondOwner
	NotTypes bool
}

// CondOwner says whose pieces an absolute-config counts.
type CondOwner uint8

const (
	OwnerSelf     CondOwner = iota // the player the condition is tested for
	OwnerOpponent                  // any other player: (opponent T)
	OwnerAny                       // anyone: (any-owner T)
)

// PatternStep is one element of a relative-config: a piece type (or, with Not,
// anything but that type) then the direction to the next element (-1 after the last).
type PatternStep struct {
	Type int
	Not  bool
	Dir  int
}

// NextTurn is the turn-order entry that follows entry i: the next one, or
// RepeatFrom after the last.
func (g *Game) NextTurn(i int) int {
	if i+1 >= len(g.TurnOrder) {
		return g.RepeatFrom
	}
	return i + 1
}
