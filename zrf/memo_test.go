// This file checks that sharing lowered and compiled move definitions
// between the games and variants of a file changes no result.

package zrf

import (
	"reflect"
	"testing"
)

// checkSharingChangesNothing loads a file with sharing and without, and
// compares everything loading produced.
func checkSharingChangesNothing(t *testing.T, path string, src []byte) {
	t.Helper()
	load := func() (*File, error) {
		if src == nil {
			return LoadFile(path)
		}
		return Load(path, src)
	}
	shared, errShared := load()
	shareDefs = false
	fresh, errFresh := load()
	shareDefs = true
	if !reflect.DeepEqual(errShared, errFresh) {
		t.Errorf("%s: errors differ with sharing:\n%v\nwithout:\n%v", path, errShared, errFresh)
	}
	if !reflect.DeepEqual(shared, fresh) {
		t.Errorf("%s: loaded differently with sharing", path)
	}
}

// sharingZRF has variants that inherit the game's pieces under name tables
// that answer some of their questions differently: directions in another
// order, flags and move types numbered in another order, a direction
// missing. Sharing must notice each difference, and replay what lowering
// records besides statements: the move type skip, declared by add-partial
// before the separator declares later, and the flag never-set, tested and
// never set (a warning in each game).
const sharingZRF = `
(define step ($1 (verify empty?) add))
(define flagged ($1 (set-flag $2 true) (verify (flag? $2)) add))
(define typed ($1 (verify empty?) (add-partial $2)))
(define never ($1 (verify (not (flag? never-set))) add))
(define grid3 (start-rectangle 0 0 30 30) (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10))))
(game
   (title "Base")
   (players White Black)
   (turn-order White Black)
   (move-priorities jump hop)
   (board (grid (grid3) (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
   (board-setup (White (P a1) (Q b1)) (Black (P c3)))
   (piece (name P)
      (moves (step n) (step e) (flagged s f1) (typed w jump) (typed n skip)
             (move-type jump) (step n) (typed e hop)
             (move-type later) (step s) (never e)))
   (piece (name Q)
      (moves (flagged n f2) (step w) (typed s hop)))
   (loss-condition (White Black) stalemated))
(variant (title "Same again"))
(variant (title "Directions in another order")
   (board (grid (grid3) (directions (e 1 0) (n 0 -1) (w -1 0) (s 0 1)))))
(variant (title "Flags in another order")
   (piece (name P) (moves (flagged s f2) (flagged n f1) (step n))))
(variant (title "Move types in another order")
   (move-priorities hop jump))
(variant (title "No west")
   (board (grid (grid3) (directions (n 0 -1) (e 1 0) (s 0 1))))
`

func TestSharedDefs(t *testing.T) {
	src := []byte(sharingZRF)
	f, err := Load("sharing.zrf", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Games) != 6 {
		t.Fatalf("%d games and variants, want 6", len(f.Games))
	}
	// "Same again" must reuse the game's programs, not copies of them.
	base, same := f.Games[0].Game, f.Games[1].Game
	if base.Pieces[1].Moves[0].Prog != same.Pieces[1].Moves[0].Prog {
		t.Errorf("an identical variant compiled its inherited moves again")
	}
	checkSharingChangesNothing(t, "sharing.zrf", src)
}
