package engine

import (
	"runtime"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// hugePage is the size of the huge pages Linux backs a region with after
// madvise(MADV_HUGEPAGE) (x86-64 and most arm64 kernels).
const hugePage = 2 << 20

// mappedTables counts the bytes of the tables largePages has mapped and
// their cleanups not yet unmapped.
var mappedTables atomic.Int64

// largePages returns n zeroed entries for t. A table of several huge
// pages is mapped apart from Go's heap and marked for huge pages (where
// transparent huge pages are "madvise", as on Debian, the heap gets none):
// the probe of each node lands on a random slot, and with 4 KB pages
// nearly every probe also misses the processor's address cache (TLB);
// with huge pages a 64 MB table searched 6% more nodes a second.
//
// The mapping is unmapped once t is unreachable, by a cleanup that only a
// garbage collection runs; the collector does not count the mapping, and a
// search allocates next to nothing, so a new table first asks for a
// collection while another is mapped: the table of the game before,
// dropped, is then unmapped instead of piling up game after game.
// Elsewhere, or if the mapping fails, the entries are an ordinary slice.
func largePages(t *table, n int) []ttEntry {
	size := n * int(unsafe.Sizeof(ttEntry{}))
	if size < 2*hugePage {
		return make([]ttEntry, n)
	}
	if mappedTables.Load() > 0 {
		runtime.GC()
	}
	// A huge page more than needed, so that the entries can start on a
	// huge page's boundary: only whole aligned huge pages are backed so.
	mem, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]ttEntry, n)
	}
	mappedTables.Add(int64(len(mem)))
	skip := (hugePage - int(uintptr(unsafe.Pointer(unsafe.SliceData(mem))))%hugePage) % hugePage
	_ = syscall.Madvise(mem[skip:skip+size], 14) // MADV_HUGEPAGE; refused where THP is off: ordinary pages then
	runtime.AddCleanup(t, func(mem []byte) {
		if syscall.Munmap(mem) == nil {
			mappedTables.Add(-int64(len(mem)))
		}
	}, mem)
	return unsafe.Slice((*ttEntry)(unsafe.Pointer(&mem[skip])), n)
}

// liveTableBytes is how much of the tables largePages mapped is mapped still.
func liveTableBytes() int64 { return mappedTables.Load() }

// physicalMemory is the machine's memory in bytes, as the kernel reports
// it (0 if it does not).
func physicalMemory() uint64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit)
}
