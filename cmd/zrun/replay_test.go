// This file tests "zrun replay", the REPL's save and load of .zsg files and
// the PGN export. References: the well-known FEN of Fool's mate, PGN written
// by hand from the rules of chess, and Fairy-Stockfish for final positions.

package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"zrun/cmd/zrun/internal/play"
	"zrun/cmd/zrun/internal/repl"
)

const zsgTestdata = "../../zrf/testdata/zsg"

func TestReplayCommand(t *testing.T) {
	var out, errb bytes.Buffer
	code := runMain([]string{"replay", "--path", "../../games", filepath.Join(zsgTestdata, "foolsmate.zsg")}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{
		"4 of 4 moves replayed",
		"FEN: rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
		"Result: Black wins by checkmate",
		"4  . . . . . . P q", // 2.g4 Qh4#: plain ASCII off a terminal
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// Chessence.zsg goes on after Black is stalemated (a loss under its rules):
// the result is the stalemate, and the report says where the game ended.
func TestReplayCommandPlayAfterTheEnd(t *testing.T) {
	game := "../../../shared/zrf-corpus/Chessence/Chessence.zsg"
	if _, err := os.Stat(game); err != nil {
		t.Skipf("corpus game absent: %v", err)
	}
	var out, errb bytes.Buffer
	if code := runMain([]string{"replay", game}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{
		"83 of 83 moves replayed",
		"The game ended after move line 81 of 83 (stalemated); the 2 lines after it were played after the end",
		"Result: White wins by stalemate",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestReplayCommandIllegal(t *testing.T) {
	var out, errb bytes.Buffer
	code := runMain([]string{"replay", "--rules", "../../games/chess.zrf", filepath.Join(zsgTestdata, "illegal.zsg")}, &out, &errb)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if e := errb.String(); !strings.Contains(e, "illegal.zsg:6:1: move 2 \"Pawn e4 - e5\" is not a legal move; the 29 legal moves are:\n  Pawn a2 - a3\n") {
		t.Errorf("stderr:\n%s", e)
	}
	// The position where it stopped is shown.
	if !strings.Contains(out.String(), "2 of 3 moves replayed") || !strings.Contains(out.String(), "FEN: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2") {
		t.Errorf("stdout:\n%s", out.String())
	}
	code = runMain([]string{"replay", filepath.Join(zsgTestdata, "movesonly.zsg")}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "no RulesFile= line") {
		t.Errorf("moves-only file without --rules: exit %d, %s", code, errb.String())
	}
}

func TestReplaySaveRoundTrip(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.zsg")
	var o, e bytes.Buffer
	in := filepath.Join(zsgTestdata, "setup.zsg")
	if code := runMain([]string{"replay", "--path", "../../games", "--save", out, in}, &o, &e); code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	got, _ := os.ReadFile(out)
	want, _ := os.ReadFile(in)
	if !bytes.Equal(got, want) {
		t.Errorf("saved:\n%s\nwant:\n%s", got, want)
	}
}

// TestReplayZillionsChessFEN replays a chess game Zillions saved (from the
// corpus) and checks the final position against Fairy-Stockfish playing the
// same moves.
func TestReplayZillionsChessFEN(t *testing.T) {
	game := "../../../shared/zrf-corpus/samboy+ChessVariantResearch/_history/Congo/Games/Chess1-7ply.zsg"
	if _, err := os.Stat(game); err != nil {
		t.Skipf("corpus game absent: %v", err)
	}
	if _, err := os.Stat(fairyStockfish); err != nil {
		t.Skipf("%s not found: cannot verify independently", fairyStockfish)
	}
	sv, err := play.LoadSaved(game, "../../games/chess.zrf", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := sv.Start.Clone()
	var coords []string
	for i := range sv.Replay.Moves {
		coords = append(coords, s.CoordString(&sv.Replay.Moves[i]))
		if err := s.Make(&sv.Replay.Moves[i]); err != nil {
			t.Fatal(err)
		}
	}
	ours, err := sv.End.FEN()
	if err != nil {
		t.Fatal(err)
	}
	if theirs := fsfFEN(t, "startpos moves "+strings.Join(coords, " ")); theirs != ours {
		t.Errorf("after %d moves: our FEN %s, Fairy-Stockfish %s", len(coords), ours, theirs)
	}
}

var fsfFENLine = regexp.MustCompile(`(?m)^Fen: (.*)$`)

// fsfFEN asks Fairy-Stockfish for the FEN after "position ARGS".
func fsfFEN(t *testing.T, position string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, fairyStockfish)
	cmd.Stdin = strings.NewReader("uci\nposition " + position + "\nd\nquit\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	m := fsfFENLine.FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("no Fen: line from Fairy-Stockfish:\n%s", out)
	}
	return strings.TrimSpace(m[1])
}

// chessGameSAN is a game written by hand from the rules of chess: en passant,
// a check, file disambiguation, both castlings, a capture sequence.
var chessGameSAN = strings.Fields("e4 f5 e5 d5 exd6 Qxd6 Nf3 Qxd2+ Nbxd2 Nc6 Bc4 Bd7 O-O O-O-O Re1 g5 Rxe7 g4 Re8 gxf3 Rxd8+ Kxd8 Qxf3")

const chessGamePGN = `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

1. e4 f5 2. e5 d5 3. exd6 Qxd6 4. Nf3 Qxd2+ 5. Nbxd2 Nc6 6. Bc4 Bd7 7. O-O
O-O-O 8. Re1 g5 9. Rxe7 g4 10. Re8 gxf3 11. Rxd8+ Kxd8 12. Qxf3 *
`

const chessGameUCI = "e2e4 f7f5 e4e5 d7d5 e5d6 d8d6 g1f3 d6d2 b1d2 b8c6 f1c4 c8d7 e1g1 e8c8 f1e1 g7g5 e1e7 g5g4 e7e8 g4f3 e8d8 c8d8 d1f3"

// playSAN plays SAN moves in a new script session of games/chess.zrf.
func playSAN(t *testing.T, moves []string) (*repl.Session, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	r, err := repl.New("../../games/chess.zrf", "", &out, false, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		r.Exec(m)
	}
	if r.Failed() {
		t.Fatalf("moves failed:\n%s", out.String())
	}
	return r, &out
}

func TestPGNExport(t *testing.T) {
	r, out := playSAN(t, chessGameSAN)
	path := filepath.Join(t.TempDir(), "game.pgn")
	r.Exec("save " + path)
	if r.Failed() {
		t.Fatal(out.String())
	}
	got, _ := os.ReadFile(path)
	if string(got) != chessGamePGN {
		t.Errorf("PGN:\n%s\nwant:\n%s", got, chessGamePGN)
	}
	// Fool's mate ends with its result.
	r, out = playSAN(t, strings.Fields("f3 e5 g4 Qh4#"))
	r.Exec("save " + path)
	got, _ = os.ReadFile(path)
	if !strings.HasSuffix(string(got), "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n") {
		t.Errorf("PGN:\n%s", got)
	}
	if _, err := os.Stat(fairyStockfish); err == nil {
		r, _ = playSAN(t, chessGameSAN)
		ours, err := r.Game().S.FEN()
		if err != nil {
			t.Fatal(err)
		}
		if theirs := fsfFEN(t, "startpos moves "+chessGameUCI); theirs != ours {
			t.Errorf("FEN %s, Fairy-Stockfish %s", ours, theirs)
		}
	}
}

// TestREPLSaveLoadZSG saves a game from the REPL as .zsg (Zillions' layout,
// written out by hand below; castling as the corpus's Zillions chess games
// write it) and loads it back.
func TestREPLSaveLoadZSG(t *testing.T) {
	r, _ := playSAN(t, strings.Fields("e4 e5 Nf3 Nc6 Bc4 Nf6 O-O"))
	path := filepath.Join(t.TempDir(), "game.zsg")
	r.Exec("save " + path)
	got, _ := os.ReadFile(path)
	want := "Zillions Save Game File Version 0.02 HH\r\nRulesFile=chess.zrf\r\nVariantName=Chess\r\n" +
		"1. Pawn e2 - e4\r\n1. Pawn e7 - e5\r\n2. Knight g1 - f3\r\n2. Knight b8 - c6\r\n3. Bishop f1 - c4\r\n3. Knight g8 - f6\r\n" +
		"4. King e1 - g1 Rook h1 - f1 @ f1 0 0 @ g1 0 0\r\n" // as in the corpus's Zillions chess games
	if string(got) != want {
		t.Errorf("saved:\n%q\nwant:\n%q", got, want)
	}
	fen, _ := r.Game().S.FEN()
	var out2 bytes.Buffer
	r2, err := repl.New("../../games/chess.zrf", "", &out2, false, false)
	if err != nil {
		t.Fatal(err)
	}
	r2.Exec("load " + path)
	if r2.Failed() || len(r2.Game().History()) != 7 {
		t.Fatalf("load: %s", out2.String())
	}
	if fen2, _ := r2.Game().S.FEN(); fen2 != fen {
		t.Errorf("loaded FEN %s, want %s", fen2, fen)
	}
}
