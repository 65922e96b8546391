package axiom_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"zrun/gamefile"
)

var loadAll = flag.Bool("axiom.loadall", false, "TestLoadTime: time the load of every game and variant, not only each rule file's first")

// loadLimit is what a user may wait for an Axiom game to open: the rule
// file read and compiled, and the framework and the game's scripts
// loaded and matched with it. The test allows a loaded machine three
// times that before it fails (the figures it logs are the measure).
const loadLimit = time.Second

// TestLoadTime times the load of Axiom games as a user opens one
// (gamefile.LoadGame: the rule file, then that game's scripts) and logs
// the slowest. By default it loads the first game of each Axiom rule file
// of the corpus manifest (41 files, a few seconds); -axiom.loadall loads
// every game and variant (160). Each load is timed as the best of two,
// so that a busy machine's pauses count less.
func TestLoadTime(t *testing.T) {
	f, err := os.Open(filepath.Join(corpus, "MANIFEST.tsv"))
	if err != nil {
		t.Skipf("corpus not found: %v", err)
	}
	defer f.Close()
	var rows []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) > 1 && cols[1] == "axiom" {
			rows = append(rows, cols[0])
		}
	}
	type timing struct {
		what string
		d    time.Duration
	}
	var times []timing
	for _, row := range rows {
		path := filepath.Join(corpus, filepath.FromSlash(row))
		n := 1
		if *loadAll {
			gs, err := gamefile.LoadGames(path, "")
			if err != nil {
				t.Errorf("%s: %v", row, err)
				continue
			}
			n = len(gs)
		}
		for i := 1; i <= n; i++ {
			best := time.Duration(0)
			title := ""
			for try := 0; try < 2; try++ {
				start := time.Now()
				g, err := gamefile.LoadGame(path, strconv.Itoa(i))
				d := time.Since(start)
				if err != nil {
					t.Fatalf("%s game %d: %v", row, i, err)
				}
				title = g.Title
				if try == 0 || d < best {
					best = d
				}
			}
			times = append(times, timing{fmt.Sprintf("%s %q", row, title), best})
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i].d > times[j].d })
	var total time.Duration
	for _, tm := range times {
		total += tm.d
	}
	t.Logf("%d Axiom games loaded in %v (best of two each); the slowest:", len(times), total.Round(time.Millisecond))
	for i, tm := range times {
		if i < 8 {
			t.Logf("  %v %s", tm.d.Round(time.Millisecond), tm.what)
		}
		if tm.d > 3*loadLimit {
			t.Errorf("%s took %v to load, want under %v", tm.what, tm.d.Round(time.Millisecond), loadLimit)
		}
	}
}
