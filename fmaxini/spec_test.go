// This file runs the specialised move programs (vm/spec.go) side by side
// with the interpreter on the lowered fmax.ini sections.

package fmaxini

import (
	"strings"
	"testing"

	"zrun/vm"
	"zrun/vm/playout"
)

// TestSpecialisedMatchesInterpreter: from every section's start position
// and every perft.tsv position of a compared variant (one per position id),
// specialised and interpreted generation list the same moves, written the
// same, and agree on every attack test, two plies deep (one with -short).
func TestSpecialisedMatchesInterpreter(t *testing.T) {
	f := loadShipped(t)
	depth := 2
	if testing.Short() {
		depth = 1
	}
	for _, sec := range f.Sections {
		s, err := vm.NewState(sec.Game)
		if err != nil {
			t.Errorf("%s: %v", sec.Name, err)
			continue
		}
		if _, err := playout.CompareSpecialised(s, depth, 0, 0); err != nil {
			t.Errorf("%s start: %v", sec.Name, err)
		}
	}
	seen := map[string]bool{}
	for _, row := range readTSV(t) {
		v, ok := tsvVariants[row.variant]
		if !ok || seen[row.id] {
			continue
		}
		seen[row.id] = true
		sec := f.Default
		if v.section != "(default)" {
			var err error
			if sec, err = f.Section(v.section); err != nil {
				t.Fatal(err)
			}
		}
		fen := row.fen
		for from, to := range v.letters {
			fen = strings.ReplaceAll(fen, from, to)
		}
		s, err := vm.NewState(sec.Game)
		if err != nil {
			t.Fatal(err)
		}
		if err := sec.SetFEN(s, fen); err != nil {
			t.Errorf("%s: %v", row.id, err)
			continue
		}
		if _, err := playout.CompareSpecialised(s, depth, 0, 0); err != nil {
			t.Errorf("%s (%s): %v", row.id, sec.Name, err)
		}
	}
}
