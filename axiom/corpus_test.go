package axiom_test

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"zrun/gamefile"
	"zrun/vm/playout"
)

var corpusAll = flag.Bool("axiom.all", false, "TestCorpus: play every Axiom game of the corpus")

// TestCorpus loads every axiom row of the corpus manifest and plays a
// short random game of each of its games and variants; it reports how
// many rows play (every game of the file gets moves and plays without a
// violation) and, for the rest, why not. It fails on a violation or a
// panic, not on a game that cannot move yet: that one must say why.
func TestCorpus(t *testing.T) {
	if !*corpusAll {
		t.Skip("plays every Axiom game (over a minute): run with -args -axiom.all")
	}
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
	games, playing, rowsPlaying := 0, 0, 0
	why := map[string]int{}
	for _, row := range rows {
		gs, err := gamefile.LoadGames(filepath.Join(corpus, filepath.FromSlash(row)), "")
		if err != nil {
			t.Errorf("%s: %v", row, err)
			continue
		}
		all := true
		for _, g := range gs {
			games++
			if g.Moves == nil {
				all = false
				if g.EngineErr == "" {
					t.Errorf("%s %q: no moves and no reason", row, g.Title)
				}
				// the reason without its paths, to count them
				r := g.EngineErr
				if i := strings.LastIndex(r, ": "); i >= 0 && strings.Contains(r[:i], "/") {
					r = r[i+2:]
				}
				why[r]++
				continue
			}
			st, err := playout.Run(g, playout.Options{Playouts: 1, Seed: 1, MaxMoves: 30, Budget: 3 * time.Second})
			if err != nil {
				t.Errorf("%s %q: %v", row, g.Title, err)
				all = false
				continue
			}
			for _, v := range st.Violations {
				if v.Check == "budget" {
					// a script's own error as it runs (Tavreli's
					// unpromote-at reads position -1): reported, with
					// its file:line, as a game that does not play yet
					t.Logf("%s %q: %s", row, g.Title, v.Detail)
					why["a script error while playing"]++
					continue
				}
				t.Errorf("%s %q: %s: %s", row, g.Title, v.Check, v.Detail)
			}
			if len(st.Violations) > 0 || st.Moves == 0 {
				all = false
				continue
			}
			playing++
		}
		if all {
			rowsPlaying++
		}
	}
	t.Logf("%d of %d axiom rows play (%d of %d games and variants)", rowsPlaying, len(rows), playing, games)
	var rs []string
	for r, n := range why {
		rs = append(rs, r+": "+strconv.Itoa(n))
	}
	sort.Strings(rs)
	for _, r := range rs {
		t.Logf("  not yet: %s", r)
	}
}
