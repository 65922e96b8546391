package axiom_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zrun/axiom"
	"zrun/gamefile"
	"zrun/vm"
)

const corpus = "../../shared/zrf-corpus"

// framework is a folder with the framework pair, for the GlukKazan+ZoG
// games whose Axiom folder lacks it (the corpus README).
var framework = filepath.Join(corpus, "Senet", "Axiom", "Senet")

func init() { axiom.SetFrameworkDir(framework) }

// load loads a corpus game and fails unless it got its move source.
func load(t testing.TB, rel, variant string) *vm.Game {
	t.Helper()
	p := filepath.Join(corpus, filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		t.Skipf("corpus not found: %v", err)
	}
	g, err := gamefile.LoadGame(p, variant)
	if err != nil {
		t.Fatal(err)
	}
	if g.Moves == nil {
		t.Fatalf("%s: no move source: %s", rel, g.EngineErr)
	}
	return g
}

func start(t testing.TB, g *vm.Game) *vm.State {
	t.Helper()
	s, err := vm.NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func legal(t *testing.T, s *vm.State) []vm.Move {
	t.Helper()
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	out := make([]vm.Move, len(ml.Moves))
	for i := range ml.Moves {
		out[i] = ml.Moves[i].Clone()
	}
	return out
}

func pos(t *testing.T, g *vm.Game, name string) int {
	t.Helper()
	for i, p := range g.Board.Positions {
		if strings.EqualFold(p.Name, name) {
			return i
		}
	}
	t.Fatalf("no position %s", name)
	return -1
}

func typeNamed(t *testing.T, g *vm.Game, name string) int {
	t.Helper()
	for i, p := range g.Pieces {
		if strings.EqualFold(p.Name, name) {
			return i
		}
	}
	t.Fatalf("no piece %s", name)
	return -1
}

func playerNamed(t *testing.T, g *vm.Game, name string) int {
	t.Helper()
	for i, p := range g.Players {
		if strings.EqualFold(p.Name, name) {
			return i
		}
	}
	t.Fatalf("no player %s", name)
	return -1
}
