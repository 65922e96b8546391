// This file tests replaying a saved game whose square names differ in case
// from the rule file's: a save written the way Zillions writes one for the
// Schoolbook rule file that names its ninth file "I" (Schoolbook-b.zrf in the
// corpus), replayed against games/schoolbook.zrf, which names it "i".

package zrf

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zrun/vm"
)

// schoolbookUpperI is a saved game in Zillions' format (docs/protocols.md
// section 4: CRLF lines, the HC header, a setup edit, "N. " move lines), with
// the squares of the ninth file written "I" as Schoolbook-b.zrf names them.
// White's e1 Archbishop leaves by f2, which the f-pawn freed, and goes to i5.
const schoolbookUpperI = "Zillions Save Game File Version 0.02 HC\r\n" +
	"RulesFile=%s\r\n" +
	"VariantName=Schoolbook\r\n" +
	"(White Pawn I3)\r\n" +
	"1. Pawn f2 - f3\r\n" +
	"1. Pawn I7 - I6\r\n" +
	"2. Archbishop e1 - h4\r\n" +
	"2. Pawn a7 - a6\r\n" +
	"3. Archbishop h4 - I5\r\n" +
	"3. Pawn a6 - a5\r\n"

// replayText replays a saved game given as text, finding its rule file in dir.
func replayText(t *testing.T, src, dir string) (*vm.State, *Replayed, error) {
	t.Helper()
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("rule files not available (%v): expected in %s", err, dir)
	}
	sg, err := ReadZSG("upper-i.zsg", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rules, err := ResolveRules("upper-i.zsg", sg.RulesFile(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	f, err := LoadFile(rules)
	if f == nil {
		t.Fatal(err)
	}
	return startReplay(t, sg, f, "upper-i.zsg")
}

func TestReplaySquareNamesInAnyCase(t *testing.T) {
	// The reference: Schoolbook-b.zrf, whose squares are I3, I5, I6, I7,
	// plays the save exactly as written.
	_, ref, err := replayText(t, strings.Replace(schoolbookUpperI, "%s", "Schoolbook-b.zrf", 1), schoolbookCorpusDir)
	if err != nil {
		t.Fatalf("Schoolbook-b.zrf: %v", err)
	}
	if len(ref.Moves) != 6 || ref.Loose != 0 {
		t.Fatalf("Schoolbook-b.zrf: %d moves, %d loose; want 6 exact", len(ref.Moves), ref.Loose)
	}

	// Ours names the file i: the two lines with I squares match with the
	// squares read in any case and are written back our way.
	s, r, err := replayText(t, strings.Replace(schoolbookUpperI, "%s", "schoolbook.zrf", 1), filepath.Join("..", "games"))
	if err != nil {
		t.Fatalf("games/schoolbook.zrf: %v", err)
	}
	if len(r.Moves) != 6 || r.Loose != 2 {
		t.Errorf("games/schoolbook.zrf: %d moves, %d loose; want 6, 2 loose", len(r.Moves), r.Loose)
	}
	want := []string{"Pawn f2 - f3", "Pawn i7 - i6", "Archbishop e1 - h4", "Pawn a7 - a6", "Archbishop h4 - i5", "Pawn a6 - a5"}
	for i, l := range r.Lines {
		if i < len(want) && l.Text != want[i] {
			t.Errorf("line %d written %q, want %q", i+1, l.Text, want[i])
		}
	}
	g := s.Game()
	for sq, piece := range map[string]string{"i5": "White Archbishop", "i6": "Black Pawn", "i3": "White Pawn", "e1": "", "f3": "White Pawn"} {
		p, _ := g.Board.PositionIndex(sq)
		got := ""
		if c := s.Board[p]; c != vm.Empty {
			got = g.Players[c.Owner()].Name + " " + g.Pieces[c.Type()].Name
		}
		if got != piece {
			t.Errorf("%s holds %q, want %q", sq, got, piece)
		}
	}

	// A square no position spells, in any case, still stops the replay.
	bad := strings.Replace(strings.Replace(schoolbookUpperI, "%s", "schoolbook.zrf", 1), "h4 - I5", "h4 - K5", 1)
	_, r, err = replayText(t, bad, filepath.Join("..", "games"))
	var re *ReplayError
	if !errors.As(err, &re) || re.Ply != 5 || len(r.Moves) != 4 {
		t.Errorf("replay with K5: %v after %d moves, want a ReplayError at the fifth line", err, len(r.Moves))
	}
}

// TestMatchSquareCaseOnlyReadsSquares: a word of the saved line may differ in
// case only where our text has a position name; piece names, keywords and
// names two positions share in another case must match as written.
func TestMatchSquareCaseOnlyReadsSquares(t *testing.T) {
	b := vm.NewBoard()
	for _, n := range []string{"e2", "e4", "x9", "X9", "pawn"} {
		b.AddPosition(vm.Position{Name: n})
	}
	tests := []struct {
		ours, line string
		match      bool
	}{
		{"Pawn e2 - e4", "Pawn E2 - E4", true},
		{"Pawn e2 - e4", "Pawn  e2 -  E4", true}, // whitespace is ignored too
		{"Pawn e2 - e4", "PAWN e2 - e4", false},  // "Pawn" is no square of ours, though "pawn" is a position
		{"Pawn e2 - x9", "Pawn e2 - X9", false},  // X9 is another position
		{"Pawn e2 x e4", "Pawn e2 X e4", false},  // the capture mark is no square
		{"Pawn e2 - e4", "Pawn e2 - e4 x e4", false},
	}
	for _, tc := range tests {
		if got := matchSquareCase(b, []string{"Pass", tc.ours}, tc.line) == 1; got != tc.match {
			t.Errorf("matchSquareCase(%q, %q) = %v, want %v", tc.ours, tc.line, got, tc.match)
		}
	}
}
