package play

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"zrun/gamefile"
	"zrun/vm"
)

// valuesFileLines reads the game title and the "Piece value" lines of a
// values file with patterns of its own (not eval's reader), for the
// games/*.values files "zrun tune" wrote, which have one game each.
func valuesFileLines(t *testing.T, path string) (string, map[string]int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the test needs %s: %v", path, err)
	}
	title := regexp.MustCompile(`(?m)^\[(.*)\]`).FindStringSubmatch(string(b))
	if title == nil {
		t.Fatalf("%s: no [Title]", path)
	}
	out := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^(\w+)\s+(\d+)`).FindAllStringSubmatch(string(b), -1) {
		out[m[1]], _ = strconv.Atoi(m[2])
	}
	return title[1], out
}

// TestTunedValuesReachFrontEnds: the loader (gamefile) gives the rules
// alone; the front ends, which load through this package (the REPL by
// Open, xboard and uci by the Catalog, "zrun go" and the web server by
// NewState and LoadGames), get the values the .values file beside the
// rule file states.
func TestTunedValuesReachFrontEnds(t *testing.T) {
	for _, name := range []string{"chess", "capablanca", "schoolbook"} {
		t.Run(name, func(t *testing.T) {
			rules := filepath.Join(gamesDir, name+".zrf")
			title, want := valuesFileLines(t, filepath.Join(gamesDir, name+".values"))
			if len(want) == 0 {
				t.Fatal("no values in the values file")
			}
			check := func(how string, g *vm.Game) {
				t.Helper()
				for piece, v := range want {
					i, ok := g.PieceIndex(piece)
					if !ok {
						t.Fatalf("%s: no %s in %s", how, piece, g.Title)
					}
					if i >= len(g.Values) || g.Values[i] != v {
						t.Errorf("%s: %s = %v, the values file says %d", how, piece, g.Values, v)
						return
					}
				}
			}
			g, err := LoadGame(rules, title)
			if err != nil {
				t.Fatal(err)
			}
			check("LoadGame", g)
			games, err := LoadGames(rules, "")
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range games {
				if g.Title == title {
					check("LoadGames", g)
				}
			}
			s, err := NewState(rules, title, "")
			if err != nil {
				t.Fatal(err)
			}
			check("NewState", s.Game())
			pg, err := Open(rules, title)
			if err != nil {
				t.Fatal(err)
			}
			check("Open (the REPL)", pg.G)
			cat, err := LoadCatalog([]string{rules})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, e := range cat.Entries {
				if e.Title == title {
					check("the Catalog (xboard, uci)", e.Game)
					found = true
				}
			}
			if !found {
				t.Errorf("no %q in the catalog", title)
			}

			// The loader itself leaves them out: they are the evaluation's.
			raw, err := gamefile.LoadGame(rules, title)
			if err != nil {
				t.Fatal(err)
			}
			for piece, v := range want {
				if i, _ := raw.PieceIndex(piece); i < len(raw.Values) && raw.Values[i] == v && v != 0 {
					t.Errorf("gamefile.LoadGame gave %s its tuned value %d", piece, v)
				}
			}
		})
	}
}
