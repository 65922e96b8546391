// This file defines FuzzLoad: loading (lowering and compiling) any text must
// never panic, every error must carry a position, and every game that loads
// must play short random games under the invariants of package playout
// (make/unmake, hashes, generation paths, outcomes after undo and redo).

package zrf

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"zrun/vm"
	"zrun/vm/playout"
)

func FuzzLoad(f *testing.F) {
	for _, pat := range []string{"../games/*.zrf", "testdata/lower/*.zrf", "testdata/codegen/*.zrf"} {
		m, _ := filepath.Glob(pat)
		for _, s := range m {
			if data, err := os.ReadFile(s); err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := Load("fuzz.zrf", src)
		if err != nil {
			var el ErrorList
			var e *Error
			switch {
			case errors.As(err, &el):
				for _, x := range el {
					if !x.Pos.IsValid() {
						t.Fatalf("error without a position: %v", x)
					}
				}
			case errors.As(err, &e):
				if !e.Pos.IsValid() {
					t.Fatalf("error without a position: %v", e)
				}
			default:
				t.Fatalf("error of type %T: %v", err, err)
			}
		}
		if file == nil {
			return
		}
		// A few games are enough to exercise what the input changed, and
		// a file with twenty variants (reserve-chess.zrf) would otherwise
		// take the fuzzer's per-input time limit on a busy machine.
		played := 0
		for _, gd := range file.Games {
			if gd.Game.Engine != "" || len(gd.Skipped) > 0 || played == 3 {
				continue
			}
			played++
			exercise(t, gd.Game)
		}
	})
}

// exercise plays two short random games of a loaded game under every
// invariant of package playout, with small budgets so a rule that loops
// costs little.
func exercise(t *testing.T, g *vm.Game) {
	opt := playout.Options{MaxMoves: 12, Limits: vm.Limits{StepsPerRun: 5000, MovesPerGen: 5000}}
	for seed := int64(1); seed <= 2; seed++ {
		_, v, err := playout.Check(g, seed, opt)
		if err != nil {
			return // no start position (no board, no players): not a playout's business
		}
		if v != nil && v.Check != "budget" {
			t.Fatalf("%v", v)
		}
	}
}
