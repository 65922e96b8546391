// This file defines the checker: one playout and the invariants checked on
// every move of it.

package playout

import (
	"fmt"
	"slices"
	"time"

	"zrun/vm"
)

// checker holds one game's reusable buffers, so a playout's moves allocate
// nothing but the position copies of the hash and occupancy check.
type checker struct {
	g   *vm.Game
	opt Options

	s            *vm.State
	legal, again vm.MoveList
	// next and redo are the moves after the picked move, made and made
	// again; redo becomes the next position's legal list (ready).
	next, redo     vm.MoveList
	ready          bool
	pseudo, noisy  vm.MoveList
	copyList, cont vm.MoveList
	want           []int // indexes into pseudo of the moves that should be legal
	guard          vm.CheckGuard
	lguard         vm.LegalGuard
	before, after  snapshot
	moves          int   // moves made in the current playout
	picks          []int // the index in the legal list of each move made
	move           vm.Move
	moveEff        []vm.Effect
	moveActs       []vm.Act
	hasRoyal       bool
	// deadline is the end of the run's time budget (zero: none); timedOut
	// says the current playout stopped there.
	deadline time.Time
	timedOut bool
}

func newChecker(g *vm.Game, opt Options) *checker {
	c := &checker{g: g, opt: opt}
	for pl := range g.Players {
		if len(g.RoyalTypes(pl)) > 0 {
			c.hasRoyal = true
		}
	}
	return c
}

// snapshot is everything Make changes that a caller can see.
type snapshot struct {
	board                   []vm.Cell
	hands                   []int64
	turn, ply, quiet, depth int
	lastFrom, lastTo, part  int32
	partType                int32
	hash                    uint64
	reps                    int
}

func (sn *snapshot) take(s *vm.State) {
	sn.board = append(sn.board[:0], s.Board...)
	sn.hands = append(sn.hands[:0], s.Hands...)
	sn.turn, sn.ply, sn.quiet, sn.depth = s.Turn, s.Ply, s.Quiet, s.Depth()
	sn.lastFrom, sn.lastTo, sn.part, sn.partType = s.LastFrom, s.LastTo, s.Partial, s.PartialType
	sn.hash, sn.reps = s.Hash(), s.Repetitions()
}

// diff names the first difference between the snapshot and the state, or "".
func (sn *snapshot) diff(s *vm.State) string {
	g := s.Game()
	for p, c := range s.Board {
		if c != sn.board[p] {
			return fmt.Sprintf("square %s holds %v, was %v", g.Board.Positions[p].Name, c, sn.board[p])
		}
	}
	for i, n := range s.Hands {
		if n != sn.hands[i] {
			return fmt.Sprintf("hand count %d (player %d, type %d) is %d, was %d", i, i/len(g.Pieces), i%len(g.Pieces), n, sn.hands[i])
		}
	}
	switch {
	case s.Turn != sn.turn:
		return fmt.Sprintf("turn %d, was %d", s.Turn, sn.turn)
	case s.Ply != sn.ply:
		return fmt.Sprintf("ply %d, was %d", s.Ply, sn.ply)
	case s.Quiet != sn.quiet:
		return fmt.Sprintf("quiet count %d, was %d", s.Quiet, sn.quiet)
	case s.Depth() != sn.depth:
		return fmt.Sprintf("history depth %d, was %d", s.Depth(), sn.depth)
	case s.LastFrom != sn.lastFrom || s.LastTo != sn.lastTo:
		return fmt.Sprintf("last move %d-%d, was %d-%d", s.LastFrom, s.LastTo, sn.lastFrom, sn.lastTo)
	case s.Partial != sn.part || s.PartialType != sn.partType:
		return fmt.Sprintf("partial move %d/%d, was %d/%d", s.Partial, s.PartialType, sn.part, sn.partType)
	case s.Hash() != sn.hash:
		return fmt.Sprintf("hash %#x, was %#x", s.Hash(), sn.hash)
	case s.Repetitions() != sn.reps:
		return fmt.Sprintf("repetitions %d, was %d", s.Repetitions(), sn.reps)
	}
	return ""
}

func violation(check, format string, args ...any) *Violation {
	return &Violation{Check: check, Detail: fmt.Sprintf(format, args...)}
}

// playout plays one game from the start with the seed's random choices. It
// returns the final outcome (not Over when the cap ended it) or the first
// violation.
func (c *checker) playout(seed int64) (end vm.Outcome, v *Violation) {
	c.moves, c.picks, c.timedOut = 0, c.picks[:0], false
	defer func() {
		if r := recover(); r != nil {
			v = violation("panic", "%v", r)
		}
	}()
	s, err := vm.NewState(c.g)
	if err != nil {
		return end, violation("start", "%v", err)
	}
	s.Limit = c.opt.Limits
	c.s = s
	c.ready = false
	rng := rngFor(seed)
	for {
		if !c.ready {
			if err := s.Generate(&c.legal); err != nil {
				return end, violation("budget", "generating: %v", err)
			}
		}
		c.ready = false
		o, err := s.Outcome(&c.legal)
		if err != nil {
			return end, violation("budget", "goals: %v", err)
		}
		if o.Over {
			return o, nil
		}
		if c.moves >= c.opt.MaxMoves {
			return o, nil
		}
		if !c.deadline.IsZero() && time.Now().After(c.deadline) || c.opt.Stop != nil && c.opt.Stop.Load() {
			c.timedOut = true
			return o, nil
		}
		if len(c.legal.Moves) == 0 {
			// Outcome says a player without moves draws unless a goal
			// decides; only a pending partial move gets here.
			return end, violation("outcome", "no legal move, yet the game is not over (partial move pending: %v)", s.Partial != vm.NoPos)
		}
		if v := c.checkPosition(); v != nil {
			return end, v
		}
		pick := rng.Intn(len(c.legal.Moves))
		c.picks = append(c.picks, pick)
		if v := c.checkMove(pick, o); v != nil {
			return end, v
		}
		c.moves++
	}
}

// checkPosition checks the generation paths of the current position against
// its legal moves (c.legal): the pseudo-legal moves and the check filter,
// the noisy moves, a copy of the position rebuilt from scratch, and the
// same copy generating in the interpreter alone.
func (c *checker) checkPosition() *Violation {
	s := c.s
	if err := s.GeneratePseudo(&c.pseudo); err != nil {
		return violation("budget", "pseudo-legal generation: %v", err)
	}
	if v := c.checkFilter(); v != nil {
		return v
	}
	for _, legal := range []bool{true, false} {
		full := &c.legal
		if !legal {
			full = &c.pseudo
		}
		n, err := s.GenerateNoisy(&c.noisy, legal)
		if err != nil {
			return violation("budget", "noisy generation: %v", err)
		}
		if n != len(full.Moves) {
			return violation("noisy", "GenerateNoisy(legal=%v) counts %d moves, the full generation lists %d", legal, n, len(full.Moves))
		}
		if v := noisySubset(s, full, &c.noisy, "GenerateNoisy", legal); v != nil {
			return v
		}
		if err := s.GenerateCaptures(&c.noisy, legal); err != nil {
			return violation("budget", "capture generation: %v", err)
		}
		if v := noisySubset(s, full, &c.noisy, "GenerateCaptures", legal); v != nil {
			return v
		}
	}
	cp := s.Clone()
	cp.Rehash()
	if cp.Hash() != s.Hash() {
		return violation("hash", "incremental hash %#x, computed from scratch %#x", s.Hash(), cp.Hash())
	}
	if err := cp.Generate(&c.copyList); err != nil {
		return violation("budget", "generating in a copy: %v", err)
	}
	if d := diffLists(s, &c.legal, &c.copyList); d != "" {
		return violation("occupancy", "a copy of the position with its occupancy rebuilt generates other moves: %s", d)
	}
	// The specialised programs (vm/spec.go) and the check filter's
	// shortcut (vm/legal.go) must change nothing.
	cp.DisableSpecialised = true
	if err := cp.Generate(&c.copyList); err != nil {
		return violation("budget", "generating in the interpreter alone: %v", err)
	}
	if d := diffLists(s, &c.legal, &c.copyList); d != "" {
		return violation("specialised", "the interpreter alone generates other moves: %s", d)
	}
	return nil
}

// checkFilter checks that the legal moves are the pseudo-legal moves that
// do not leave one of the mover's royal pieces attacked (or, for a part of
// a turn, after which the turn can be finished legally), in order, with the
// pass the options allow.
func (c *checker) checkFilter() *Violation {
	s := c.s
	pl := s.Mover()
	c.want = c.want[:0]
	s.GuardChecks(&c.guard)
	s.GuardLegal(&c.lguard, s.InCheck())
	// A pass is the options' (checked below), except where a MoveSource
	// gives the moves: its passes are moves like the others (an Axiom
	// script's Pass), and the options' is the last move, when they allow
	// one there.
	optPass := -1
	if n := len(c.pseudo.Moves); c.g.Moves != nil && n > 0 && c.pseudo.Moves[n-1].Pass {
		if o := &c.g.Options; o.PassTurn == vm.PassAlways || (o.PassTurn == vm.PassForced && n == 1) {
			optPass = n - 1
		}
	}
	for i := range c.pseudo.Moves {
		m := &c.pseudo.Moves[i]
		if m.Pass && (c.g.Moves == nil || i == optPass) {
			continue
		}
		if !c.hasRoyal {
			c.want = append(c.want, i)
			continue
		}
		quiet := !s.MayGiveCheck(&c.guard, m)
		safe := s.SafeMove(&c.lguard, m)
		keeps := s.KeepsCheck(&c.lguard, m)
		err := s.Make(m)
		bad := s.LeftInCheck(pl)
		if err == nil && quiet && s.InCheck() {
			s.Unmake()
			return violation("checkguard", "MayGiveCheck says %s gives no check, yet it does", s.MoveString(m))
		}
		if err == nil && safe && bad {
			s.Unmake()
			return violation("legalguard", "SafeMove says %s leaves the royal piece safe, yet it does not", s.MoveString(m))
		}
		if err == nil && keeps && !bad {
			s.Unmake()
			return violation("legalguard", "KeepsCheck says %s leaves the royal piece attacked, yet it does not", s.MoveString(m))
		}
		if err == nil && s.Partial != vm.NoPos {
			// A part of a turn is legal when the turn can be finished
			// legally: its continuation has a legal move.
			err = s.Generate(&c.cont)
			bad = len(c.cont.Moves) == 0
		}
		s.Unmake()
		if err != nil {
			return violation("budget", "making pseudo-legal %s: %v", s.MoveString(m), err)
		}
		if !bad {
			c.want = append(c.want, i)
		}
	}
	o := &c.g.Options
	pass := o.PassTurn == vm.PassAlways || (o.PassTurn == vm.PassForced && len(c.want) == 0)
	if s.Partial != vm.NoPos {
		pass = o.PassPartial
	}
	k := 0
	for _, i := range c.want {
		if k >= len(c.legal.Moves) || !sameMove(&c.pseudo.Moves[i], &c.legal.Moves[k]) {
			return violation("legal", "the legal moves lack or reorder %s, which is pseudo-legal and leaves no royal piece attacked", s.MoveString(&c.pseudo.Moves[i]))
		}
		k++
	}
	rest := c.legal.Moves[k:]
	switch {
	case pass && (len(rest) != 1 || !rest[0].Pass):
		return violation("legal", "the options allow a pass, the legal moves end with %d other moves", len(rest))
	case !pass && len(rest) > 0:
		return violation("legal", "the legal moves list %s, which is not pseudo-legal or leaves a royal piece attacked", s.MoveString(&rest[0]))
	}
	return nil
}

// checkMove makes the picked move and checks undo and redo. o is the
// outcome of the position before the move.
func (c *checker) checkMove(pick int, o vm.Outcome) *Violation {
	s := c.s
	// The move is copied out of the list, which the generations below reuse.
	lm := &c.legal.Moves[pick]
	c.moveEff, c.moveActs = lm.CloneInto(&c.move, c.moveEff, c.moveActs)
	m := &c.move
	c.before.take(s)
	if err := s.Make(m); err != nil {
		return violation("budget", "making the move: %v", err)
	}
	c.after.take(s)
	if err := s.Generate(&c.next); err != nil {
		return violation("budget", "generating after the move: %v", err)
	}
	o1, err := s.Outcome(&c.next)
	if err != nil {
		return violation("budget", "goals after the move: %v", err)
	}
	s.Unmake()
	if d := c.before.diff(s); d != "" {
		return violation("unmake", "after make and unmake: %s", d)
	}
	if err := s.Generate(&c.again); err != nil {
		return violation("budget", "generating after unmake: %v", err)
	}
	if d := diffLists(s, &c.legal, &c.again); d != "" {
		return violation("unmake", "after make and unmake the position generates other moves: %s", d)
	}
	if o0, err := s.Outcome(&c.again); err != nil || o0 != o {
		return violation("unmake", "after make and unmake the outcome is %+v, was %+v (%v)", o0, o, err)
	}
	if err := s.Make(m); err != nil {
		return violation("budget", "redoing the move: %v", err)
	}
	if d := c.after.diff(s); d != "" {
		return violation("redo", "the move made again: %s", d)
	}
	if err := s.Generate(&c.redo); err != nil {
		return violation("budget", "generating after the move made again: %v", err)
	}
	if d := diffLists(s, &c.next, &c.redo); d != "" {
		return violation("redo", "the move made again, the position generates other moves: %s", d)
	}
	o2, err := s.Outcome(&c.redo)
	if err != nil || o2 != o1 {
		return violation("redo", "the move made again ends as %+v, first as %+v (%v)", o2, o1, err)
	}
	// The playout goes on from here: its next position's moves are redo's.
	c.legal, c.redo = c.redo, c.legal
	c.ready = true
	return nil
}

// sameMove reports whether two moves are identical in every field a caller sees.
func sameMove(a, b *vm.Move) bool {
	return a.Type == b.Type && a.Piece == b.Piece && a.From == b.From && a.To == b.To &&
		a.Continue == b.Continue && a.Pass == b.Pass && a.Drop == b.Drop &&
		a.Captures == b.Captures && a.Kings == b.Kings && a.Struck == b.Struck &&
		slices.Equal(a.Effects(nil), b.Effects(nil)) && slices.Equal(a.Actions(nil), b.Actions(nil))
}

// diffLists describes the first difference between two move lists, or "".
func diffLists(s *vm.State, a, b *vm.MoveList) string {
	for i := range a.Moves {
		if i >= len(b.Moves) {
			return fmt.Sprintf("%d moves, was %d (missing %s)", len(b.Moves), len(a.Moves), s.MoveString(&a.Moves[i]))
		}
		if !sameMove(&a.Moves[i], &b.Moves[i]) {
			return fmt.Sprintf("move %d is %s, was %s", i, s.MoveString(&b.Moves[i]), s.MoveString(&a.Moves[i]))
		}
		if ka, kb := a.Moves[i].Key(), b.Moves[i].Key(); ka != kb {
			return fmt.Sprintf("move %d (%s) has the key %#x, was %#x", i, s.MoveString(&b.Moves[i]), kb, ka)
		}
	}
	if len(b.Moves) > len(a.Moves) {
		return fmt.Sprintf("%d moves, was %d (extra %s)", len(b.Moves), len(a.Moves), s.MoveString(&b.Moves[len(a.Moves)]))
	}
	return ""
}

// noisySubset checks that part lists the noisy moves of full, in full's
// order, and nothing else.
func noisySubset(s *vm.State, full, part *vm.MoveList, gen string, legal bool) *Violation {
	k := 0
	for i := range full.Moves {
		m := &full.Moves[i]
		if !s.IsNoisy(m) {
			continue
		}
		if k >= len(part.Moves) || !sameMove(m, &part.Moves[k]) {
			return violation("noisy", "%s(legal=%v) misses or reorders %s (noisy move %d)", gen, legal, s.MoveString(m), k)
		}
		k++
	}
	if k != len(part.Moves) {
		return violation("noisy", "%s(legal=%v) lists %s, which the full generation has not as a noisy move", gen, legal, s.MoveString(&part.Moves[k]))
	}
	return nil
}
