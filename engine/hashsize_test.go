package engine

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// meminfoMB reads MemTotal from /proc/meminfo: a reading of the machine's
// memory apart from the Sysinfo call ClampHashMB makes (0 where there is
// no /proc).
func meminfoMB(t *testing.T) int {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				t.Fatalf("MemTotal %q: %v", rest, err)
			}
			return kb >> 10
		}
	}
	return 0
}

// TestClampHashMB: sizes a GUI may send (UCI's Hash spin is 1..4096, but
// nothing stops a GUI or a user typing more; XBoard's memory has no bound)
// are kept within 1 MB, MaxHashMB and half the machine's memory, and the
// clamp says why whenever it changes the size.
func TestClampHashMB(t *testing.T) {
	limit := MaxHashMB
	if m := meminfoMB(t); m > 0 {
		limit = min(limit, m/2)
	}
	tests := []struct {
		name string
		mb   int
		want int
	}{
		{"ordinary", 64, 64},
		{"least", 1, 1},
		{"zero", 0, 1},
		{"negative", -5, 1},
		{"UCI's announced maximum", 4096, limit},
		{"xboard memory 999999999", 999999999, limit},
		{"largest int", int(^uint(0) >> 1), limit},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, why := ClampHashMB(tc.mb)
			// /proc/meminfo and Sysinfo may differ by a few MB (rounding
			// of kB to MB, memory the kernel reserves): allow 1%.
			if got > tc.want || got < tc.want-tc.want/100 {
				t.Errorf("ClampHashMB(%d) = %d, want %d", tc.mb, got, tc.want)
			}
			if (got != tc.mb) != (why != "") {
				t.Errorf("ClampHashMB(%d) = %d, why %q: a changed size needs a reason, a kept one none", tc.mb, got, why)
			}
		})
	}
}

// TestTableHugeSize: a table asked of any size is made without panicking
// (the entries count for 999999999 MB used to overflow makeslice) and never
// beyond the clamp. Only the count is checked for the huge sizes: the
// mapping is lazy, nothing is touched.
func TestTableHugeSize(t *testing.T) {
	for _, mb := range []int{-1, 0, 999999999, int(^uint(0) >> 1)} {
		tb := newTable(mb)
		want, _ := ClampHashMB(mb)
		if bytes := uint64(len(tb.entries)) * uint64(unsafe.Sizeof(ttEntry{})); bytes > uint64(want)<<20 || len(tb.entries) < 1 {
			t.Errorf("newTable(%d): %d entries, %d bytes, want at most %d MB", mb, len(tb.entries), bytes, want)
		}
		tb.store(1, 2, 3, 4, 0, boundExact)
		if _, ok := tb.probe(1); !ok {
			t.Errorf("newTable(%d): a stored entry is not found", mb)
		}
	}
}
