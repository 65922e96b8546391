// This file defines what the searcher needs from a game: the Position
// interface, per-move facts, rule switches, search limits and results.

package engine

import "time"

// Position is a game position the searcher drives by make/unmake. M is the
// move type; the searcher never compares moves directly, only their keys.
//
// Moves returned by Generate need only stay valid until the next Generate call
// at the same depth (the same number of Make calls since the search started),
// so an implementation may hand out pointers into per-depth buffers.
//
// Generate may return pseudo-legal moves: moves that Make then rejects
// (leaving the royal piece attacked, say). Testing legality only for the
// moves the search actually plays saves most of the cost of legality tests,
// since cutoffs and quiescence (noisy moves only) play few of them.
type Position[M any] interface {
	// Generate appends the moves of the player to move to buf: every legal
	// move, and possibly moves Make will reject.
	Generate(buf []M) []M
	// Make plays a move generated for this position and reports whether it
	// was legal; when it was not, the position is left unchanged. Unmake
	// takes back a move Make accepted.
	Make(m M) bool
	Unmake()
	// Hash identifies the position, including whose turn it is.
	Hash() uint64
	// ToMove is the player who chooses the next move. It need not alternate:
	// after a partial move the same player moves again.
	ToMove() int
	// Random reports whether the player to move chooses uniformly at random
	// (dice): such a node is a chance node.
	Random() bool
	// Outcome says whether the game is over; it is called right after
	// Generate at the same position. winner is -1 for a draw (or when only a
	// loser is known); loser is -1 when no loss condition decided.
	Outcome() (over bool, winner, loser int)
	// Goals is Outcome without the conditions on the moves of the player to
	// move (stalemate, checkmate), so it may be called without Generate.
	Goals() (over bool, winner, loser int)
	// NoMoves is the outcome when Generate's moves all turned out illegal:
	// the player to move has no legal move (checkmate, stalemate).
	NoMoves() (over bool, winner, loser int)
	// Evaluate scores the position for player pl in centipawn-like units
	// (positive is good for pl).
	Evaluate(pl int) int
	// Info describes a move of this position for ordering and quiescence.
	Info(m M) MoveInfo
	// InCheck reports whether the player to move has a royal piece attacked.
	InCheck() bool
	// Rules says which unsound-in-general prunings the game allows.
	Rules() Rules
	// MoveText names a move of this position (before it is made).
	MoveText(m M) string
}

// NullMover is implemented by positions that can pass the turn to the
// opponent without a move, for null-move pruning. MakeNull returns false
// (and changes nothing) when a null move makes no sense here.
type NullMover interface {
	MakeNull() bool
	UnmakeNull()
}

// NoisyGenerator is implemented by positions that can list the noisy moves
// (those Info marks Noisy) without building the others, which is most of the
// cost of a quiescence node. GenerateNoisy appends to buf the moves Generate
// would return that Info marks Noisy, in the same order, and also returns how
// many moves Generate would have returned (the mobility term of the static
// evaluation counts them). The searcher uses it only where Goals has been
// read and the player to move is not in check, so nothing needs the others.
type NoisyGenerator[M any] interface {
	GenerateNoisy(buf []M) ([]M, int)
}

// CheckPredictor is implemented by positions that can tell, without
// making a move, that it gives no check (leaves no royal piece of the
// player to move next attacked). PrepareChecks readies MayGiveCheck for the
// moves of the current position (until a Make); MayGiveCheck may answer
// true for moves that give no check, never false for one that does.
type CheckPredictor[M any] interface {
	PrepareChecks()
	MayGiveCheck(m M) bool
}

// CheckBatcher is implemented by CheckPredictors that can answer
// MayGiveCheck for a list of moves in one call: MayGiveChecks sets out[i]
// to MayGiveCheck(moves[i]). The searcher asks it of the moves left at a
// node where only those that may give check are still searched; one call
// spares a call through the interface, and one into the position, a move.
type CheckBatcher[M any] interface {
	MayGiveChecks(moves []M, out []bool)
}

// LegalityGuard is implemented by positions whose Make tests legality
// (pseudo-legal Generate) and can skip that test for moves it can tell are
// legal, or skip making moves it can tell are not (in check, those that
// do not touch the check). GuardMoves readies that for the moves of the
// current position,
// given whether the player to move is in check (InCheck's answer; the
// searcher knows it); it holds until a move is taken back to a position
// above this one.
type LegalityGuard interface {
	GuardMoves(inCheck bool)
}

// EvasionFilter is implemented by LegalityGuards that can drop from a list
// of the current position's moves, once GuardMoves(true) has readied them,
// the moves Make would reject unmade in check (those that do not touch the
// check), keeping the others in their order. In check most moves are such;
// dropped before ordering, they are not scored, picked, nor asked whether
// they give check.
type EvasionFilter[M any] interface {
	KeepEvasions(moves []M) []M
}

// CaptureGenerator is implemented by positions that can list the noisy moves
// of GenerateNoisy without counting the others. The searcher uses it in the
// quiescence of games with royal pieces, where it takes a node's mobility
// from the same side's last full generation (two plies up) and, as chess
// engines do, does not look for stalemate below the horizon.
type CaptureGenerator[M any] interface {
	GenerateCaptures(buf []M) []M
}

// GainFilter is implemented by positions whose captures-only generation
// can leave out captures that win little: GenerateCapturesAbove lists the
// moves of GenerateCaptures, in their order, but may leave out those whose
// Info Victim is at most minGain. Quiescence's delta pruning skips such
// moves unsearched, so where it would skip every capture worth less than
// some amount, they need not be built, nor the pieces whose only captures
// they are visited.
type GainFilter[M any] interface {
	GenerateCapturesAbove(buf []M, minGain int) []M
}

// RecaptureTester is implemented by positions that can tell, without
// making a move, whether the piece it moves could be taken on its landing
// square by the next player. Quiescence skips a capture by a piece worth
// more than what it takes when the piece could be taken back: the exchange
// loses material, as a static exchange evaluation would say (in chess
// engines, "bad captures" below the horizon). Recapturable may answer
// false for any move it cannot judge.
type RecaptureTester[M any] interface {
	Recapturable(m M) bool
}

// ExchangeEvaluator is implemented by RecaptureTesters that can play out
// the exchange a move starts on its landing square (a static exchange
// evaluation): ExchangeAtLeast reports whether it wins at least threshold
// for the player making m, both sides capturing there with their least
// valuable piece and free to stop. The searcher asks it, in place of
// Recapturable, of captures by a piece worth more than its victim (so it
// answers Recapturable's question too: a piece nobody can take keeps what
// it took): quiescence skips those that lose, and the search tries them
// after the quiet moves. The position must be as it was when it returns.
type ExchangeEvaluator[M any] interface {
	ExchangeAtLeast(m M, threshold int) bool
}

// InfoLister is implemented by positions that can describe a whole move
// list in one call: ordering needs the facts of every generated move, and
// writing them in place costs less than returning each through an
// interface call (a MoveInfo copied through memory field by field, then
// read back whole, stalls the processor's store forwarding). Infos writes
// Info(moves[i]) to infos[i] for every i.
type InfoLister[M any] interface {
	Infos(moves []M, infos []MoveInfo)
}

// QuietKeyDeferrer is implemented by InfoListers that can leave out the
// keys of quiet moves. A move's key (a hash of what it changes) costs
// more than its other facts, and a node that a capture cuts never looks at
// its quiet moves: ordering then scores the quiet moves, and asks for their
// keys, only once the other moves are spent; quiescence (out of check)
// needs no key at all. InfosDeferred is Infos with Key and Attacker left 0
// for the moves that are not Noisy (the searcher reads a quiet move's
// Attacker nowhere: it orders the noisy moves by it), and Key for the Noisy
// ones too unless noisyKeys; it appends to noisy the places i of the Noisy
// moves, in order, and returns it (ordering's candidates: one pass over
// the moves, not a second one over their facts). FillKeys sets Key for
// every moves[i] whose infos[i].Key is 0 (a key is never 0).
type QuietKeyDeferrer[M any] interface {
	InfosDeferred(moves []M, infos []MoveInfo, noisyKeys bool, noisy []int32) []int32
	FillKeys(moves []M, infos []MoveInfo)
}

// HashPredictor is implemented by positions that can guess, before making
// a move, the hash the move leads to. The searcher fetches the child's
// table slot with it early, while it still decides about the move: the
// probe of a table far larger than the processor's caches otherwise waits
// for memory at nearly every node. A wrong guess costs only the fetch.
type HashPredictor[M any] interface {
	HashAfter(m M) uint64
}

// RepetitionTester is implemented by positions that remember the game
// they are in: Repeated reports whether the position stood before, in the
// game before the search began or since. The searcher scores such a
// position as a draw, as it does a cycle within its own path, so it does
// not walk into a repetition from a won position, and looks for one from a
// lost one (the game's own repetition rule needs more occurrences, which
// the search would see too late).
//
// The searcher relies on it holding every position the search made a move
// from (it then compares the current position only with those it made a
// null move from, which the game does not hold).
type RepetitionTester interface {
	Repeated() bool
}

// MoveInfo is what the searcher knows about a move without making it.
type MoveInfo struct {
	Key uint64 // identifies the move among the moves of its position; never 0
	// Victim and Attacker are 32-bit so that the facts of a move take 24
	// bytes: ordering writes and swaps one per generated move.
	Victim   int32 // material the move wins (captured values, promotion gain)
	Attacker int32 // value of the moving piece (for MVV-LVA)
	Noisy    bool  // captures or promotes: searched in quiescence
	// Continues: the move is a part of a turn its player goes on with (a
	// jump of a multi-jump); the turn's parts together use up one ply of
	// depth, as draughts counts a multi-capture as one move.
	Continues bool
}

// Rules switches prunings that are unsound in some games.
type Rules struct {
	// NullMove allows null-move pruning: zugzwang is rare (chess-like games
	// with a royal piece, two players, no drops).
	NullMove bool
	// LMR allows late-move reductions, futility pruning and delta pruning:
	// quiet moves rarely change the evaluation much (material games).
	LMR bool
	// Royal: the game has royal pieces, so InCheck can be true (check extension).
	Royal bool
	// Giveaway: fewer moves are better (a player wins by losing its pieces
	// or moves), so the mobility term counts against the side that has them.
	Giveaway bool
}

// Info is reported after each completed iteration; with Limits.MultiPV
// above 1, once per line, best first.
type Info struct {
	Depth int
	Score int // for the player to move at the root; see MateIn
	Nodes uint64
	Time  time.Duration
	PV    []string
	// MultiPV is the line's rank in a multi-PV search, 1 for the best
	// (UCI's "info multipv k"); 0 in a single-line search.
	MultiPV int
}

// Result is the outcome of a search.
type Result[M any] struct {
	Best  M    // valid until the position's next Generate at the root depth
	Found bool // false when the root has no legal move
	Score int
	Depth int
	Nodes uint64
	Time  time.Duration
	PV    []string
	// Lines are the last completed iteration's lines, best first, when
	// Limits.MultiPV asked for more than one (nil otherwise).
	Lines []Info
}

// Score bounds. A won game scores Win minus the plies to the win.
const (
	Inf      = 1 << 20
	Win      = 100000
	winBound = Win - 1000
)

// MateIn returns the number of plies to a forced win (positive) or loss
// (negative) a score encodes, and whether it encodes one.
func MateIn(score int) (int, bool) {
	switch {
	case score > winBound:
		return Win - score, true
	case score < -winBound:
		return -(Win + score), true
	}
	return 0, false
}
