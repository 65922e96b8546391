// This file measures how long loading takes: BenchmarkLoad for the corpus
// files that used to be slow, a helper that times one load, and a test that
// the cost of unused defines grows linearly with their number.

package zrf

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"testing"
	"time"
)

// slowLoadFiles are corpus files that once took seconds (up to 40 s and 1.9
// GB) to load; BenchmarkLoad keeps an eye on them.
var slowLoadFiles = []string{
	"Ragnarok/Ragnarok.zrf",
	"Focus/Focus.zrf",
	"MancalaKnights/MancalaKnights.zrf",
	"Nine-Tile_Cyvasse/Cyvasse.zrf",
	"Dakon/Dakon.zrf",
	"Chase/Chase.zrf",
	"Pasang/pasang.zrf",
	"GlukKazan+ZoG/Rules/Tavreli.zrf",
}

// TestSlowFilesLoad loads the two files that were slowest to load (40 s
// and 1.9 GB, 39 s and 1.3 GB). Time on a busy 2-core machine varies too
// much to assert, so it is only reported; what is asserted is the memory
// allocated, which does not vary, with a wide margin (now about 150 and 210
// MB).
func TestSlowFilesLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("slow corpus files skipped in -short mode")
	}
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus not available (%v): the shared ZRF corpus is expected at %s", err, corpusDir)
	}
	const maxMB = 600
	for _, rel := range slowLoadFiles[:2] {
		c := measureLoad(filepath.Join(corpusDir, rel), nil)
		mb := float64(c.bytes) / (1 << 20)
		t.Logf("%s: %v, %.0f MB allocated", rel, c.time.Round(time.Millisecond), mb)
		if mb > maxMB {
			t.Errorf("%s allocated %.0f MB to load, more than %d MB", rel, mb, maxMB)
		}
	}
}

// BenchmarkLoad loads the once-slow corpus files, every game and variant.
func BenchmarkLoad(b *testing.B) {
	if _, err := os.Stat(corpusDir); err != nil {
		b.Skipf("corpus not available (%v): the shared ZRF corpus is expected at %s", err, corpusDir)
	}
	for _, rel := range slowLoadFiles {
		path := filepath.Join(corpusDir, rel)
		b.Run(strings.TrimSuffix(filepath.Base(rel), ".zrf"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if f, _ := LoadFile(path); f == nil {
					b.Fatalf("%s did not load", rel)
				}
			}
		})
	}
}

// loadCost is what one load of a file took.
type loadCost struct {
	path  string
	time  time.Duration
	bytes uint64 // allocated during the load (not the live heap)
}

// measureLoad loads path (or src, when not nil) once and returns the wall
// time and the bytes allocated. A GC first keeps the previous load's garbage
// from being collected, and counted, during this one.
func measureLoad(path string, src []byte) loadCost {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	if src == nil {
		LoadFile(path)
	} else {
		Load(path, src)
	}
	d := time.Since(start)
	runtime.ReadMemStats(&after)
	return loadCost{path, d, after.TotalAlloc - before.TotalAlloc}
}

// slowestLoads times every .zrf of the corpus and returns the n slowest,
// slowest first, and the total time. The machine may be busy: the 2n
// slowest are timed twice more and keep their best time.
func slowestLoads(t *testing.T, n int) ([]loadCost, time.Duration) {
	var costs []loadCost
	var total time.Duration
	for _, e := range readManifest(t) {
		if e.kind == "include" {
			continue
		}
		c := measureLoad(filepath.Join(corpusDir, e.path), nil)
		c.path = e.path
		total += c.time
		costs = append(costs, c)
	}
	bySlowest := func() {
		sort.Slice(costs, func(i, j int) bool { return costs[i].time > costs[j].time })
	}
	bySlowest()
	for i := range costs[:min(2*n, len(costs))] {
		for range 2 {
			if c := measureLoad(filepath.Join(corpusDir, costs[i].path), nil); c.time < costs[i].time {
				costs[i].time = c.time
			}
		}
	}
	bySlowest()
	return costs[:min(n, len(costs))], total
}

// formatLoads prints load costs as a table.
func formatLoads(costs []loadCost) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%9s %9s  %s\n", "seconds", "MB alloc", "file")
	for _, c := range costs {
		fmt.Fprintf(&sb, "%9.3f %9.1f  %s\n", c.time.Seconds(), float64(c.bytes)/(1<<20), c.path)
	}
	return sb.String()
}

// withUnusedDefines appends n macro definitions that nothing calls to a rule
// file: they look like the file's own (a parameter, a step, a condition).
func withUnusedDefines(src []byte, n int) []byte {
	out := append([]byte(nil), src...)
	for i := range n {
		out = fmt.Appendf(out, "\n(define unused-%d ($1 (verify (or empty? enemy?)) (set-attribute seen-%d true) add))", i, i)
	}
	return out
}

// TestUnusedDefinesLinear checks that unused macro definitions cost time and
// memory in proportion to their number (they used to cost superlinearly:
// 120,000 took two minutes). Four times the definitions must take less than
// eight times the time and memory. The machine may be busy, so the margin is
// wide and the times compared are the best of five runs, taken in turn; a
// failing comparison is measured again before it counts.
func TestUnusedDefinesLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("load scaling test skipped in -short mode")
	}
	base, err := os.ReadFile("../games/chess.zrf")
	if err != nil {
		t.Fatal(err)
	}
	smallSrc, largeSrc := withUnusedDefines(base, 10000), withUnusedDefines(base, 40000)
	// The collector is off while loading (measureLoad collects before each
	// load): its cycles grow with the live heap as well as with what is
	// allocated, which on a busy machine made the larger load look
	// superlinear although the loader's own work is linear.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var small, large loadCost
	for try := range 3 {
		small, large = bestLoads("chess-defines.zrf", smallSrc, largeSrc, 5)
		t.Logf("chess.zrf + 10,000 unused defines: %v, %.1f MB; + 40,000: %v, %.1f MB",
			small.time, float64(small.bytes)/(1<<20), large.time, float64(large.bytes)/(1<<20))
		if large.time < 8*small.time || try == 2 {
			break
		}
	}
	if large.time > 8*small.time {
		t.Errorf("4x the unused defines took %.1fx the time", float64(large.time)/float64(small.time))
	}
	if large.bytes > 8*small.bytes {
		t.Errorf("4x the unused defines allocated %.1fx the memory", float64(large.bytes)/float64(small.bytes))
	}
}

// bestLoads loads a and b in turn n times each and returns the best time of
// each (and the memory of its last load).
func bestLoads(path string, a, b []byte, n int) (loadCost, loadCost) {
	var ca, cb loadCost
	for i := range n {
		x, y := measureLoad(path, a), measureLoad(path, b)
		if i == 0 || x.time < ca.time {
			ca.time = x.time
		}
		if i == 0 || y.time < cb.time {
			cb.time = y.time
		}
		ca.bytes, cb.bytes = x.bytes, y.bytes
	}
	return ca, cb
}
