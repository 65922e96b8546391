package vm_test

import (
	"os"
	"path/filepath"
	"testing"

	"zrun/vm"
	"zrun/zrf"
)

// TestAttackedMatchesInterpreter compares Attacked, which visits only the
// pieces and blocks the reach table says may hit (attack.go, reach.go), with
// running every block of every enemy piece in the interpreter, for every
// square and player of random games: the shipped chess-like games, and the
// corpus's chess variants with other boards and pieces when ../shared is
// there. It also requires both answers to occur.
func TestAttackedMatchesInterpreter(t *testing.T) {
	files := []string{"../games/chess.zrf", "../games/capablanca.zrf", "../games/schoolbook.zrf", "../games/reserve-chess.zrf"}
	corpus := []string{"CubicChess/CubicChess.zrf", "LeganChess/legan-chess.zrf", "DobutsuShogi/Dobutsu.zrf"}
	for _, c := range corpus {
		p := filepath.Join("../../shared/zrf-corpus", c)
		if _, err := os.Stat(p); err != nil {
			t.Logf("skipping %s: %v (the corpus is in ../shared)", c, err)
			continue
		}
		files = append(files, p)
	}
	for _, file := range files {
		f, err := zrf.LoadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		g := f.Games[0].Game
		asked, attacked := 0, 0
		eachPosition(t, g, 11, 2, 40, func(s *vm.State, _ *vm.MoveList) {
			for pl := range g.Players {
				for p := range s.Board {
					quick, full := s.Attacked(p, pl), s.AttackedByInterpreter(p, pl)
					if quick != full {
						fen, _ := s.GenericFEN()
						t.Fatalf("%s: Attacked(%s, %d) = %v, the interpreter says %v in %s", file, g.Board.Positions[p].Name, pl, quick, full, fen)
					}
					asked++
					if quick {
						attacked++
					}
				}
			}
		})
		t.Logf("%s: %d squares asked, %d attacked", file, asked, attacked)
		if attacked == 0 || attacked == asked {
			t.Errorf("%s: %d of %d squares attacked, want some of each", file, attacked, asked)
		}
	}
}
