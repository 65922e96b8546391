package vm_test

import (
	"os"
	"path/filepath"
	"testing"

	"zrun/vm"
	"zrun/zrf"
)

// chessState loads games/chess.zrf and returns its game and start position,
// for tests that check the VM against the rules of chess.
func chessState(t *testing.T) (*vm.Game, *vm.State) {
	t.Helper()
	g := firstGame(t, "../games/chess.zrf")
	s, err := vm.NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	return g, s
}

// firstGame loads a rule file and returns its first game.
func firstGame(t *testing.T, file string) *vm.Game {
	t.Helper()
	f, err := zrf.LoadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return f.Games[0].Game
}

// moveBetween returns the first move of ml from square from to square to.
func moveBetween(t *testing.T, ml *vm.MoveList, from, to int) *vm.Move {
	t.Helper()
	for i := range ml.Moves {
		if m := &ml.Moves[i]; m.From == int32(from) && m.To == int32(to) {
			return m
		}
	}
	t.Fatalf("no move from square %d to %d", from, to)
	return nil
}

// shippedAndCorpus returns the shipped chess-like games and those of the
// corpus files named (paths under ../shared/zrf-corpus) that are there,
// logging each one left out.
func shippedAndCorpus(t *testing.T, corpus ...string) []string {
	t.Helper()
	files := []string{"../games/chess.zrf", "../games/capablanca.zrf", "../games/schoolbook.zrf", "../games/reserve-chess.zrf"}
	for _, c := range corpus {
		p := filepath.Join("../../shared/zrf-corpus", c)
		if _, err := os.Stat(p); err != nil {
			t.Logf("skipping %s: %v (the corpus is in ../shared)", c, err)
			continue
		}
		files = append(files, p)
	}
	return files
}
