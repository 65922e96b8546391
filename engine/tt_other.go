//go:build !linux

package engine

// largePages returns n zeroed entries for t: an ordinary slice (huge pages
// are asked for on Linux only, tt_linux.go).
func largePages(t *table, n int) []ttEntry { return make([]ttEntry, n) }

// liveTableBytes is 0: no table is mapped apart from the heap here.
func liveTableBytes() int64 { return 0 }

// physicalMemory is 0, unknown: elsewhere the table is bounded by
// MaxHashMB alone.
func physicalMemory() uint64 { return 0 }
