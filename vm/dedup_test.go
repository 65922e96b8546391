package vm_test

import (
	"os"
	"testing"

	"zrun/vm"
)

// TestDedupInterpretedMatchesDedup compares the cheap duplicate removal
// (only moves interpreted runs built are compared) with the full one
// (every move hashed) on the raw move lists of random games, where the
// game's specialised programs never list a move twice. TransportChess's
// rooks list moves twice (a slide of two definitions), so the full
// removal removes something there; the test requires that it happens.
func TestDedupInterpretedMatchesDedup(t *testing.T) {
	files := []string{"../games/chess.zrf", "../games/capablanca.zrf", "../games/schoolbook.zrf",
		"../games/reserve-chess.zrf", "../games/musketeer.zrf"}
	const transport = "../../shared/zrf-corpus/TransportChess/TransportChess.zrf"
	if _, err := os.Stat(transport); err == nil {
		files = append(files, transport)
	} else {
		t.Logf("TransportChess not found (../shared absent?), its duplicates are not checked: %v", err)
	}
	removedAny := false
	for _, file := range files {
		g := firstGame(t, file)
		lists, interpreted, removed := 0, 0, 0
		raw := &vm.MoveList{}
		eachPosition(t, g, 11, 8, 120, func(s *vm.State, _ *vm.MoveList) {
			if !s.SpecDistinct() {
				return
			}
			interp, err := s.RawMoves(raw)
			if err != nil {
				t.Fatal(err)
			}
			lists++
			if !interp {
				return
			}
			interpreted++
			full := &vm.MoveList{Moves: append([]vm.Move(nil), raw.Moves...)}
			cheap := &vm.MoveList{Moves: append([]vm.Move(nil), raw.Moves...)}
			s.Dedup(full)
			s.DedupInterpreted(cheap)
			removed += len(raw.Moves) - len(full.Moves)
			if len(full.Moves) != len(cheap.Moves) {
				t.Fatalf("%s: %d moves, full removal keeps %d, cheap %d", file, len(raw.Moves), len(full.Moves), len(cheap.Moves))
			}
			for i := range full.Moves {
				a, b := &full.Moves[i], &cheap.Moves[i]
				if !a.SameAs(b) || s.MoveString(a) != s.MoveString(b) {
					t.Fatalf("%s: move %d: full removal keeps %s, cheap %s", file, i, s.MoveString(a), s.MoveString(b))
				}
			}
		})
		t.Logf("%s: %d positions with distinct specialised moves, %d with interpreted moves, %d duplicates removed", file, lists, interpreted, removed)
		if lists > 0 && interpreted == 0 {
			t.Errorf("%s: no position had an interpreted move", file)
		}
		removedAny = removedAny || removed > 0
	}
	if len(files) > 5 && !removedAny {
		t.Errorf("no duplicate was removed in any game; TransportChess has some")
	}
}
