// This file defines the search's counters for diagnosis (docs/strength-log.md,
// "Session 27 diagnosis"): built only with -tags searchstats (statsOn), they
// cost nothing otherwise, since every count is behind the constant.

package engine

import (
	"fmt"
	"os"
)

// searchStats counts what a search did, cumulated over its iterations.
type searchStats struct {
	mainNodes, horizonNodes, qNodes uint64 // search nodes; quiescence at the horizon (qd 0); deeper quiescence
	ttProbes, ttHits, ttCuts        uint64 // main search probes, entries found, cutoffs by them
	failHigh, failHighFirst         uint64 // beta cutoffs after moves; those by the first legal move
	cutWithTT, cutFirstTT           uint64 // of the cutoffs, those at nodes with a table move; by it
	nullTries, nullCuts             uint64 // null-move searches; cutoffs (verified or not)
	rfpCuts                         uint64 // reverse futility cutoffs
	lmrTries, lmrFails              uint64 // reduced searches; those re-searched at full depth
	qCaptures, qLosingSkips         uint64 // quiescence moves made; captures skipped as losing
	qDeltaSkips                     uint64 // captures skipped by delta pruning
	allNodes                        uint64 // nodes searched with no move above alpha (fail low)
}

// reportStats writes the counters after iteration d to standard error.
func (s *Searcher[M]) reportStats(d int) {
	st := &s.stats
	pct := func(a, b uint64) float64 {
		if b == 0 {
			return 0
		}
		return 100 * float64(a) / float64(b)
	}
	q := st.horizonNodes + st.qNodes
	fmt.Fprintf(os.Stderr, "stats depth %d nodes %d main %d qhorizon %d qdeep %d qshare %.1f tthit %.1f ttcut %.1f fh %d fhfirst %.1f ttmovefirst %.1f null %d nullcut %.1f rfp %d lmr %d lmrfail %.1f qmoves %d qlosing %d qdelta %d\n",
		d, s.nodes, st.mainNodes, st.horizonNodes, st.qNodes, pct(q, s.nodes),
		pct(st.ttHits, st.ttProbes), pct(st.ttCuts, st.ttProbes),
		st.failHigh, pct(st.failHighFirst, st.failHigh), pct(st.cutFirstTT, st.cutWithTT),
		st.nullTries, pct(st.nullCuts, st.nullTries), st.rfpCuts,
		st.lmrTries, pct(st.lmrFails, st.lmrTries), st.qCaptures, st.qLosingSkips, st.qDeltaSkips)
}

// countCut counts a beta cutoff by the legal-th legal move, at a node whose
// table move was ttMove (0: none), the move's key being key.
func (s *Searcher[M]) countCut(legal int, ttMove, key uint64) {
	st := &s.stats
	st.failHigh++
	if legal == 1 {
		st.failHighFirst++
	}
	if ttMove != 0 {
		st.cutWithTT++
		if key == ttMove {
			st.cutFirstTT++
		}
	}
}
