// This file tests the REPL's save and load of .zsg files and its PGN
// export. References: PGN written by hand from the rules of chess, the
// layout of the corpus's Zillions saved games, and Fairy-Stockfish for the
// final position.

package repl

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zrun/internal/fsf"
)

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
func playSAN(t *testing.T, moves []string) (*Session, *bytes.Buffer) {
	t.Helper()
	var out bytes.Buffer
	r, err := New("../../../../games/chess.zrf", "", &out, false, false)
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
	if fsf.Path() != "" {
		r, _ = playSAN(t, chessGameSAN)
		ours, err := r.Game().S.FEN()
		if err != nil {
			t.Fatal(err)
		}
		if theirs := fsf.FEN(t, "startpos moves "+chessGameUCI); theirs != ours {
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
	r2, err := New("../../../../games/chess.zrf", "", &out2, false, false)
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
