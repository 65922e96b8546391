package play

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"zrun/solve"
)

// TestSolveSavesItsPosition: the forced win found from a set-up position
// (a mate in 2 of vondele/matetrack's collection, stated #2) saves as a
// .zsg that sets that position up, so loading it into a fresh game replays
// the line to the mate the rules declare.
func TestSolveSavesItsPosition(t *testing.T) {
	const fen = "2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1"
	rules := filepath.Join("..", "..", "..", "..", "games", "chess.zrf")
	g, err := Open(rules, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetPosition(fen); err != nil {
		t.Fatal(err)
	}
	sv, err := Solve(context.Background(), rules, g.S, solve.Limits{Moves: 2})
	if err != nil || !sv.Found {
		t.Fatalf("no mate in 2: %v %+v", err, sv.Result)
	}
	var b bytes.Buffer
	if err := sv.Game.WriteZSG(&b); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "m2.zsg")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := Open(rules, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadZSGRules(path, rules); err != nil {
		t.Fatalf("loading the saved solution: %v\n%s", err, b.String())
	}
	if n := len(h.History()); n != 3 {
		t.Errorf("%d moves replayed, want 3", n)
	}
	if o := h.Outcome(); !o.Over || o.Winner != 0 || o.Reason != "checkmated" {
		t.Errorf("after the saved line: %s", h.Status())
	}
}
