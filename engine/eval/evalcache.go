// This file defines the evaluation cache: evaluations kept by position
// hash, so that the positions a search meets again (each iteration of
// iterative deepening revisits the last one's tree; transpositions) are
// not evaluated again. It pays where the evaluation reads the pieces
// against each other (threats.go), which costs more than a cache probe.

package eval

import "zrun/vm"

// evalCacheBits is log2 of the cache's entries (16 bytes each: 256 KB).
const evalCacheBits = 14

// evalEntry is one cached evaluation: key is the position's hash mixed
// with the player the score is for, 0 when empty.
type evalEntry struct {
	key uint64
	v   int64
}

// evalCache is a direct-mapped table of evaluations, one per searcher's
// adapter (not shared between goroutines).
type evalCache struct {
	e [1 << evalCacheBits]evalEntry
}

func newEvalCache() *evalCache { return &evalCache{} }

// evaluate returns ev's evaluation of s for pl, from the cache when it
// holds it. The hash is the one the transposition table trusts: two
// positions with the same hash score the same.
func (c *evalCache) evaluate(ev *Evaluator, s *vm.State, pl int) int {
	key := s.Hash() ^ (uint64(pl)+1)*0x9e3779b97f4a7c15
	if key == 0 {
		key = 1
	}
	e := &c.e[key&(1<<evalCacheBits-1)]
	if e.key == key {
		return int(e.v)
	}
	v := ev.Evaluate(s, pl)
	e.key, e.v = key, int64(v)
	return v
}
