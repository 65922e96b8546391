package vm_test

import (
	"math/rand/v2"
	"testing"

	"zrun/vm"
	"zrun/zrf"
)

// TestCheckGuard plays random games of chess, Capablanca, Schoolbook and
// a double-move Schoolbook of the corpus (each side moves twice: its first
// move may check, the second then "gives" check whatever it is) and, in
// every position, makes each move MayGiveCheck clears: none may leave the
// opponent's King attacked. It also requires the guard to clear most quiet
// moves, so the test cannot pass by clearing none, and MayGiveChecks to
// answer for the whole list as MayGiveCheck does move by move.
func TestCheckGuard(t *testing.T) {
	for _, c := range []struct {
		file, title string
		share       int // at least 1/share of the moves are cleared
	}{
		{"../games/chess.zrf", "", 2},
		{"../games/capablanca.zrf", "", 2},
		{"../games/schoolbook.zrf", "", 2},
		// Only the second move of each pair is guarded: the first hands
		// the turn to no opponent.
		{"../../shared/zrf-corpus/samboy+ChessVariantResearch/Schoolbook/Zillions/Schoolbook-b.zrf", "Double-Move (Checkmate)", 4},
	} {
		file := c.file
		f, err := zrf.LoadFile(file)
		if err != nil {
			if c.title != "" {
				t.Logf("%s: %v (../shared absent?): skipped", file, err)
				continue
			}
			t.Fatal(err)
		}
		g := f.Games[0].Game
		for _, lg := range f.Games {
			if lg.Game.Title == c.title {
				g = lg.Game
			}
		}
		var cg vm.CheckGuard
		cleared, checks, moves := 0, 0, 0
		var ptrs []*vm.Move
		var batch []bool
		eachPosition(t, g, 3, 6, 150, func(s *vm.State, ml *vm.MoveList) {
			s.GuardChecks(&cg)
			ptrs = ptrs[:0]
			for i := range ml.Moves {
				ptrs = append(ptrs, &ml.Moves[i])
			}
			batch = append(batch[:0], make([]bool, len(ptrs))...)
			s.MayGiveChecks(&cg, ptrs, batch)
			for i := range ml.Moves {
				if may := s.MayGiveCheck(&cg, &ml.Moves[i]); batch[i] != may {
					t.Fatalf("%s: MayGiveChecks says %v of %s, MayGiveCheck %v", file, batch[i], s.MoveString(&ml.Moves[i]), may)
				}
			}
			c, cl := checkGuardHolds(t, file, s, ml, &cg)
			moves, checks, cleared = moves+len(ml.Moves), checks+c, cleared+cl
		})
		t.Logf("%s: %d moves, %d give check, %d cleared", file, moves, checks, cleared)
		if checks == 0 || cleared < moves/c.share {
			t.Errorf("%s: %d of %d moves cleared (%d give check), want at least 1/%d", file, cleared, moves, checks, c.share)
		}
	}
}

// TestLegalGuard plays random games and, in every position, makes each
// pseudo-legal move SafeMove clears: none may leave the mover's King
// attacked; and each KeepsCheck rejects: every one must. It also requires
// most moves out of check to be cleared, and most illegal moves in check
// to be rejected.
func TestLegalGuard(t *testing.T) {
	for _, file := range []string{"../games/chess.zrf", "../games/capablanca.zrf", "../games/schoolbook.zrf"} {
		g := firstGame(t, file)
		var lg vm.LegalGuard
		pseudo := &vm.MoveList{}
		cleared, illegal, moves := 0, 0, 0
		rejected, illegalInCheck := 0, 0
		eachPosition(t, g, 5, 6, 150, func(s *vm.State, _ *vm.MoveList) {
			n := legalGuardHolds(t, file, s, pseudo, &lg)
			moves, illegal, cleared = moves+n.moves, illegal+n.illegal, cleared+n.cleared
			rejected, illegalInCheck = rejected+n.rejected, illegalInCheck+n.illegalInCheck
		})
		t.Logf("%s: %d pseudo-legal moves, %d illegal, %d cleared; in check %d illegal, %d rejected", file, moves, illegal, cleared, illegalInCheck, rejected)
		if illegal == 0 || cleared < moves/2 {
			t.Errorf("%s: %d of %d moves cleared (%d illegal), want at least half", file, cleared, moves, illegal)
		}
		if illegalInCheck == 0 || rejected < illegalInCheck/2 {
			t.Errorf("%s: in check %d of %d illegal moves rejected, want at least half", file, rejected, illegalInCheck)
		}
	}
}

// checkGuardHolds makes each move of ml, the moves of s, and requires
// MayGiveCheck, by cg readied for s, to clear none that leaves the
// opponent's King attacked. It returns how many do and how many it cleared.
func checkGuardHolds(t *testing.T, name string, s *vm.State, ml *vm.MoveList, cg *vm.CheckGuard) (checks, cleared int) {
	t.Helper()
	for i := range ml.Moves {
		m := &ml.Moves[i]
		may := s.MayGiveCheck(cg, m)
		if err := s.Make(m); err != nil {
			t.Fatal(err)
		}
		check := s.InCheck()
		s.Unmake()
		if check {
			checks++
			if !may {
				t.Fatalf("%s: MayGiveCheck clears %s, which gives check", name, s.MoveString(m))
			}
		}
		if !may {
			cleared++
		}
	}
	return checks, cleared
}

// guardCounts is what legalGuardHolds counted in a position.
type guardCounts struct{ moves, illegal, cleared, illegalInCheck, rejected int }

// legalGuardHolds generates the pseudo-legal moves of s into pseudo,
// readies lg for them and makes each: SafeMove may clear none that leaves
// the mover's King attacked, KeepsCheck reject none that leaves it safe.
func legalGuardHolds(t *testing.T, name string, s *vm.State, pseudo *vm.MoveList, lg *vm.LegalGuard) guardCounts {
	t.Helper()
	if err := s.GeneratePseudo(pseudo); err != nil {
		t.Fatal(err)
	}
	inCheck := s.InCheck()
	s.GuardLegal(lg, inCheck)
	pl := s.Mover()
	var n guardCounts
	for i := range pseudo.Moves {
		m := &pseudo.Moves[i]
		n.moves++
		safe, keeps := s.SafeMove(lg, m), s.KeepsCheck(lg, m)
		if err := s.Make(m); err != nil {
			t.Fatal(err)
		}
		left := s.LeftInCheck(pl)
		s.Unmake()
		if left {
			n.illegal++
			if safe {
				t.Fatalf("%s: SafeMove clears %s, which leaves the King attacked", name, s.MoveString(m))
			}
			if inCheck {
				n.illegalInCheck++
			}
		} else if keeps {
			t.Fatalf("%s: KeepsCheck rejects %s, which leaves the King safe", name, s.MoveString(m))
		}
		if safe {
			n.cleared++
		}
		if keeps {
			n.rejected++
		}
	}
	return n
}

// eachPosition plays games random games of g, of at most plies moves each
// (seeded: the same positions every run), and calls visit in every
// position that has legal moves, with them in ml.
func eachPosition(t *testing.T, g *vm.Game, seed uint64, games, plies int, visit func(s *vm.State, ml *vm.MoveList)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 5))
	ml := &vm.MoveList{}
	for game := 0; game < games; game++ {
		s, err := vm.NewState(g)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < plies; ply++ {
			if err := s.Generate(ml); err != nil {
				t.Fatal(err)
			}
			if len(ml.Moves) == 0 {
				break
			}
			visit(s, ml)
			if err := s.Make(&ml.Moves[rng.IntN(len(ml.Moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
