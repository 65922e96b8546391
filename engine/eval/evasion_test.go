package eval_test

import (
	"math/rand/v2"
	"testing"

	"zrun/engine/eval"
	"zrun/vm"
)

// TestKeepEvasionsKeepsEveryLegalMove plays random games and, in every
// position where the player to move is in check, filters the pseudo-legal
// list with KeepEvasions: every move that does not leave the mover's royal
// piece attacked, as the state tells after making it, must be kept, in its
// order, and most of those that do must be dropped.
func TestKeepEvasionsKeepsEveryLegalMove(t *testing.T) {
	for _, file := range []string{"../../games/chess.zrf", "../../games/capablanca.zrf", "../../games/schoolbook.zrf"} {
		g, ev := derived(t, file)
		s := newState(t, g)
		p := eval.NewPosition(s, ev)
		rng := rand.New(rand.NewPCG(3, 17))
		checks, illegal, dropped := 0, 0, 0
		for game := 0; game < 12; game++ {
			made := 0
			for ply := 0; ply < 150; ply++ {
				moves := p.Generate(nil)
				if p.InCheck() {
					checks++
					all := append([]*vm.Move(nil), moves...)
					p.GuardMoves(true)
					kept := p.KeepEvasions(append([]*vm.Move(nil), moves...))
					k := 0
					for _, m := range all {
						isKept := k < len(kept) && kept[k] == m
						if isKept {
							k++
						}
						if leavesInCheck(t, s, m) {
							illegal++
							if !isKept {
								dropped++
							}
							continue
						}
						if !isKept {
							t.Fatalf("%s: KeepEvasions drops %s, a legal evasion", file, s.MoveString(m))
						}
					}
					if k != len(kept) {
						t.Fatalf("%s: KeepEvasions keeps moves out of their order or not of the list", file)
					}
				}
				var legal []*vm.Move
				for _, m := range moves {
					if p.Make(m) {
						p.Unmake()
						legal = append(legal, m)
					}
				}
				if len(legal) == 0 {
					break
				}
				if !p.Make(legal[rng.IntN(len(legal))]) {
					t.Fatal("a legal move refused")
				}
				made++
			}
			for ; made > 0; made-- {
				p.Unmake()
			}
		}
		t.Logf("%s: %d positions in check, %d illegal moves there, %d dropped unmade", file, checks, illegal, dropped)
		if checks == 0 || dropped < illegal/2 {
			t.Errorf("%s: %d of %d illegal moves in check dropped, want at least half", file, dropped, illegal)
		}
	}
}

// leavesInCheck makes m on s and reports whether it leaves the mover's royal
// piece attacked.
func leavesInCheck(t *testing.T, s *vm.State, m *vm.Move) bool {
	t.Helper()
	pl := s.Mover()
	if err := s.Make(m); err != nil {
		t.Fatal(err)
	}
	defer s.Unmake()
	return s.LeftInCheck(pl)
}
