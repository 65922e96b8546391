package tune

import (
	"strings"
	"testing"

	"zrun/engine/eval"
	"zrun/vm"
)

// TestReplaceTunedKeepsOtherGames checks that tuning one game of a rule
// file replaces that game's section (and its comment) and keeps every other
// game's values as they were.
func TestReplaceTunedKeepsOtherGames(t *testing.T) {
	g := &vm.Game{Title: "Schoolbook 1.0", Pieces: []*vm.PieceType{{Name: "Pawn"}, {Name: "Marshall"}}}
	fit := Fitted{Values: []float64{90, 790}, StdErr: []float64{3, 21}, Tuned: []bool{true, true}}
	const other = "# zrun tune: 400 self-play games at depth 3 (seed 1), 20000 positions\n[Schoolbook]\nPawn 91 ± 4\nMarshall 812 ± 20\n"
	for _, c := range []struct{ name, old, want string }{
		{"new file", "", "# tuned\n[Schoolbook 1.0]\nPawn 90 ± 3\nMarshall 790 ± 21\n"},
		{"added after another game", other, other + "\n# tuned\n[Schoolbook 1.0]\nPawn 90 ± 3\nMarshall 790 ± 21\n"},
		{"replaced, the other game kept", "# old run\n[Schoolbook 1.0]\nPawn 70 ± 9\n\nMarshall 700 ± 50\n\n" + other,
			other + "\n# tuned\n[Schoolbook 1.0]\nPawn 90 ± 3\nMarshall 790 ± 21\n"},
		{"trailing comment kept", other + "# notes\n", other + "# notes\n\n# tuned\n[Schoolbook 1.0]\nPawn 90 ± 3\nMarshall 790 ± 21\n"},
	} {
		got, err := ReplaceTuned([]byte(c.old), g, fit, "tuned")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if string(got) != c.want {
			t.Errorf("%s:\n%s\nwant\n%s", c.name, got, c.want)
		}
		tv, err := eval.ReadTuned(strings.NewReader(string(got)), c.name)
		if err != nil || tv["Schoolbook 1.0"]["Marshall"] != 790 {
			t.Errorf("%s: reads back as %v (%v)", c.name, tv, err)
		}
	}
	if _, err := ReplaceTuned([]byte("Pawn 100\n"), g, fit, "tuned"); err == nil {
		t.Error("a malformed values file was overwritten without an error")
	}
}
