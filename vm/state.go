// This file defines State, a mutable position of a game, and its hash.

package vm

import (
	"fmt"
	"sync/atomic"
)

// State is a position: the board, pieces in hand, whose turn it is, the last
// move, a pending partial-move continuation and the history needed to unmake
// moves and detect repetitions.
type State struct {
	g   *Game
	pre *prepared

	Board []Cell
	// Hands[pl*len(Pieces)+t] is how many pieces of type t player pl has off board.
	Hands []int64
	// Vars are the game variables of a MoveSource (Game.Vars): state
	// beyond the board that its moves change with EffVar effects.
	Vars []int64
	// Turn is the index of the current entry in Game.TurnOrder.
	Turn int
	// LastFrom and LastTo are the previous move's main squares (NoPos if none).
	LastFrom, LastTo int32
	// Partial is the square of the piece that must continue a partial move, or
	// NoPos; PartialType is the move type it continues with.
	Partial     int32
	PartialType int32
	// Ply counts moves (and move parts) made since the start.
	Ply int
	// Quiet counts completed turns since the last capture or move of a
	// Options.ResetTypes piece (for the fifty-move rule).
	Quiet int

	hash uint64
	// key is stateKey() as hash holds it: Make takes it out without
	// computing it again (lastKey reads the board).
	key  uint64
	occ  occupancy
	undo []undoRec
	hist []histRec
	// hashes[i] is the hash of the position before hist[i]'s move: Unmake
	// restores it, and the repetition count scans these eight bytes a
	// position instead of whole records.
	hashes []uint64
	// seen[h%len(seen)] counts the hashes h in hashes: where it is 0 the
	// position has not stood before, which the repetition count knows
	// without the scan (most positions of a search are new).
	seen [1024]uint32
	// taken holds the pieces captured by the moves in hist, in order, for
	// the captured goal (kept only in games that have one).
	taken []Cell

	gens     []*generator // one per nesting level, created on first use
	scratch  []*MoveList  // per nesting level, for legality tests and continuations
	dedupTab []int32
	// dedupKeys holds dedup's keys of the moves it keeps (reused).
	dedupKeys []uint64
	// dedupInterp: dedupInterpreted's kept interpreted moves, reused.
	dedupInterp []int32
	// perftLists are the move lists of Perft and Divide, one per level of
	// Make calls, reused across calls.
	perftLists []*MoveList
	// turnKeys[lv] holds the positions the turn that began at perft level
	// lv has reached, in the middle of a partial move and at its end
	// (perft.go).
	turnKeys [][]uint64
	Limit    Limits
	// DisableSpecialised makes every move program run in the interpreter,
	// also those with a specialised form (spec.go): tests compare the two.
	DisableSpecialised bool
	// noReach makes attack tests run every block of every enemy piece,
	// without the reach table (a test's reference).
	noReach bool
	// liftedAt: 1 + the square LandingAttacked emptied on the board but
	// not in the occupancy while its query runs (0: none).
	liftedAt int32
	// interrupt, when set, stops Perft and Divide (SetInterrupt).
	interrupt *atomic.Bool
}

// Limits bounds the work of one generation, so a rule with an endless loop is
// an error instead of a hang.
type Limits struct {
	StepsPerRun int // instructions one program run may execute
	MovesPerGen int // moves one generation may produce
}

// DefaultLimits are generous for every corpus game.
var DefaultLimits = Limits{StepsPerRun: 1 << 20, MovesPerGen: 1 << 18}

type undoRec struct {
	pos  int32
	kind EffectKind
	old  Cell
}

type histRec struct {
	undoLen          int
	turn             int
	lastFrom, lastTo int32
	partial, ptype   int32
	quiet            int
	takenLen         int
	gateAt           int32 // the move's gateAt (Move)
	// moved: the move's first two undo records are one piece's move
	// from one square to another (moveCell), which Unmake takes back as one.
	moved bool
	key   uint64
}

// Game returns the game this state belongs to.
func (s *State) Game() *Game { return s.g }

// NewState returns the start position of g (board-setup).
func NewState(g *Game) (*State, error) {
	if g.Board == nil {
		return nil, fmt.Errorf("%s: game %q has no board", g.Source, g.Title)
	}
	if len(g.Players) == 0 || len(g.TurnOrder) == 0 {
		return nil, fmt.Errorf("%s: game %q has no players or turn order", g.Source, g.Title)
	}
	if len(g.Players) > 255 || len(g.Pieces) > 0xfffe || len(g.Attributes) > MaxAttributes {
		return nil, fmt.Errorf("%s: game %q is too large (players, piece types or attributes)", g.Source, g.Title)
	}
	pre := g.prep()
	s := &State{
		g:        g,
		pre:      pre,
		Board:    make([]Cell, g.Board.N()),
		Hands:    make([]int64, len(g.Players)*len(g.Pieces)),
		Vars:     append([]int64(nil), g.Vars...),
		LastFrom: NoPos, LastTo: NoPos, Partial: NoPos, PartialType: -1,
		Limit: DefaultLimits,
	}
	for _, it := range g.Setup {
		if it.Pos == OffBoard {
			s.Hands[it.Player*len(g.Pieces)+it.Type] += int64(it.Count)
			continue
		}
		s.Board[it.Pos] = MakeCell(it.Type, it.Player, pre.defaults[it.Type])
	}
	s.Rehash()
	return s, nil
}

// Clear empties the board and hands and resets the turn and history, keeping
// the game. Used to set up positions from FEN.
func (s *State) Clear() {
	for i := range s.Board {
		s.Board[i] = Empty
	}
	for i := range s.Hands {
		s.Hands[i] = 0
	}
	copy(s.Vars, s.g.Vars)
	s.Turn, s.Ply, s.Quiet = 0, 0, 0
	s.LastFrom, s.LastTo, s.Partial, s.PartialType = NoPos, NoPos, NoPos, -1
	s.forgetHistory()
	s.Rehash()
}

// forgetHistory drops the moves that could be unmade, with what the
// repetition count keeps of them: the position stands as if set up.
func (s *State) forgetHistory() {
	s.undo, s.hist, s.hashes, s.taken = s.undo[:0], s.hist[:0], s.hashes[:0], s.taken[:0]
	clear(s.seen[:])
}

// Rehash recomputes the hash and the occupancy lists after the board was
// edited directly. The occupancy comes first: the hash reads it
// (lastKey).
func (s *State) Rehash() {
	s.occ.reset(s)
	s.hash = s.computeHash()
}

// Clone returns an independent copy (without the undo history).
func (s *State) Clone() *State {
	c := &State{g: s.g, pre: s.pre, Turn: s.Turn, LastFrom: s.LastFrom, LastTo: s.LastTo,
		Partial: s.Partial, PartialType: s.PartialType, Ply: s.Ply, Quiet: s.Quiet, hash: s.hash, key: s.key, Limit: s.Limit,
		DisableSpecialised: s.DisableSpecialised}
	c.Board = append([]Cell(nil), s.Board...)
	c.Hands = append([]int64(nil), s.Hands...)
	c.Vars = append([]int64(nil), s.Vars...)
	c.occ.w = s.occ.w
	c.occ.reset(c)
	return c
}

// Fork returns an independent copy that keeps the history: its moves can be
// unmade back to s's start and it counts repetitions of s's positions. A
// search runs on a fork so that the game in progress stays readable (and
// changeable) by others while it thinks; the two share only the immutable
// game.
func (s *State) Fork() *State {
	c := s.Clone()
	c.Limit, c.noReach = s.Limit, s.noReach
	c.undo = append([]undoRec(nil), s.undo...)
	c.hist = append([]histRec(nil), s.hist...)
	c.hashes = append([]uint64(nil), s.hashes...)
	c.taken = append([]Cell(nil), s.taken...)
	c.seen = s.seen
	return c
}

// Hash returns the position's Zobrist-style hash: board, hands, turn entry,
// partial-move state and the last move's squares where they may change the
// moves of the player to move (lastKey).
func (s *State) Hash() uint64 { return s.hash }

// Mover returns the player whose pieces move now (the "as" player of the turn entry).
func (s *State) Mover() int { return s.g.TurnOrder[s.Turn].As }

// Chooser returns the player who chooses the move now (a random player, or the mover).
func (s *State) Chooser() int { return s.g.TurnOrder[s.Turn].Mover }

// HandCount returns how many pieces of type t player pl holds off board.
func (s *State) HandCount(pl, t int) int64 { return s.Hands[pl*len(s.g.Pieces)+t] }

// HasInHand reports whether player pl may drop a piece of type t: one is in
// hand, or the hand is unlimited (Options.UnlimitedHand).
func (s *State) HasInHand(pl, t int) bool {
	return s.Hands[pl*len(s.g.Pieces)+t] > 0 || s.g.HandUnlimited(pl, t)
}

func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

func cellKey(pos int32, c Cell) uint64 {
	if c == Empty {
		return 0
	}
	return mix64(uint64(c)*0x9e3779b97f4a7c15 + uint64(pos)*0xc2b2ae3d27d4eb4f + 1)
}

// varKey is the hash's part for game variable i holding n.
func varKey(i int32, n int64) uint64 {
	if n == 0 {
		return 0
	}
	return mix64(uint64(n)*0x9fb21c651e98df25 + uint64(i)*0xd6e8feb86659fd93 + 13)
}

func handKey(i int32, n int64) uint64 {
	if n == 0 {
		return 0
	}
	return mix64(uint64(n)*0x632be59bd9b4e019 + uint64(i)*0x85ebca77c2b2ae63 + 7)
}

func (s *State) stateKey() uint64 {
	if s.Partial == NoPos && s.PartialType == -1 {
		// lastKey written out for the commonest case (Make's, a move
		// that ends the turn), without its two calls. HashAfter writes
		// the same for its guess: one function for both does not
		// inline, and cost 0.2% of a search's instructions.
		k := s.pre.turnKeys[s.Turn]
		if s.pre.usesLast && (!s.pre.lastByStarts || s.lastReaches(s.g.TurnOrder[s.Turn].As, s.LastFrom, s.LastTo, NoPos)) {
			k ^= lastSquaresKey(s.LastFrom, s.LastTo)
		}
		return k
	}
	return partKey(s.Turn, s.Partial, s.PartialType) ^ s.lastKey()
}

// partKey is the hash's part for the turn entry and the partial move.
func partKey(turn int, partial, ptype int32) uint64 {
	return mix64(uint64(turn)*0x27d4eb2f165667c5 + uint64(uint32(partial))<<20 + uint64(uint32(ptype)) + 11)
}

// lastKey is the hash's part for the last move's squares: none where they
// cannot change what the player to move may do. Chess's rule (FIDE 9.2)
// counts a position again whatever move led to it, unless an en passant
// capture was possible once and not the other time; a hash that kept every
// last move would count a knight's way out and back as a new position and
// see a threefold repetition a cycle late.
func (s *State) lastKey() uint64 {
	if !s.pre.usesLast || !s.lastMatters() {
		return 0
	}
	return lastSquaresKey(s.LastFrom, s.LastTo)
}

// lastSquaresKey is lastKey's part for a last move from -> to.
func lastSquaresKey(from, to int32) uint64 {
	return mix64(uint64(uint32(from))<<32 | uint64(uint32(to)))
}

// lastMatters reports whether the last move's squares may change the moves
// of the player to move: where the only programs that read them are the
// blocks lastSets knows (en passant), whether a piece of the mover's of
// such a type stands on a square they may run from after this last move.
// Elsewhere, and within a turn of several parts, they always may.
func (s *State) lastMatters() bool {
	if !s.pre.lastByStarts || s.Partial != NoPos {
		return true
	}
	return s.lastReaches(s.g.TurnOrder[s.Turn].As, s.LastFrom, s.LastTo, NoPos)
}

// lastReaches reports whether a piece of player pl's, of a type lastSets
// knows, stands on a square its programs may run from after a last move
// from -> to, leaving out the piece on gone (one the last move captures,
// for HashAfter; NoPos: none).
func (s *State) lastReaches(pl int, from, to, gone int32) bool {
	for i := range s.pre.lastSets {
		ls := &s.pre.lastSets[i]
		starts := ls.starts(pl, len(s.Board), from, to)
		if starts.empty() {
			continue
		}
		if gone != NoPos && starts.has(gone) {
			starts.remove(gone)
		}
		if !starts.and(s.occ.typeSet(pl, ls.t)).empty() {
			return true
		}
	}
	return false
}

func (s *State) computeHash() uint64 {
	var h uint64
	for p, c := range s.Board {
		h ^= cellKey(int32(p), c)
	}
	for i, n := range s.Hands {
		h ^= handKey(int32(i), n)
	}
	for i, n := range s.Vars {
		h ^= varKey(int32(i), n)
	}
	s.key = s.stateKey()
	return h ^ s.key
}

// genAt returns the generator for nesting level lv.
func (s *State) genAt(lv int) *generator {
	for len(s.gens) <= lv {
		gn := &generator{}
		gn.init(s, len(s.gens))
		s.gens = append(s.gens, gn)
	}
	return s.gens[lv]
}

// scratchAt returns a reusable move list for nesting level lv.
func (s *State) scratchAt(lv int) *MoveList {
	for len(s.scratch) <= lv {
		s.scratch = append(s.scratch, &MoveList{})
	}
	return s.scratch[lv]
}
