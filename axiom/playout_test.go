package axiom_test

import (
	"testing"

	"zrun/gamefile"
	"zrun/vm/playout"
)

// TestPlayouts plays random games of the six small Axiom games through
// vm/playout, whose checks (make/unmake, hash, legal and pseudo-legal
// moves, noisy moves, outcome, redo) are independent of the scripts: no
// violation may occur. The numbers are kept small where the scripts are
// slow (Game of Life runs a whole life tick per drop); "zrun check --play
// 20" runs the full count (doc.go).
func TestPlayouts(t *testing.T) {
	for _, c := range []struct {
		file     string
		playouts int
		cap      int
	}{
		{"TchukaRuma/TchukaRuma.zrf", 20, 0},
		{"Ohojitxi/Ohojitxi.zrf", 10, 300},
		{"GlukKazan+ZoG/Rules/Gwidwill.zrf", 5, 200},
		{"Viruses/viruses.zrf", 2, 0},
		{"FoxHunting/FoxHunting.zrf", 2, 0},
		{"GlukKazan+ZoG/Rules/Axiomatic.GoL.zrf", 1, 6},
	} {
		load(t, c.file, "") // skips without the corpus
		p := corpus + "/" + c.file
		games, err := gamefile.LoadGames(p, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range games {
			if g.Moves == nil {
				t.Fatalf("%s %q: %s", c.file, g.Title, g.EngineErr)
			}
			st, err := playout.Run(g, playout.Options{Playouts: c.playouts, Seed: 1, MaxMoves: c.cap})
			if err != nil {
				t.Fatalf("%s %q: %v", c.file, g.Title, err)
			}
			for _, v := range st.Violations {
				t.Errorf("%s %q: %s: %s (moves %v)", c.file, g.Title, v.Check, v.Detail, v.Moves)
			}
			if st.Moves == 0 {
				t.Errorf("%s %q: no move made", c.file, g.Title)
			}
			t.Logf("%s %q: %d playouts, %d moves, ends %v", c.file, g.Title, st.Playouts, st.Moves, st.Ends)
		}
	}
}
