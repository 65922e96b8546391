// This file defines move ordering: the transposition-table move first, then
// captures and promotions by MVV-LVA, then killer moves, then quiet moves by
// the history heuristic. Moves are picked lazily (selection), since a cutoff
// often comes after the first few.

package engine

const histSize = 1 << 14

const (
	scoreTT     = 1 << 30
	scoreNoisy  = 1 << 26
	scoreKiller = 1 << 24
	histMax     = 1 << 22
	// scoreBad: a capture the exchange evaluation says loses, tried
	// after every quiet move.
	scoreBad = -histMax - 1
)

// order computes the facts and order scores of the moves at ply.
func (s *Searcher[M]) order(ply int, ttMove uint64, me int, noisyOnly bool) {
	pd := &s.plies[ply]
	n := len(pd.moves)
	pd.infos = growInfos(pd.infos, n)
	pd.scores = growScores(pd.scores, n)
	pd.hist = &s.hist[histSide(me)]
	// Without a table move, the quiet moves come after every noisy one
	// whatever their scores: they are scored (and their keys computed)
	// only when pick reaches them (scoreQuiet).
	// A noisy move's key is asked for only where the move becomes the
	// best so far (search); quiescence reads no key at all: the noisy
	// moves are ordered by what they win and searched without storing a
	// best move.
	deferKeys := ttMove == 0 && s.later != nil // no table move to find by its key
	switch {
	case deferKeys:
		pd.cands = s.later.InfosDeferred(pd.moves, pd.infos, false, pd.cands[:0])
	case s.later != nil:
		// Every key, but no quiet move's Attacker (which nothing reads).
		pd.cands = s.later.InfosDeferred(pd.moves, pd.infos, true, pd.cands[:0])
		s.later.FillKeys(pd.moves, pd.infos)
	case s.infos != nil:
		s.infos.Infos(pd.moves, pd.infos)
	default:
		for i, m := range pd.moves {
			pd.infos[i] = s.pos.Info(m)
		}
	}
	pd.unscored = deferKeys && !noisyOnly
	if pd.unscored {
		// The noisy moves are the candidates (InfosDeferred listed
		// them); the quiet ones' scores are not even written: pick reads
		// none before scoreQuiet.
		for _, i := range pd.cands {
			pd.scores[i] = packScore(int32(noisyScore(&pd.infos[i])), int(i))
		}
		return
	}
	pd.cands = pd.cands[:0]
	for i := range pd.infos {
		info := &pd.infos[i]
		var sc int
		switch {
		case info.Key == ttMove && ttMove != 0:
			sc = scoreTT
		case info.Noisy:
			sc = noisyScore(info)
		case noisyOnly:
			sc = -1
		default:
			sc = int(quietScore(pd, info.Key))
		}
		pd.scores[i] = packScore(int32(sc), i)
		if sc > scoreKiller {
			pd.cands = append(pd.cands, int32(i))
		}
	}
}

// noisyScore orders a capture or promotion by MVV-LVA: above every quiet
// move (scoreNoisy), by what it wins, then by the cheaper mover.
func noisyScore(info *MoveInfo) int {
	return scoreNoisy + min(max(int(info.Victim), 0), 1<<16)*64 - min(max(int(info.Attacker), 0), 1<<16)/16
}

// pick moves the best remaining move (the first of the best scores) to
// position i, swapping it with the move there, and returns it; its facts
// are pd.infos[i] (read in place: copying them out stalls).
func (s *Searcher[M]) pick(pd *plyData[M], i int) M {
	var best int64
	if len(pd.cands) > 0 {
		best = takeCand(pd, i)
	} else {
		if pd.unscored {
			// Only quiet moves are left, none scored yet: score them now,
			// where they stand (order would have given them the same).
			s.scoreQuiet(pd, i)
			pd.unscored = false
		}
		// The first of the best scores: the largest packed value (packScore).
		best = bestPacked(pd.scores[i:len(pd.moves)])
	}
	if b := packedIndex(best); b != i {
		pd.moves[i], pd.moves[b] = pd.moves[b], pd.moves[i]
		pd.infos[i], pd.infos[b] = pd.infos[b], pd.infos[i]
		pd.scores[i], pd.scores[b] = packScore(scoreOf(best), i), packScore(scoreOf(pd.scores[i]), b)
	}
	return pd.moves[i]
}

// takeCand is pick's choice while the table's move or a noisy one is left
// (pd.cands): every other move scores below them, so the best is among
// those few and the rest of the list need not be read (a node a capture
// cuts never does). It returns the best's packed score, as bestPacked
// would, and takes it out of pd.cands, where the move at i, which pick
// then swaps to the best's place, gets that place.
func takeCand[M any](pd *plyData[M], i int) int64 {
	c := pd.cands
	bj, best := 0, pd.scores[c[0]]
	for j := 1; j < len(c); j++ {
		if v := pd.scores[c[j]]; v > best {
			bj, best = j, v
		}
	}
	b := int(c[bj])
	c[bj] = c[len(c)-1]
	c = c[:len(c)-1]
	pd.cands = c
	if b != i {
		for j, p := range c {
			if int(p) == i {
				c[j] = int32(b)
				break
			}
		}
	}
	return best
}

// bestPacked is the largest of the packed scores (not empty), kept with a
// mask, not a branch: history scores come in no order, so a branch would
// mispredict (the compiler makes max a branch here). Scores lie within
// ±2^30, so the differences cannot overflow. Four running maxima, merged
// at the end, let the processor work on four scores at once where one
// would wait for each step's result (packed scores are distinct: the
// largest is the same in any order).
func bestPacked(rest []int64) int64 {
	if len(rest) >= 8 && haveMaxPacked {
		return maxPackedVector(rest)
	}
	return bestPackedScalar(rest)
}

// bestPackedScalar is bestPacked in Go.
func bestPackedScalar(rest []int64) int64 {
	b0 := rest[0]
	b1, b2, b3 := b0, b0, b0
	i := 1
	for ; i+4 <= len(rest); i += 4 {
		b0 = maxPacked(b0, rest[i])
		b1 = maxPacked(b1, rest[i+1])
		b2 = maxPacked(b2, rest[i+2])
		b3 = maxPacked(b3, rest[i+3])
	}
	for ; i < len(rest); i++ {
		b0 = maxPacked(b0, rest[i])
	}
	return maxPacked(maxPacked(b0, b1), maxPacked(b2, b3))
}

// maxPacked is the larger of two packed scores, without a branch.
func maxPacked(best, x int64) int64 {
	d := x - best
	return best + d&^(d>>63)
}

// scoreQuiet scores the quiet moves from i on, whose keys order deferred:
// killers, then the history of the side to move as it stands now (the
// searches of the noisy moves before them may have changed it).
func (s *Searcher[M]) scoreQuiet(pd *plyData[M], i int) {
	s.later.FillKeys(pd.moves[i:], pd.infos[i:len(pd.moves)])
	for j := i; j < len(pd.moves); j++ {
		if pd.infos[j].Noisy {
			continue // a losing capture put back (scoreBad): the others were candidates
		}
		pd.scores[j] = packScore(quietScore(pd, pd.infos[j].Key), j)
	}
}

// quietScore is the order score of the quiet move key at pd: a killer's,
// else the history order read (pd.hist).
func quietScore[M any](pd *plyData[M], key uint64) int32 {
	switch key {
	case pd.killers[0]:
		return scoreKiller
	case pd.killers[1]:
		return scoreKiller - 1
	}
	return pd.hist[histIndex(key)]
}

// packScore packs a move's order score above its place in the list, so that
// of two equal scores the earlier place packs larger: one comparison of
// packed values picks the first of the best scores, and the place of the
// pick is read back from it (packedIndex) instead of being counted.
func packScore(score int32, i int) int64 { return int64(score)<<32 | int64(^uint32(i)) }

// scoreOf is the order score packScore packed.
func scoreOf(p int64) int32 { return int32(p >> 32) }

// packedIndex is the place packScore packed.
func packedIndex(p int64) int { return int(^uint32(p)) }

// keepChecks drops from the moves after from those that the position can
// tell give no check (CheckPredictor), but the noisy ones (losing captures
// put back after the quiet moves); the others stay in the order they
// stand in, from which pick goes on choosing.
func (s *Searcher[M]) keepChecks(pd *plyData[M], from int) {
	rest := pd.moves[from:]
	if cap(pd.mayCheck) < len(rest) {
		pd.mayCheck = make([]bool, len(rest), 2*len(rest))
	}
	may := pd.mayCheck[:len(rest)]
	if s.batch != nil {
		s.batch.MayGiveChecks(rest, may)
	} else {
		for j, m := range rest {
			may[j] = s.check.MayGiveCheck(m)
		}
	}
	k := from
	for j, m := range may {
		if m || pd.infos[j+from].Noisy { // a noisy move left here is a losing capture put back: not futile
			j += from
			pd.moves[k], pd.infos[k], pd.scores[k] = pd.moves[j], pd.infos[j], packScore(scoreOf(pd.scores[j]), k)
			k++
		}
	}
	pd.moves, pd.infos, pd.scores = pd.moves[:k], pd.infos[:k], pd.scores[:k]
	pd.cands = pd.cands[:0] // none was left: a quiet move came before
}

// rewardQuiet records a quiet move that caused a cutoff: as a killer at this
// ply and in the history table of the side that played it, where the quiet
// moves searched before it without a cutoff (pd.tried) lose as much, so
// the history ranks moves by how often they refute, not how often they
// were tried.
func (s *Searcher[M]) rewardQuiet(pd *plyData[M], me int, key uint64, depth int) {
	if pd.killers[0] != key {
		pd.killers[1], pd.killers[0] = pd.killers[0], key
	}
	hs := &s.hist[histSide(me)]
	bonus := int32(depth * depth)
	h := &hs[histIndex(key)]
	*h = min(*h+bonus, histMax)
	for _, k := range pd.tried {
		h := &hs[histIndex(k)]
		*h = max(*h-bonus, -histMax)
	}
}

// decayHistory halves the history between searches so old cutoffs fade.
func (s *Searcher[M]) decayHistory() {
	for side := range s.hist {
		for i := range s.hist[side] {
			s.hist[side][i] /= 2
		}
	}
}

func histSide(me int) int {
	if me < 0 {
		return 1
	}
	return 0
}

func histIndex(key uint64) int {
	return int((key ^ key>>23 ^ key>>47) & (histSize - 1))
}

func growInfos(b []MoveInfo, n int) []MoveInfo {
	if cap(b) < n {
		return make([]MoveInfo, n, 2*n)
	}
	return b[:n]
}

func growScores(b []int64, n int) []int64 {
	if cap(b) < n {
		return make([]int64, n, 2*n)
	}
	return b[:n]
}
