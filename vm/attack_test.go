package vm_test

import (
	"testing"

	"zrun/vm"
)

// TestAttackedMatchesInterpreter compares Attacked, which visits only the
// pieces and blocks the reach table says may hit (attack.go, reach.go), with
// running every block of every enemy piece in the interpreter, for every
// square and player of random games: the shipped chess-like games, and the
// corpus's chess variants with other boards and pieces when ../shared is
// there. It also requires both answers to occur.
func TestAttackedMatchesInterpreter(t *testing.T) {
	files := shippedAndCorpus(t, "CubicChess/CubicChess.zrf", "LeganChess/legan-chess.zrf", "DobutsuShogi/Dobutsu.zrf")
	for _, file := range files {
		g := firstGame(t, file)
		var seen bothSeen
		eachPosition(t, g, 11, 2, 40, func(s *vm.State, _ *vm.MoveList) {
			compareAttacked(t, s, file, &seen)
		})
		seen.require(t, file, "squares", "attacked")
	}
}

// compareAttacked compares Attacked with the interpreter's answer for every
// square and player of the position, counting the answers in seen.
func compareAttacked(t *testing.T, s *vm.State, where string, seen *bothSeen) {
	t.Helper()
	g := s.Game()
	for pl := range g.Players {
		for p := range s.Board {
			quick, full := s.Attacked(p, pl), s.AttackedByInterpreter(p, pl)
			if quick != full {
				fen, _ := s.GenericFEN()
				t.Fatalf("%s: Attacked(%s, %d) = %v, the interpreter says %v in %s", where, g.Board.Positions[p].Name, pl, quick, full, fen)
			}
			seen.add(quick)
		}
	}
}

// bothSeen counts a test's answers, which must include both true and false
// (a comparison that only ever met one answer proves little).
type bothSeen struct{ asked, yes int }

func (b *bothSeen) add(v bool) {
	b.asked++
	if v {
		b.yes++
	}
}

// require logs the counts (of what, yes meaning how) and fails unless both
// answers occurred.
func (b *bothSeen) require(t *testing.T, file, what, how string) {
	t.Helper()
	t.Logf("%s: %d %s, %d %s", file, b.asked, what, b.yes, how)
	if b.yes == 0 || b.yes == b.asked {
		t.Errorf("%s: %d of %d %s %s, want some of each", file, b.yes, b.asked, what, how)
	}
}

// TestAttackedAfterPromotion: the reach of a type is computed once a piece
// of it first stands on the board (reach.go), so a piece that appears by
// promotion, of a type the position started without, must attack at once.
// From a position with Kings and a Pawn alone, each promotion on b8 is
// made and every square compared with the interpreter; by the chess rules
// the Queen and the Rook give check along the eighth rank, the Bishop and
// the Knight do not.
func TestAttackedAfterPromotion(t *testing.T) {
	g, s := chessState(t)
	if err := s.SetFEN("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"); err != nil {
		t.Fatal(err)
	}
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	b7, _ := g.Board.PositionIndex("b7")
	checks := map[string]bool{}
	for i := range ml.Moves {
		m := &ml.Moves[i]
		if m.From != int32(b7) {
			continue
		}
		name := s.MoveString(m)
		if err := s.Make(m); err != nil {
			t.Fatal(err)
		}
		compareAttacked(t, s, "after "+name, &bothSeen{})
		checks[name] = s.InCheck()
		s.Unmake()
	}
	want := map[string]bool{"Pawn b7 - b8 = Queen": true, "Pawn b7 - b8 = Rook": true, "Pawn b7 - b8 = Bishop": false, "Pawn b7 - b8 = Knight": false}
	if len(checks) != len(want) {
		t.Fatalf("promotions %v, want %v", checks, want)
	}
	for name, w := range want {
		if got, ok := checks[name]; !ok || got != w {
			t.Errorf("%s gives check: %v (listed %v), want %v", name, got, ok, w)
		}
	}
}
