// This file defines Position, the thin adapter that lets the game-independent
// searcher (package engine) drive a *vm.State: per-depth move lists, move
// facts for ordering, rule switches, a null move and the evaluation.

package eval

import (
	"slices"
	"zrun/engine"
	"zrun/vm"
)

// Position adapts a vm.State to engine.Position[*vm.Move]. Moves are
// pointers into a move list per depth (the number of moves made through the
// adapter), which the searcher's contract allows: they stay valid until the
// next Generate at the same depth.
type Position struct {
	s  *vm.State
	g  *vm.Game
	ev *Evaluator
	// script is the game's own evaluation (vm.Game.Eval), nil for most
	script vm.ScriptEvaluator
	lists  []*vm.MoveList
	// ptrs[i] points at each move of lists[i]'s array, its whole capacity,
	// in order (listed copies them out).
	ptrs [][]*vm.Move
	ply  int
	// err is the first rule error (step budget) met while searching; the
	// position then looks like a game without moves, so the search ends.
	err   error
	rules engine.Rules
	nulls []nullRec
	// pseudo: Generate lists pseudo-legal moves and Make rejects those that
	// leave a royal piece attacked, so only the moves searched are tested.
	pseudo bool
	none   vm.MoveList // empty: the legal moves when all generated ones were rejected
	// guards[ply] are the check and legality guards made at that ply.
	guards []plyGuards
	// officer is the value above which a piece is not one of the game's
	// cheapest (pawns): with none of them left, zugzwang is common.
	officer int
	// chance: some player moves at random (Random is asked at every
	// node; without one the answer is known).
	chance bool
	// evals caches evaluations by position hash (evalcache.go); nil when
	// the evaluation is cheap enough without.
	evals *evalCache
}

// plyGuards are vm's guards for the position at one ply: the check guard
// PrepareChecks made, and the legality guard GuardMoves made for the
// position whose hash is legalAt. Make reaching a ply turns its legality
// guard off (legalOK: a new position), and the hash keeps one made before
// the game moved on outside the search from being used.
type plyGuards struct {
	check   vm.CheckGuard
	legal   vm.LegalGuard
	legalAt uint64
	legalOK bool
}

// guardsHere returns the guards of the current ply.
func (p *Position) guardsHere() *plyGuards {
	for len(p.guards) <= p.ply {
		p.guards = append(p.guards, plyGuards{})
	}
	return &p.guards[p.ply]
}

// legalGuard returns the current ply's legality guard where GuardMoves
// readied it for this very position (nil otherwise: a position reached
// again at this ply after other moves has a stale one).
func (p *Position) legalGuard() *vm.LegalGuard {
	if p.ply < len(p.guards) {
		if g := &p.guards[p.ply]; g.legalOK && g.legalAt == p.s.Hash() {
			return &g.legal
		}
	}
	return nil
}

type nullRec struct {
	turn             int
	lastFrom, lastTo int32
}

var _ engine.Position[*vm.Move] = (*Position)(nil)
var _ engine.NullMover = (*Position)(nil)
var _ engine.NoisyGenerator[*vm.Move] = (*Position)(nil)
var _ engine.EvasionFilter[*vm.Move] = (*Position)(nil)

// Err returns the first rule error (the VM's step budget) met while the
// searcher ran; the position then looked like a game without moves.
func (p *Position) Err() error { return p.err }

// ClearErr forgets the recorded rule error, before the next search.
func (p *Position) ClearErr() { p.err = nil }

// Reset points the adapter at a fresh state of the same game (a new game or
// setup), so a searcher built on it keeps its transposition table.
func (p *Position) Reset(s *vm.State) {
	p.s, p.ply, p.err = s, 0, nil
	// A state set up afresh (a FEN, a new game) keeps no placement sums:
	// without them Evaluate scans the board (a tenth of an XBoard
	// search's time after setboard, before this).
	_ = p.ev.Watch(s)
}

// PseudoLegal reports whether Generate lists pseudo-legal moves that Make
// then tests (games whose only legality rule is a royal piece not attacked).
func (p *Position) PseudoLegal() bool { return p.pseudo }

// State is the position the adapter plays on.
func (p *Position) State() *vm.State { return p.s }

// PositionFor wraps s with the evaluation derived for its game.
func PositionFor(s *vm.State) (*Position, error) {
	ev, err := Derive(s.Game())
	if err != nil {
		return nil, err
	}
	return NewPosition(s, ev), nil
}

// NewPosition wraps s; ev holds the game's evaluation tables (see Derive).
func NewPosition(s *vm.State, ev *Evaluator) *Position {
	g := s.Game()
	p := &Position{s: s, g: g, ev: ev, script: g.Eval}
	// A table of another game's size is refused; Evaluate then scans.
	_ = ev.Watch(s)
	royal, random, humans := true, false, 0
	for pl, pr := range g.Players {
		if pr.Random {
			random = true
			continue
		}
		humans++
		if len(g.RoyalTypes(pl)) == 0 {
			royal = false
		}
	}
	anyRoyal := false
	for pl := range g.Players {
		anyRoyal = anyRoyal || len(g.RoyalTypes(pl)) > 0
	}
	// Null move and LMR assume zugzwang is rare and a tempo is worth
	// something: true of chess-like games (royal pieces, no drops), false of
	// connection and placement games.
	sound := royal && !ev.drops
	p.chance = random
	p.rules = engine.Rules{
		NullMove: sound && !random && humans == 2,
		LMR:      sound,
		Royal:    anyRoyal,
		Giveaway: ev.giveaway,
	}
	// A forced pass is added only when no legal move exists, which a
	// pseudo-legal list cannot tell.
	p.pseudo = anyRoyal && g.Options.PassTurn != vm.PassForced
	cheapest := 0
	for _, v := range ev.value {
		if v > 0 && (cheapest == 0 || v < cheapest) {
			cheapest = v
		}
	}
	p.officer = 2 * cheapest
	if ev.dynMask != 0 {
		p.evals = newEvalCache()
	}
	return p
}

// hasOfficers reports whether pl has a piece worth more than the officer line.
func (p *Position) hasOfficers(pl int) bool {
	for _, c := range p.s.Board {
		if c != vm.Empty && c.Owner() == pl && p.ev.value[c.Type()] > p.officer {
			return true
		}
	}
	return false
}

func (p *Position) list() *vm.MoveList {
	for len(p.lists) <= p.ply {
		p.lists = append(p.lists, &vm.MoveList{})
	}
	return p.lists[p.ply]
}

func (p *Position) Generate(buf []*vm.Move) []*vm.Move {
	ml := p.list()
	gen := p.s.Generate
	if p.pseudo {
		gen = p.s.GeneratePseudo
	}
	return p.listed(buf, ml, gen(ml))
}

// listed appends pointers to ml's moves to buf; after a rule error (kept
// for Err) the list is empty.
func (p *Position) listed(buf []*vm.Move, ml *vm.MoveList, err error) []*vm.Move {
	if err != nil {
		p.fail(err)
		ml.Reset()
		return buf
	}
	n := len(buf)
	buf = slices.Grow(buf, len(ml.Moves))[:n+len(ml.Moves)]
	copy(buf[n:], p.pointers(ml))
	return buf
}

// pointers returns pointers to ml's moves in order, ml one of this ply's
// lists: made once per array the list holds them in, and copied out by
// listed (a copy costs less than taking each address and storing it).
func (p *Position) pointers(ml *vm.MoveList) []*vm.Move {
	for len(p.ptrs) <= p.ply {
		p.ptrs = append(p.ptrs, nil)
	}
	ps := p.ptrs[p.ply]
	all := ml.Moves[:cap(ml.Moves)]
	if len(ps) != len(all) || len(all) > 0 && ps[0] != &all[0] {
		ps = ps[:0]
		for i := range all {
			ps = append(ps, &all[i])
		}
		p.ptrs[p.ply] = ps
	}
	return ps[:len(ml.Moves)]
}

// GenerateNoisy lists the moves of Generate that Info marks Noisy (vm's
// IsNoisy is the same test but in games with random players, where it
// lists more: gain) and how many moves Generate lists, without building
// most quiet moves: quiescence searches only the noisy ones.
func (p *Position) GenerateNoisy(buf []*vm.Move) ([]*vm.Move, int) {
	ml := p.list()
	n, err := p.s.GenerateNoisy(ml, !p.pseudo)
	if err != nil {
		n = 0
	}
	out := p.listed(buf, ml, err)
	if p.chance {
		kept := out[:0]
		for _, m := range out {
			if p.Info(m).Noisy {
				kept = append(kept, m)
			}
		}
		out = kept
	}
	return out, n
}

// PrepareChecks readies MayGiveCheck for this position's moves (vm's
// check guard, one per ply, so a child's does not overwrite its parent's;
// the searcher calls it at each node before asking).
func (p *Position) PrepareChecks() {
	p.s.GuardChecks(&p.guardsHere().check)
}

// MayGiveCheck is vm's MayGiveCheck with the guard PrepareChecks made.
func (p *Position) MayGiveCheck(m *vm.Move) bool {
	if p.ply >= len(p.guards) {
		return true
	}
	return p.s.MayGiveCheck(&p.guards[p.ply].check, m)
}

// MayGiveChecks is MayGiveCheck for each of ms (vm's MayGiveChecks).
func (p *Position) MayGiveChecks(ms []*vm.Move, out []bool) {
	if p.ply >= len(p.guards) {
		for i := range out {
			out[i] = true
		}
		return
	}
	p.s.MayGiveChecks(&p.guards[p.ply].check, ms, out)
}

// GenerateCaptures lists the moves of GenerateNoisy without counting the
// others.
func (p *Position) GenerateCaptures(buf []*vm.Move) []*vm.Move {
	ml := p.list()
	return p.listed(buf, ml, p.s.GenerateCaptures(ml, !p.pseudo))
}

// GenerateCapturesAbove is GenerateCaptures that may leave out captures
// that win at most minGain (Info's Victim): a simple capture that promotes
// nothing wins its victim's value, so vm's GenerateCapturesOf builds those
// of the types worth more alone.
func (p *Position) GenerateCapturesAbove(buf []*vm.Move, minGain int) []*vm.Move {
	var worth uint64
	for t, v := range p.ev.value {
		if v > minGain || t >= 64 {
			worth |= 1 << uint(t&63)
		}
	}
	ml := p.list()
	return p.listed(buf, ml, p.s.GenerateCapturesOf(ml, !p.pseudo, worth))
}

func (p *Position) fail(err error) {
	if p.err == nil {
		p.err = err
	}
}

// GuardMoves readies the legality guard of this ply (vm GuardLegal).
func (p *Position) GuardMoves(inCheck bool) {
	if !p.pseudo {
		return
	}
	g := p.guardsHere()
	p.s.GuardLegal(&g.legal, inCheck)
	g.legalAt, g.legalOK = p.s.Hash(), true
}

// KeepEvasions drops from ms, moves of this position, those that Make would
// reject unmade by the guard GuardMoves(true) readied (KeepsCheck: in
// check, a move that touches no square of the check), keeping the others
// in order (engine.EvasionFilter). Without a guard for this position it
// keeps every move.
func (p *Position) KeepEvasions(ms []*vm.Move) []*vm.Move {
	lg := p.legalGuard()
	if !p.pseudo || lg == nil {
		return ms
	}
	return p.s.KeepEvasions(lg, ms)
}

// Make plays m; with pseudo-legal generation it takes back and rejects a
// move that leaves the mover's royal piece attacked (unless the ply's
// legality guard tells it is legal), or rejects it unmade where the guard
// tells it would (in check, a move that does not touch the check).
func (p *Position) Make(m *vm.Move) bool {
	mover := p.s.Mover()
	safe := false
	if lg := p.legalGuard(); lg != nil {
		if p.pseudo && p.s.KeepsCheck(lg, m) {
			return false // an evasion that evades nothing: not even made
		}
		safe = p.s.SafeMove(lg, m)
	}
	if err := p.s.Make(m); err != nil {
		p.fail(err)
	} else if p.pseudo && !safe && p.s.LeftInCheck(mover) {
		p.s.Unmake()
		return false
	}
	p.ply++
	p.newPly()
	return true
}

// newPly forgets the legality guard of the ply just reached: its position
// is new.
func (p *Position) newPly() {
	if p.ply < len(p.guards) {
		p.guards[p.ply].legalOK = false
	}
}

func (p *Position) Unmake() {
	p.s.Unmake()
	p.ply--
}

func (p *Position) Hash() uint64 { return p.s.Hash() }

// HashAfter guesses the hash after m (vm.State.HashAfter), for the searcher's early fetch.
func (p *Position) HashAfter(m *vm.Move) uint64 { return p.s.HashAfter(m) }
func (p *Position) ToMove() int                 { return p.s.Chooser() }
func (p *Position) Random() bool                { return p.chance && p.g.Players[p.s.Chooser()].Random }
func (p *Position) InCheck() bool               { return p.rules.Royal && p.s.InCheck() }

// Repeated reports whether the position stood before in the game (vm's
// Repeated): engine.RepetitionTester.
func (p *Position) Repeated() bool { return p.s.Repeated() }

func (p *Position) Rules() engine.Rules { return p.rules }

func (p *Position) MoveText(m *vm.Move) string { return p.s.CoordString(m) }

// Outcome reads the goals with the moves Generate just produced at this depth.
func (p *Position) Outcome() (bool, int, int) {
	ml := p.list()
	if p.s.GoesOn(len(ml.Moves) == 0) {
		return false, -1, -1
	}
	o, err := p.s.Outcome(ml)
	if err != nil {
		p.fail(err)
		return true, -1, -1
	}
	return o.Over, o.Winner, o.Loser
}

// Goals reads the goals that do not need the moves of the player to move.
func (p *Position) Goals() (bool, int, int) {
	if p.s.GoesOn(false) {
		return false, -1, -1
	}
	o, err := p.s.Goals()
	if err != nil {
		p.fail(err)
		return true, -1, -1
	}
	return o.Over, o.Winner, o.Loser
}

// NoMoves reads the goals as if the player to move had no legal move.
func (p *Position) NoMoves() (bool, int, int) {
	o, err := p.s.Outcome(&p.none)
	if err != nil {
		p.fail(err)
		return true, -1, -1
	}
	return o.Over, o.Winner, o.Loser
}

// Info derives the move's material gain from its effects: every enemy piece
// a cell effect removes or takes over counts as a victim, and a piece that
// changes type gains the difference in value (promotion). Noisy is vm's
// IsNoisy (the moves GenerateNoisy lists): both read vm's Taken and Retyped;
// in a game with random players it leaves out what gain says.
func (p *Position) Info(m *vm.Move) engine.MoveInfo {
	var mi engine.MoveInfo
	p.info(m, &mi)
	return mi
}

// Infos is Info for a whole list, written in place (engine.InfoLister).
func (p *Position) Infos(ms []*vm.Move, out []engine.MoveInfo) {
	out = out[:len(ms)]
	for i, m := range ms {
		p.info(m, &out[i])
	}
}

// InfosDeferred is Infos with the keys and attackers of quiet moves left
// 0, and the keys of the others unless noisyKeys; it appends the places of
// the noisy moves to noisy (engine.QuietKeyDeferrer).
func (p *Position) InfosDeferred(ms []*vm.Move, out []engine.MoveInfo, noisyKeys bool, noisy []int32) []int32 {
	out = out[:len(ms)]
	for i, m := range ms {
		mi := &out[i]
		if took, retype, ok := m.Simple(); ok && took == vm.Empty && retype < 0 {
			*mi = engine.MoveInfo{Continues: m.Continue >= 0} // a specialised run's quiet move
			continue
		}
		switch p.facts(m, mi); {
		case !mi.Noisy:
			mi.Key, mi.Attacker = 0, 0
			continue
		case noisyKeys:
			mi.Key = m.Key()
		default:
			mi.Key = 0
		}
		noisy = append(noisy, int32(i))
	}
	return noisy
}

// FillKeys sets the keys InfosDeferred left 0.
func (p *Position) FillKeys(ms []*vm.Move, out []engine.MoveInfo) {
	out = out[:len(ms)]
	for i, m := range ms {
		if out[i].Key == 0 {
			out[i].Key = m.Key()
		}
	}
}

// info writes Info(m) to *mi: the searcher's list of facts is written
// where it stays, each field once, with no copy read back whole.
func (p *Position) info(m *vm.Move, mi *engine.MoveInfo) {
	mi.Key = m.Key()
	p.facts(m, mi)
}

// facts writes the fields of Info(m) but its Key to *mi.
func (p *Position) facts(m *vm.Move, mi *engine.MoveInfo) {
	if p.quietFacts(m, mi) {
		return
	}
	var victim, attacker int32
	noisy := false
	if !m.Pass {
		victim, attacker, noisy = p.gain(m)
	}
	mi.Continues, mi.Victim, mi.Attacker, mi.Noisy = m.Continue >= 0, victim, attacker, noisy
}

// quietFacts writes the facts but the Key of a specialised run's quiet move
// (most of a list: gain's answer without its call) and reports whether m
// is one; otherwise it writes nothing.
func (p *Position) quietFacts(m *vm.Move, mi *engine.MoveInfo) bool {
	if took, retype, ok := m.Simple(); !ok || took != vm.Empty || retype >= 0 {
		return false
	}
	mi.Continues, mi.Victim, mi.Attacker, mi.Noisy = m.Continue >= 0, 0, p.attacker(m), false
	return true
}

// attacker is the value of the piece that makes m (0 for a pass).
func (p *Position) attacker(m *vm.Move) int32 {
	if v := p.ev.value; m.Piece >= 0 && int(m.Piece) < len(v) {
		return int32(v[m.Piece])
	}
	return 0
}

// gain is what a move (not a pass) wins and the value of the piece that
// makes it: the Victim, Attacker and Noisy of its Info.
//
// In a game with random players (dice, a setter), a piece of a random
// player taken (Filler's ?N cells, which each flood takes over) counts in
// Victim but does not make the move noisy, and neither does a change of
// type that gains no value (Filler's flood recolours one's own cells):
// quiescence is for the material the opponent can take back, and in a
// game whose every move takes a setter's cells and recolours one's own, it
// was a full-width search below the horizon (Filler's search finished no
// iteration in 2 s). Games without random players are as before.
func (p *Position) gain(m *vm.Move) (victim, attacker int32, noisy bool) {
	s, ev := p.s, p.ev
	mover := s.Mover()
	attacker = p.attacker(m)
	if took, retype, ok := m.Simple(); ok {
		// A specialised run's move: what it takes and becomes is known.
		if took != vm.Empty && took.Owner() != mover {
			victim += int32(ev.value[took.Type()])
			noisy = noisy || !p.randomOwns(took)
		}
		if retype >= 0 && retype != int(m.Piece) {
			gain := max(ev.value[retype]-ev.value[m.Piece], 0)
			noisy = noisy || !p.chance || gain > 0
			victim += int32(gain)
		}
		return victim, attacker, noisy
	}
	for _, e := range m.Effects(nil) {
		if old, ok := s.Taken(e, mover); ok {
			victim += int32(ev.value[old.Type()])
			noisy = noisy || !p.randomOwns(old)
		}
	}
	for _, a := range m.Actions(nil) {
		if orig, ok := s.Retyped(a, mover); ok {
			gain := max(ev.value[a.Type]-ev.value[orig.Type()], 0)
			noisy = noisy || !p.chance || gain > 0
			victim += int32(gain)
		}
	}
	return victim, attacker, noisy
}

// randomOwns reports whether c is a random player's piece (a die, a
// setter's cell).
func (p *Position) randomOwns(c vm.Cell) bool {
	o := c.Owner()
	return p.chance && o < len(p.g.Players) && p.g.Players[o].Random
}

// Recapturable is vm's LandingAttacked: the moved piece could be taken on
// its landing square (simple moves only; false for others).
func (p *Position) Recapturable(m *vm.Move) bool { return p.s.LandingAttacked(m) }

// Evaluate is material plus placement, for pl against all other players.
func (p *Position) Evaluate(pl int) int {
	if p.script != nil {
		// the game's own evaluation (an Axiom script's OnEvaluate)
		v, err := p.script.Evaluate(p.s, pl)
		if err != nil {
			p.fail(err)
		}
		return v
	}
	if c := p.evals; c != nil {
		return c.evaluate(p.ev, p.s, pl)
	}
	return p.ev.Evaluate(p.s, pl)
}

// MakeNull passes the turn to the next turn-order entry without moving, when
// that hands the move to the other (non-random) player, no partial move is
// pending and the player to move has more than pawns (pawn endings are full
// of zugzwang). Only the hash's turn part changes (vm.State.SetTurn).
func (p *Position) MakeNull() bool {
	s, g := p.s, p.g
	if !p.rules.NullMove || s.Partial != vm.NoPos || !p.hasOfficers(s.Mover()) {
		return false
	}
	next := g.NextTurn(s.Turn)
	to := g.TurnOrder[next].Mover
	if to == s.Chooser() || g.Players[to].Random {
		return false
	}
	p.nulls = append(p.nulls, nullRec{turn: s.Turn, lastFrom: s.LastFrom, lastTo: s.LastTo})
	s.SetTurn(next, vm.NoPos, vm.NoPos)
	p.ply++
	p.newPly()
	return true
}

// UnmakeNull restores the position before MakeNull.
func (p *Position) UnmakeNull() {
	r := p.nulls[len(p.nulls)-1]
	p.nulls = p.nulls[:len(p.nulls)-1]
	s := p.s
	s.SetTurn(r.turn, r.lastFrom, r.lastTo)
	p.ply--
}

// Evaluator is the evaluation the adapter scores positions with.
func (p *Position) Evaluator() *Evaluator { return p.ev }
