// This file defines the searcher: iterative deepening over a principal
// variation search (alpha-beta with null windows), with null-move pruning,
// late-move reductions, check extension, chance nodes and quiescence.

package engine

import (
	"context"
	"math"
	"math/rand/v2"
	"sync/atomic"
	"time"
)

// maxPly bounds the search stack (iterations, extensions and quiescence).
const maxPly = 128

// maxQuiesce bounds the quiescence plies below the horizon, so games with long
// capture chains (or captures that create captures) cannot explode.
const maxQuiesce = 8

// mobilityWeight is the score per legal move of difference between the side
// to move and the opponent that moved just before.
const mobilityWeight = 2

// Searcher searches one Position. It keeps the transposition table and the
// history heuristic between searches; it is not safe for concurrent searches,
// but Stop may be called from another goroutine.
//
// Players: the searcher is "paranoid": the player to move at the root maximises
// and every other player is treated as one opponent minimising the root
// player's score. With two players this is plain minimax; with more it is a
// sound lower bound and keeps alpha-beta pruning (max-n would lose it). A
// node's score is kept from the point of view of its side (root player or
// opponents), and negated only when the side changes, so partial moves (the
// same player moving again) need no special case.
type Searcher[M any] struct {
	pos   Position[M]
	null  NullMover
	noisy NoisyGenerator[M] // nil: quiescence generates every move
	capt  CaptureGenerator[M]
	above GainFilter[M]        // nil: quiescence lists every capture
	recap RecaptureTester[M]   // nil: quiescence searches every capture
	see   ExchangeEvaluator[M] // nil: a recapturable capture by a piece worth more than its victim loses
	check CheckPredictor[M]
	batch CheckBatcher[M]  // nil: keepChecks asks check move by move
	legal LegalityGuard    // nil: Make tests every move itself
	evade EvasionFilter[M] // nil: in check every move is ordered and offered to Make
	infos InfoLister[M]    // nil: ordering asks Info move by move
	later QuietKeyDeferrer[M]
	reps  RepetitionTester // nil: only the search path's cycles are draws
	// nullPlies: the plies of the path a null move was made from, whose
	// positions the game (reps) does not hold.
	nullPlies []int32
	next      HashPredictor[M] // nil: a child's slot is fetched once it is made
	rules     Rules
	tt        *table
	hist      [2][histSize]int32
	plies     [maxPly + 1]plyData[M]
	path      [maxPly + 1]uint64

	// OnInfo, when set, is called after each completed iteration.
	OnInfo func(Info)

	stopFlag  atomic.Bool
	ctx       context.Context
	limits    Limits
	start     time.Time
	hard      time.Duration
	stopped   bool
	nodes     uint64
	root      int
	rootDepth int
	rootBest  uint64
	// excluded: the root moves (keys) a multi-PV search has already
	// ranked in this iteration; the root skips them to find the next best.
	excluded []uint64
	rng      *rand.Rand

	// slow: the last 64 nodes took longer than slowNodes (a game whose
	// moves come from a script costs milliseconds a node), so poll reads
	// the clock at every node; lastPoll is when it last counted 64.
	slow     bool
	lastPoll time.Time

	stats searchStats // counted only with -tags searchstats (statsOn)
}

// plyData is the per-ply scratch space: moves, their facts and order scores,
// killers, and what the node's static mobility term needs.
type plyData[M any] struct {
	moves   []M
	infos   []MoveInfo
	scores  []int64 // order scores with their places (packScore)
	killers [2]uint64
	cands   []int32 // the places of the moves order scored above every quiet one, not picked yet (takeCand)
	// mayCheck: keepChecks' answers, reused.
	mayCheck []bool
	// unscored: the quiet moves' scores are not written yet (order left
	// them to scoreQuiet, which pick calls once the candidates are spent).
	unscored bool
	tried    []uint64         // keys of the quiet moves searched at the node without a cutoff
	hist     *[histSize]int32 // the history order read (the mover's)
	sign     int              // +1 root side, -1 opponents, 0 chance node
	n        int              // legal moves generated
}

// New returns a searcher for pos with a transposition table of about hashMB megabytes.
func New[M any](pos Position[M], hashMB int) *Searcher[M] {
	s := &Searcher[M]{pos: pos, tt: newTable(hashMB), rng: rand.New(rand.NewPCG(1, 2))}
	s.null, _ = pos.(NullMover)
	s.noisy, _ = pos.(NoisyGenerator[M])
	s.capt, _ = pos.(CaptureGenerator[M])
	s.above, _ = pos.(GainFilter[M])
	s.recap, _ = pos.(RecaptureTester[M])
	s.see, _ = pos.(ExchangeEvaluator[M])
	s.check, _ = pos.(CheckPredictor[M])
	s.batch, _ = pos.(CheckBatcher[M])
	s.legal, _ = pos.(LegalityGuard)
	s.evade, _ = pos.(EvasionFilter[M])
	s.reps, _ = pos.(RepetitionTester)
	s.next, _ = pos.(HashPredictor[M])
	s.infos, _ = pos.(InfoLister[M])
	s.later, _ = pos.(QuietKeyDeferrer[M])
	return s
}

// Stop asks a running search to return as soon as possible.
func (s *Searcher[M]) Stop() { s.stopFlag.Store(true) }

// Clear forgets the transposition table and history (a new game).
func (s *Searcher[M]) Clear() {
	s.tt.clear()
	s.hist = [2][histSize]int32{}
}

// Search finds a move for the player to move within the limits. At a chance
// node (a random player to move) it returns a uniformly random move: the
// caller plays the dice.
func (s *Searcher[M]) Search(ctx context.Context, lim Limits) Result[M] {
	s.begin(ctx, lim)
	var res Result[M]
	pos := s.pos
	pd := &s.plies[0]
	pd.moves = pos.Generate(pd.moves[:0])
	s.keepLegal(pd)
	if len(pd.moves) == 0 {
		return res
	}
	if pos.Random() {
		res.Best, res.Found = pd.moves[s.rng.IntN(len(pd.moves))], true
		return res
	}
	soft := s.budget(lim)
	maxDepth := maxPly / 2
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}
	inCheck := s.inCheck()
	var bestKey uint64
	if lim.MultiPV > 1 && len(pd.moves) > 1 {
		bestKey = s.searchLines(&res, min(lim.MultiPV, len(pd.moves)), maxDepth, soft, inCheck)
		return s.finish(res, bestKey)
	}
	for d := 1; d <= maxDepth; d++ {
		s.rootDepth = d
		v := s.aspirate(d, res.Score, inCheck)
		if s.stopped {
			if s.rootBest != 0 {
				bestKey = s.rootBest
			}
			break
		}
		bestKey, res.Score, res.Depth = s.rootBest, v, d
		res.PV = s.pv(bestKey, d)
		if statsOn {
			s.reportStats(d)
		}
		if s.OnInfo != nil {
			s.OnInfo(Info{Depth: d, Score: v, Nodes: s.nodes, Time: time.Since(s.start), PV: res.PV})
		}
		if plies, ok := MateIn(v); ok && abs(plies) <= d {
			break // a forced result within the horizon cannot change
		}
		if iterationTooLate(time.Since(s.start), soft) {
			break
		}
	}
	return s.finish(res, bestKey)
}

// finish finds the root move whose key is bestKey (the first legal move if
// none is) and completes res with it and the search's totals.
func (s *Searcher[M]) finish(res Result[M], bestKey uint64) Result[M] {
	pos := s.pos
	pd := &s.plies[0]
	pd.moves = pos.Generate(pd.moves[:0])
	s.keepLegal(pd)
	res.Best, res.Found = pd.moves[0], true
	for _, m := range pd.moves {
		if pos.Info(m).Key == bestKey {
			res.Best = m
			break
		}
	}
	if len(res.PV) == 0 {
		res.PV = []string{pos.MoveText(res.Best)}
	}
	res.Nodes, res.Time = s.nodes, time.Since(s.start)
	return res
}

// searchLines is the iterative deepening of a multi-PV search: each
// iteration searches the root n times, each time without the moves already
// ranked (s.excluded), so line k is the best move outside the first k-1,
// with its exact score (a full window after the aspiration). It fills res
// with the best line and res.Lines and returns the best move's key.
//
// The plain search stays a separate loop so that a single-PV search pays
// nothing for this; the node code only tests s.excluded at the root.
func (s *Searcher[M]) searchLines(res *Result[M], n, maxDepth int, soft time.Duration, inCheck bool) uint64 {
	var bestKey uint64
	lines := make([]Info, n)
	next := make([]Info, 0, n)
	defer func() { s.excluded = s.excluded[:0] }()
	for d := 1; d <= maxDepth; d++ {
		s.rootDepth = d
		s.excluded = s.excluded[:0]
		next = next[:0]
		for k := range n {
			v := s.aspirate(d, lines[k].Score, inCheck)
			if s.stopped {
				if k == 0 && s.rootBest != 0 {
					bestKey = s.rootBest // as the plain search: the stopped first line's best so far
				}
				break
			}
			if s.rootBest == 0 {
				break
			}
			next = append(next, Info{Depth: d, Score: v, PV: s.pv(s.rootBest, d)})
			s.excluded = append(s.excluded, s.rootBest)
		}
		if s.stopped {
			break
		}
		// Each line was searched without the better ones, so the scores
		// fall; search instability can still swap two, and the report
		// must be sorted.
		keys := append([]uint64(nil), s.excluded...)
		for i := 1; i < len(next); i++ {
			for j := i; j > 0 && next[j].Score > next[j-1].Score; j-- {
				next[j], next[j-1] = next[j-1], next[j]
				keys[j], keys[j-1] = keys[j-1], keys[j]
			}
		}
		allMates := true
		for k := range next {
			next[k].MultiPV, next[k].Nodes, next[k].Time = k+1, s.nodes, time.Since(s.start)
			lines[k] = next[k]
			if plies, ok := MateIn(next[k].Score); !ok || abs(plies) > d {
				allMates = false
			}
		}
		lines = lines[:len(next)]
		bestKey, res.Score, res.Depth, res.PV = keys[0], next[0].Score, d, next[0].PV
		res.Lines = append(res.Lines[:0], lines...)
		if s.OnInfo != nil {
			for _, in := range lines {
				s.OnInfo(in)
			}
		}
		if allMates || iterationTooLate(time.Since(s.start), soft) {
			break // forced results within the horizon cannot change
		}
		n = len(lines)
	}
	return bestKey
}

// keepLegal drops the moves at pd that Make rejects (the root only: inside the
// tree a rejected move is simply skipped).
func (s *Searcher[M]) keepLegal(pd *plyData[M]) {
	out := pd.moves[:0]
	for _, m := range pd.moves {
		if s.pos.Make(m) {
			s.pos.Unmake()
			out = append(out, m)
		}
	}
	pd.moves = out
}

// aspiration is the half-width of the first window around the previous
// iteration's score; a result outside it is searched again with that side open.
const aspiration = 50

// aspirate searches the root to depth d, first in a window around prev.
// s.rootBest is the best root move of the last (re-)search, 0 if none
// finished.
func (s *Searcher[M]) aspirate(d, prev int, inCheck bool) int {
	alpha, beta := -Inf, Inf
	if _, mate := MateIn(prev); d >= 5 && !mate {
		alpha, beta = prev-aspiration, prev+aspiration
	}
	for {
		s.rootBest = 0
		v := s.search(0, d, alpha, beta, inCheck, false)
		switch {
		case s.stopped:
			return v
		case v <= alpha && alpha > -Inf:
			alpha = -Inf
		case v >= beta && beta < Inf:
			beta = Inf
		default:
			return v
		}
	}
}

func (s *Searcher[M]) begin(ctx context.Context, lim Limits) {
	if ctx == nil {
		ctx = context.Background()
	}
	s.ctx, s.limits, s.start = ctx, lim, time.Now()
	s.stopped, s.nodes = false, 0
	s.stats = searchStats{}
	s.slow, s.lastPoll = false, s.start
	s.stopFlag.Store(false)
	s.rules = s.pos.Rules()
	s.root = s.pos.ToMove()
	s.tt.age++
	s.decayHistory()
	for i := range s.plies {
		s.plies[i].killers = [2]uint64{}
	}
}

// poll counts a node and reports whether the search must stop. The clock and
// the context are read every 64 nodes: a node of a rule-file game costs
// microseconds, so this keeps the overshoot small. Where 64 nodes take
// longer than slowNodes (an Axiom game's moves and evaluation run its
// ForthScript: Ordo's cost a tenth of a second a node), they are read at
// every node, and in a search's first 64 nodes, before that is known.
func (s *Searcher[M]) poll() bool {
	if s.stopped {
		return true // unwinding: re-searches after a stop visit no nodes
	}
	s.nodes++
	if s.limits.Nodes > 0 && s.nodes >= s.limits.Nodes {
		s.stopped = true
	}
	if s.nodes&63 == 0 || s.slow || s.nodes < 64 {
		now := time.Now()
		if s.nodes&63 == 0 {
			s.slow, s.lastPoll = now.Sub(s.lastPoll) > slowNodes, now
		}
		if s.stopFlag.Load() || s.ctx.Err() != nil || (s.hard > 0 && now.Sub(s.start) >= s.hard) {
			s.stopped = true
		}
	}
	return s.stopped
}

// slowNodes is how long 64 nodes may take before poll reads the clock at
// every node (20 µs a node: reading it costs well under 1% then).
const slowNodes = 64 * 20 * time.Microsecond

// sign is the side of the node at hand: +1 for the root player, -1 for the
// opponents, 0 for a chance node (whose value is kept from the root's view).
func (s *Searcher[M]) sign() int {
	switch {
	case s.pos.Random():
		return 0
	case s.pos.ToMove() == s.root:
		return 1
	}
	return -1
}

// view converts a value seen by a node of side from (0 = root's view) to the
// view of side to.
func view(v, from, to int) int {
	if from == 0 {
		from = 1
	}
	if to == 0 {
		to = 1
	}
	if from == to {
		return v
	}
	return -v
}

// child searches the position after a move made at a node of side me and
// returns its value for me. The window is translated only when the side changes.
func (s *Searcher[M]) child(ply, depth, alpha, beta, me int, inCheck, allowNull bool) int {
	cs := s.sign()
	if view(1, cs, me) == 1 {
		return s.search(ply+1, depth, alpha, beta, inCheck, allowNull)
	}
	return -s.search(ply+1, depth, -beta, -alpha, inCheck, allowNull)
}

// search returns the value of the position for the side to move (for a chance
// node: for the root player), searched depth plies deep.
func (s *Searcher[M]) search(ply, depth, alpha, beta int, inCheck, allowNull bool) int {
	// A horizon node is quiescence's: it counts the node, so each position
	// the search visits is one node.
	if depth <= 0 || ply >= maxPly-maxQuiesce-1 {
		return s.qsearch(ply, alpha, beta, 0, inCheck)
	}
	if s.poll() {
		return 0
	}
	if statsOn {
		s.stats.mainNodes++
	}
	pos := s.pos
	if pos.Random() {
		return s.chance(ply, depth)
	}
	me := s.sign()
	key := pos.Hash()
	s.path[ply] = key
	if ply > 0 {
		if s.repeated(ply) {
			return 0
		}
		// A win found sooner bounds what this node can still change.
		alpha, beta = max(alpha, -Win+ply), min(beta, Win-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	var ttMove uint64
	if statsOn {
		s.stats.ttProbes++
	}
	if e, ok := s.tt.probe(key); ok {
		ttMove = e.move
		if statsOn {
			s.stats.ttHits++
		}
		if v := fromTT(int(e.score), ply); ply > 0 && int(e.depth) >= depth &&
			(e.bound == boundExact || (e.bound == boundLower && v >= beta) || (e.bound == boundUpper && v <= alpha)) {
			if statsOn {
				s.stats.ttCuts++
			}
			return v
		}
	}
	// Internal iterative reduction: a node deep enough that the table
	// knows no move for is searched a ply shallower; its ordering is a
	// guess, and the next iteration finds it with a table move.
	if ply > 0 && ttMove == 0 && depth >= iirDepth && s.rules.LMR {
		depth--
	}
	pd := &s.plies[ply]
	pvNode := beta-alpha > 1
	// Reverse futility and the null move need only the evaluation. Where
	// it can be guessed before the moves are generated (this side's
	// mobility taken from its count two plies up, as quiescence does) and
	// the guess reaches beta, they are tried first, so a node they cut
	// builds no move list (the goals that need no moves are read before).
	// Otherwise they are tried after generation with the exact evaluation:
	// its mobility may lift it to beta where the guess fell short.
	//
	// Both need a node off the root, out of check and away from mate
	// scores (bounded); reverse futility also needs a non-PV node.
	bounded := ply > 0 && !inCheck && beta < winBound && beta > -winBound
	mayCut := bounded && s.rules.NullMove
	triedEarly := false
	if mayCut && ply > 1 {
		if guess, ok := s.guessEval(ply, me); ok && guess >= beta {
			triedEarly = true
			if over, w, l := pos.Goals(); over {
				return s.terminal(w, l, ply, me)
			}
			pd.sign, pd.n = me, s.plies[ply-2].n // the null move's child reads it
			if v, cut, _ := s.cutEarly(ply, depth, beta, me, guess, pvNode, allowNull); cut || s.stopped {
				return v
			}
		}
	}
	// Every move at once, though most nodes that get here cut off before
	// a quiet move (50-65% in the bench positions): the evaluation needs
	// their count, and counting them (NoisyGenerator) walks the same
	// squares as building them. Noisy moves and the count first, the
	// quiet ones built only when reached, cost 8% more instructions
	// (measured: 8% more instructions): the nodes that reach them paid twice.
	pd.moves = pos.Generate(pd.moves[:0])
	pd.sign, pd.n = me, len(pd.moves)
	if ply > 0 {
		if over, w, l := pos.Outcome(); over {
			return s.terminal(w, l, ply, me)
		}
	}
	if len(pd.moves) == 0 {
		return 0
	}
	// The static evaluation gates the prunings below (off in PV nodes, in
	// check, near mate scores, and where Rules forbid them: games where
	// quiet moves decide or zugzwang is common).
	eval, prune := 0, bounded && !pvNode && s.rules.LMR
	late := mayCut && !triedEarly
	if prune || late {
		eval = s.staticEval(ply, me)
	}
	if late && eval >= beta {
		v, cut, verified := s.cutEarly(ply, depth, beta, me, eval, pvNode, allowNull)
		if cut || s.stopped {
			return v
		}
		if verified {
			pd.moves = pos.Generate(pd.moves[:0]) // the verification reused this ply's buffers
			pd.sign, pd.n = me, len(pd.moves)
		}
	}
	s.guard(pd, inCheck)
	s.order(ply, ttMove, me, false)
	mover := pos.ToMove()
	pd.tried = pd.tried[:0]
	best, bestKey, bound := -Inf, uint64(0), boundUpper
	legal := 0
	checksOnly := false
	// The check guard (MayGiveCheck, keepChecks) is asked from the first
	// move on: readied once here.
	checks := s.check != nil && s.rules.Royal
	if checks && len(pd.moves) > 0 {
		s.check.PrepareChecks()
	}
	// Futility by margin judges the node, not the move: where it holds,
	// every quiet move is futile, and only those that may give check can
	// be searched. Once the table's move and the noisy ones are spent
	// (and one legal move is found), the others are dropped before they
	// are scored, instead of each being scored, picked and judged.
	marginPrunes := prune && depth <= 2 && checks // the margin test below may hold
	for i := 0; i < len(pd.moves); i++ {
		if marginPrunes && !checksOnly && legal >= 1 && len(pd.cands) == 0 && eval+futilityMargin*depth <= alpha {
			if s.keepChecks(pd, i); i == len(pd.moves) {
				break
			}
			checksOnly = true
		}
		m := s.pick(pd, i)
		info := &pd.infos[i]
		// A capture the exchange says loses waits for the quiet moves:
		// given the lowest score, it is picked again after them.
		if info.Noisy && s.see != nil && scoreOf(pd.scores[i]) >= scoreNoisy && scoreOf(pd.scores[i]) < scoreTT &&
			s.losingCapture(m, info) {
			pd.scores[i] = packScore(scoreBad, i)
			i--
			continue
		}
		if ply == 0 && len(s.excluded) > 0 && s.rootExcluded(pd, i) {
			continue
		}
		if depth > 1 && s.next != nil {
			s.tt.touch(s.next.HashAfter(m)) // the child probes it: fetched while the move is judged and made
		}
		// Futility: a quiet move that gives no check cannot lift a node far
		// below alpha near the horizon. Where the position can tell that
		// a move gives no check it is skipped unmade; the others are made
		// to see (the test below), an illegal one is skipped either way.
		// A move the position can tell gives no check is not tested
		// for it after it is made either.
		mayCheck := true // after keepChecks (checksOnly) every move left may
		if checks && !checksOnly {
			mayCheck = s.check.MayGiveCheck(m)
		}
		futile := prune && depth <= 2 && !info.Noisy && eval+futilityMargin*depth <= alpha
		// Late-move pruning: near the horizon, quiet moves that come this
		// late in the order (after the killers and the history's
		// favourites) rarely refute anything; those that give no check
		// are not searched, as futile ones.
		futile = futile || prune && depth <= lmpDepth && legal >= lateMoves(depth) && !info.Noisy &&
			info.Key != pd.killers[0] && info.Key != pd.killers[1]
		if futile && legal >= 1 && !mayCheck {
			if !checksOnly && scoreOf(pd.scores[i]) <= histMax { // !mayCheck: s.check answered
				// A futile move ordered by its history: every move
				// after it is quiet, no killer, and futile too (alpha
				// and legal only grow), so only those that may give
				// check can still be searched. Keeping just them, in
				// their order, spares picking the others one by one.
				s.keepChecks(pd, i+1)
				checksOnly = true
			}
			continue
		}
		if !pos.Make(m) {
			continue
		}
		if depth > 1 {
			s.tt.touch(pos.Hash()) // the child probes it: fetched while the check test runs
		}
		legal++
		childCheck := mayCheck && s.inCheck()
		if futile && legal > 1 && !childCheck {
			pos.Unmake()
			continue
		}
		nd := depth - 1
		if info.Continues && pos.ToMove() == mover {
			nd = depth // the turn goes on: its last part uses the ply
		} else if childCheck && ply < 2*s.rootDepth {
			nd++ // check extension: forced replies rarely need a full ply budget
		}
		var v int
		if legal == 1 {
			v = s.child(ply, nd, alpha, beta, me, childCheck, true)
		} else {
			r := s.reduction(pd, depth, legal-1, info, scoreOf(pd.scores[i]), inCheck, childCheck, pvNode)
			v = s.child(ply, nd-r, alpha, alpha+1, me, childCheck, true)
			if statsOn && r > 0 {
				s.stats.lmrTries++
				if v > alpha {
					s.stats.lmrFails++
				}
			}
			if v > alpha && r > 0 {
				v = s.child(ply, nd, alpha, alpha+1, me, childCheck, true)
			}
			if v > alpha && v < beta {
				v = s.child(ply, nd, alpha, beta, me, childCheck, true)
			}
		}
		pos.Unmake()
		if s.stopped {
			return 0
		}
		if v > best {
			if info.Key == 0 { // a noisy move's, left to this (order)
				s.later.FillKeys(pd.moves[i:i+1], pd.infos[i:i+1])
			}
			best, bestKey = v, info.Key
			if ply == 0 {
				s.rootBest = bestKey
			}
			if v > alpha {
				alpha, bound = v, boundExact
				if v >= beta {
					bound = boundLower
					if statsOn {
						s.countCut(legal, ttMove, info.Key)
					}
					if !info.Noisy {
						s.rewardQuiet(pd, me, info.Key, depth)
					}
					break
				}
			}
		}
		if !info.Noisy {
			pd.tried = append(pd.tried, info.Key)
		}
	}
	if legal == 0 {
		return s.noMoves(ply, me)
	}
	if statsOn && bound == boundUpper {
		s.stats.allNodes++
	}
	if ply > 0 || len(s.excluded) == 0 { // a root without its best moves is not the root's value
		s.tt.store(key, bestKey, best, depth, ply, bound)
	}
	return best
}

// rootExcluded reports whether root move i is one a multi-PV search has
// ranked already this iteration.
func (s *Searcher[M]) rootExcluded(pd *plyData[M], i int) bool {
	info := &pd.infos[i]
	if info.Key == 0 { // left to order; a root move needs it here
		s.later.FillKeys(pd.moves[i:i+1], pd.infos[i:i+1])
	}
	for _, k := range s.excluded {
		if k == info.Key {
			return true
		}
	}
	return false
}

// guard readies the position's legality guard for the moves at pd and, in
// check, drops those that cannot evade it (EvasionFilter) before they are
// ordered: at a chess node in check nine moves in ten are such, and each
// would otherwise be scored, picked and offered to Make. The count of
// moves the evaluation reads (pd.n) stays the full list's.
func (s *Searcher[M]) guard(pd *plyData[M], inCheck bool) {
	if s.legal == nil {
		return
	}
	s.legal.GuardMoves(inCheck)
	if inCheck && s.evade != nil {
		pd.moves = s.evade.KeepEvasions(pd.moves)
	}
}

// inCheck is whether the player to move is in check: the root's, and what
// search and qsearch pass to the node below after a move (a chance node's
// player has no royal piece to lose).
func (s *Searcher[M]) inCheck() bool {
	return s.rules.Royal && !s.pos.Random() && s.pos.InCheck()
}

// noMoves scores a node whose generated moves were all illegal.
func (s *Searcher[M]) noMoves(ply, me int) int {
	if over, w, l := s.pos.NoMoves(); over {
		return s.terminal(w, l, ply, me)
	}
	return 0
}

// reduction is the late-move reduction for move i: quiet late moves at
// enough depth are searched shallower first, the more so the later they come
// and the deeper the search (logarithmically in both), less in PV nodes.
//
// score is the move's order score: for a quiet move that is not a killer,
// its history.
func (s *Searcher[M]) reduction(pd *plyData[M], depth, i int, info *MoveInfo, score int32, inCheck, childCheck, pvNode bool) int {
	if !s.rules.LMR || depth < 3 || i < 3 || info.Noisy || inCheck || childCheck ||
		info.Key == pd.killers[0] || info.Key == pd.killers[1] {
		return 0
	}
	r := lmrTable[min(depth, 63)][min(i, 63)]
	if pvNode {
		r--
	}
	if score < 0 {
		r++ // searched before without refuting more often than it refuted
	}
	return max(min(r, depth-2), 0)
}

// lmrTable[d][i] is 0.75 + ln(d)*ln(i)/2.25, at least 1.
var lmrTable = func() (t [64][64]int) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = max(int(0.75+math.Log(float64(d))*math.Log(float64(i))/2.25), 1)
		}
	}
	return t
}()

// iirDepth is the least depth internal iterative reduction applies at.
const iirDepth = 4

// lmpDepth is the deepest remaining depth at which late quiet moves are
// pruned; lateMoves(depth) legal moves are searched before that starts.
const lmpDepth = 3

func lateMoves(depth int) int { return 3 + depth*depth }

// deltaMargin is what a quiescence capture may gain beyond its victim's value.
const deltaMargin = 200

// futilityMargin is how far (per ply of depth left) the static evaluation
// may be from the window before quiet moves are assumed not to reach it.
const futilityMargin = 150

// nullMove lets the opponent move twice; if the reduced search still fails
// high the node is assumed to fail high. ok is false when no null move was made.
//
// extra reduces the search further (the evaluation's margin over beta).
func (s *Searcher[M]) nullMove(ply, depth, beta, me, extra int) (int, bool) {
	if !s.null.MakeNull() {
		return 0, false
	}
	defer s.null.UnmakeNull()
	if s.sign() != -me {
		return 0, false
	}
	r := nullReduction(depth) + extra
	s.nullPlies = append(s.nullPlies, int32(ply))
	v := -s.search(ply+1, depth-1-r, -beta, -beta+1, false, false)
	s.nullPlies = s.nullPlies[:len(s.nullPlies)-1]
	return v, true
}

// cutEarly tries the prunings that need only the node's evaluation ev
// (at least beta): reverse futility near the horizon (not in PV nodes) and
// the null move. The caller has checked that they may apply (a node off
// the root, not in check, beta away from mate scores, Rules.NullMove).
// cut reports that the node is done with value v; verified that a
// verification search of this node at its ply ran (it reuses the ply's
// move list).
func (s *Searcher[M]) cutEarly(ply, depth, beta, me, ev int, pvNode, allowNull bool) (v int, cut, verified bool) {
	// Reverse futility: far above beta near the horizon, the opponent
	// is unlikely to recover in the plies left.
	if !pvNode && depth <= rfpDepth && ev-futilityMargin*depth >= beta {
		if statsOn {
			s.stats.rfpCuts++
		}
		return ev, true, false
	}
	if !allowNull || depth < 3 || s.null == nil {
		return 0, false, false
	}
	// The further the evaluation stands above beta, the less the
	// opponent's free move needs to be looked at.
	v, ok := s.nullMove(ply, depth, beta, me, min((ev-beta)/nullEvalStep, 2))
	if s.stopped {
		return 0, true, false
	}
	if statsOn && ok {
		s.stats.nullTries++
		if v >= beta {
			s.stats.nullCuts++
		}
	}
	if !ok || v < beta {
		return 0, false, false
	}
	// Deep enough, verify with a reduced search of the node itself,
	// without null moves, so zugzwang positions (every move loses) are
	// not cut; shallower, a wrong cut costs less than the verification
	// would (and MakeNull refuses where zugzwang is common).
	if depth < verifyDepth {
		return beta, true, false
	}
	if s.search(ply, depth-nullReduction(depth), beta-1, beta, false, false) >= beta {
		return beta, true, true
	}
	return 0, s.stopped, true
}

// nullEvalStep is the margin of the evaluation over beta worth one more
// ply of null-move reduction (at most two).
const nullEvalStep = 200

// rfpDepth is the deepest remaining depth at which reverse futility prunes.
const rfpDepth = 6

// verifyDepth is the least depth at which a null-move cutoff is verified.
const verifyDepth = 6

// nullReduction is how much shallower the null-move search is.
func nullReduction(depth int) int { return 2 + depth/4 }

// chance returns the expected value (for the root player) of a node where a
// random player moves: the average over its moves, each searched with a full
// window, since a bound on one child says nothing about the average.
//
// A throw uses up no depth: depth counts the choices of the players, and a
// race game throws several dice before each move (Ur three, each a ply of
// its own), which would otherwise leave a player blind to its own next
// move. The throws between two moves multiply the tree by their faces, and
// the ply bound ends a game of throws alone.
func (s *Searcher[M]) chance(ply, depth int) int {
	pos := s.pos
	pd := &s.plies[ply]
	pd.moves = pos.Generate(pd.moves[:0])
	pd.sign, pd.n = 0, len(pd.moves)
	if over, w, l := pos.Outcome(); over {
		return s.terminal(w, l, ply, 1)
	}
	if len(pd.moves) == 0 || depth <= 0 || ply >= maxPly-maxQuiesce-1 {
		return s.evalFor(1)
	}
	sum, legal := 0, 0
	for i := range pd.moves {
		if !pos.Make(pd.moves[i]) {
			continue
		}
		legal++
		sum += s.child(ply, depth, -Inf, Inf, 0, s.inCheck(), false)
		pos.Unmake()
		if s.stopped {
			return 0
		}
	}
	if legal == 0 {
		return s.noMoves(ply, 0)
	}
	return sum / legal
}

// qsearch resolves captures and promotions below the horizon, so the static
// evaluation is only trusted in quiet positions. The side to move may stand
// pat, except in check: then every move is searched (evasions), so a mate at
// the horizon is seen.
//
// inCheck is whether the player to move is in check, which the caller
// knows (search passes its own; qsearch tests after each move it makes), so
// a horizon node does not test it again.
func (s *Searcher[M]) qsearch(ply, alpha, beta, qd int, inCheck bool) int {
	if s.poll() {
		return 0
	}
	if statsOn {
		if qd == 0 {
			s.stats.horizonNodes++
		} else {
			s.stats.qNodes++
		}
	}
	pos := s.pos
	if pos.Random() {
		return s.chance(ply, 0)
	}
	me := s.sign()
	s.path[ply] = pos.Hash()
	if ply > 0 && s.repeated(ply) {
		return 0
	}
	// Standing pat before generating saves most of a node's cost. Out of
	// check no checkmate can be missed; the other goals are read without
	// the moves, and the mobility term uses this side's count two plies up.
	guess, guessed := 0, false
	if !inCheck && ply > 1 {
		if over, w, l := pos.Goals(); over {
			return s.terminal(w, l, ply, me)
		}
		if guess, guessed = s.guessEval(ply, me); guessed && guess >= beta {
			return guess
		}
	}
	pd := &s.plies[ply]
	var stand int
	switch {
	case s.capt != nil && guessed && s.rules.Royal:
		// Captures alone: the guessed evaluation stands, and this side's
		// count two plies up stands in for its mobility below. Those that
		// delta pruning would skip (below) need not even be listed: the
		// others keep their order. (Of captures with equal order scores,
		// pick could take them in another order, its swaps moving others
		// to the places of those left out; in the tests and the bench the
		// searches agree node for node.)
		if low := max(alpha, guess) - guess - deltaMargin; s.above != nil && s.rules.LMR && low >= 0 {
			pd.moves = s.above.GenerateCapturesAbove(pd.moves[:0], low)
		} else {
			pd.moves = s.capt.GenerateCaptures(pd.moves[:0])
		}
		pd.sign, pd.n = me, s.plies[ply-2].n
		stand = guess
	case s.noisy != nil && !inCheck && ply > 1:
		// Only noisy moves are searched here and Goals said the game goes
		// on if the player to move has a move, so the quiet moves are
		// needed only as a count (mobility; none at all: NoMoves decides).
		// Elsewhere the list must be complete: in check every evasion is
		// searched, and at plies 0 and 1 Outcome has not been read.
		var n int
		pd.moves, n = s.noisy.GenerateNoisy(pd.moves[:0])
		pd.sign, pd.n = me, n
		if n == 0 {
			if over, w, l := pos.NoMoves(); over {
				return s.terminal(w, l, ply, me)
			}
		}
		stand = s.staticEval(ply, me)
	default:
		pd.moves = pos.Generate(pd.moves[:0])
		pd.sign, pd.n = me, len(pd.moves)
		if over, w, l := pos.Outcome(); over && ply > 0 {
			return s.terminal(w, l, ply, me)
		}
		stand = s.staticEval(ply, me)
	}
	if qd >= maxQuiesce || ply >= maxPly-1 {
		return stand
	}
	best := -Inf
	if !inCheck {
		if stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
		best = stand
	}
	if inCheck {
		s.guard(pd, true) // most non-evasions need not be made to be rejected
	}
	s.order(ply, 0, me, !inCheck)
	if !inCheck {
		// Searched in the order of the noisy moves alone, whether or not
		// the quiet ones were generated: pick's swaps among equal scores
		// otherwise depend on where the quiet moves stand.
		keepNoisy(pd)
	}
	legal := 0
	for i := 0; i < len(pd.moves); i++ {
		m := s.pick(pd, i)
		info := &pd.infos[i]
		// Delta pruning: a capture that cannot lift the score to alpha even
		// with a margin is not worth searching (in check every move is).
		if !inCheck && s.rules.LMR && stand+int(info.Victim)+deltaMargin <= alpha {
			if statsOn {
				s.stats.qDeltaSkips++
			}
			continue
		}
		// A losing exchange: the capturing piece is worth more than what
		// it wins and can be taken back.
		if !inCheck && s.losingCapture(m, info) {
			if statsOn {
				s.stats.qLosingSkips++
			}
			continue
		}
		if !pos.Make(m) {
			continue
		}
		if statsOn {
			s.stats.qCaptures++
		}
		legal++
		childCheck := s.inCheck()
		var v int
		if cs := s.sign(); view(1, cs, me) == 1 {
			v = s.qsearch(ply+1, alpha, beta, qd+1, childCheck)
		} else {
			v = -s.qsearch(ply+1, -beta, -alpha, qd+1, childCheck)
		}
		pos.Unmake()
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	if inCheck && legal == 0 {
		return s.noMoves(ply, me)
	}
	return best
}

// losingCapture reports a capture by a piece worth more than it wins that
// loses material (in material games only, as the prunings): the exchange on
// its square loses (ExchangeEvaluator, which also tells a piece nobody can
// take), or without one, it can be taken back (RecaptureTester). Quiescence
// does not search it.
func (s *Searcher[M]) losingCapture(m M, info *MoveInfo) bool {
	if s.recap == nil || !s.rules.LMR || info.Attacker <= info.Victim {
		return false
	}
	if s.see != nil {
		return !s.see.ExchangeAtLeast(m, 0)
	}
	return s.recap.Recapturable(m)
}

// repeated reports whether the position at ply occurred earlier on the
// search path or, where the position remembers its game (RepetitionTester),
// earlier in the game. Such a cycle is scored as a draw so the search cannot
// loop; the game's own repetition rules are applied by Outcome.
func (s *Searcher[M]) repeated(ply int) bool {
	h := s.path[ply]
	if s.reps != nil {
		if s.reps.Repeated() {
			return true
		}
		// The game holds every position of the path a move was made
		// from, but those a null move was made from (nullPlies).
		for _, i := range s.nullPlies {
			if s.path[i] == h {
				return true
			}
		}
		return false
	}
	for i := ply - 1; i >= 0; i-- {
		if s.path[i] == h {
			return true
		}
	}
	return false
}

// terminal scores a finished game for side me: a win for the root player's
// side is worth Win less the plies it took (so faster wins score higher).
func (s *Searcher[M]) terminal(winner, loser, ply, me int) int {
	v := 0
	switch {
	case winner >= 0 && winner == s.root:
		v = Win - ply
	case winner >= 0, loser == s.root:
		v = -(Win - ply)
	}
	// Another player losing without a winner (more than two players) is
	// neutral for the paranoid root.
	if me == 0 {
		return v
	}
	return v * me
}

// evalFor is the static evaluation for side me (0: root's view).
func (s *Searcher[M]) evalFor(me int) int {
	v := s.pos.Evaluate(s.root)
	if me == -1 {
		return -v
	}
	return v
}

// staticEval adds to the evaluation a mobility term: the legal moves of the
// side to move against those the other side had one ply earlier (both counts
// are known for free, having been generated).
func (s *Searcher[M]) staticEval(ply, me int) int {
	v := s.evalFor(me)
	if ply > 0 {
		if p := &s.plies[ply-1]; p.sign == -me {
			v += s.mobilityWeight() * (min(s.plies[ply].n, 64) - min(p.n, 64))
		}
	}
	return v
}

// guessEval is staticEval before this ply's moves are generated: the side
// to move's mobility is taken from its count two plies up. ok is false when
// the plies above are not this side's and its opponent's.
func (s *Searcher[M]) guessEval(ply, me int) (int, bool) {
	mine, theirs := &s.plies[ply-2], &s.plies[ply-1]
	if mine.sign != me || theirs.sign != -me {
		return 0, false
	}
	return s.evalFor(me) + s.mobilityWeight()*(min(mine.n, 64)-min(theirs.n, 64)), true
}

// mobilityWeight is the score of one legal move more than the opponent
// has: negative in giveaway games, where running out of moves wins.
func (s *Searcher[M]) mobilityWeight() int {
	if s.rules.Giveaway {
		return -mobilityWeight
	}
	return mobilityWeight
}

// pv returns the principal variation: first the root's best move, then the
// best moves the transposition table holds, while they are legal.
func (s *Searcher[M]) pv(first uint64, maxLen int) []string {
	var out []string
	pos := s.pos
	made := 0
	seen := map[uint64]bool{}
	want := first
	for made < maxLen && made < maxPly && want != 0 && !pos.Random() && !seen[pos.Hash()] {
		seen[pos.Hash()] = true
		pd := &s.plies[made]
		pd.moves = pos.Generate(pd.moves[:0])
		found := false
		for _, m := range pd.moves {
			if pos.Info(m).Key == want {
				text := pos.MoveText(m)
				if pos.Make(m) {
					out = append(out, text)
					made++
					found = true
				}
				break
			}
		}
		if !found {
			break
		}
		want = 0
		if e, ok := s.tt.probe(pos.Hash()); ok {
			want = e.move
		}
	}
	for ; made > 0; made-- {
		pos.Unmake()
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// keepNoisy drops the quiet moves at pd (after order), keeping the order of
// the others.
func keepNoisy[M any](pd *plyData[M]) {
	out := 0
	for i := range pd.moves {
		if pd.infos[i].Noisy {
			if out != i { // a capture generator's list is all noisy
				pd.moves[out], pd.infos[out], pd.scores[out] = pd.moves[i], pd.infos[i], packScore(scoreOf(pd.scores[i]), out)
			}
			out++
		}
	}
	pd.moves, pd.infos, pd.scores = pd.moves[:out], pd.infos[:out], pd.scores[:out]
	pd.cands = pd.cands[:0] // their places moved: pick reads the whole list
}
