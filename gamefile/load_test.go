package gamefile

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestTitleMatches(t *testing.T) {
	const byway = "Troitzky Chess (Byway\x92s setup)" // a Windows-1252 apostrophe
	for _, c := range []struct {
		title, want string
		number      int
		match       bool
	}{
		{"Chess", "chess", 1, true},
		{"Chess", "1", 1, true},
		{"Chess", "2", 1, false},
		{byway, `Troitzky Chess (Byway\x92s setup)`, 1, true},   // as "zrun check" prints it, unquoted
		{byway, `"Troitzky Chess (Byway\x92s setup)"`, 1, true}, // quoted too
		{byway, "Troitzky Chess (Byway's setup)", 1, false},
		{"Chess", `"unterminated`, 1, false},
	} {
		if got := TitleMatches(c.title, c.want, c.number); got != c.match {
			t.Errorf("TitleMatches(%q, %q, %d) = %v, want %v", c.title, c.want, c.number, got, c.match)
		}
	}
}

// TestLoadGameByPrintedTitle picks a corpus game whose title has a byte a
// terminal cannot type, by the title "zrun check" prints and by its number.
func TestLoadGameByPrintedTitle(t *testing.T) {
	path := sharedDir + "/zrf-corpus/DagazProject+DagazProject.github.io/checkmate/zrf/troitzky-chess.zrf"
	if _, err := os.Stat(path); err != nil {
		t.Skipf("corpus absent: %v", err)
	}
	for _, want := range []string{`Troitzky Chess (Byway\x92s setup)`, "1"} {
		g, err := LoadGame(path, want)
		if err != nil {
			t.Fatalf("%q: %v", want, err)
		}
		if g.Title != "Troitzky Chess (Byway\x92s setup)" {
			t.Errorf("%q picked %q", want, g.Title)
		}
	}
	if g, err := LoadGame(path, "2"); err != nil || g.Title != "Troitzky Chess" {
		t.Errorf("game 2: %v, %v", g, err)
	}
}

// writtenTitles lists the games a rule file declares, read off its text
// with a pattern rather than by the readers under test: each .zrf game's
// or variant's (title "...") in file order, each .ini section's "Game:"
// name.
func writtenTitles(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^\s*\(title\s+"([^"]*)"\)`)
	if KindOf(path) == Ini {
		re = regexp.MustCompile(`(?m)^Game:\s*(\S+)`)
	}
	var out []string
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		out = append(out, m[1])
	}
	return out
}

// TestLoadGamesAsWritten: each kind of file goes to its reader and gives
// every game the file declares, in its order; LoadGame picks one by title
// or number (a section by name for an .ini).
func TestLoadGamesAsWritten(t *testing.T) {
	files := []string{
		gamesDir + "/chess.zrf",
		gamesDir + "/capablanca.zrf",
		gamesDir + "/reserve-chess.zrf", // games and a variant
		gamesDir + "/musketeer-gating.ini",
		sharedDir + "/fmax/fmax.ini", // Fairy-Max's own table
	}
	for _, path := range files {
		t.Run(path, func(t *testing.T) {
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s absent (shared/ not here?): %v", path, err)
			}
			want := writtenTitles(t, path)
			games, err := LoadGames(path, "")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, g := range games {
				got = append(got, g.Title)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("titles %q, the file declares %q", got, want)
			}
			last := want[len(want)-1]
			g, err := LoadGame(path, strings.ToUpper(last))
			if err != nil || g.Title != last {
				t.Errorf("LoadGame(%q): %v, %v", strings.ToUpper(last), g, err)
			}
			if KindOf(path) == ZRF {
				g, err := LoadGame(path, strconv.Itoa(len(want)))
				if err != nil || g.Title != last {
					t.Errorf("LoadGame by number %d: %v, %v", len(want), g, err)
				}
			}
		})
	}
}

// TestLoadErrors: what a loader refuses, and that the refusal says why.
func TestLoadErrors(t *testing.T) {
	for _, c := range []struct {
		path, variant, want string
	}{
		{gamesDir + "/README.md", "", "unknown rule file type"},
		{gamesDir + "/chess.zrf", "Shogi", `no game or variant "Shogi" (have, by number or title: 1 "Chess")`},
		{gamesDir + "/musketeer-gating.ini", "", `"normal"`}, // the .ini default section, absent here
		{gamesDir + "/no-such-file.zrf", "", "no-such-file.zrf"},
	} {
		_, err := LoadGame(c.path, c.variant)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("LoadGame(%q, %q): error %v, want one containing %q", c.path, c.variant, err, c.want)
		}
	}
}

// TestNoTunedValues: the loader gives the rules as the file states them;
// the values "zrun tune" keeps beside chess.zrf (chess.values) are not its
// to apply. chess.zrf states no piece values, so none is set.
func TestNoTunedValues(t *testing.T) {
	if _, err := os.Stat(gamesDir + "/chess.values"); err != nil {
		t.Fatalf("the test needs a values file beside chess.zrf: %v", err)
	}
	g, err := LoadGame(gamesDir+"/chess.zrf", "")
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range g.Values {
		if v != 0 {
			t.Errorf("%s has value %d from somewhere", g.Pieces[i].Name, v)
		}
	}
}

// TestNewStateFEN: a FEN sets up the position it states; Kiwipete's 48
// moves are the published perft(1) of the Chess Programming Wiki.
func TestNewStateFEN(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	for _, c := range []struct {
		fen   string
		moves uint64
	}{
		{"", 20},
		{kiwipete, 48},
	} {
		s, err := NewState(gamesDir+"/chess.zrf", "", c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if n, err := s.Perft(1); err != nil || n != c.moves {
			t.Errorf("%q: perft(1) = %d, %v; want %d", c.fen, n, err, c.moves)
		}
	}
	if _, err := NewState(gamesDir+"/chess.zrf", "", "not a fen"); err == nil {
		t.Error("a bad FEN was taken")
	}
}
