// This file tests the saved-game reader and writer, and replay on our own
// chess rules with hand-written games under testdata/zsg.

package zrf

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"zrun/vm"
)

func TestReadZSG(t *testing.T) {
	tests := []struct {
		name, src string
		check     func(t *testing.T, sg *SavedGame)
		err       string // substring of the error, with its line:col
	}{
		{name: "full", src: "Zillions Save Game File Version 0.02 HC\r\nRulesFile=.\\Chess.zrf\r\nVariantName=Chess (fast)\r\n(Black Drunk-Elephant! 9h)\r\n(x b6)\r\n1. Pawn e2 - e4\r\n1. partial 2 Checker c3 - c5 x c4\r\n2. Pass\r\n",
			check: func(t *testing.T, sg *SavedGame) {
				if !sg.HasHeader || sg.Version != "0.02" || sg.Players != "HC" || sg.EOL != "\r\n" || sg.NoFinalEOL {
					t.Errorf("header = %+v", sg)
				}
				if sg.RulesFile() != `.\Chess.zrf` || sg.VariantName() != "Chess (fast)" {
					t.Errorf("keys = %+v", sg.Keys)
				}
				want := []ZSGSetup{{"Black", "Drunk-Elephant!", "9h", 4}, {"", "x", "b6", 5}}
				if len(sg.Setup) != 2 || sg.Setup[0] != want[0] || sg.Setup[1] != want[1] || !sg.Setup[1].Removes() {
					t.Errorf("setup = %+v", sg.Setup)
				}
				wantMoves := []ZSGMove{{1, "Pawn e2 - e4", 6}, {1, "partial 2 Checker c3 - c5 x c4", 7}, {2, "Pass", 8}}
				if len(sg.Moves) != 3 || sg.Moves[0] != wantMoves[0] || sg.Moves[1] != wantMoves[1] || sg.Moves[2] != wantMoves[2] {
					t.Errorf("moves = %+v", sg.Moves)
				}
			}},
		{name: "lf and no final newline", src: "Zillions Save Game File Version 0.02 H\nRulesFile=a.zrf\nVariantName=A\n1. Man a1 - a2",
			check: func(t *testing.T, sg *SavedGame) {
				if sg.EOL != "\n" || !sg.NoFinalEOL || sg.Players != "H" || len(sg.Moves) != 1 {
					t.Errorf("got %+v", sg)
				}
			}},
		{name: "moves only", src: "1. Knight g1 - f3\r\n1. Knight b8 - c6\r\n",
			check: func(t *testing.T, sg *SavedGame) {
				if sg.HasHeader || len(sg.Moves) != 2 || sg.RulesFile() != "" {
					t.Errorf("got %+v", sg)
				}
			}},
		{name: "empty", src: "", err: "x.zsg:1:1: empty file"},
		{name: "bad header", src: "Zillions Save Game File Version 0.02 HX\r\n", err: "x.zsg:1:33: header"},
		{name: "bad number", src: "Zillions Save Game File Version 0.02 HC\r\nRulesFile=a.zrf\r\n01. Pawn e2 - e4\r\n", err: "x.zsg:3:1: move line: bad move number"},
		{name: "no space", src: "1.Pawn e2 - e4\r\n", err: "x.zsg:1:3: expected"},
		{name: "mixed line ends", src: "1. Pawn e2 - e4\r\n1. Pawn e7 - e5\n", err: "x.zsg:2:16: line ends with LF"},
		{name: "bad setup", src: "Zillions Save Game File Version 0.02 HC\r\n(White King)\r\n", err: "x.zsg:2:2: setup"},
		{name: "setup without paren", src: "Zillions Save Game File Version 0.02 HC\r\n(White King e1\r\n", err: "x.zsg:2:15: setup: missing )"},
		{name: "setup after moves", src: "Zillions Save Game File Version 0.02 HC\r\n1. Pass\r\n(White King e1)\r\n", err: "x.zsg:3:1: move line"},
		{name: "blank line", src: "Zillions Save Game File Version 0.02 HC\r\n\r\n1. Pass\r\n", err: "x.zsg:2:1: move line"},
		{name: "not a saved game", src: "EZCLCZE\r\n", err: "x.zsg:1:1: expected"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sg, err := ReadZSG("x.zsg", []byte(tc.src))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error = %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, sg)
			if got := string(sg.Bytes()); got != tc.src {
				t.Errorf("written back:\n%q\nwant\n%q", got, tc.src)
			}
		})
	}
}

// FuzzReadZSG checks that the reader never panics, that its errors carry
// file:line:col, and that whatever it accepts it writes back unchanged.
func FuzzReadZSG(f *testing.F) {
	f.Add([]byte("Zillions Save Game File Version 0.02 HC\r\nRulesFile=a.zrf\r\nVariantName=A\r\n(White King e1)\r\n(x e2)\r\n1. Pawn e2 - e4\r\n"))
	f.Add([]byte("1. partial 2 Checker c3 - c5 x c4\n1. Pass"))
	f.Add([]byte("Zillions Save Game File Version 0.02 \r\n"))
	f.Add([]byte("(\r\n"))
	errRe := regexp.MustCompile(`^f\.zsg:\d+:\d+: `)
	f.Fuzz(func(t *testing.T, src []byte) {
		sg, err := ReadZSG("f.zsg", src)
		if err != nil {
			if !errRe.MatchString(err.Error()) {
				t.Fatalf("error without line:col: %v", err)
			}
			return
		}
		if got := sg.Bytes(); string(got) != string(src) {
			t.Fatalf("round trip:\n%q\nwant\n%q", got, src)
		}
	})
}

// replayTestdata reads, resolves (with ../games as search path), loads and
// replays a saved game under testdata/zsg.
func replayTestdata(t *testing.T, name string) (*SavedGame, *vm.State, *Replayed, error) {
	t.Helper()
	return replayTestdataIn(t, name, filepath.Join("..", "games"))
}

// replayTestdataIn is replayTestdata with rule files looked for in dir. A
// game that replays must also write back byte for byte.
func replayTestdataIn(t *testing.T, name, dir string) (*SavedGame, *vm.State, *Replayed, error) {
	t.Helper()
	path := filepath.Join("testdata", "zsg", name)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sg, err := ReadZSG(path, src)
	if err != nil {
		t.Fatal(err)
	}
	rules, err := ResolveRules(path, sg.RulesFile(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	f, err := LoadFile(rules)
	if f == nil {
		t.Fatal(err)
	}
	s, r, err := startReplay(t, sg, f, path)
	if err == nil {
		if out := sg.WithMoves(r.Lines).Bytes(); string(out) != string(src) {
			t.Errorf("round trip of %s:\n%s\nwant\n%s", name, out, src)
		}
	}
	return sg, s, r, err
}

// startReplay picks sg's game in f, sets up its start position and replays
// the moves; only the replay's error is returned.
func startReplay(t *testing.T, sg *SavedGame, f *File, name string) (*vm.State, *Replayed, error) {
	t.Helper()
	g, err := sg.FindGame(f)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sg.Start(g)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sg.Replay(s, name)
	return s, r, err
}

func TestReplayFoolsMate(t *testing.T) {
	_, s, r, err := replayTestdata(t, "foolsmate.zsg")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != 4 || r.Loose != 0 {
		t.Errorf("replayed %d moves (%d loose)", len(r.Moves), r.Loose)
	}
	// Fool's mate: White to move, checkmated.
	if o := play(t, s); !o.Over || o.Winner != 1 {
		t.Errorf("outcome = %+v, want Black to win", o)
	}
}

func TestReplaySetupEdits(t *testing.T) {
	_, s, _, err := replayTestdata(t, "setup.zsg")
	if err != nil {
		t.Fatal(err)
	}
	// Black has only the king and the rook that replaced the edited queen on
	// e7; the rook took e2 and then d2, the white king walked to f3.
	fen, err := s.FEN()
	if err != nil {
		t.Fatal(err)
	}
	if want := "4k3/8/8/8/8/5K2/PPPr2PP/RNBQ1BNR w - - 0 3"; !strings.HasPrefix(fen, strings.Join(strings.Fields(want)[:3], " ")) {
		t.Errorf("FEN = %s, want %s", fen, want)
	}
}

func TestReplayIllegal(t *testing.T) {
	_, s, r, err := replayTestdata(t, "illegal.zsg")
	var re *ReplayError
	if !errors.As(err, &re) {
		t.Fatalf("error = %v, want a *ReplayError", err)
	}
	if re.Line != 6 || re.Number != 2 || re.Text != "Pawn e4 - e5" || len(re.Legal) != 29 {
		t.Errorf("error = line %d move %d %q with %d legal moves", re.Line, re.Number, re.Text, len(re.Legal))
	}
	if !strings.HasPrefix(err.Error(), filepath.Join("testdata", "zsg", "illegal.zsg")+":6:1: move 2 \"Pawn e4 - e5\" is not a legal move; the 29 legal moves are:\n  ") {
		t.Errorf("message = %v", err)
	}
	if len(r.Moves) != 2 || s.Ply != 2 {
		t.Errorf("state after the failure: %d moves, ply %d; want the two legal moves made", len(r.Moves), s.Ply)
	}
}

func TestResolveRules(t *testing.T) {
	zsg := filepath.Join("testdata", "zsg", "foolsmate.zsg")
	games := filepath.Join("..", "games")
	for _, name := range []string{"chess.zrf", `.\Chess.ZRF`, `C:\Games\Zillions\Rules\chess.zrf`, "./chess.zrf"} {
		p, err := ResolveRules(zsg, name, []string{games})
		if err != nil || filepath.Base(p) != "chess.zrf" {
			t.Errorf("%s: %q, %v", name, p, err)
		}
	}
	if _, err := ResolveRules(zsg, "nosuch.zrf", []string{games}); err == nil || !strings.Contains(err.Error(), `rule file "nosuch.zrf" not found`) {
		t.Errorf("missing rules: %v", err)
	}
	if _, err := ResolveRules(zsg, "", nil); err == nil || !strings.Contains(err.Error(), "no RulesFile= line") {
		t.Errorf("no rules: %v", err)
	}
}

// TestReplayZillionsChessGames replays the corpus's Zillions chess games
// (saved without their header lines) with our chess.zrf: castling, en
// passant, promotion and the never-moved attribute text must match what
// Zillions wrote, move for move.
func TestReplayZillionsChessGames(t *testing.T) {
	dir := filepath.Join(corpusDir, "samboy+ChessVariantResearch", "_history", "Congo", "Games")
	names, _ := filepath.Glob(filepath.Join(dir, "Chess*.zsg"))
	if len(names) == 0 {
		t.Skipf("corpus chess games not available under %s", dir)
	}
	f, err := LoadFile(filepath.Join("..", "games", "chess.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		sg, err := ReadZSG(name, src)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		_, r, err := startReplay(t, sg, f, name)
		if err != nil {
			t.Errorf("%s", describeZSGErr(err))
			continue
		}
		if out := sg.WithMoves(r.Lines).Bytes(); string(out) != string(src) {
			t.Errorf("%s: round trip: %s", name, firstDiff(src, out))
		}
	}
}

// TestMoveTextOrder checks the order of a move's parts in Zillions' text on a
// small game: the piece's move first, then creations and other changes in
// program order, then captures (of a square the move itself fills, as
// Luzhanqi's "South Start c5 x c5"; a capture of a square empty throughout,
// c3 here, is not written: KoShogi's "E 10J x 15O x 15O"), then the promotion
// with "on sq" since other parts come between (Elementals' "RA f8 - e7 x d6 = RD on e7", Mancala's
// "P5 c2 - a4 White P1 c2 White P1 b3 = P3 on a4").
func TestMoveTextOrder(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 50 50)
    (dimensions ("a/b/c" (50 0)) ("3/2/1" (0 50))) (directions (n 0 -1) (e 1 0))))
  (piece (name Man) (moves ((create Man a3) (capture b1) (capture c3) n (add King))))
  (piece (name King))
  (board-setup (White (Man a1)) (Black (Man b1)))
  (win-condition (White Black) stalemated))`
	_, _, _, got := toyMoves(t, src)
	if len(got) != 1 {
		t.Fatalf("moves %q, want one", got)
	}
	if want := "Man a1 - a2 White Man a3 x b1 = King on a2"; got[0] != want {
		t.Errorf("move text %q, want %q", got[0], want)
	}
}

// TestOffBoardTestIsFalse: a test whose direction leads off the board is
// false, so its not- form is true and the move is generated. Zillions' saved
// Bahrain Dama game needs this (CheckersCollection.zrf's man-attacking-dir
// tests (not-enemy? w) on the a-file).
func TestOffBoardTestIsFalse(t *testing.T) {
	src := `(game (title "T") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 50 50)
    (dimensions ("a/b/c" (50 0)) ("3/2/1" (0 50))) (directions (n 0 -1) (w -1 0))))
  (piece (name Man) (moves ((verify (not-enemy? w)) n add) ((verify (enemy? w)) n n add)))
  (board-setup (White (Man a1)) (Black (Man c3)))
  (win-condition (White Black) stalemated))`
	if _, _, _, got := toyMoves(t, src); len(got) != 1 || got[0] != "Man a1 - a2" {
		t.Errorf("moves %q, want [\"Man a1 - a2\"]", got)
	}
}

// TestReplayGoesOnAfterTheEnd: lines after the game has ended are played, as
// Zillions lets play go on, and a player with no move then passes where the
// line says Pass (Chessence.zsg). A Pass before the end is still illegal.
func TestReplayGoesOnAfterTheEnd(t *testing.T) {
	rules := `(game (title "T") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 50 50)
    (dimensions ("a/b/c/d/e" (50 0)) ("1" (0 50))) (directions (e 1 0) (w -1 0))))
  (piece (name M) (moves (e (verify empty?) add)))
  (piece (name N) (moves (w (verify empty?) add)))
  (board-setup (A (M a1 d1)) (B (N c1)))
  (loss-condition (A B) stalemated))`
	f, err := Load("t.zrf", []byte(rules))
	if err != nil {
		t.Fatal(err)
	}
	replay := func(moves string) (*Replayed, error) {
		sg, err := ReadZSG("t.zsg", []byte("Zillions Save Game File Version 0.02 HH\nRulesFile=t.zrf\nVariantName=T\n"+moves))
		if err != nil {
			t.Fatal(err)
		}
		s, err := sg.Start(f.Games[0].Game)
		if err != nil {
			t.Fatal(err)
		}
		return sg.Replay(s, "t.zsg")
	}
	// After a1 - b1, B's N on c1 cannot move: B is stalemated and loses.
	r, err := replay("1. M a1 - b1\n1. Pass\n2. M d1 - e1\n")
	if err != nil {
		t.Fatal(err)
	}
	if !r.End.Over || r.End.Loser != 1 || r.End.Reason != "stalemated" || r.EndedAfter != 1 || r.AfterEnd() != 2 {
		t.Errorf("end %+v after %d moves, %d after the end; want B stalemated after 1, 2 after", r.End, r.EndedAfter, r.AfterEnd())
	}
	// B can move at the start, so a Pass there is no move.
	if _, err := replay("1. M d1 - e1\n1. Pass\n"); err == nil {
		t.Error("a Pass by a player with a move replayed")
	}
}
