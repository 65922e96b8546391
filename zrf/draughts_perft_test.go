// This file checks whole-turn perft (vm.State.Perft: a multi-jump is one
// move) of the corpus's draughts rule files against the published perft
// tables of the games they implement, and says, where a file's rules part
// from the published game, which rule and why.

package zrf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zrun/vm"
)

// draughtsAllDepths runs every depth of the tables (up to 8, some taking
// tens of seconds); set by draughts_slow_test.go under -tags slow.
var draughtsAllDepths = false

// draughtsTable is a published perft table from a game's start position,
// counts[d-1] at depth d.
type draughtsTable struct {
	game, source string
	counts       []uint64
}

// The published tables. Aart Bik's English counts keep captures that
// differ only in their order; the tables of the other games take such
// duplicates once (Pool, Russian and Brazilian first differ for it at depth
// 8: a man's windmill capture of four men round a square, clockwise or
// anticlockwise), as vm's whole-turn perft does.
var (
	englishTable = &draughtsTable{"English checkers", "Aart Bik, \"perft for 8x8 checkers\", TalkChess 2009 (talkchess.com/forum3/viewtopic.php?t=27814); the same in rhalbersma/dctl test/walk/Root.cpp",
		[]uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931}}
	czechTable = &draughtsTable{"Czech draughts", "Rein Halbersma, \"Perft for all recognized draughts variants\", FMJD forum (laatste.info/bb3/viewtopic.php?f=53&t=2822); rhalbersma/dctl test/walk/Root.cpp",
		[]uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931}}
	thaiTable = &draughtsTable{"Thai draughts (two rows of men)", "rhalbersma/dctl test/walk/Root.cpp, ThaiNative (from laatste.info/bb3/viewtopic.php?f=53&t=2822)",
		[]uint64{7, 49, 392, 3136, 26592, 218695, 1820189, 14533014}}
	poolTable = &draughtsTable{"Pool checkers", "Shashki forum \"Standard validation generator moves\" thread, in rhalbersma/dctl test/walk/Root.cpp",
		[]uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929896}}
	russianTable = &draughtsTable{"Russian draughts", "Shashki forum \"Standard validation generator moves\" thread, in rhalbersma/dctl test/walk/Root.cpp",
		[]uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929899}}
	brazilianTable = &draughtsTable{"Brazilian draughts", "Shashki forum, quoted by Rein Halbersma (laatste.info/bb3/viewtopic.php?f=53&t=2822) and in rhalbersma/dctl test/walk/Root.cpp",
		[]uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907830}}
	internationalTable = &draughtsTable{"International draughts", "Aart Bik's BikDam (aartbik.blogspot.com, duplicate captures removed); FMJD forum perft thread (laatste.info/bb3/viewtopic.php?f=53&t=2308) in rhalbersma/dctl test/walk/Root.cpp",
		[]uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483961}}
	italianTable = &draughtsTable{"Italian draughts", "laatste.info/bb3/viewtopic.php?f=53&t=2822, in rhalbersma/dctl test/walk/Root.cpp",
		[]uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783}}
	frisianTable = &draughtsTable{"Frisian draughts", "laatste.info/bb3/viewtopic.php?f=53&t=2822, in rhalbersma/dctl test/walk/Root.cpp",
		[]uint64{9, 81, 658, 3874, 21265, 102431, 540126}}
)

// Why the files that ask for "maximal captures" (the majority rule) give
// more moves than the published game: Zillions compares what each part of
// a partial move takes, and these files make a multi-jump of partial moves,
// so every first jump takes one piece and ties (docs/vm-language.md, with Zillions'
// Ossetian Checkers save as the evidence). A single capture stays legal
// beside a longer chain.
const majorityPerPart = `the file asks for "maximal captures", which Zillions applies to each part of a partial move, not to the turn (docs/vm-language.md); every jump takes one piece, so a short capture stays legal beside a longer chain the published game makes compulsory`

// Checker Games.zrf (Uwe Wiedemann) ranks a jump that can go on above one
// that ends with (move-priorities jumptype shortjumptype nonjumptype) at
// game level; its variants inherit it.
const chainBeforeSingle = `the variant inherits the game's (move-priorities jumptype shortjumptype nonjumptype): a jump that goes on (jumptype) must be taken before a single capture (shortjumptype), which the published game lets the player choose`

type draughtsCase struct {
	path, variant string
	table         *draughtsTable
	fast          int // depths checked by default (a few seconds in all)
	// differs is the first depth at which the file's rules give another
	// count than the published game (0: none within the table), and why.
	differs int
	why     string
}

var draughtsCases = []draughtsCase{
	{"CheckersCollection/CheckersCollection.zrf", "Checkers (English draughts)", englishTable, 7, 0, ""},
	{"GlukKazan+ZoG/Rules/CheckersCollection.zrf", "Checkers (English draughts)", englishTable, 6, 0, ""},
	{"CheckersCollection/CheckersCollection.zrf", "North American Checkers", englishTable, 6, 0, ""},
	{"GlukKazan+Dagaz/src/debug/games/checkers/english-checkers.zrf", "", englishTable, 6, 0, ""},
	{"GlukKazan+Dagaz/src/debug/games/checkers/north-american-checkers.zrf", "", englishTable, 6, 0, ""},
	{"GlukKazan+ZoG/External/Checker Games.zrf", "English Draughts", englishTable, 6, 6, chainBeforeSingle},
	{"CheckersCollection/CheckersCollection.zrf", "Czech Checkers", czechTable, 6, 0, ""},
	{"CheckersCollection/CheckersCollection.zrf", "Thai Checkers", thaiTable, 6, 0, ""},
	{"GlukKazan+Dagaz/src/debug/games/checkers/thai-checkers.zrf", "", thaiTable, 6, 0, ""},
	{"CheckersCollection/CheckersCollection.zrf", "Pool Checkers", poolTable, 7, 0, ""},
	{"GlukKazan+ZoG/External/Checker Games.zrf", "Pool Checkers", poolTable, 5, 5, chainBeforeSingle},
	{"CheckersCollection/CheckersCollection.zrf", "Russian Checkers", russianTable, 6, 8,
		"a king's capture ends wherever king-captured-find sees nothing more from its landing square (long-king-jump, long-king-continue), so it may stop where another landing square would let it go on; the Russian king must land where it can go on capturing (first at depth 8: a man crowned on e1 mid-capture, a5-c3-e1 then e1-h4 over f2)"},
	{"GlukKazan+Dagaz/src/debug/games/checkers/russian-checkers.zrf", "", russianTable, 6, 8,
		"as CheckersCollection's Russian Checkers: the crowned man's capture a5-c3-e1-h4 stops on h4 where g3 would let it go on; Dagaz's northern-extension (not in the file) would complete the rule"},
	{"GlukKazan+ZoG/External/Checker Games.zrf", "Shashki (Russian Draughts)", russianTable, 5, 5, chainBeforeSingle},
	{"CheckersCollection/CheckersCollection.zrf", "Brazilian Checkers", brazilianTable, 5, 5, majorityPerPart},
	{"CheckersCollection/CheckersCollection.zrf", "International Checkers", internationalTable, 5, 5, majorityPerPart},
	{"GlukKazan+ZoG/External/Checker Games.zrf", "International Checkers", internationalTable, 5, 6,
		chainBeforeSingle + ` makes a chain beat a single capture, and "maximal captures", applied part by part (docs/vm-language.md), cannot rank a two-piece chain below a three-piece one (first at depth 6: b6-d4-f6 beside a longer capture)`},
	{"CheckersCollection/CheckersCollection.zrf", "Italian Checkers", italianTable, 6, 6, majorityPerPart},
	{"CheckersCollection/CheckersCollection.zrf", "Frisian Checkers", frisianTable, 5, 5, majorityPerPart},
}

// draughtsFiles caches the rule files the draughts tests load (the
// CheckersCollection files take most of a second each).
var draughtsFiles = map[string]*File{}

// draughtsState returns the start position of variant ("" for the first
// game) of the corpus file path.
func draughtsState(t *testing.T, path, variant string) *vm.State {
	t.Helper()
	f, ok := draughtsFiles[path]
	if !ok {
		var err error
		if f, err = LoadFile(path); f == nil || len(f.Games) == 0 {
			t.Fatalf("load %s: %v", path, err)
		}
		draughtsFiles[path] = f
	}
	return startOf(t, f, path, variant)
}

// TestDraughtsPerftTables runs whole-turn perft of each corpus draughts file
// against its game's published table: equal below the depth where the
// file's rules part from the game, different at that depth.
func TestDraughtsPerftTables(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus not available (%v): the shared ZRF corpus is expected at %s", err, corpusDir)
	}
	for _, c := range draughtsCases {
		name := c.path + "/" + c.variant
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			s := draughtsState(t, filepath.Join(corpusDir, c.path), c.variant)
			last := c.fast
			if draughtsAllDepths {
				last = len(c.table.counts)
			}
			if c.differs > 0 {
				last = min(last, c.differs)
			}
			for d := 1; d <= last; d++ {
				want := c.table.counts[d-1]
				got, err := s.Perft(d)
				if err != nil {
					t.Fatalf("perft(%d): %v", d, err)
				}
				switch {
				case d == c.differs && got == want:
					t.Errorf("perft(%d) = %d, the published %s count (%s): the file was expected to differ here because %s", d, got, c.table.game, c.table.source, c.why)
				case d == c.differs:
					t.Logf("perft(%d) = %d, published %s: %d; %s", d, got, c.table.game, want, c.why)
				case got != want:
					t.Errorf("perft(%d) = %d, want %d (%s, %s)", d, got, want, c.table.game, c.table.source)
				}
			}
		})
	}
}

// TestPerftTurnsAndParts checks the two counts on positions small enough to
// count by hand.
func TestPerftTurnsAndParts(t *testing.T) {
	path := filepath.Join(corpusDir, "CheckersCollection", "CheckersCollection.zrf")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("corpus not available (%v): expected %s", err, path)
	}
	for _, tc := range []struct {
		name, variant, fen string
		turns, parts       uint64   // perft(1) as whole turns and as parts
		lines              []string // Divide(1)'s moves
	}{
		// The position (English checkers after 7 plies): White's
		// c7-e5 and e7-c5-a3, two moves, where Zillions' count has two
		// first parts and the second jump one ply deeper.
		{"English double jump", "Checkers (English draughts)", "1C1C1C1C/C1C1C1C1/3c1C1C/C7/1c6/2c3c1/1c1c1c1c/c1c1c1c1 w - - 0 1",
			2, 2, []string{"c7e5", "e7c5,c5a3"}},
		// Two double jumps of the man on c3 end on c7, one over b4 and
		// b6, the other over d4 and d6: different pieces, two moves.
		{"same landing, other pieces", "Checkers (English draughts)", "8/8/1C1C4/8/1C1C4/2c5/8/8 b - - 0 1",
			2, 2, []string{"c3a5,a5c7", "c3e5,e5c7"}},
		// Black's man on d6 takes the four men round d4 (c5, c3, e3, e5)
		// one way round or the other and is back on d6 with the same four
		// gone: one move, as the published Pool and Russian tables count
		// it; Zillions offers the two first jumps.
		{"windmill", "Pool Checkers", "8/8/3c4/2C1C3/8/2C1C3/8/8 b - - 0 1",
			1, 2, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := draughtsState(t, path, tc.variant)
			if err := s.SetFEN(tc.fen); err != nil {
				t.Fatal(err)
			}
			turns, err := s.Perft(1)
			if err != nil {
				t.Fatal(err)
			}
			parts, err := s.PerftParts(1)
			if err != nil {
				t.Fatal(err)
			}
			if turns != tc.turns || parts != tc.parts {
				t.Errorf("perft(1) = %d turns, %d parts; want %d and %d", turns, parts, tc.turns, tc.parts)
			}
			if tc.lines == nil {
				return
			}
			lines, total, err := s.Divide(1, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range lines {
				got = append(got, l.Move)
			}
			if strings.Join(got, " ") != strings.Join(tc.lines, " ") || total != tc.turns {
				t.Errorf("divide(1) = %q (total %d), want %q", got, total, tc.lines)
			}
		})
	}
}

// TestPerftHopsGoingRound: a man that may hop back and forth over its
// neighbour, and stop after any hop ("pass partial"), could make a turn of
// endless parts, yet ends it with one of two boards (on c1 after one hop, or
// back on a1 after two): two moves. Whole-turn perft counts them, not
// following the position on c1 when the turn comes back to it.
func TestPerftHopsGoingRound(t *testing.T) {
	const src = `(game (title "Hop") (players White Black) (turn-order White Black)
  (option "pass partial" true)
  (board (grid (start-rectangle 0 0 50 50)
    (dimensions ("a/b/c/d" (50 0)) ("1" (0 50))) (directions (e 1 0) (w -1 0))))
  (piece (name Man) (moves (move-type hop)
    (e (verify friend?) e (verify empty?) (add-partial hop))
    (w (verify friend?) w (verify empty?) (add-partial hop))))
  (board-setup (White (Man a1 b1)) (Black (Man d1)))
  (loss-condition (White Black) stalemated))`
	_, s, _, _ := toyMoves(t, src)
	lines, total, err := s.Divide(1, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range lines {
		got = append(got, l.Text)
	}
	// The pass that stops a partial move comes after the moves (vm's addPass).
	want := []string{"partial 1 Man a1 - c1, partial 1 Man c1 - a1, Pass", "partial 1 Man a1 - c1, Pass"}
	if total != 2 || strings.Join(got, " / ") != strings.Join(want, " / ") {
		t.Errorf("divide(1) = %q (total %d), want %q", got, total, want)
	}
	if n, err := s.PerftParts(1); err != nil || n != 1 {
		t.Errorf("PerftParts(1) = %d (%v), want 1: the hop a1-c1", n, err)
	}
}
