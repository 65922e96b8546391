package eval_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zrun/engine/eval"
	"zrun/gamefile"
	"zrun/vm"
)

// tunedGame is the game the front ends evaluate: as gamefile loads it, with
// the values tuned for it (ApplyTunedFor).
func tunedGame(file, variant string) (*vm.Game, error) {
	g, err := gamefile.LoadGame(file, variant)
	if err != nil {
		return nil, err
	}
	return g, eval.ApplyTunedFor(file, g)
}

// tunedState is what the front ends search: tunedGame at fen or its start.
func tunedState(file, variant, fen string) (*vm.State, error) {
	g, err := tunedGame(file, variant)
	if err != nil {
		return nil, err
	}
	return gamefile.Setup(g, fen)
}

// TestApplyTunedFor: the values file beside a rule file (CHESS.values for
// CHESS.zrf) gives the game of its [title] the values it states; other
// games, and rule files without one, keep theirs; a piece the game lacks is
// an error that names the values file.
func TestApplyTunedFor(t *testing.T) {
	for _, c := range []struct {
		name, values string // values: "" no values file
		want         map[string]int
		err          string
	}{
		{name: "none", want: map[string]int{"Pawn": 0, "Queen": 0}},
		{name: "chess", values: "# tuned\n[Chess]\nPawn 91 ± 3\nQueen 761\n", want: map[string]int{"Pawn": 91, "Queen": 761, "Rook": 0}},
		{name: "other game", values: "[Shogi]\nPawn 50\n", want: map[string]int{"Pawn": 0}},
		{name: "no such piece", values: "[Chess]\nWazir 120\n", err: "Wazir"},
		{name: "bad line", values: "[Chess]\nPawn lots\n", err: ":2:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			rules := filepath.Join(dir, "CHESS.zrf")
			if c.values != "" {
				if err := os.WriteFile(filepath.Join(dir, "CHESS.values"), []byte(c.values), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			g, err := gamefile.LoadGame("../../games/chess.zrf", "")
			if err != nil {
				t.Fatal(err)
			}
			err = eval.ApplyTunedFor(rules, g)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), "CHESS.values") {
					t.Fatalf("error %v, want one naming CHESS.values and %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for piece, v := range c.want {
				i, _ := g.PieceIndex(piece)
				got := 0
				if i < len(g.Values) {
					got = g.Values[i]
				}
				if got != v {
					t.Errorf("%s = %d, want %d", piece, got, v)
				}
			}
		})
	}
}
