// This file defines goal evaluation: whether the game is over after a move,
// and how it ended.

package vm

import "slices"

// Outcome says whether and how the game has ended.
type Outcome struct {
	Over bool
	// Winner is the winning player, or -1 for a draw (or, with more than two
	// players, when a loss condition removes Loser without naming a winner).
	Winner int
	Loser  int // the player a loss condition held for, else -1
	Kind   GoalKind
	Reason string // "checkmated", "stalemated", "repetition", "pieces-remaining", ...
	// Source is where the goal that decided is written (the rule file's
	// file:line:col), so a player can look the rule up; "" for the ends
	// the runtime adds (fifty-move rule, insufficient material, no move).
	Source string
}

// RepetitionCount is how many times a position must occur for `repetition`.
const RepetitionCount = 3

// Outcome evaluates the goals in the current position. legal must hold the
// legal moves of the player to move (as Generate produced them); pass nil to
// have them generated. Conditions are tested in kind order (win, loss, draw,
// count) and file order within a kind, for each listed player in turn; the
// first that holds decides. stalemated and checkmated hold only for the player
// to move. With no goal that holds, a player to move with no legal move draws.
func (s *State) Outcome(legal *MoveList) (Outcome, error) {
	none := Outcome{Winner: -1, Loser: -1}
	if s.Partial != NoPos {
		return none, nil
	}
	if legal == nil {
		legal = s.scratchAt(0)
		if err := s.Generate(legal); err != nil {
			return none, err
		}
	}
	if src := s.g.Moves; src != nil {
		if o, ok, err := src.Outcome(s, legal); ok || err != nil {
			return o, err
		}
	}
	noMoves := len(legal.Moves) == 0
	plan := s.goalsToTest()
	if noMoves {
		plan = s.pre.goalsNoMoves
	}
	for _, gp := range plan {
		goal := s.g.Goals[gp.goal]
		if reason, ok := s.holds(goal.Cond, gp.player, noMoves); ok {
			o := s.decide(goal.Kind, gp.player, reason)
			o.Source = goal.Source
			return o, nil
		}
	}
	if o := &s.g.Options; o.FiftyMove > 0 && s.Quiet >= 2*o.FiftyMove {
		return Outcome{Over: true, Winner: -1, Loser: -1, Kind: DrawGoal, Reason: "fifty-move rule"}, nil
	}
	if s.InsufficientMaterial() {
		return Outcome{Over: true, Winner: -1, Loser: -1, Kind: DrawGoal, Reason: "insufficient material"}, nil
	}
	if noMoves {
		return Outcome{Over: true, Winner: -1, Loser: -1, Kind: DrawGoal, Reason: "no legal move"}, nil
	}
	return none, nil
}

// GoesOn reports, for the player to move with a legal move (noMoves
// false) or without one, that Outcome would find the game not over,
// where it can tell at once: no goal left to test (goalsWithMoves empty,
// or all repetition and the position new), no fifty-move draw due and too
// many pieces for insufficient material. False means "ask Outcome": the
// searcher reads the goals at nearly every node, and Outcome builds its
// answer (with its reason and source) for every call.
func (s *State) GoesOn(noMoves bool) bool {
	if noMoves || s.Partial != NoPos {
		return s.Partial != NoPos
	}
	if s.g.Moves != nil { // the source decides (Outcome)
		return false
	}
	if len(s.goalsToTest()) > 0 {
		return false
	}
	if o := &s.g.Options; o.FiftyMove > 0 && s.Quiet >= 2*o.FiftyMove {
		return false
	}
	return !s.g.Options.InsufficientMaterial || s.occ.pieces > deadMaxPieces
}

// goalsToTest is goalsWithMoves, but none where they are all repetition
// and the position is new (unseen): the searcher's usual case.
func (s *State) goalsToTest() []goalPair {
	if s.pre.repeatOnly && s.unseen() {
		return nil
	}
	return s.pre.goalsWithMoves
}

// unseen reports what the hash filter tells at once: the position has not
// stood before in the game (Repetitions 1). False: it may have.
func (s *State) unseen() bool { return s.seen[s.hash%uint64(len(s.seen))] == 0 }

func (s *State) decide(kind GoalKind, pl int, reason string) Outcome {
	o := Outcome{Over: true, Winner: -1, Loser: -1, Kind: kind, Reason: reason}
	switch kind {
	case WinGoal:
		o.Winner = pl
	case LossGoal:
		o.Loser = pl
		o.Winner = s.soleOpponent(pl)
	case CountGoal:
		o.Winner = s.mostPieces()
	}
	return o
}

// soleOpponent returns the one player other than pl who chooses moves, or -1
// when there are several: random players (a dice "?D") and players who never
// take a turn (Stavropol's Neurtal, whose pieces White and Black move)
// neither win nor lose, so in Duke or Daldosa a loss of one side is a win of
// the other.
func (s *State) soleOpponent(pl int) int {
	other := -1
	for p, player := range s.g.Players {
		if p == pl || player.Random || !s.takesTurns(p) {
			continue
		}
		if other >= 0 {
			return -1
		}
		other = p
	}
	return other
}

// takesTurns reports whether player p moves in some turn-order entry.
func (s *State) takesTurns(p int) bool {
	for _, t := range s.g.TurnOrder {
		if t.Mover == p {
			return true
		}
	}
	return false
}

// mostPieces returns the player with the most pieces on the board, or -1 on a tie.
func (s *State) mostPieces() int {
	counts := make([]int, len(s.g.Players))
	for _, c := range s.Board {
		if c != Empty {
			counts[c.Owner()]++
		}
	}
	best, bestN, tie := -1, -1, false
	for pl, n := range counts {
		switch {
		case n > bestN:
			best, bestN, tie = pl, n, false
		case n == bestN:
			tie = true
		}
	}
	if tie {
		return -1
	}
	return best
}

// holds evaluates a condition for player pl and names the predicate that
// decided it.
func (s *State) holds(c *Cond, pl int, noMoves bool) (string, bool) {
	switch c.Op {
	case CondAnd:
		reason := ""
		for _, a := range c.Args {
			r, ok := s.holds(a, pl, noMoves)
			if !ok {
				return "", false
			}
			reason = r
		}
		return reason, true
	case CondOr:
		for _, a := range c.Args {
			if r, ok := s.holds(a, pl, noMoves); ok {
				return r, true
			}
		}
		return "", false
	case CondNot:
		if len(c.Args) == 1 {
			if _, ok := s.holds(c.Args[0], pl, noMoves); !ok {
				return "not", true
			}
		}
		return "", false
	case CondTrue:
		return "true", true
	case CondFalse:
		return "", false
	case CondStalemated:
		// For the player whose turn it is, also when it moves another
		// player's pieces: African Chess plays (White N white-turn) and
		// lists (loss-condition (White Black) stalemated).
		t := s.g.TurnOrder[s.Turn]
		return "stalemated", (pl == t.Mover || pl == t.As) && noMoves
	case CondCheckmated:
		return "checkmated", pl == s.Mover() && noMoves && s.typesAttacked(pl, c.Types)
	case CondRepetition:
		return "repetition", s.Repetitions() >= RepetitionCount
	case CondPiecesRemaining:
		return "pieces-remaining", s.countPieces(pl, c.Types, s.g.Options.IncludeOffPieces) == c.N
	case CondTotalPieceCount:
		n := 0
		for p := range s.g.Players {
			n += s.countPieces(p, c.Types, s.g.Options.IncludeOffPieces)
		}
		return "total-piece-count", n == c.N
	case CondAbsoluteConfig:
		return "absolute-config", s.absoluteConfig(c, pl)
	case CondRelativeConfig:
		return "relative-config", s.relativeConfig(c.Pattern, pl)
	case CondCaptured:
		return "captured", s.capturedLastTurn(pl, c.Types)
	}
	return "", false
}

func (s *State) typesAttacked(pl int, types []int) bool {
	for p, c := range s.Board {
		if c == Empty || c.Owner() != pl {
			continue
		}
		for _, t := range types {
			if c.Type() == t && s.attackedBy(int32(p), pl, true, c, 0) {
				return true
			}
		}
	}
	return false
}

func (s *State) countPieces(pl int, types []int, offToo bool) int {
	match := func(t int) bool {
		if len(types) == 0 {
			return true
		}
		for _, x := range types {
			if x == t {
				return true
			}
		}
		return false
	}
	n := 0
	for _, c := range s.Board {
		if c != Empty && c.Owner() == pl && match(c.Type()) {
			n++
		}
	}
	if offToo {
		nT := len(s.g.Pieces)
		for t := 0; t < nT; t++ {
			if match(t) {
				n += int(s.Hands[pl*nT+t])
			}
		}
	}
	return n
}

// capturedLastTurn reports whether the last complete turn (every part of a
// partial move) captured a piece of pl of one of the types. Pieces that only
// change type are not captured (Passive Chess's General moving on as a
// Horse), and before the first move nothing is (Duke begins with no Duke on
// the board); doc.go.
func (s *State) capturedLastTurn(pl int, types []int) bool {
	k := len(s.hist) - 1
	for k > 0 && s.hist[k].partial != NoPos {
		k--
	}
	if k < 0 {
		return false
	}
	for _, c := range s.taken[s.hist[k].takenLen:] {
		if c.Owner() != pl {
			continue
		}
		if len(types) == 0 || slices.Contains(types, c.Type()) {
			return true
		}
	}
	return false
}

// absoluteConfig tests an absolute-config goal for player pl.
func (s *State) absoluteConfig(c *Cond, pl int) bool {
	ok := func(p int) bool {
		cell := s.Board[p]
		if cell == Empty {
			return false
		}
		switch c.Owner {
		case OwnerSelf:
			if cell.Owner() != pl {
				return false
			}
		case OwnerOpponent:
			if cell.Owner() == pl {
				return false
			}
		}
		match := len(c.Types) == 0
		for _, t := range c.Types {
			if cell.Type() == t {
				match = true
			}
		}
		return match != c.NotTypes
	}
	// Every listed position must hold such a piece; a listed zone needs one
	// on any of its positions (doc.go: Elementals' four central squares).
	for _, p := range c.Positions {
		if !ok(p) {
			return false
		}
	}
	for _, z := range c.Zones {
		found := false
		for p := range s.Board {
			if s.g.Board.InZone(z, pl, p) && ok(p) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return len(c.Positions) > 0 || len(c.Zones) > 0
}

// relativeConfig looks for the pattern starting on any square, with the
// directions seen through pl's symmetry.
func (s *State) relativeConfig(pat []PatternStep, pl int) bool {
	if len(pat) == 0 {
		return false
	}
	b := s.g.Board
	sym := b.Symmetry[pl]
	for start := range s.Board {
		p := start
		ok := true
		for i, st := range pat {
			c := s.Board[p]
			is := c != Empty && c.Owner() == pl && c.Type() == st.Type
			if is == st.Not {
				ok = false
				break
			}
			if i == len(pat)-1 || st.Dir < 0 {
				break
			}
			p = b.Link(sym[st.Dir], p)
			if p < 0 {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// Repetitions counts how many times the current position has occurred in the
// game so far, including now.
func (s *State) Repetitions() int {
	n := 1
	if s.unseen() {
		return n
	}
	for _, h := range s.hashes {
		if h == s.hash {
			n++
		}
	}
	return n
}

// Repeated reports whether the current position stood before in the game,
// the moves made since a search began included (Repetitions > 1), without
// counting: most positions are new, and the hash filter says so at once.
func (s *State) Repeated() bool {
	if s.unseen() {
		return false
	}
	for i := len(s.hashes) - 1; i >= 0; i-- {
		if s.hashes[i] == s.hash {
			return true
		}
	}
	return false
}

// goalPair is a goal and one of its players, as Outcome tests them.
type goalPair struct {
	goal   int // index in Game.Goals
	player int
}

// goalPlans lists the goal-player pairs in Outcome's order (kind: win,
// loss, draw, count; file order within a kind; players in turn): all of
// them for a player to move without a legal move, and for one with a move
// only those whose condition can hold then (stalemated and checkmated
// cannot), so the searcher's many Goals calls skip the others.
func (g *Game) goalPlans() (withMoves, noMoves []goalPair) {
	for _, kind := range []GoalKind{WinGoal, LossGoal, DrawGoal, CountGoal} {
		for gi := range g.Goals {
			goal := g.Goals[gi]
			if goal.Kind != kind {
				continue
			}
			for _, pl := range goal.Players {
				noMoves = append(noMoves, goalPair{gi, pl})
				if mayHoldWithMoves(goal.Cond) {
					withMoves = append(withMoves, goalPair{gi, pl})
				}
			}
		}
	}
	return withMoves, noMoves
}

// mayHoldWithMoves reports whether c could hold for a player who has a
// legal move: false only where it certainly cannot (it needs having none).
func mayHoldWithMoves(c *Cond) bool {
	switch c.Op {
	case CondStalemated, CondCheckmated, CondFalse:
		return false
	case CondAnd:
		for _, a := range c.Args {
			if !mayHoldWithMoves(a) {
				return false
			}
		}
		return true
	case CondOr:
		for _, a := range c.Args {
			if mayHoldWithMoves(a) {
				return true
			}
		}
		return false
	}
	return true
}
