// This file tests Schoolbook's draws that Zillions' Schoolbook lacks: the
// fifty-move rule and the draw by insufficient mating material (FIDE Laws
// 9.3 and 5.2.2, which the Schoolbook rules text adopts: "rules otherwise as
// in FIDE chess"), reached by playing moves.

package games_test

import (
	"testing"

	"zrun/vm"
	"zrun/zrf"
)

// schoolbookState loads schoolbook.zrf's main game at fen.
func schoolbookState(t *testing.T, fen string) *vm.State {
	t.Helper()
	f, err := zrf.LoadFile("schoolbook.zrf")
	if err != nil {
		t.Fatal(err)
	}
	g := f.Games[0].Game
	if g.Title != "Schoolbook" {
		t.Fatalf("first game is %q, want Schoolbook", g.Title)
	}
	s, err := vm.NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetFEN(fen); err != nil {
		t.Fatalf("%q: %v", fen, err)
	}
	return s
}

// playCoord makes the legal move written in coordinates (e.g. "e3d1").
func playCoord(t *testing.T, s *vm.State, coord string) {
	t.Helper()
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	for i := range ml.Moves {
		if s.CoordString(&ml.Moves[i]) == coord {
			if err := s.Make(&ml.Moves[i]); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("%s is not a legal move", coord)
}

func outcomeOf(t *testing.T, s *vm.State) vm.Outcome {
	t.Helper()
	o, err := s.Outcome(nil)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestSchoolbookInsufficientMaterial(t *testing.T) {
	cases := []struct {
		name, fen string
		moves     []string
		draw      bool
	}{
		// Black's Knight takes the last White piece: K+N vs K cannot mate.
		{"K+N vs K", "10/10/10/4k5/10/4n5/10/3R3K2 b - - 0 1", []string{"e3d1"}, true},
		// White's Bishop takes the last Black piece: K+B vs K cannot mate.
		{"K+B vs K", "7k2/10/7q2/10/10/10/10/K1B7 w - - 0 1", []string{"c1h6"}, true},
		// The Kings alone (the Rook first takes the Knight: K+R vs K plays on).
		{"K vs K", "10/10/10/10/4k5/4n5/4R5/7K2 w - - 0 1", []string{"e2e3", "e4e3"}, true},
		// A Rook, an Archbishop or a Marshall mates with its King's help.
		{"K+R vs K", "10/10/10/4k5/10/4n5/10/R2B3K2 w - - 0 1", []string{"d1e2", "e3c2", "e2c4", "c2a1"}, false},
		{"K+A vs K", "10/10/10/4k5/10/4n5/10/3A3K2 w - - 0 1", []string{"d1e3"}, false},
		{"K+M vs K", "10/10/10/4k5/10/4n5/10/3M3K2 w - - 0 1", []string{"d1e3"}, false},
		// A Pawn can promote.
		{"K+P vs K", "10/10/10/4k5/10/4n5/3P6/7K2 b - - 0 1", []string{"e3g2", "h1g2"}, false},
		// Two Knights can mate (with the defender's help): more than three pieces is never dead.
		{"K+N+N vs K", "10/10/10/4k5/10/4n5/10/3NN2K2 w - - 0 1", []string{"e1c2"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := schoolbookState(t, c.fen)
			for i, m := range c.moves {
				if o := outcomeOf(t, s); o.Over {
					t.Fatalf("game over before move %d %s: %+v", i, m, o)
				}
				playCoord(t, s, m)
			}
			o := outcomeOf(t, s)
			got := o.Over && o.Winner == -1 && o.Reason == "insufficient material"
			if got != c.draw {
				t.Errorf("after %v: outcome %+v, want insufficient-material draw = %v", c.moves, o, c.draw)
			}
		})
	}
}

// TestSchoolbookFiftyMoves plays 100 quiet half-moves (no capture, no Pawn
// move, no position repeated) with King and Rook against King and Rook: the
// game is drawn after the 100th and not before. A Pawn move resets the count.
func TestSchoolbookFiftyMoves(t *testing.T) {
	s := schoolbookState(t, "r4k4/10/10/10/10/10/10/R3K5 w - - 0 1")
	seen := map[uint64]bool{s.Hash(): true}
	var ml vm.MoveList
	for ply := 1; ply <= 100; ply++ {
		if err := s.Generate(&ml); err != nil {
			t.Fatal(err)
		}
		played := false
		for i := range ml.Moves {
			if err := s.Make(&ml.Moves[i]); err != nil {
				t.Fatal(err)
			}
			o := outcomeOf(t, s)
			if s.Quiet == ply && !seen[s.Hash()] && (!o.Over || ply == 100) {
				seen[s.Hash()] = true
				played = true
				break
			}
			s.Unmake()
		}
		if !played {
			t.Fatalf("ply %d: no quiet move to a new position", ply)
		}
		o := outcomeOf(t, s)
		if ply < 100 && o.Over {
			t.Fatalf("over after %d quiet half-moves: %+v", ply, o)
		}
		if ply == 100 && !(o.Over && o.Winner == -1 && o.Reason == "fifty-move rule") {
			t.Fatalf("after 100 quiet half-moves: %+v, want the fifty-move draw", o)
		}
	}

	// 99 quiet half-moves, then a Pawn move: the count starts again.
	s = schoolbookState(t, "r4k4/10/10/10/10/10/P9/R3K5 w - - 99 60")
	playCoord(t, s, "a2a3")
	if o := outcomeOf(t, s); o.Over || s.Quiet != 0 {
		t.Errorf("after a Pawn move at count 99: quiet %d, outcome %+v; want 0 and play on", s.Quiet, o)
	}
	s = schoolbookState(t, "r4k4/10/10/10/10/10/P9/R3K5 w - - 99 60")
	playCoord(t, s, "e1d2")
	if o := outcomeOf(t, s); o.Reason != "fifty-move rule" {
		t.Errorf("after a King move at count 99: %+v, want the fifty-move draw", o)
	}
}

// TestShippedChessDrawOptions: every shipped chess game turns on both draws
// through the zrun extension options, and its variants inherit them.
func TestShippedChessDrawOptions(t *testing.T) {
	for _, file := range []string{"chess.zrf", "capablanca.zrf", "chess960.zrf", "schoolbook.zrf"} {
		f, err := zrf.LoadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, gd := range f.Games {
			if o := gd.Game.Options; o.FiftyMove != 50 || !o.InsufficientMaterial {
				t.Errorf("%s %q: fifty-move %d, insufficient material %v; want 50 and true",
					file, gd.Game.Title, o.FiftyMove, o.InsufficientMaterial)
			}
		}
	}
}
