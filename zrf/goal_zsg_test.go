// This file tests, on toy rule files, goal semantics that Zillions' own saved
// games of the corpus decided: in each, Zillions played on where another
// reading of the goal would have ended the game (each test names the save).

package zrf

import (
	"testing"

	"zrun/vm"
)

// lineBoard is a 5x1 board a1..e1 with directions e and w.
const lineBoard = `(board (grid (start-rectangle 0 0 50 50)
    (dimensions ("a/b/c/d/e" (50 0)) ("1" (0 50))) (directions (e 1 0) (w -1 0)))
    (zone (name middle) (players A B) (positions b1 c1)))`

// outcomeAfter loads variant title of src, plays the moves (coordinates) and
// returns the outcome before each move and after the last.
func outcomeAfter(t *testing.T, src, title string, moves ...string) []vm.Outcome {
	t.Helper()
	s := loadState(t, "goals.zrf", []byte(src), title)
	o, err := s.Outcome(nil)
	if err != nil {
		t.Fatal(err)
	}
	out := []vm.Outcome{o}
	for _, mv := range moves {
		play(t, s, mv)
		o, err := s.Outcome(nil)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, o)
	}
	return out
}

// TestAbsoluteConfigNeedsEveryListedPosition: a list of positions is met
// only when every one holds such a piece; a zone, when any of its positions
// does. Elementals.zsg (win: "control 4 central squares", (absolute-config
// ... (e5 f5 e6 f6))) plays on for 38 moves after Light's GD reached f5.
func TestAbsoluteConfigNeedsEveryListedPosition(t *testing.T) {
	src := `(game (title "List") (players A B) (turn-order A B)
  ` + lineBoard + `
  (piece (name M) (moves (e add)))
  (piece (name N) (moves (w add)))
  (board-setup (A (M a1 b1)) (B (N e1)))
  (win-condition (A) (absolute-config M (b1 c1))))
(variant (title "Zone") (win-condition (A) (absolute-config M (middle))))`
	for _, tc := range []struct {
		title string
		moves []string
		over  []bool
	}{
		// b1 holds an M from the start, c1 only after b1c1 and a1b1.
		{"List", []string{"b1c1", "e1d1", "a1b1"}, []bool{false, false, false, true}},
		{"Zone", nil, []bool{true}},
	} {
		var got []bool
		for _, o := range outcomeAfter(t, src, tc.title, tc.moves...) {
			got = append(got, o.Over)
		}
		if len(got) != len(tc.over) {
			t.Fatalf("%s: %d outcomes", tc.title, len(got))
		}
		for i := range got {
			if got[i] != tc.over[i] {
				t.Errorf("%s: after %d moves over=%v, want %v", tc.title, i, got[i], tc.over[i])
			}
		}
	}
}

// TestCapturedMeansTakenInTheLastTurn: (captured T) holds when the last turn
// captured a piece of the player of type T, by landing on it or by capture.
// Duke.zsg starts with no Duke on the board (the first move drops it) and
// PassiveChess.zsg's "General a6 - a5 = Horse" leaves Black one General
// fewer, yet Zillions plays on in both; both end on a capture of the piece.
func TestCapturedMeansTakenInTheLastTurn(t *testing.T) {
	src := `(game (title "Land") (players A B ?R) (turn-order B A) (option "pass turn" true)
  ` + lineBoard + `
  (piece (name G) (moves (e (add H))))
  (piece (name H) (moves (e add)))
  (piece (name X) (moves (w add) (w (verify enemy?) capture w (verify empty?) add)))
  (board-setup (A (G c1) (H a1)) (B (X e1)))
  (loss-condition (A B) (captured G)))
(variant (title "Jump") (board-setup (A (G d1) (H a1)) (B (X e1))))`
	for _, tc := range []struct {
		title  string
		moves  []string
		loser  int // the player who has lost after the last move, -1: not over
		winner int
	}{
		// B has no G at all; A's G takes X and turns into an H: no G is captured.
		{"Land", []string{"e1d1", "c1d1h"}, -1, -1},
		// X lands on the G, or jumps it (a capture act): A loses, and B
		// wins (the dice player ?R neither wins nor loses).
		{"Jump", []string{"e1d1"}, 0, 1},
		{"Jump", []string{"e1c1"}, 0, 1},
	} {
		outs := outcomeAfter(t, src, tc.title, tc.moves...)
		for i, o := range outs[:len(outs)-1] {
			if o.Over {
				t.Errorf("%s %v: over after %d moves: %+v", tc.title, tc.moves, i, o)
			}
		}
		last := outs[len(outs)-1]
		if last.Over != (tc.loser >= 0) || (last.Over && (last.Loser != tc.loser || last.Winner != tc.winner)) {
			t.Errorf("%s %v: outcome %+v, want loser %d winner %d", tc.title, tc.moves, last, tc.loser, tc.winner)
		}
	}
}

// TestCapturedIgnoresPiecesMovedAway: a move landing on a square whose piece
// the same move carries on (a cascade, or a king on its castling rook's
// square) captures nothing there.
func TestCapturedIgnoresPiecesMovedAway(t *testing.T) {
	src := `(game (title "Cascade") (players A B) (turn-order A B) (option "pass turn" true)
  ` + lineBoard + `
  (piece (name K) (moves (e (verify friend?) cascade e (verify empty?) add)))
  (piece (name R))
  (board-setup (A (K a1) (R b1)) (B (R e1)))
  (loss-condition (A B) (captured R)))`
	s := loadState(t, "goals.zrf", []byte(src), "")
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	for i := range ml.Moves {
		if ml.Moves[i].Pass {
			continue
		}
		text := s.MoveString(&ml.Moves[i])
		if err := s.Make(&ml.Moves[i]); err != nil {
			t.Fatal(err)
		}
		if o, err := s.Outcome(nil); err != nil || o.Over {
			t.Errorf("after %s: outcome %+v (%v), want the game to go on", text, o, err)
		}
		return
	}
	t.Fatal("no cascade move")
}

// TestStalematedMoverOfAnotherPlayersPieces: stalemated holds for the player
// whose turn it is when its turn moves another player's pieces. African Chess
// (GlukKazan/ZoG) plays (turn-order (White N white-turn) (Black N
// black-turn)) with every piece N's and (loss-condition (White Black)
// stalemated); read for N alone the condition could never hold.
func TestStalematedMoverOfAnotherPlayersPieces(t *testing.T) {
	src := `(game (title "Neutral") (players A B N) (turn-order (A N) (B N))
  ` + lineBoard + `
  (piece (name M) (moves (e (verify empty?) add)))
  (board-setup (N (M d1)))
  (loss-condition (A B) stalemated))`
	outs := outcomeAfter(t, src, "", "d1e1")
	if outs[0].Over {
		t.Fatalf("over at the start: %+v", outs[0])
	}
	if o := outs[1]; !o.Over || o.Loser != 1 || o.Winner != 0 || o.Reason != "stalemated" {
		t.Errorf("after A's move B cannot move: outcome %+v, want B stalemated and A the winner", o)
	}
}
