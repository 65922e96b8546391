package play

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"zrun/vm"
)

func openTest(t testing.TB, path string) *Game {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s is absent (%v); clone shared next to the repository to run this test", path, err)
	}
	g, err := Open(path, "")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestPositionText: a position FEN describes has its FEN as text; one with
// pieces off FEN's grid (Toguz Kumalak's stores) a compact text, which
// setboard (SetPosition) reads back to the same pieces.
func TestPositionText(t *testing.T) {
	g := openTest(t, filepath.Join(gamesDir, "chess.zrf"))
	if got := PositionText(g.S); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Fatalf("chess start: %s", got)
	}
	k := openTest(t, filepath.Join(sharedDir, "zrf-corpus/ToguzKumalak/ToguzKumalak.zrf"))
	a1, _ := k.G.Board.PositionIndex("a1")
	a10, _ := k.G.Board.PositionIndex("a10")
	s, _ := vm.NewState(k.G)
	if err := s.SetUp([][3]int{{a1, 8, 0}, {a10, 2, 0}}, nil, 1); err != nil {
		t.Fatal(err)
	}
	text := PositionText(s)
	if !strings.HasPrefix(text, CompactPrefix) {
		t.Fatalf("seeds in a store: %s", text)
	}
	if err := k.SetPosition(text); err != nil {
		t.Fatal(err)
	}
	if !samePieces(k.S, s) || PositionText(k.S) != text {
		t.Fatalf("setboard %s gave %s", text, PositionText(k.S))
	}
	// The saved game starts from it too.
	if st, err := k.StartState(); err != nil || !samePieces(st, s) {
		t.Fatalf("start state of a compact position: %v", err)
	}
}

// TestSetupTextCastling: castling rights the pieces allow are kept, the
// others left out (the King's rook gone, "KQkq" keeps "Qkq").
func TestSetupTextCastling(t *testing.T) {
	g := openTest(t, filepath.Join(gamesDir, "chess.zrf"))
	var board [][3]int
	for p, c := range g.S.Board {
		if c != vm.Empty && g.G.Board.Positions[p].Name != "h1" {
			board = append(board, [3]int{p, c.Type(), c.Owner()})
		}
	}
	for castling, want := range map[string]string{
		"KQkq": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1",
		"-":    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w - - 0 1",
		"K":    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w - - 0 1",
		"":     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1",
	} {
		got, err := SetupText(g.G, board, nil, 0, castling)
		if err != nil || got != want {
			t.Errorf("castling %q: %q %v, want %q", castling, got, err, want)
		}
	}
	if _, err := SetupText(g.G, board, nil, 0, "K Q"); err == nil {
		t.Error("castling with a space: accepted")
	}
}

func TestHas960(t *testing.T) {
	for file, want := range map[string]bool{"chess960.zrf": true, "chess.zrf": false, "capablanca.zrf": false} {
		g := openTest(t, filepath.Join(gamesDir, file))
		if got := Has960(g.G); got != want {
			t.Errorf("%s: Has960 %v", file, got)
		}
	}
}

// FuzzParseCompact: any text is read or refused, never a panic; what is
// read writes back as the same pieces.
func FuzzParseCompact(f *testing.F) {
	g, err := Open(filepath.Join(gamesDir, "chess.zrf"), "")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"zpos/0/4.5.1,60.5.0/", "zpos/1//", "zpos/0/0.0.0,0.0.0/", "zpos/0/1.2.3/0.0.5", "zpos/x/1/2", "zpos/0/99999999999.1.1/",
		"zpos/0/1.1/", "zpos/0/1.1.1.1/", "zpos/", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseCompact(g.G, text)
		if err != nil {
			return
		}
		back, err := ParseCompact(g.G, CompactText(s))
		if err != nil || !samePieces(s, back) {
			t.Fatalf("%q: written %q, read back %v", text, CompactText(s), err)
		}
	})
}

// TestTreeLines: the move list's lines say what TreeText (the REPL's
// tree) says: the same moves, numbers, side lines and current move.
func TestTreeLines(t *testing.T) {
	g := openTest(t, filepath.Join(gamesDir, "chess.zrf"))
	play := func(moves ...string) {
		for _, m := range moves {
			ml, _ := g.Legal()
			idx := g.Match(ml, m)
			if len(idx) != 1 {
				t.Fatalf("%s: %d matches", m, len(idx))
			}
			if err := g.Play(ml, idx[0], false); err != nil {
				t.Fatal(err)
			}
		}
	}
	play("e4", "e5", "Nf3", "Nc6")
	g.Undo()
	g.Undo()
	play("Bc4", "Nf6")
	g.Undo()
	play("Bc5")
	g.Undo()
	g.Undo()
	g.Undo()
	play("c5", "Nf3")
	var write func(lines []TreeMove) string
	write = func(lines []TreeMove) string {
		var parts []string
		for _, m := range lines {
			w := m.Text + "[" + strconv.Itoa(m.ID) + "]"
			if m.Num != "" {
				w = m.Num + " " + w
			}
			if m.Current {
				w += "*"
			}
			parts = append(parts, w)
			for _, v := range m.Vars {
				parts = append(parts, "("+write(v)+")")
			}
		}
		return strings.Join(parts, " ")
	}
	got, want := write(g.TreeLines()), g.TreeText()
	if got != want {
		t.Fatalf("TreeLines:\n%s\nTreeText:\n%s", got, want)
	}
	t.Log(got)
}
