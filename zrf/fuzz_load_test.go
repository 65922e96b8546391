// This file defines FuzzLoad: loading (lowering and compiling) any text must
// never panic, every error must carry a position, and every game that loads
// must generate, make and unmake moves without panicking.

package zrf

import (
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"zrun/vm"
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
		for _, gd := range file.Games {
			if gd.Game.Engine != "" || len(gd.Skipped) > 0 {
				continue
			}
			exercise(t, gd.Game)
		}
	})
}

// exercise plays a few random moves with small budgets and unmakes them.
func exercise(t *testing.T, g *vm.Game) {
	s, err := vm.NewState(g)
	if err != nil {
		return
	}
	s.Limit = vm.Limits{StepsPerRun: 5000, MovesPerGen: 5000}
	rng := rand.New(rand.NewSource(1))
	var ml vm.MoveList
	made := 0
	for i := 0; i < 4; i++ {
		if s.Generate(&ml) != nil || len(ml.Moves) == 0 {
			break
		}
		m := ml.Moves[rng.Intn(len(ml.Moves))]
		_ = s.MoveString(&m)
		if s.Make(&m) != nil {
			made++
			break
		}
		made++
		if _, err := s.Outcome(nil); err != nil {
			break
		}
	}
	for ; made > 0; made-- {
		s.Unmake()
	}
}
