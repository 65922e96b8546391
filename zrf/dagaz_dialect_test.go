// This file tests the Dagaz dialect (dagaz.go, readDagaz) on toy rule files:
// which games are read as Dagaz's, and the two rules of Dagaz's runtime
// (zrf-model.js) honoured for them, against counts derived by hand from
// those documented rules: a drop piece without "off N" is in hand without
// limit, and "shared pieces" lets the mover move every player's pieces.

package zrf

import (
	"strings"
	"testing"

	"zrun/vm"
)

// dropOnly is toyRules' Stone with drops and no moves: a move is a drop on
// an empty square of the 3x3 board, so with enough in hand the number of
// games of n plies is 9*8*...*(9-n+1).
const dropOnly = `  (piece (name Stone) (drops ((verify empty?) add)))`

// stalemateDraw is a goal that never ends a game before a player is stuck.
const stalemateDraw = `  (draw-condition (X O) stalemated)`

func TestDagazUnlimitedHand(t *testing.T) {
	tests := []struct {
		name         string
		extra, setup string
		goals        string
		dagaz        string   // part of GameDef.Dagaz; "" for a Zillions reading
		perft        []uint64 // perft(1), perft(2), ...
	}{
		// No goal, no "off N": dead under Zillions, so read as Dagaz's,
		// and both hands are unlimited: 9, 9*8, 9*8*7, 9*8*7*6.
		{name: "no goal, no off N", setup: "-", goals: "-", dagaz: "no goal, and drops of Stone that no player ever holds",
			perft: []uint64{9, 72, 504, 3024}},
		// The same drops with a goal: a Zillions file, whose missing
		// "off N" is none in hand.
		{name: "goal, no off N: Zillions", setup: "-", goals: stalemateDraw, perft: []uint64{0}},
		// Zillions counts: one Stone each, then X has none at ply 3.
		{name: "off 1 each: Zillions", setup: `  (board-setup (X (Stone off 1)) (O (Stone off 1)))`, goals: stalemateDraw,
			perft: []uint64{9, 72, 0}},
		// A Dagaz option marks the file; O's "off 1" counts, X has no
		// "off N" and so no limit: X drops at plies 1 and 3, O only at 2.
		{name: "Dagaz option, off N for O only", extra: `(option "smart-moves" from)`,
			setup: `  (board-setup (O (Stone off 1)))`, goals: stalemateDraw, dagaz: `option "smart-moves"`,
			perft: []uint64{9, 72, 504, 0}},
		// "off 0" is a reserve of none in Dagaz too: O never drops.
		{name: "Dagaz option, off 0 for O", extra: `(option "smart-moves" from)`,
			setup: `  (board-setup (O (Stone off 0)))`, goals: stalemateDraw, dagaz: `option "smart-moves"`,
			perft: []uint64{9, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := toyFile(tc.extra, dropOnly, tc.setup, tc.goals)
			f, err := Load("toy.zrf", []byte(src))
			if err != nil || len(f.Games) != 1 {
				t.Fatalf("load: %v\n%s", err, src)
			}
			gd := f.Games[0]
			if (tc.dagaz == "") != (gd.Dagaz == "") || !strings.Contains(gd.Dagaz, tc.dagaz) {
				t.Errorf("Dagaz = %q, want %q", gd.Dagaz, tc.dagaz)
			}
			for _, st := range gd.Stubs {
				if st.Kind == StubNoSupply && tc.dagaz != "" {
					t.Errorf("a Dagaz game with unlimited hands flagged for its supply: %v", st.Warning)
				}
			}
			for d, want := range tc.perft {
				s, err := vm.NewState(gd.Game)
				if err != nil {
					t.Fatal(err)
				}
				got, err := s.Perft(d + 1)
				if err != nil || got != want {
					t.Errorf("perft(%d) = %d, %v; want %d", d+1, got, err, want)
				}
			}
		})
	}
}

// TestDagazUnlimitedHandKeepsCount checks that a drop from an unlimited
// hand takes nothing from it: the count stays, the player may drop again,
// and unmaking restores the position's hash.
func TestDagazUnlimitedHandKeepsCount(t *testing.T) {
	f, err := Load("toy.zrf", []byte(toyFile("", dropOnly, "-", "-")))
	if err != nil {
		t.Fatal(err)
	}
	g := f.Games[0].Game
	s, err := vm.NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	h0 := s.Hash()
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil || len(ml.Moves) == 0 {
		t.Fatalf("no drop at the start: %v", err)
	}
	if err := s.Make(&ml.Moves[0]); err != nil {
		t.Fatal(err)
	}
	for pl := range g.Players {
		if n := s.HandCount(pl, 0); n != 0 || !s.HasInHand(pl, 0) {
			t.Errorf("player %d: hand count %d, in hand %v; want 0 and true", pl, n, s.HasInHand(pl, 0))
		}
	}
	s.Unmake()
	if s.Hash() != h0 {
		t.Errorf("hash after unmake %x, want %x", s.Hash(), h0)
	}
}

// sharedRules: X and O move; N owns the one Stone, on a1 of a 3x3 board,
// which steps north or east onto an empty square (the first %s: the
// step's guard; the second: the option).
const sharedRules = `(define step (%s $1 (verify empty?) add))
(game
  (title "Shared")
  (players X O N)
  (turn-order X O)
  %s
  (board
    (grid
      (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (e 1 0))))
  (piece (name Stone) (moves (step n) (step e)))
  (board-setup (N (Stone a1)))
  (draw-condition (X O) stalemated)
)
`

func TestDagazSharedPieces(t *testing.T) {
	tests := []struct {
		name          string
		option, guard string
		perft         []uint64
	}{
		// Without sharing X and O own nothing and cannot move.
		{name: "not shared", option: `(option "shared pieces" false)`, perft: []uint64{0}},
		// Shared: X and O in turn move N's Stone one step north or east:
		// the games of n plies are the n-step north/east paths from a1
		// that stay on the board (at most two of each): 2, 4, then 8
		// minus nnn and eee = 6.
		{name: "shared", option: `(option "shared pieces" true)`, perft: []uint64{2, 4, 6}},
		{name: "shared, dashed spelling", option: `(option "shared-pieces" true)`, perft: []uint64{2, 4, 6}},
		// The Stone keeps its owner N: friend? (the mover's own piece)
		// is false for X, as Dagaz's isFriend compares owner and mover.
		{name: "shared, but not a friend", option: `(option "shared pieces" true)`, guard: "(verify friend?)", perft: []uint64{0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(strings.Replace(sharedRules, "%s", tc.guard, 1), "%s", tc.option, 1)
			f, err := Load("shared.zrf", []byte(src))
			if err != nil || len(f.Games) != 1 {
				t.Fatalf("load: %v\n%s", err, src)
			}
			gd := f.Games[0]
			if !strings.Contains(gd.Dagaz, "option \"shared") {
				t.Errorf("Dagaz = %q, want the shared pieces option", gd.Dagaz)
			}
			for d, want := range tc.perft {
				s, err := vm.NewState(gd.Game)
				if err != nil {
					t.Fatal(err)
				}
				got, err := s.Perft(d + 1)
				if err != nil || got != want {
					t.Errorf("perft(%d) = %d, %v; want %d", d+1, got, err, want)
				}
			}
			if tc.perft[0] == 0 {
				return
			}
			// After X's move the Stone is still N's.
			s, _ := vm.NewState(gd.Game)
			var ml vm.MoveList
			if err := s.Generate(&ml); err != nil {
				t.Fatal(err)
			}
			if err := s.Make(&ml.Moves[0]); err != nil {
				t.Fatal(err)
			}
			for p, c := range s.Board {
				if c != vm.Empty && c.Owner() != 2 {
					t.Errorf("square %d: owner %d after X's move, want N (2)", p, c.Owner())
				}
			}
		})
	}
}
