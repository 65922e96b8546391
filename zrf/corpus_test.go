// This file defines the corpus test: every rule file of the shared corpus is
// loaded, and the kinds that must load do.

package zrf

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

const corpusDir = "../../shared/zrf-corpus"

// corpusEntry is one .zrf row of MANIFEST.tsv.
type corpusEntry struct{ path, kind string }

func readManifest(t *testing.T) []corpusEntry {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir, "MANIFEST.tsv"))
	if err != nil {
		t.Skipf("corpus not available (%v): the shared ZRF corpus is expected at %s", err, corpusDir)
	}
	defer f.Close()
	var out []corpusEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 2 || !strings.HasSuffix(cols[0], ".zrf") {
			continue
		}
		out = append(out, corpusEntry{cols[0], cols[1]})
	}
	return out
}

// knownFailures are corpus files that do not load, with the reason. Each is
// a mistake in the file itself (or a construct the game model cannot hold
// yet); the test checks that they still fail, so the list stays honest.
// knownFailures are corpus files with defects of their own inside move
// definitions: they load, with those definitions left out and the errors
// reported at their positions.
var knownFailures = map[string]string{
	"GlukKazan+Dagaz/src/debug/games/chess/evoluchess.zrf":                          "typo (varify ...) in macro split",
	"GlukKazan+Dagaz/src/debug/games/mancala/ohojichi.zrf":                          "macro step uses $2, which no call binds",
	"DagazProject+DagazProject.github.io/checkers-like/zrf/fandango.zrf":            "macro bump uses $2, which no call binds",
	"GlukKazan+Dagaz/_history/src/debug/games/go/margo.zrf":                         "(or ...) used as a statement",
	"DagazProject+DagazProject.github.io/checkmate/zrf/platform-chess.zrf":          "(or (verify enemy?) ...) used as a statement",
	"GlukKazan+Dagaz/_history/src/debug/games/mancala/kauri.zrf":                    "condition sow names nothing (JS-only)",
	"DagazProject+DagazProject.github.io/checkers/zrf/anathem.zrf":                  "(add-partial Rhetors ...) names a player where a piece type belongs",
	"DagazProject+DagazProject.github.io/checkers/zrf/stavropol-adiuh-checkers.zrf": "zone Promotion is defined nowhere (promotion is)",
}

// TestCorpus loads every corpus file. Native, embedded and Dagaz files must
// load without error; Axiom files must load with Engine set.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	entries := readManifest(t)
	start := time.Now()
	loaded, failed, withSkips := map[string]int{}, map[string]int{}, map[string]int{}
	games := 0
	for _, e := range entries {
		if e.kind == "include" {
			continue
		}
		f, err := LoadFile(filepath.Join(corpusDir, e.path))
		if f != nil {
			games += len(f.Games)
		}
		msg := checkCorpusFile(e, f, err)
		skipped := strings.HasPrefix(msg, "skipped: ")
		if msg != "" && !skipped {
			failed[e.kind]++
		} else {
			loaded[e.kind]++
		}
		if skipped {
			withSkips[e.kind]++
		}
		reason, known := knownFailures[e.path]
		switch {
		case msg != "" && known:
			t.Logf("loaded with definitions left out, %s: %s", e.path, reason)
		case msg != "":
			t.Errorf("%s (%s): %s", e.path, e.kind, msg)
		case known:
			t.Errorf("%s now loads: remove it from knownFailures", e.path)
		}
	}
	kinds := sortedKeys(mergeCounts(loaded, failed))
	for _, k := range kinds {
		t.Logf("%-8s loaded %4d (of which %d with move definitions left out)  failed %3d", k, loaded[k], withSkips[k], failed[k])
	}
	t.Logf("%d games and variants in %v", games, time.Since(start).Round(time.Millisecond))
}

// checkCorpusFile returns why a loaded file does not meet its kind's target, or "".
func checkCorpusFile(e corpusEntry, f *File, err error) string {
	if err != nil && f.OnlySkipped(err) {
		// The file loaded; some move definitions with errors were left out
		// (they are listed in knownFailures with the defect in the file).
		return "skipped: " + err.Error()
	}
	if err != nil {
		var el ErrorList
		if errors.As(err, &el) && len(el) > 3 {
			el = el[:3]
			return el.Error() + "\n..."
		}
		return err.Error()
	}
	if e.kind == "axiom" {
		for _, gd := range f.Games {
			if gd.Game.Engine == "" {
				return "axiom file without engine in " + gd.Game.Title
			}
		}
	}
	return ""
}

func mergeCounts(a, b map[string]int) map[string]int {
	m := map[string]int{}
	for k := range a {
		m[k] = 1
	}
	for k := range b {
		m[k] = 1
	}
	return m
}

// TestCorpusErrorSummary (run with -v -run ErrorSummary) groups the corpus's
// load errors by message shape, to see what is missing at a glance.
func TestCorpusErrorSummary(t *testing.T) {
	if os.Getenv("ZRF_CORPUS_SUMMARY") == "" {
		t.Skip("set ZRF_CORPUS_SUMMARY=1 to print the corpus error summary")
	}
	counts := map[string]int{}
	for _, e := range readManifest(t) {
		if e.kind == "include" {
			continue
		}
		_, err := LoadFile(filepath.Join(corpusDir, e.path))
		var el ErrorList
		if !errors.As(err, &el) {
			if err != nil {
				counts["(other) "+err.Error()]++
			}
			continue
		}
		seen := map[string]bool{}
		for _, x := range el {
			k := e.kind + ": " + shape(x.Msg)
			if !seen[k] {
				counts[k]++
				seen[k] = true
			}
		}
	}
	ks := sortedKeys(counts)
	sort.Slice(ks, func(i, j int) bool { return counts[ks[i]] > counts[ks[j]] })
	for _, k := range ks {
		t.Logf("%4d %s", counts[k], k)
	}
}

// shape shortens an error message to its first words, for grouping.
func shape(msg string) string {
	if i := strings.Index(msg, " (in macro"); i >= 0 {
		msg = msg[:i]
	}
	if i := strings.Index(msg, ", found"); i >= 0 {
		msg = msg[:i]
	}
	if len(msg) > 90 {
		msg = msg[:90]
	}
	return msg
}
