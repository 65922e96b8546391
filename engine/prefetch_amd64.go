package engine

// prefetch asks the processor to bring the cache line at addr in without
// waiting for it (PREFETCHT0): a transposition-table slot is read a little
// later, and its line is usually in no cache.
//
//go:noescape
func prefetch(addr uintptr)
