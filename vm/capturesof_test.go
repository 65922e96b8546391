package vm_test

import (
	"math/rand/v2"
	"testing"

	"zrun/vm"
)

// TestGenerateCapturesOf compares GenerateCapturesOf with GenerateCaptures
// along random games: for a random set of types worth taking it must list
// a subsequence of GenerateCaptures's moves (same moves, same order), with
// every move that promotes or takes a piece of a type in the set. A move it
// leaves out must take pieces of other types only, and promote nothing
// (what GenerateCapturesOf may leave out). Games with drops, promotions on
// capture, en passant and multiple captures are among them.
func TestGenerateCapturesOf(t *testing.T) {
	files := shippedAndCorpus(t, "DagazProject+DagazProject.github.io/shogi/zrf/tori-shogi.zrf",
		"CheckersCollection/HuffCheckers.zrf", "BombChess/Bombs.zrf", "QiguoXiangqi/QiGuo.zrf")
	for _, file := range files {
		g := firstGame(t, file)
		rng := rand.New(rand.NewPCG(3, 4))
		var kept, left int
		for game := 0; game < 6; game++ {
			s, err := vm.NewState(g)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 120; ply++ {
				var all, some, legal vm.MoveList
				worth := rng.Uint64()
				if err := s.GenerateCaptures(&all, false); err != nil {
					t.Fatal(err)
				}
				if err := s.GenerateCapturesOf(&some, false, worth); err != nil {
					t.Fatal(err)
				}
				j := 0
				for i := range all.Moves {
					m := &all.Moves[i]
					if j < len(some.Moves) && some.Moves[j].SameAs(m) {
						j++
						kept++
						continue
					}
					if mustList(s, m, worth) {
						t.Fatalf("%s, game %d ply %d: %s left out or out of order (worth %x)", file, game, ply, s.MoveString(m), worth)
					}
					left++
				}
				if j != len(some.Moves) {
					t.Fatalf("%s, game %d ply %d: %s listed but not by GenerateCaptures, or out of order", file, game, ply, s.MoveString(&some.Moves[j]))
				}
				if err := s.Generate(&legal); err != nil {
					t.Fatal(err)
				}
				if o, _ := s.Outcome(&legal); o.Over {
					break
				}
				if err := s.Make(&legal.Moves[rng.IntN(len(legal.Moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %d captures listed, %d left out", file, kept, left)
	}
}

// mustList reports whether GenerateCapturesOf must list m: it promotes a
// piece of the mover's, or takes a piece of a type in worth.
func mustList(s *vm.State, m *vm.Move, worth uint64) bool {
	mover := s.Mover()
	for _, a := range m.Actions(nil) {
		if _, ok := s.Retyped(a, mover); ok {
			return true
		}
	}
	for _, e := range m.Effects(nil) {
		if old, ok := s.Taken(e, mover); ok && (old.Type() >= 64 || worth>>uint(old.Type())&1 != 0) {
			return true
		}
	}
	return false
}

// TestGenerateCapturesOnto compares GenerateCapturesOnto with
// GenerateCapturesOf along random games: for a random set of types worth
// taking and every square, the moves it lists that land on the square must
// be those GenerateCapturesOf lists (same moves, same order), whichever
// pieces it did not visit; and it must list no move GenerateCapturesOf
// does not.
func TestGenerateCapturesOnto(t *testing.T) {
	files := shippedAndCorpus(t, "DagazProject+DagazProject.github.io/shogi/zrf/tori-shogi.zrf",
		"CheckersCollection/HuffCheckers.zrf", "BombChess/Bombs.zrf", "QiguoXiangqi/QiGuo.zrf")
	for _, file := range files {
		g := firstGame(t, file)
		rng := rand.New(rand.NewPCG(5, 6))
		var onto, fewer int
		for game := 0; game < 2; game++ {
			s, err := vm.NewState(g)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 100; ply++ {
				var some, near, legal vm.MoveList
				worth := rng.Uint64() | rng.Uint64()
				if err := s.GenerateCapturesOf(&some, false, worth); err != nil {
					t.Fatal(err)
				}
				for to := range int32(len(s.Board)) {
					if err := s.GenerateCapturesOnto(&near, false, worth, to); err != nil {
						t.Fatal(err)
					}
					if len(near.Moves) < len(some.Moves) {
						fewer++
					}
					j := 0
					for i := range near.Moves {
						m := &near.Moves[i]
						for j < len(some.Moves) && !some.Moves[j].SameAs(m) {
							j++
						}
						if j == len(some.Moves) {
							t.Fatalf("%s, game %d ply %d: onto %d lists %s, which GenerateCapturesOf does not (or out of order)", file, game, ply, to, s.MoveString(m))
						}
						j++
					}
					var want, got []*vm.Move
					for i := range some.Moves {
						if some.Moves[i].To == to {
							want = append(want, &some.Moves[i])
						}
					}
					for i := range near.Moves {
						if near.Moves[i].To == to {
							got = append(got, &near.Moves[i])
						}
					}
					if len(got) != len(want) {
						t.Fatalf("%s, game %d ply %d: %d captures onto %d, GenerateCapturesOf lists %d", file, game, ply, len(got), to, len(want))
					}
					for i := range got {
						if !got[i].SameAs(want[i]) {
							t.Fatalf("%s, game %d ply %d: onto %d: %s where GenerateCapturesOf lists %s", file, game, ply, to, s.MoveString(got[i]), s.MoveString(want[i]))
						}
					}
					onto += len(got)
				}
				if err := s.Generate(&legal); err != nil {
					t.Fatal(err)
				}
				if o, _ := s.Outcome(&legal); o.Over || len(legal.Moves) == 0 {
					break
				}
				if err := s.Make(&legal.Moves[rng.IntN(len(legal.Moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %d captures onto their squares; %d lists shorter than GenerateCapturesOf's", file, onto, fewer)
		if onto == 0 {
			t.Errorf("%s: no capture met", file)
		}
	}
}
