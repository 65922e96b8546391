// This file runs the specialised move programs (vm/spec.go) side by side
// with the interpreter over the perft positions of the shipped games: both
// must generate the same moves, in the same order, written the same, and
// answer every attack test alike.

package games_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"zrun/vm"
	"zrun/vm/playout"
	"zrun/zrf"
)

const perftTSV = "../../shared/perft/perft.tsv"

// specFiles maps the perft.tsv variants our rule files play to those files.
var specFiles = map[string]string{
	"chess":      "chess.zrf",
	"chess960":   "chess960.zrf",
	"capablanca": "capablanca.zrf",
	"schoolbook": "schoolbook.zrf",
}

// TestSpecialisedMatchesInterpreter compares, from every perft.tsv position
// of a shipped game (one per position id), two plies of the move tree (one
// with -short), and the Musketeer sample positions.
func TestSpecialisedMatchesInterpreter(t *testing.T) {
	depth := 2
	if testing.Short() {
		depth = 1
	}
	fh, err := os.Open(perftTSV)
	if err != nil {
		t.Skipf("reference perft table absent (../shared not present): %v", err)
	}
	defer fh.Close()
	seen := map[string]bool{}
	games := map[string]*vm.Game{}
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 5 || seen[cols[0]] {
			continue
		}
		file, ok := specFiles[cols[1]]
		if !ok {
			continue
		}
		seen[cols[0]] = true
		g := games[file]
		if g == nil {
			f, err := zrf.LoadFile(file)
			if err != nil {
				t.Fatalf("load %s: %v", file, err)
			}
			g = f.Games[0].Game
			games[file] = g
		}
		s, err := vm.NewState(g)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetFEN(cols[2]); err != nil {
			t.Errorf("%s (%s): SetFEN: %v", cols[0], file, err)
			continue
		}
		if _, err := playout.CompareSpecialised(s, depth, 0, 0); err != nil {
			t.Errorf("%s (%s): %v", cols[0], file, err)
		}
	}
	if len(seen) == 0 {
		t.Fatalf("%s: no rows for the shipped games", perftTSV)
	}
	rows := readMusketeerRows(t, musketeerTable)
	pairs := map[string]bool{}
	s := musketeerState(t)
	for _, r := range rows {
		if pairs[r.pair] || len(pairs) >= 6 {
			continue
		}
		pairs[r.pair] = true
		if err := s.SetFEN(r.fen); err != nil {
			t.Fatalf("%s: SetFEN: %v", r.fen, err)
		}
		if _, err := playout.CompareSpecialised(s, depth, 0, 0); err != nil {
			t.Errorf("musketeer %s: %v", r.pair, err)
		}
	}
	for _, name := range []string{"reserve-chess.zrf", "musketeer.zrf"} {
		f, err := zrf.LoadFile(name)
		if err != nil {
			t.Fatalf("load %s: %v", name, err)
		}
		s, err := vm.NewState(f.Games[0].Game)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := playout.CompareSpecialised(s, depth, 0, 0); err != nil {
			t.Errorf("%s start: %v", name, err)
		}
	}
}
