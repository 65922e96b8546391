package vm_test

import (
	"testing"

	"zrun/vm"
	"zrun/zrf"
)

// gateGame is a small game whose Sniper captures with a block the
// specialiser does not know, gated by a test of the last move's square
// (as en passant is): it takes the piece two squares ahead when the
// square between is where the last move ended. So a Stone (which steps
// sideways and attacks nothing) that lands between a Sniper and the enemy
// King gives check (or, for the enemy's Sniper and our King, is illegal)
// though it opens no line: the case the guards' gates (markPaths) must
// see.
const gateGame = `
(define step ($1 (verify not-friend?) add))
(game
   (title "Gate")
   (players White Black)
   (turn-order White Black)
   (board
      (grid
         (start-rectangle 0 0 50 50)
         (dimensions ("a/b/c/d/e/f" (50 0)) ("6/5/4/3/2/1" (0 50)))
         (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)
                     (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
      (symmetry Black (n s) (s n) (ne se) (se ne) (nw sw) (sw nw)))
   (piece (name King)
      (moves (step n) (step e) (step s) (step w) (step ne) (step nw) (step se) (step sw)))
   (piece (name Sniper)
      (moves (step n) (step e) (step w) (step s)
             (n (verify last-to?) n (verify enemy?) add)))
   (piece (name Stone)
      (moves (e (verify empty?) add) (w (verify empty?) add)))
   (piece (name Rook)
      (moves (n (while empty? add n) (verify not-friend?) add)
             (e (while empty? add e) (verify not-friend?) add)
             (s (while empty? add s) (verify not-friend?) add)
             (w (while empty? add w) (verify not-friend?) add)))
   (board-setup
      (White (King a1) (Sniper b2 d2 f2) (Stone a3 c3 e3) (Rook c1))
      (Black (King f6) (Sniper a5 c5 e5) (Stone b4 d4 f4) (Rook d6)))
   (loss-condition (White Black) (checkmated King))
   (draw-condition (White Black) stalemated)
)
`

// TestGuardsThroughGates plays random games of gateGame and of chess (whose
// en passant blocks are gated) and requires the check and legality guards
// to hold in every position (checkGuardHolds, legalGuardHolds) and to apply
// through a gate in some of them. (Leaving the gate's square out of the
// paths fails it: a Stone that steps between a Sniper and the King is then
// cleared.)
func TestGuardsThroughGates(t *testing.T) {
	gate, err := zrf.Load("gate.zrf", []byte(gateGame))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		g    *vm.Game
	}{
		{"gate.zrf", gate.Games[0].Game},
		{"chess.zrf", firstGame(t, "../games/chess.zrf")},
	} {
		var cg vm.CheckGuard
		var lg vm.LegalGuard
		pseudo := &vm.MoveList{}
		gatedChecks, gatedLegal := 0, 0
		eachPosition(t, c.g, 7, 40, 120, func(s *vm.State, ml *vm.MoveList) {
			s.GuardChecks(&cg)
			checkGuardHolds(t, c.name, s, ml, &cg)
			if cg.Gated() {
				gatedChecks++
			}
			legalGuardHolds(t, c.name, s, pseudo, &lg)
			if lg.Gated() {
				gatedLegal++
			}
		})
		t.Logf("%s: guards through a gate: %d check guards, %d legality guards", c.name, gatedChecks, gatedLegal)
		if gatedChecks == 0 || gatedLegal == 0 {
			t.Errorf("%s: no guard applied through a gate", c.name)
		}
	}
}
