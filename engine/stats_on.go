//go:build searchstats

package engine

// statsOn: the search counts what it does (searchStats) and reports it after
// each iteration.
const statsOn = true
