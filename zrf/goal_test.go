// This file tests FEN round trips and goal evaluation through real rule files.

package zrf

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"zrun/vm"
)

// Every FEN of the reference table reads and writes back unchanged (the table's
// FENs are in Fairy-Stockfish's canonical form: castling KQkq, an en-passant
// square only where a capture is possible).
func TestFENRoundTrip(t *testing.T) {
	f, err := os.Open(perftTable)
	if err != nil {
		t.Skipf("reference perft table absent: %v", err)
	}
	defer f.Close()
	games := map[string]*vm.State{
		"chess":      loadState(t, "../games/chess.zrf", nil, ""),
		"capablanca": loadState(t, "../games/capablanca.zrf", nil, ""),
		"schoolbook": loadState(t, "../games/schoolbook.zrf", nil, ""),
	}
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 3 || seen[cols[2]] {
			continue
		}
		s := games[cols[1]]
		if s == nil {
			continue
		}
		seen[cols[2]] = true
		if err := s.SetFEN(cols[2]); err != nil {
			t.Errorf("%s: SetFEN(%q): %v", cols[0], cols[2], err)
			continue
		}
		out, err := s.FEN()
		if err != nil || out != cols[2] {
			t.Errorf("%s: FEN round trip\n got %q (%v)\nwant %q", cols[0], out, err, cols[2])
		}
		n++
	}
	if n < 25 {
		t.Fatalf("only %d FENs checked", n)
	}
}

func TestBadFENLeavesStateAlone(t *testing.T) {
	s := loadState(t, "../games/chess.zrf", nil, "")
	before, _ := s.FEN()
	for _, bad := range []string{"", "rnbqkbnr/8 w", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1", "8/8/8/8/8/8/8/9 w - - 0 1", "8/8/8/8/8/8/8/8 x - - 0 1"} {
		if err := s.SetFEN(bad); err == nil {
			t.Errorf("SetFEN(%q): no error", bad)
		}
		if after, _ := s.FEN(); after != before {
			t.Fatalf("SetFEN(%q) changed the position to %q", bad, after)
		}
	}
}

// play makes the moves given in coordinates (e2e4, e7e8q) and returns the outcome.
func play(t *testing.T, s *vm.State, moves ...string) vm.Outcome {
	t.Helper()
	var ml vm.MoveList
	for _, mv := range moves {
		if err := s.Generate(&ml); err != nil {
			t.Fatal(err)
		}
		found := false
		for i := range ml.Moves {
			if s.CoordString(&ml.Moves[i]) == mv {
				if err := s.Make(&ml.Moves[i]); err != nil {
					t.Fatal(err)
				}
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("move %s not legal", mv)
		}
	}
	o, err := s.Outcome(nil)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestGoalOutcomes(t *testing.T) {
	chess := "../games/chess.zrf"
	ttt := "../../shared/zrf-corpus/_embedded/TicTacToe-zillions-v2.zrf"
	for _, tc := range []struct {
		name   string
		path   string
		fen    string
		moves  []string
		over   bool
		winner int
		reason string
	}{
		{"fool's mate", chess, "", []string{"f2f3", "e7e5", "g2g4", "d8h4"}, true, 1, "checkmated"},
		{"check is not mate", chess, "", []string{"e2e4", "f7f6", "d1h5"}, false, -1, ""},
		{"king can still move", chess, "k7/8/8/2Q5/8/8/8/7K w - - 0 1", []string{"h1g1"}, false, -1, ""},
		{"stalemate", chess, "k7/8/2Q5/8/8/8/8/7K w - - 0 1", []string{"c6b6"}, true, -1, "stalemated"},
		{"three in a row", ttt, "", []string{"M@top-left", "M@middle-left", "M@top-middle", "M@middle-middle", "M@top-right"}, true, 0, "relative-config"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := os.Stat(tc.path); err != nil {
				t.Skipf("%s absent", tc.path)
			}
			s := loadState(t, tc.path, nil, "")
			if tc.fen != "" {
				if err := s.SetFEN(tc.fen); err != nil {
					t.Fatal(err)
				}
			}
			o := play(t, s, tc.moves...)
			if o.Over != tc.over || (tc.over && (o.Winner != tc.winner || o.Reason != tc.reason)) {
				t.Fatalf("outcome %+v, want over=%v winner=%d reason=%s", o, tc.over, tc.winner, tc.reason)
			}
		})
	}
}

// With Chess.zrf's move-priorities line, a capture is mandatory: after 1. e4 d5
// White's only moves are the captures exd5 (Chess_mandatory.zrf).
func TestMovePriorities(t *testing.T) {
	path := "../../shared/zrf-corpus/GlukKazan+ZoG/Rules/Chess_mandatory.zrf"
	if _, err := os.Stat(path); err != nil {
		t.Skipf("corpus absent: %v", err)
	}
	s := loadState(t, path, nil, "")
	play(t, s, "e2e4", "d7d5")
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	if len(ml.Moves) != 1 || s.CoordString(&ml.Moves[0]) != "e4d5" {
		var got []string
		for i := range ml.Moves {
			got = append(got, s.CoordString(&ml.Moves[i]))
		}
		t.Fatalf("moves %v, want only the capture e4d5", got)
	}
}

// absolute-config with (opponent T), (any-owner T) and (not T) elements, as
// External/Checker Games.zrf uses them.
func TestAbsoluteConfigOwners(t *testing.T) {
	src := `(game (title "Owners") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 1 1) (dimensions ("a/b/c" (1 0)) ("2/1" (0 1))) (directions (e 1 0)))
    (zone (name top) (players A B) (positions a2 b2 c2)))
  (piece (name K) (moves (e add))) (piece (name M) (moves (e add)))
  (board-setup (A (M a1)) (B (K b2)))
  (win-condition (A) (absolute-config (opponent K) (top)))
  (win-condition (B) (absolute-config (not K) (top))))
(variant (title "Mine") (win-condition (A) (absolute-config (not M) (top))))
(variant (title "Anyone") (win-condition (B) (absolute-config (any-owner K) (top))))`
	for _, tc := range []struct {
		title  string
		winner int
	}{{"Owners", 0}, {"Mine", -2}, {"Anyone", 1}} {
		s := loadState(t, "owners.zrf", []byte(src), tc.title)
		o, err := s.Outcome(nil)
		if err != nil {
			t.Fatal(err)
		}
		if tc.winner == -2 {
			if o.Over {
				t.Errorf("%s: over %+v, want not over", tc.title, o)
			}
			continue
		}
		if !o.Over || o.Winner != tc.winner {
			t.Errorf("%s: outcome %+v, want winner %d", tc.title, o, tc.winner)
		}
	}
}
