// This file defines the saved-game corpus test: every corpus .zsg whose rule
// file is in the corpus and loads is replayed to its end and written back.

package zrf

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"zrun/vm"
)

// corpusZSG lists the corpus's saved games (paths relative to corpusDir).
func corpusZSG(t *testing.T) []string {
	t.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus not available (%v): the shared ZRF corpus is expected at %s", err, corpusDir)
	}
	var out []string
	filepath.WalkDir(corpusDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".zsg") {
			rel, _ := filepath.Rel(corpusDir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// zsgOutcome is what happened to one saved game.
type zsgOutcome struct {
	stage string // "read", "rules", "load", "start", "replay", "roundtrip", "" (all passed)
	err   error
	// afterEnd counts the lines played after our goals ended the game.
	afterEnd int
	end      vm.Outcome
}

// replayCorpusFile reads, resolves, loads, replays and re-writes one file.
func replayCorpusFile(rel string, loaded map[string]*File, loadErr map[string]error) zsgOutcome {
	path := filepath.Join(corpusDir, rel)
	load := func(rules string) (*File, error) {
		f, ok := loaded[rules]
		if !ok {
			var err error
			f, err = LoadFile(rules)
			loaded[rules], loadErr[rules] = f, err
		}
		return f, loadErr[rules]
	}
	rs, err := ReplaySaveFile(path, "", corpusSearch(path), load)
	if err != nil {
		var se *SaveError
		errors.As(err, &se)
		return zsgOutcome{stage: se.Stage, err: se.Err}
	}
	src, sg, r := rs.Src, rs.Save, rs.Replay
	o := zsgOutcome{afterEnd: r.AfterEnd(), end: r.End}
	if out := sg.WithMoves(r.Lines).Bytes(); !bytes.Equal(out, src) {
		o.stage, o.err = "roundtrip", errors.New(firstDiff(src, out))
	}
	return o
}

// firstDiff describes the first line where two files differ.
func firstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d: file has %q, we write %q", i+1, w, g)
		}
	}
	return "files differ"
}

// zsgSlow are corpus saved games whose replay takes more than a few seconds
// (move generation in these games is expensive); they run with -zsg.all.
var zsgSlow = map[string]string{
	"GlukKazan+ZoG/Rules/Gwangsanghui.zsg": "about 15 s",
	"Focus/Focus.zsg":                      "about 10 s",
	"GlukKazan+ZoG/Rules/Helheim.zsg":      "about 10 s",
	"Ragnarok/Bifrost.zsg":                 "about 20 s",
}

var zsgAll = flag.Bool("zsg.all", false, "replay the slow corpus saved games too")

// zsgKnown are the corpus saved games (with rule files in the corpus) that do
// not replay to the end or do not round-trip, with the stage where they stop
// and why. Every other such file must replay and round-trip; each listed one
// must still fail at that stage, so the table stays honest.
var zsgKnown = map[string][2]string{
	// Rule files that load but whose moves come from an Axiom engine: this
	// package's loader does not run the scripts (package axiom does);
	// play's TestAxiomSaves replays each with them, to its end and back
	// byte for byte.
	"Afrika/Problem-1.zsg":                  {"load", "Axiom engine"},
	"Afrika/Problem-2.zsg":                  {"load", "Axiom engine"},
	"Gabata/Selus-Problem.zsg":              {"load", "Axiom engine"},
	"GlukKazan+ZoG/Rules/Ramses.zsg":        {"load", "Axiom engine"},
	"GlukKazan+ZoG/Rules/Selus-Problem.zsg": {"load", "Axiom engine"},
	"Ordo/Crazy.zsg":                        {"load", "Axiom engine"},
	"QXO/Morris.zsg":                        {"load", "Axiom engine"},
	"TchukaRuma/TchukaRuma.zsg":             {"load", "Axiom engine"},
	// Files recovered from history, recorded with an older version of their
	// rule file than the corpus holds. Each was replayed (zrun replay --rules)
	// against the version GlukKazan/ZoG had at the commit named, fetched from
	// the repository's history (not kept here: other people's files).
	"GlukKazan+ZoG/_history/Rules/7kingdoms.zsg":              {"load", "older rules: the variant was Qiguo Xiangqi (8 players) in 7kingdoms.zrf at a3c5f3bd, where the save replays 142/142 and writes back identically; the corpus file names it Qiquo"},
	"GlukKazan+ZoG/_history/Rules/North Checkers.zsg":         {"load", "older rules: variant North Checkers is gone from CheckersCollection.zrf; at d384dcb6 the save replays 134/134 and writes back identically"},
	"GlukKazan+ZoG/_history/Rules/margo.zsg":                  {"load", "older rules: variant MarGo board is gone from margo.zrf; at 10a02613 the save replays 14/14 and writes back identically"},
	"GlukKazan+ZoG/_history/Rules/Armenian Tama.zsg":          {"replay", "older rules: captures were not partial moves then (we write partial 1 ...); CheckersCollection.zrf at d384dcb6: 11/11, identical"},
	"GlukKazan+ZoG/_history/Rules/Brazilian Checkers.zsg":     {"replay", "older rules: captures were not partial moves then; CheckersCollection.zrf at d384dcb6: 129/129, identical"},
	"GlukKazan+ZoG/_history/Rules/Canadian Checkers.zsg":      {"replay", "older rules: captures were not partial moves then; CheckersCollection.zrf at d384dcb6: 85/85, identical"},
	"GlukKazan+ZoG/_history/Rules/Harzdame.zsg":               {"replay", "older rules: captures were not partial moves then; CheckersCollection.zrf at 5002060: 148/148, identical"},
	"GlukKazan+ZoG/_history/Rules/International Checkers.zsg": {"replay", "older rules: captures were not partial moves then; CheckersCollection.zrf at d384dcb6: 123/123, identical"},
	"GlukKazan+ZoG/_history/Rules/Frisian Checkers.zsg":       {"replay", "older rules: line 9 capture not generated by the current file; CheckersCollection.zrf at 5002060: 89/89, identical"},
	"GlukKazan+ZoG/_history/Rules/BahrainDama.zsg":            {"replay", "older rules: line 14 Checker b2 - b3 not generated; BahrainDama.zrf at 2cf8d801: 159/159, identical"},
	"GlukKazan+ZoG/_history/Rules/StavropolCheckers.zsg":      {"replay", "older rules: piece FirstChecker does not exist in the current file; CheckersCollection.zrf at d384dcb6: 58/58, identical"},
	"GlukKazan+ZoG/_history/Rules/South African Checkers.zsg": {"replay", "older rules, changed mid-game: line 4 Checker g5 - h6 (other setup) with the current file; with CheckersCollection.zrf at 0798fbe0 it replays to line 262, where the final captures start to be written partial 4 (lines 262, 274, 279) while earlier ones (line 44) are plain; without those three prefixes it replays 302/302 there"},
	"GlukKazan+ZoG/_history/Rules/Tavreli.zsg":                {"replay", "older rules: the save names squares e1a, e2b, ...; every stored version of tavreli.zrf, the corpus _history one included, names them A1, A1b1, ...: none to replay it against"},
	// Notation we do not reproduce yet: these replay (with the fallback that
	// ignores word order, "on sq" and partial numbers) but do not round-trip,
	// or stop later at a move we do not generate.
	"PyonPyonShogi/PyonPyonShogi.zsg": {"replay", "older rules, changed mid-game: lines 4-6 write partial 3 as PyonPyonShogi.zrf at 070bcb1c numbers continue-type (its move-priorities normal-type low-type active), later lines partial 2 as the current file (81761a1a) does; line 7 Pawn h7 - h6 is North's while South is mid-chain: with a Pass after line 6 the save replays 124/124 under the current file"},
	"ShafranCheckers/shafran.zsg":     {"roundtrip", "replays (line 47 King a1 - a4 @ a2 0 1 since an add spends the captures made before it) but numbers notype 3 and continuetype 4 where we (King's section read first) write continuetype 3 and notype 4; 2cf8d80's BahrainDama.zrf, built the same way (man's section, then King's; only the man set up), is written continuetype 3, and no one-pass order we tried fits both (zsg_movetypes.go); with the King section before the Man the save round-trips"},
	// Moves our generator does not produce (rules differences to investigate).
	"CheckersCollection/BahrainDama.zsg": {"roundtrip", "other rules: recorded with GlukKazan's standalone BahrainDama.zrf (commit 2cf8d80, not in the corpus), with which it replays and round-trips byte for byte; with CheckersCollection.zrf it replays (all 159 moves, since off-board tests are false) but the Checker's jumps are written partial 2 (jumptype) where dama-checker-jump continues with continuetype (3)"},
	"GlukKazan+ZoG/Rules/Dameo.zsg":      {"replay", "older rules, changed mid-game: line 85 Checker f7 - f8 = King where the current file continues Black's capture (partial 3 King c1 - c3 x c2, as CheckersCollection/Dameo.zsg, the same first 84 lines, does); the save writes the King's continuation partial 3 up to line 84 and partial 4 after: saved mid-capture and reloaded under changed rules (with \"pass partial\" on and a Pass after line 84 it replays 107/107 under CheckersCollection.zrf at 5002060)"},
}

// zsgAfterEnd are the corpus saved games that go on after our goals end the
// game, with how many lines follow the end. Zillions stops at a decided game
// unless the user plays on, so in every other save no goal may hold before
// the last line: a check of the goals against Zillions.
var zsgAfterEnd = map[string]int{
	// After line 84 Black (King a3, men b9 d6 e2, none in reserve, none with
	// a friendly neighbour) has no move and loses by (loss-condition
	// stalemated). Zillions wrote line 85 Pass although "pass turn" is false,
	// and White's line 86 checkmates: play went on after the end (doc.go).
	"Chessence/Chessence.zsg": 2,
}

// TestZSGCorpus replays every corpus saved game whose rule file is in the
// corpus and loads, and writes each back: the file must come out byte for
// byte. Known failures are listed in zsgKnown with their reasons.
func TestZSGCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("saved-game corpus test skipped in -short mode")
	}
	files := corpusZSG(t)
	loaded, loadErr := map[string]*File{}, map[string]error{}
	start := time.Now()
	var inScope, replayed, identical, outOfScope, slow int
	for _, rel := range files {
		if why, ok := zsgSlow[rel]; ok && !*zsgAll {
			slow++
			t.Logf("skipped (slow, %s; run with -zsg.all): %s", why, rel)
			continue
		}
		o := replayCorpusFile(rel, loaded, loadErr)
		if o.stage == "read" || o.stage == "rules" {
			// Not a Zillions saved game, or its rule file is not in the corpus.
			outOfScope++
			continue
		}
		if o.stage != "load" {
			inScope++
		}
		if o.stage == "" || o.stage == "roundtrip" {
			replayed++
		}
		if o.stage == "" {
			identical++
		}
		if o.stage == "" || o.stage == "roundtrip" {
			if want := zsgAfterEnd[rel]; o.afterEnd != want {
				t.Errorf("%s: the game ended by %s (winner %d) with %d lines still to play, want %d", rel, o.end.Reason, o.end.Winner, o.afterEnd, want)
			}
		}
		known, isKnown := zsgKnown[rel]
		switch {
		case o.stage == "" && isKnown:
			t.Errorf("%s now replays and round-trips: remove it from zsgKnown", rel)
		case o.stage != "" && !isKnown:
			t.Errorf("%s: %s: %v", rel, o.stage, describeZSGErr(o.err))
		case o.stage != "" && known[0] != o.stage:
			t.Errorf("%s: now fails at %s (known failure at %s: %s): %v", rel, o.stage, known[0], known[1], describeZSGErr(o.err))
		case o.stage != "":
			t.Logf("known failure %s (%s): %s", rel, known[1], firstLine(describeZSGErr(o.err)))
		}
	}
	t.Logf("%d of %d replayed, %d round-trip identical (%d files out of scope: no header or rule file not in the corpus; %d slow ones skipped) in %v",
		replayed, inScope, identical, outOfScope, slow, time.Since(start).Round(time.Millisecond))
}

// describeZSGErr shortens a replay error to the move and the closest legal moves.
func describeZSGErr(err error) string {
	var re *ReplayError
	if errors.As(err, &re) && re.Err == nil {
		return fmt.Sprintf("line %d %q is not legal; closest legal moves: %q", re.Line, re.Text, closest(re.Text, re.Legal))
	}
	return err.Error()
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// closest returns the legal moves sharing the most words with text.
func closest(text string, legal []string) []string {
	want := strings.Fields(text)
	best, bestScore := []string(nil), -1
	for _, l := range legal {
		have := map[string]int{}
		for _, f := range strings.Fields(l) {
			have[f]++
		}
		score := 0
		for _, f := range want {
			if have[f] > 0 {
				have[f]--
				score++
			}
		}
		score = 2*score - len(strings.Fields(l))
		if score > bestScore {
			best, bestScore = []string{l}, score
		} else if score == bestScore && len(best) < 3 {
			best = append(best, l)
		}
	}
	return best
}

// corpusSearch is the rule-file search path for a corpus saved game: files
// recovered from a repository's history (".../_history/Rules/x.zsg") look in
// the same folder of the current tree (".../Rules").
func corpusSearch(path string) []string {
	dir := filepath.ToSlash(filepath.Dir(path))
	if i := strings.Index(dir, "/_history/"); i >= 0 {
		return []string{filepath.FromSlash(dir[:i] + dir[i+len("/_history"):])}
	}
	return nil
}
