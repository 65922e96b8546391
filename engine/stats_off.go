//go:build !searchstats

package engine

// statsOn: without the searchstats tag the counters are compiled out.
const statsOn = false
