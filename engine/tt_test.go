package engine

import (
	"testing"
	"unsafe"
)

// TestTablesAreUnmapped: game after game gets a new searcher (a new
// table), and the tables of the games before must not pile up: of twenty
// tables, each dropped as the next is made, no more than a few are ever
// mapped at once (largePages collects before mapping another, and the
// collection's cleanups unmap the dropped ones).
func TestTablesAreUnmapped(t *testing.T) {
	var one, peak int64
	for range 20 {
		tt := newTable(16)
		tt.store(1, 2, 3, 4, 0, boundExact)
		if e, ok := tt.probe(1); !ok || e.move != 2 || e.score != 3 {
			t.Fatalf("probe after store: %+v %v", e, ok)
		}
		one = int64(len(tt.entries)) * int64(unsafe.Sizeof(ttEntry{}))
		peak = max(peak, liveTableBytes())
	}
	if peak == 0 {
		t.Skip("tables are not mapped apart from the heap here")
	}
	if peak > 5*one {
		t.Errorf("up to %d MB of tables mapped at once, of twenty of %d MB made one after another", peak>>20, one>>20)
	}
}

// TestEntrySize: a slot is 32 bytes, so none straddles two cache lines.
func TestEntrySize(t *testing.T) {
	if n := unsafe.Sizeof(ttEntry{}); n != 32 {
		t.Errorf("a table entry is %d bytes, want 32", n)
	}
}

// TestTableSize: a table of mb megabytes holds as many entries as fit in
// them, a power of two (GUIs set the size: XBoard's memory, UCI's Hash).
func TestTableSize(t *testing.T) {
	for _, mb := range []int{1, 3, 16, 64} {
		tb := newTable(mb)
		bytes := len(tb.entries) * int(unsafe.Sizeof(ttEntry{}))
		if bytes > mb<<20 || 2*bytes <= mb<<20 {
			t.Errorf("%d MB: %d entries, %d bytes", mb, len(tb.entries), bytes)
		}
	}
}
