package play

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// axiomSaves are the corpus's saved games that name an Axiom game, with
// how the replay must end: Zillions stops at a decided game, so a save
// whose last position is decided was played to its end, and one that is
// not was saved in the middle. Each replays against the rule file and the
// scripts it names and writes back byte for byte (Zillions' own text of
// every move: the notation of the scripts' moves is checked, not only
// their legality). The puzzle solutions (Afrika's Problem 1 and 2, Selus
// Problem) end in the puzzle's win.
//
// The corpus's other Axiom saves, and why they are not here:
//   - GlukKazan+ZoG/Axiom/Ur/agressive.zsg and simple.zsg name
//     C:\Games\ZoG\my\Ur\07.Axiomatic.Ur.zrf, an older layout of the board:
//     their first line "init i1 - l2 x q5" clears the marker on q5, where
//     the script now clears r5 ("init i1 - l2 x r5" is what the rules give),
//     and their dice stand on q1-q4 ("?Dice lock q1 x q2 x q3 x q4") where
//     the rule file's and Ur.4th's {board-setup} put them on r1-r4, while
//     Ur.4th's count-locks still counts on q1-q5; no renaming of squares
//     fits both. GlukKazan+ZoG/_history/Axiom/Ur/random-vs-random.zsg is
//     a Zillions match transcript (not a saved game), whose setup lists the
//     same older layout "(?Dice lock q1)".
//   - GlukKazan+ZoG/_history/Rules/{7kingdoms,margo,Tavreli}.zsg are not
//     Axiom games' saves: they name 7kingdoms.zrf, margo.zrf and
//     tavreli.zrf, rule files without an engine (older versions of them:
//     zrf's zsgKnown says which, and where they replay).
var axiomSaves = []struct {
	save      string
	framework string // an Axiom folder to take axiom.4th and CORE.4TH from, when the save's lacks them
	winner    string // the player who has won at the end, "" when the game is not over
}{
	{save: "Afrika/Problem-1.zsg", winner: "First"},
	{save: "Afrika/Problem-2.zsg", winner: "First"},
	{save: "Gabata/Selus-Problem.zsg", winner: "First"},
	{save: "GlukKazan+ZoG/Rules/Selus-Problem.zsg", framework: "Gabata/Axiom/Gabata", winner: "First"},
	{save: "GlukKazan+ZoG/Rules/Ramses.zsg"},
	{save: "Ordo/Crazy.zsg", winner: "Light"},
	{save: "QXO/Morris.zsg", winner: "X"},
	{save: "TchukaRuma/TchukaRuma.zsg", winner: "You"},
}

// TestAxiomSaves replays every corpus saved game of an Axiom game to its
// end and writes it back identically.
func TestAxiomSaves(t *testing.T) {
	corpus := filepath.Join(sharedDir, "zrf-corpus")
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("corpus not available (%v): expected at %s", err, corpus)
	}
	for _, c := range axiomSaves {
		t.Run(c.save, func(t *testing.T) {
			if c.framework != "" {
				t.Setenv("ZRUN_AXIOM_FRAMEWORK", filepath.Join(corpus, filepath.FromSlash(c.framework)))
			}
			path := filepath.Join(corpus, filepath.FromSlash(c.save))
			sv, err := LoadSaved(path, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			if sv.Game.Moves == nil {
				t.Fatalf("%s: the Axiom scripts did not attach: %s", sv.Rules, sv.Game.EngineErr)
			}
			if n, all := len(sv.Replay.Lines), len(sv.File.Moves); n != all {
				t.Fatalf("replayed %d of %d move lines", n, all)
			}
			if n := sv.Replay.AfterEnd(); n != 0 {
				t.Errorf("%s", sv.AfterEndNote())
			}
			end := sv.Replay.End
			switch {
			case c.winner == "" && end.Over:
				t.Errorf("the game is over (%s, winner %d); the save was made mid-game", end.Reason, end.Winner)
			case c.winner != "" && !end.Over:
				t.Errorf("the game is not over at the end; want %s to have won", c.winner)
			case c.winner != "" && (end.Winner < 0 || sv.Game.Players[end.Winner].Name != c.winner):
				t.Errorf("the game ends %s with winner %d, want %s", end.Reason, end.Winner, c.winner)
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if out := sv.File.WithMoves(sv.Replay.Lines).Bytes(); !bytes.Equal(out, src) {
				t.Errorf("written back differently: %s", firstLineDiff(src, out))
			}
		})
	}
}

// TestAxiomSolutions replays the solution each Axiom puzzle's rule file
// names ((solution "x.zsg")), as the REPL's "solution" does.
func TestAxiomSolutions(t *testing.T) {
	corpus := filepath.Join(sharedDir, "zrf-corpus")
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("corpus not available (%v): expected at %s", err, corpus)
	}
	for _, c := range []struct {
		rules, variant string
		moves          int // move lines in the solution file
	}{
		{"Afrika/Afrika.zrf", "Problem 1", 25},
		{"Afrika/Afrika.zrf", "Problem 2", 23},
		{"Gabata/Selus.zrf", "Selus Problem", 21},
	} {
		t.Run(c.variant, func(t *testing.T) {
			g, err := Open(filepath.Join(corpus, c.rules), c.variant)
			if err != nil {
				t.Fatal(err)
			}
			path, n, err := g.LoadSolution()
			if err != nil {
				t.Fatal(err)
			}
			if n != c.moves {
				t.Errorf("%s: %d moves, want %d", path, n, c.moves)
			}
			for g.CanRedo() {
				ml, i, err := g.NextRedo()
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Play(ml, i, true); err != nil {
					t.Fatal(err)
				}
			}
			if o := g.Outcome(); !o.Over || g.G.Players[o.Winner].Name != "First" {
				t.Errorf("after the solution: %s, want First to have won", g.ResultText(o))
			}
		})
	}
}

// firstLineDiff says where two texts first differ.
func firstLineDiff(want, got []byte) string {
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
