package play

import (
	"os"
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
