// This file defines the evaluation that needs no per-game code and the piece
// values it derives.
//
// A piece's value comes from its mobility on the game's own board, as
// Zillions does it: the average number of moves m a piece of that type has
// from every square, with a third of the other squares holding blockers (half
// friendly, half enemy). Blockers make sliders count less than on an empty
// board, which brings the bishop/knight and rook/queen ratios close to the
// classical values; enemy blockers let capture-only moves (pawn captures)
// count. The value is valueScale*(m + superlinear*m*m): a piece with many
// moves is worth more than the sum of weaker pieces with as many moves in
// all (it brings them to bear at once, and alone), which is why compounds
// (archbishop, chancellor, queen) are worth about as much as each other and
// more than their parts; the linear formula undervalued them by 1-2 pawns
// against the published values. Values given by the rule file (Game.Values,
// e.g. from fmax.ini) win.
//
// Placement ("centralisation") is the mobility of the piece type on each
// square of the empty board against its average there. A piece that promotes
// also gets a goal-distance bonus: the fewer of its own moves it needs to
// reach a square where it can promote, the larger a share of the promotion's
// gain it is credited with.

package eval

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"zrun/vm"
)

const (
	valueScale   = 60   // score units per average move with blockers
	minValue     = 50   // pieces that never move (placement games) still count
	pstWeight    = 3.0  // score units per move of mobility above the piece's average
	blockDensity = 0.33 // share of the other squares that hold blockers
	blockSamples = 4    // random blocker layouts per square
	superlinear  = 0.012
)

// promoShare is the share of the promotion (or goal) gain credited to a
// piece that needs d more moves to reach it (index d-1); farther pieces get
// nothing.
var promoShare = [...]float64{0.15, 0.08, 0.04, 0.02}

// Evaluator holds a game's evaluation tables.
type Evaluator struct {
	nT    int
	value []int     // material per type; 0 for royal types (always present)
	shown []int     // value before zeroing royal types, for zrun values
	mobE  []float64 // average moves on the empty board (first player)
	mobB  []float64 // average moves with blockers (first player)
	pst   [][]int   // pst[pl*nT+t][pos]
	// placed[(pl*nT+t)*N+pos] is value plus placement, the table whose
	// sums the state keeps (vm SetPlacement) so Evaluate needs no scan.
	placed []int32
	given  []bool // the rule file gave the value
	drops  bool   // the game has drops: pieces in hand count as material
	// gating: the game gates held pieces (gating.go); nil when it does not.
	gating *gating
	lines  []lineSet // n-in-a-row goals' windows (lines.go)
	// giveaway: a player wins by losing all its pieces or its last move
	// (losing draughts), so material and placement count against it.
	giveaway bool
	// shelter: own pieces next to the royal piece (shelter.go); nil in
	// games without one royal piece each.
	shelter *shelter
	// exposure: open lines to the royal piece (exposure.go); nil in
	// games without one royal piece each.
	exposure *exposure
	// weight is each term's weight in percent of its unit (terms.go;
	// vm.Game.Weights, from a values file).
	weight [NumTerms]int
	// pstRaw is pst at placement weight 100 (Features reads it).
	pstRaw [][]int
	// dyn: king attack, threats and passers (threats.go); nil in games
	// that cannot have them.
	dyn *dyn
	// dynMask: the terms of dyn whose weight is not 0 (0: none to compute)
	dynMask int
	// tempo: the side to move gets the tempo term (two-player games).
	tempo bool
	// race: the pip count of a script game whose pieces run a track and
	// leave the board (race.go); nil in other games.
	race *race
	// scores: the game variables that count a player's score (a script
	// game's captured seeds, scorevars.go); nil in other games.
	scores []scoreVar
}

// Derive computes the tables for g by generating the moves of lone
// pieces on cleared copies of the start position.
func Derive(g *vm.Game) (*Evaluator, error) {
	s, err := vm.NewState(g)
	if err != nil {
		return nil, err
	}
	nT, np, n := len(g.Pieces), len(g.Players), g.Board.N()
	ev := &Evaluator{nT: nT, value: make([]int, nT), shown: make([]int, nT), mobE: make([]float64, nT),
		mobB: make([]float64, nT), pst: make([][]int, np*nT), given: make([]bool, nT)}
	royal := make([]bool, nT)
	for pl := range g.Players {
		for _, t := range g.RoyalTypes(pl) {
			royal[t] = true
		}
	}
	for _, pt := range g.Pieces {
		ev.drops = ev.drops || len(pt.Drops) > 0
	}
	ev.giveaway = Giveaway(g)
	ev.weight = weightsOf(g)
	if !ev.giveaway {
		ev.shelter = newShelter(g)
		ev.tempo = len(g.Players) == 2
	}
	ml := &vm.MoveList{}
	blocker := blockerType(g)
	// A game with an evaluation of its own (vm.Game.Eval: an Axiom
	// script's OnEvaluate) needs only the piece values (move ordering,
	// the searcher's rules) of the derivation: its placement tables and
	// distance bonuses would go unread, and a script's move generation,
	// which they run for every square, is slow.
	script := g.Eval != nil
	first := -1
	// A game whose moves a script gives (Game.Moves: Axiom) is not probed
	// with lone pieces: its moves depend on the whole position (Ur's and
	// Senet's dice on the board, Afrika's seed counts), and each probe
	// runs the script over the board: Ur took 9 s, Afrika 13 s, QXO 39 s
	// before the first search. Its pieces are worth the values given,
	// else the least value, without placement terms.
	probe := g.Moves == nil
	for pl := range g.Players {
		turn := turnOf(g, pl)
		if turn < 0 || !probe {
			continue
		}
		if first < 0 {
			first = pl
		}
		for t := range g.Pieces {
			row := make([]int, n)
			if script {
				// the game scores its positions itself: no placement
				// table, and the mobility only where no value is given
				ev.pst[pl*nT+t] = row
				if pl == first && !(t < len(g.Values) && g.Values[t] != 0) {
					ev.mobB[t] = blockedMobility(s, ml, turn, pl, t, blocker)
				}
				continue
			}
			counts := make([]float64, n)
			sum := 0.0
			for p := 0; p < n; p++ {
				counts[p] = float64(loneMoves(s, ml, turn, pl, t, p, nil, nil))
				sum += counts[p]
			}
			avg := sum / float64(max(n, 1))
			for p := range row {
				if !royal[t] {
					row[p] = int(math.Round(pstWeight * (counts[p] - avg)))
				}
			}
			ev.pst[pl*nT+t] = row
			if pl == first {
				ev.mobE[t] = avg
				ev.mobB[t] = blockedMobility(s, ml, turn, pl, t, blocker)
			}
		}
	}
	for pl := range g.Players {
		if ev.pst[pl*nT] == nil { // random players: no placement terms
			for t := 0; t < nT; t++ {
				ev.pst[pl*nT+t] = make([]int, n)
			}
		}
	}
	for t := range g.Pieces {
		m := ev.mobB[t]
		v := max(int(math.Round(valueScale*(m+superlinear*m*m))), minValue)
		if t < len(g.Values) && g.Values[t] != 0 {
			v, ev.given[t] = g.Values[t], true
		}
		ev.shown[t] = v
		if !royal[t] {
			ev.value[t] = v
		}
	}
	for pl := range g.Players {
		if turn := turnOf(g, pl); turn >= 0 && probe && !script {
			for t := range g.Pieces {
				if !royal[t] {
					ev.addPromotionDistance(s, ml, turn, pl, t)
				}
			}
		}
	}
	if probe && !script {
		ev.addGoalDistances(s, ml)
	}
	ev.addLines(g)
	if !ev.drops {
		ev.gating = newGating(g, ev.value)
	}
	if probe && !script && !ev.giveaway {
		ev.exposure = newExposure(g, ev.value)
		ev.dyn = newDyn(g, s, ml, ev.value, royal)
	}
	if ev.dyn != nil {
		for k, bit := range map[Term]int{TermKingAttack: dynKings, TermThreats: dynThreats, TermPassed: dynPassers} {
			if ev.weight[k] != 0 {
				ev.dynMask |= bit
			}
		}
	}
	ev.weighPlacement()
	if ob := observe(g); ob != nil {
		if ev.race = deriveRace(g, ob); ev.race != nil {
			ev.race.apply(ev) // race.go: the pip count of a race's runners
		}
		ev.scores = deriveScoreVars(g, ob) // scorevars.go
	}
	ev.placed = ev.placedTable(len(g.Players), len(s.Board))
	return ev, nil
}

// addPromotionDistance adds to pl's placement table for type t the share of
// the promotion gain that the distance (in lone moves on the empty board) to
// the nearest promoting square earns.
func (ev *Evaluator) addPromotionDistance(s *vm.State, ml *vm.MoveList, turn, pl, t int) {
	ev.addDistanceBonus(s, ml, turn, pl, t, func(p int, rec *loneRec) int {
		gain := 0
		for _, nt := range rec.promo {
			gain = max(gain, ev.value[nt]-ev.value[t])
		}
		return gain
	})
}

// addGoalDistances gives the same kind of bonus for reaching the squares of
// a win goal "a piece of type T of mine stands on one of these squares"
// (absolute-config): the race games' goal (breakthrough, king of the hill).
// Reaching it wins the game, so the gain is taken as a few pieces' worth.
func (ev *Evaluator) addGoalDistances(s *vm.State, ml *vm.MoveList) {
	g := s.Game()
	cheapest, dearest := 0, 0
	for _, v := range ev.value {
		if v > 0 && (cheapest == 0 || v < cheapest) {
			cheapest = v
		}
		dearest = max(dearest, v)
	}
	gain := max(8*cheapest, 2*dearest)
	for _, goal := range g.Goals {
		c := goal.Cond
		if goal.Kind != vm.WinGoal || c == nil || c.Op != vm.CondAbsoluteConfig || c.Owner != vm.OwnerSelf || c.NotTypes {
			continue
		}
		for _, pl := range goal.Players {
			turn := turnOf(g, pl)
			if turn < 0 {
				continue
			}
			target := make([]bool, g.Board.N())
			for _, p := range c.Positions {
				target[p] = true
			}
			for _, z := range c.Zones {
				for p := range target {
					target[p] = target[p] || g.Board.InZone(z, pl, p)
				}
			}
			types := c.Types
			if len(types) == 0 {
				types = make([]int, ev.nT)
				for t := range types {
					types[t] = t
				}
			}
			for _, t := range types {
				ev.addDistanceBonus(s, ml, turn, pl, t, func(p int, rec *loneRec) int {
					for _, q := range rec.to {
						if target[q] {
							return gain
						}
					}
					return 0
				})
			}
		}
	}
}

// addDistanceBonus adds to pl's placement table for type t, on each square,
// promoShare[d-1] of the gain a move makes (gainAt: the best gain of the
// lone piece's moves from a square) d moves away.
func (ev *Evaluator) addDistanceBonus(s *vm.State, ml *vm.MoveList, turn, pl, t int, gainAt func(p int, rec *loneRec) int) {
	n := s.Game().Board.N()
	const far = 1 << 20
	dist := make([]int, n)
	best := make([]int, n) // gain of the goal dist leads to
	next := make([][]int, n)
	any := false
	for p := 0; p < n; p++ {
		var rec loneRec
		loneMoves(s, ml, turn, pl, t, p, nil, &rec)
		next[p] = rec.to
		dist[p] = far
		if g := gainAt(p, &rec); g > 0 {
			dist[p], best[p], any = 1, g, true
		}
	}
	if !any {
		return
	}
	// dist[p]: moves until the gain, by relaxing over the move graph.
	for changed := true; changed; {
		changed = false
		for p := 0; p < n; p++ {
			for _, q := range next[p] {
				if dist[q] < far && dist[q]+1 < dist[p] {
					dist[p], best[p], changed = dist[q]+1, best[q], true
				}
			}
		}
	}
	row := ev.pst[pl*ev.nT+t]
	for p := range row {
		if d := dist[p]; d <= len(promoShare) {
			row[p] += int(math.Round(promoShare[d-1] * float64(best[p])))
		}
	}
}

// turnOf returns a turn-order index where pl moves with any move type, or
// where it moves at all, or -1.
func turnOf(g *vm.Game, pl int) int {
	found := -1
	for i, tu := range g.TurnOrder {
		if tu.As != pl || g.Players[tu.Mover].Random {
			continue
		}
		if tu.MoveType == vm.AnyMoveType {
			return i
		}
		if found < 0 {
			found = i
		}
	}
	return found
}

// blockerType is the piece type with the fewest move definitions, so blockers
// cost little to generate for.
func blockerType(g *vm.Game) int {
	best := 0
	for t, pt := range g.Pieces {
		if len(pt.Moves) < len(g.Pieces[best].Moves) {
			best = t
		}
	}
	return best
}

// loneRec records, for loneMoves, where the piece's moves go and the types
// it can promote to.
type loneRec struct {
	to    []int
	promo []int
}

// loneMoves counts the moves of a piece of type t owned by pl standing on p,
// with the board otherwise empty except for blockers (pos -> cell); rec, when
// not nil, collects destinations and promotions.
func loneMoves(s *vm.State, ml *vm.MoveList, turn, pl, t, p int, blockers map[int]vm.Cell, rec *loneRec) int {
	s.Clear()
	for q, c := range blockers {
		s.Board[q] = c
	}
	s.Board[p] = vm.MakeCell(t, pl, 0)
	s.Turn = turn
	s.Rehash()
	if err := s.GeneratePseudo(ml); err != nil {
		return 0
	}
	k := 0
	for i := range ml.Moves {
		m := &ml.Moves[i]
		if !m.Pass && !m.Drop && m.From == int32(p) {
			k++
			if rec != nil {
				rec.add(m, p, t)
			}
		}
	}
	return k
}

// add records the lone piece's move m from p: its destination, or the type
// it becomes when it changes type (promotes).
func (r *loneRec) add(m *vm.Move, p, t int) {
	for _, a := range m.Actions(nil) {
		if (a.Kind == vm.ActMove || a.Kind == vm.ActChangeType) && int(a.From) == p && int(a.Type) != t {
			r.promo = append(r.promo, int(a.Type))
			return
		}
	}
	if m.To >= 0 && int(m.To) != p {
		r.to = append(r.to, int(m.To))
	}
}

// blockedMobility averages loneMoves over every square and a few random
// blocker layouts (a fixed generator, so values are reproducible).
func blockedMobility(s *vm.State, ml *vm.MoveList, turn, pl, t, blocker int) float64 {
	g := s.Game()
	n := g.Board.N()
	enemy := (pl + 1) % len(g.Players)
	samples := blockSamples
	if n*len(g.Pieces) > 4000 || g.Moves != nil {
		// big games, and games whose moves a script computes (an Axiom
		// game's move words run for each layout): keep startup quick
		samples = 1
	}
	rng := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return rng
	}
	total, count := 0, 0
	blockers := map[int]vm.Cell{}
	for p := 0; p < n; p++ {
		for k := 0; k < samples; k++ {
			clear(blockers)
			for q := 0; q < n; q++ {
				if q == p || float64(next()%1000) >= blockDensity*1000 {
					continue
				}
				owner := pl
				if next()&1 == 0 {
					owner = enemy
				}
				blockers[q] = vm.MakeCell(blocker, owner, 0)
			}
			total += loneMoves(s, ml, turn, pl, t, p, blockers, nil)
			count++
		}
	}
	return float64(total) / float64(max(count, 1))
}

// maxGatingPlayers bounds the players whose held pieces a gating game
// counts (Seirawan-like games have two).
const maxGatingPlayers = 8

// evaluate is material and placement of pl's pieces minus those of every
// other player (pieces in hand count when the game has drops, or when it
// gates them and a piece that can gate them is unmoved: gating.go).
func (ev *Evaluator) Evaluate(s *vm.State, pl int) int {
	var v int
	var gates [maxGatingPlayers]int // per player: pieces that can still gate
	if mine, others, ok := s.Placement(ev.placed, pl); ok && ev.gating == nil {
		v = int(mine - others)
	} else {
		v = ev.scan(s, pl, &gates)
	}
	if ev.gating != nil {
		for q := 0; q < len(s.Hands)/ev.nT && q < maxGatingPlayers; q++ {
			if x := ev.held(s, q, gates[q]); q == pl {
				v += x
			} else {
				v -= x
			}
		}
	}
	if ev.drops {
		for i, k := range s.Hands {
			if k == 0 {
				continue
			}
			x := int(k) * ev.value[i%ev.nT]
			if i/ev.nT == pl {
				v += x
			} else {
				v -= x
			}
		}
	}
	if ev.giveaway {
		v = -v
	}
	if len(ev.lines) > 0 {
		v += ev.lineScore(s, pl)
	}
	if ev.shelter != nil {
		v += weighted(ev.shelter.raw(s, pl), ev.weight[TermShelter])
	}
	if ev.exposure != nil && ev.weight[TermExposure] != 0 {
		v += weighted(ev.exposure.raw(s, pl), ev.weight[TermExposure])
	}
	if ev.dynMask != 0 {
		var r dynRaw
		ev.dyn.raw(s, pl, &r, ev.dynMask)
		v += weighted(r.king, ev.weight[TermKingAttack]) + weighted(r.threats, ev.weight[TermThreats]) +
			weighted(r.passed, ev.weight[TermPassed])
	}
	if len(ev.scores) > 0 {
		v += ev.scoreTerm(s, pl)
	}
	if ev.tempo {
		if s.Chooser() == pl {
			v += weighted(tempoUnit, ev.weight[TermTempo])
		} else {
			v -= weighted(tempoUnit, ev.weight[TermTempo])
		}
	}
	return v
}

// weighPlacement keeps the placement tables as derived (pstRaw) and
// scales pst by the placement term's weight; the table the state sums
// (placed) is made from pst.
func (ev *Evaluator) weighPlacement() {
	ev.pstRaw = make([][]int, len(ev.pst))
	for i, row := range ev.pst {
		ev.pstRaw[i] = row
		if w := ev.weight[TermPlacement]; w != 100 {
			scaled := make([]int, len(row))
			for p, x := range row {
				scaled[p] = weighted(x, w)
			}
			ev.pst[i] = scaled
		}
	}
}

// scan is the material and placement of pl's pieces minus the others', read
// off the board; it also counts each player's pieces that can still gate.
func (ev *Evaluator) scan(s *vm.State, pl int, gates *[maxGatingPlayers]int) int {
	v := 0
	for p, c := range s.Board {
		if c == vm.Empty {
			continue
		}
		t := c.Type()
		x := ev.value[t] + ev.pst[c.Owner()*ev.nT+t][p]
		if c.Owner() == pl {
			v += x
		} else {
			v -= x
		}
		if ev.gating != nil && c.Owner() < maxGatingPlayers && ev.gating.canGate(c) {
			gates[c.Owner()]++
		}
	}
	return v
}

// placedTable is value plus placement of every player, type and square, as
// vm's SetPlacement takes it.
func (ev *Evaluator) placedTable(players, squares int) []int32 {
	w := make([]int32, players*ev.nT*squares)
	for pl := range players {
		for t := range ev.nT {
			row := ev.pst[pl*ev.nT+t]
			for p := range squares {
				w[(pl*ev.nT+t)*squares+p] = int32(ev.value[t] + row[p])
			}
		}
	}
	return w
}

// Watch makes s keep the sums of the evaluation's material and placement
// table, which Evaluate then reads instead of scanning the board.
func (ev *Evaluator) Watch(s *vm.State) error { return s.SetPlacement(ev.placed) }

// Giveaway reports whether g is won by getting rid of one's pieces or
// moves: a win goal of every player who chooses moves holds when it has
// no piece left (pieces-remaining 0 of all its types, or of each of
// several types together) or is stalemated, as in losing draughts and in
// races won by bearing every man off (Ur). Then having less is better: the evaluation counts
// material and placement against their owner and the searcher's mobility
// term is turned round.
func Giveaway(g *vm.Game) bool {
	players := 0
	for pl, p := range g.Players {
		if p.Random {
			continue
		}
		players++
		found := false
		for _, goal := range g.Goals {
			if goal.Kind == vm.WinGoal && slices.Contains(goal.Players, pl) && losesAll(goal.Cond) {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return players > 0
}

// losesAll: the condition is "no piece left" or "no move left", or "none
// of these types left" for each of several types together (Ur's men and
// kings, borne off the board to win).
func losesAll(c *vm.Cond) bool {
	switch c.Op {
	case vm.CondStalemated:
		return true
	case vm.CondPiecesRemaining:
		return c.N == 0 && len(c.Types) == 0
	case vm.CondAnd:
		for _, a := range c.Args {
			if a.Op != vm.CondPiecesRemaining || a.N != 0 {
				return false
			}
		}
		return len(c.Args) > 0
	}
	return false
}

// WriteValues prints one line per piece type of g (the game ev was derived
// for): value, mobility on the empty board and with blockers, and "pawns",
// the value relative to a type named Pawn when the game has one.
func (ev *Evaluator) WriteValues(w io.Writer, g *vm.Game) {
	pawn := -1
	for t, pt := range g.Pieces {
		if strings.EqualFold(pt.Name, "pawn") {
			pawn = t
		}
	}
	fmt.Fprintf(w, "%-16s %6s %8s %8s %6s\n", "piece", "value", "mob-empty", "mob-block", "pawns")
	for t, pt := range g.Pieces {
		rel := "-"
		if pawn >= 0 && ev.shown[pawn] > 0 {
			rel = fmt.Sprintf("%.3f", float64(ev.shown[t])/float64(ev.shown[pawn]))
		}
		note := ""
		switch {
		case ev.given[t]:
			note = " (given: by the rule file or its .values file)"
		case ev.value[t] == 0:
			note = " (royal: not counted as material)"
		}
		fmt.Fprintf(w, "%-16s %6d %8.2f %8.2f %6s%s\n", pt.Name, ev.shown[t], ev.mobE[t], ev.mobB[t], rel, note)
	}
}

// Value is the value of piece type t as derived (or given by the rule file),
// including royal types, which Material counts as 0.
func (ev *Evaluator) Value(t int) int { return ev.shown[t] }

// Material is what a piece of type t counts as material: its value, or 0 for
// a royal type (always on the board while the game goes on).
func (ev *Evaluator) Material(t int) int { return ev.value[t] }

// Placement is the placement ("centralisation" and goal distance) term of a
// piece of type t owned by pl on position p.
func (ev *Evaluator) Placement(pl, t, p int) int { return ev.pst[pl*ev.nT+t][p] }
