// This file tests the Dagaz stub warnings on the shared corpus: it counts the
// stubs by kind in the Dagaz and the native files, checks the files issue 19
// names (Reversi, Hex, Raumschach) against what they really lack, checks
// complete Zillions games stay unflagged, and cross-checks the counts with
// the files' raw text.

package zrf

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// stubExpect is what a corpus file must show: every game of it has the
// stubs in kinds, its first game's start explanation contains why ("moves":
// it has a move at the start), and every game's Dagaz mark contains dagaz.
type stubExpect struct {
	kinds []StubKind
	why   string
	dagaz string
}

// knownStubs are the files issue 19 reports, with what reading them shows.
var knownStubs = map[string]stubExpect{
	// Drops anywhere, never flips, no goal: the flips and the count live in JS.
	"GlukKazan+Dagaz/src/debug/games/other-games/reversi.zrf":       {kinds: []StubKind{StubNoGoal}},
	"DagazProject+DagazProject.github.io/custodian/zrf/reversi.zrf": {kinds: []StubKind{StubNoGoal}},
	// Drops of Stone with no "off N" anywhere, and no goal: read as Dagaz's,
	// whose missing "off N" is an unlimited hand, so the Stones drop.
	"GlukKazan+Dagaz/src/debug/games/arrange/hex.zrf": {kinds: []StubKind{StubNoGoal}, why: "moves",
		dagaz: `drops of Stone that no player ever holds`},
	"DagazProject+DagazProject.github.io/arrange/zrf/hex.zrf": {kinds: []StubKind{StubNoGoal}, why: "moves",
		dagaz: `drops of Stone that no player ever holds`},
	// Pieces with moves, no board-setup (raumschach-fen.js sets them up), no goal.
	"DagazProject+DagazProject.github.io/checkmate/zrf/raumschach.zrf": {kinds: []StubKind{StubNoGoal, StubNoSetup},
		why: `White has no pieces on the board and nothing in hand (the game has no board-setup): the setup lives in Dagaz's JavaScript`},
}

// completeGames are files whose rules are complete in the file: Zillions'
// own games and the graded ladder of docs/zrf-corpus-stats.md section 4,
// two of which are Dagaz files without JavaScript. None may be flagged, and
// each game must have a move at its start.
var completeGames = []string{
	"_embedded/TicTacToe-zillions-v2.zrf",
	"GlukKazan+Dagaz/src/debug/games/breakthrough/breakthrough.zrf",
	"Shisima/shisima.zrf",
	"Gonu/Gonu.zrf",
	"edgychess+edgy-chess-com/zillion/Edgy_Chess/Edgy_Chess.zrf",
	"GlukKazan+ZoG/Rules/Chess_mandatory.zrf",
	"samboy+ChessVariantResearch/Schoolbook/Zillions/Schoolbook-b.zrf",
	"Ur/Ur.zrf",
	"Sokoban/levels_01_10.zrf",
	"DobutsuShogi/Dobutsu.zrf",
	"CheckersCollection/HuffCheckers.zrf",
	"Luzhanqi/Luzhanqi.zrf",
	"ChuShogi/Chu_Shogi_Original_v1.3.zrf",
}

// goalForm finds a goal form in a file's text (comments removed): the raw
// reference for the no-goal count.
var goalForm = regexp.MustCompile(`\((win|loss|draw|count)-condition\b`)

// stripComments drops ";" comments, line by line.
func stripComments(src string) string {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if j := strings.IndexByte(l, ';'); j >= 0 {
			lines[i] = l[:j]
		}
	}
	return strings.Join(lines, "\n")
}

// dagazAll sweeps every corpus file; the default run loads the files the
// test names and every tenth other one, since TestCorpus already loads them
// all and a second full load doubles the package's time.
var dagazAll = flag.Bool("dagaz.all", false, "count the Dagaz stubs of every corpus file (about 4 minutes)")

func TestDagazStubsCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test skipped in -short mode")
	}
	entries := readManifest(t)
	complete := map[string]bool{}
	for _, p := range completeGames {
		complete[p] = true
	}
	// files[dialect][kind] counts files with at least one game showing the
	// stub; games[dialect][kind] counts games and variants.
	files := map[string]*[numStubKinds]int{"dagaz": {}, "native": {}}
	games := map[string]*[numStubKinds]int{"dagaz": {}, "native": {}}
	anyStub := map[string]int{}
	var noStart, noStartExplained int
	seen := map[string]bool{}
	for i, e := range entries {
		if _, known := knownStubs[e.path]; !*dagazAll && !known && !complete[e.path] && i%10 != 0 {
			continue
		}
		dialect := "native"
		switch e.kind {
		case "include", "savedgame":
			continue
		case "dagaz":
			dialect = "dagaz"
		}
		f, _ := LoadFile(filepath.Join(corpusDir, e.path))
		if f == nil {
			continue // unreadable files are TestCorpus's business
		}
		seen[e.path] = true
		var inFile [numStubKinds]bool
		for _, gd := range f.Games {
			for _, k := range stubKinds(gd) {
				games[dialect][k]++
				inFile[k] = true
			}
			if dialect == "dagaz" {
				why, err := gd.WhyNoStartMoves()
				if err != nil {
					t.Errorf("%s %q: %v", e.path, gd.Game.Title, err)
				}
				if why != "" {
					noStart++
					if strings.Contains(why, "Dagaz") {
						noStartExplained++
					} else {
						t.Logf("no start move, no stub behind it: %s %q: %s", e.path, gd.Game.Title, why)
					}
				}
			}
		}
		flagged := false
		for k, in := range inFile {
			if in {
				files[dialect][k]++
				flagged = true
			}
		}
		if flagged {
			anyStub[dialect]++
		}
		for _, gd := range f.Games {
			if dialect == "native" && gd.Dagaz != "" {
				t.Errorf("%s %q: a native Zillions file read as Dagaz's (%s)", e.path, gd.Game.Title, gd.Dagaz)
			}
		}
		if dialect == "native" && (inFile[StubOption] || inFile[StubAttribute]) {
			t.Errorf("%s: a native Zillions file flagged with a Dagaz option or attribute", e.path)
		}
		if dialect == "dagaz" {
			checkNoGoalText(t, e.path, f, inFile[StubNoGoal])
		}
		if inFile[StubNoSetup] {
			if src, err := os.ReadFile(filepath.Join(corpusDir, e.path)); err == nil && strings.Contains(stripComments(string(src)), "board-setup") {
				t.Errorf("%s: flagged for a missing setup, but its text has a board-setup", e.path)
			}
		}
		if want, ok := knownStubs[e.path]; ok {
			checkKnownStub(t, e.path, f, want)
		}
		if complete[e.path] {
			checkComplete(t, e.path, f)
		}
	}
	for p := range knownStubs {
		if !seen[p] {
			t.Errorf("%s: not in the corpus manifest", p)
		}
	}
	for _, p := range completeGames {
		if !seen[p] {
			t.Errorf("%s: not in the corpus manifest", p)
		}
	}
	for _, d := range []string{"dagaz", "native"} {
		t.Logf("%s files with a stub: %d", d, anyStub[d])
		for k := StubKind(0); k < numStubKinds; k++ {
			t.Logf("  %-33s %4d files, %4d games and variants", k, files[d][k], games[d][k])
		}
	}
	t.Logf("dagaz games and variants with no move at the start: %d, of which %d explained by a Dagaz stub", noStart, noStartExplained)
	if !*dagazAll {
		t.Logf("counts above are of a sample (every tenth file); -args -dagaz.all counts the whole corpus")
	}
}

// stubKinds lists the distinct kinds of a game's stubs.
func stubKinds(gd *GameDef) []StubKind {
	var has [numStubKinds]bool
	var out []StubKind
	for _, s := range gd.Stubs {
		if !has[s.Kind] {
			has[s.Kind] = true
			out = append(out, s.Kind)
		}
	}
	return out
}

// checkNoGoalText compares the loader's no-goal verdict for a file with its
// text: a file has a game without goals exactly when no goal form appears
// in it (variants inherit their game's goals and never drop them all).
func checkNoGoalText(t *testing.T, path string, f *File, flagged bool) {
	t.Helper()
	if len(f.Games) == 0 {
		return
	}
	src, err := os.ReadFile(filepath.Join(corpusDir, path))
	if err != nil {
		t.Fatal(err)
	}
	if textNone := !goalForm.MatchString(stripComments(string(src))); textNone != flagged {
		t.Errorf("%s: no-goal stub %v, but goal forms in the text: %v", path, flagged, !textNone)
	}
}

func checkKnownStub(t *testing.T, path string, f *File, want stubExpect) {
	t.Helper()
	if len(f.Games) == 0 {
		t.Errorf("%s: no game loaded", path)
		return
	}
	for _, gd := range f.Games {
		if (want.dagaz == "") != (gd.Dagaz == "") || !strings.Contains(gd.Dagaz, want.dagaz) {
			t.Errorf("%s %q: Dagaz mark %q, want one containing %q", path, gd.Game.Title, gd.Dagaz, want.dagaz)
		}
		got := fmt.Sprint(stubKinds(gd))
		for _, k := range want.kinds {
			if !strings.Contains(got, k.String()) {
				t.Errorf("%s %q: stubs %s, want %v among them", path, gd.Game.Title, got, k)
			}
		}
		for _, s := range gd.Stubs {
			if !strings.HasPrefix(s.Warning.Pos.String(), filepath.Join(corpusDir, path)+":") {
				t.Errorf("%s: stub warning %v does not point into the file", path, s.Warning)
			}
		}
	}
	why, err := f.Games[0].WhyNoStartMoves()
	if err != nil {
		t.Fatal(err)
	}
	if want.why == "moves" {
		if why != "" {
			t.Errorf("%s: WhyNoStartMoves = %q, want a move at the start", path, why)
		}
	} else if want.why != "" && !strings.Contains(why, want.why) {
		t.Errorf("%s: WhyNoStartMoves = %q, want it to contain %q", path, why, want.why)
	}
	t.Logf("%s: %s", path, why)
}

func checkComplete(t *testing.T, path string, f *File) {
	t.Helper()
	if len(f.Games) == 0 {
		t.Errorf("%s: no game loaded", path)
	}
	for _, gd := range f.Games {
		if len(gd.Stubs) > 0 {
			t.Errorf("%s %q: complete game flagged: %v", path, gd.Game.Title, gd.Stubs[0].Warning)
		}
		if why, err := gd.WhyNoStartMoves(); err != nil || why != "" {
			t.Errorf("%s %q: no start move: %q %v", path, gd.Game.Title, why, err)
		}
	}
}
