package vm_test

import (
	"slices"
	"testing"

	"zrun/vm"
)

// TestBlockGroups: the single leaps of chess's Knight and King (eight blocks
// each, one per direction) and of Musketeer's Cannon (sixteen) run as one
// group, and so do the Queen's and Rook's slides and the Pawn's two
// captures (which promote); its push, a hop that tests its way in, does
// not. That grouped runs generate what the interpreter does is checked over
// the perft positions (games, TestSpecialisedMatchesInterpreter) and the
// corpus (zrun check).
func TestBlockGroups(t *testing.T) {
	for _, c := range []struct {
		file, piece string
		want        []int
	}{
		{"../games/chess.zrf", "Knight", []int{8}},
		{"../games/chess.zrf", "King", []int{8}},
		{"../games/chess.zrf", "Pawn", []int{2}},
		{"../games/chess.zrf", "Queen", []int{8}},
		{"../games/chess.zrf", "Rook", []int{4}},
		{"../games/musketeer.zrf", "Cannon", []int{16}},
	} {
		g := firstGame(t, c.file)
		found := false
		for ti, pt := range g.Pieces {
			if pt.Name != c.piece {
				continue
			}
			found = true
			if got := g.BlockGroups(ti); !slices.Equal(got, c.want) {
				t.Errorf("%s %s: leap groups %v, want %v", c.file, c.piece, got, c.want)
			}
		}
		if !found {
			t.Errorf("%s: no piece %s", c.file, c.piece)
		}
	}
}

// TestSimpleMatchesEffects: for every move a specialised run builds in
// random games of chess, Capablanca, Schoolbook and Musketeer, what Simple
// says it takes and becomes is what its effects and acts say (Taken,
// Retyped), which IsNoisy and the searcher's move facts read instead.
func TestSimpleMatchesEffects(t *testing.T) {
	for _, file := range []string{"../games/chess.zrf", "../games/capablanca.zrf", "../games/schoolbook.zrf", "../games/musketeer.zrf"} {
		g := firstGame(t, file)
		simple, captures, promotions := 0, 0, 0
		eachPosition(t, g, 9, 6, 200, func(s *vm.State, ml *vm.MoveList) {
			mover := s.Mover()
			for i := range ml.Moves {
				m := &ml.Moves[i]
				took, retype, ok := m.Simple()
				if !ok {
					continue
				}
				simple++
				wantTook := vm.Empty
				for _, e := range m.Effects(nil) {
					if c, ok := s.Taken(e, mover); ok {
						wantTook = c
					}
				}
				wantRetype := -1
				for _, a := range m.Actions(nil) {
					if _, ok := s.Retyped(a, mover); ok {
						wantRetype = int(a.Type)
					}
				}
				gotTook := vm.Empty
				if took != vm.Empty && took.Owner() != mover {
					gotTook = took
				}
				gotRetype := -1
				if retype >= 0 && retype != int(m.Piece) {
					gotRetype = retype
				}
				if gotTook != wantTook || gotRetype != wantRetype || s.IsNoisy(m) != (wantTook != vm.Empty || wantRetype >= 0) {
					t.Fatalf("%s: %s: Simple takes %v, becomes %d; the effects take %v, become %d", file, s.MoveString(m), gotTook, gotRetype, wantTook, wantRetype)
				}
				if wantTook != vm.Empty {
					captures++
				}
				if wantRetype >= 0 {
					promotions++
				}
			}
		})
		t.Logf("%s: %d simple moves, %d captures, %d promotions", file, simple, captures, promotions)
		if simple == 0 || captures == 0 {
			t.Errorf("%s: %d simple moves, %d captures: nothing compared", file, simple, captures)
		}
	}
}
