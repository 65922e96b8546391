// This file tests PGN import on games played between other engines:
// testdata/enginegames/*.pgn are our own games, played by Fairy-Max 5.0b,
// Sjaak II 1.4.1 and Fairy-Stockfish (chess, Chess960 with its FEN tag,
// Capablanca, Schoolbook) and
// written by ../shared/tools/cecp_match.py --pgn (moves in coordinates;
// how they were made is in testdata/enginegames/README). Every game must
// import whole and end as its Termination tag says: a mate the engine
// claimed is a mate by our rules with the recorded result, a repetition or
// draw claim a position seen three times or drawn, and a game decided off
// the board (time, a draw adjudicated by move count, a move the other
// engine refused) a position the rules have not ended. A game with one move changed is refused, the error
// naming the move's number and text.

package play

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var engineGamesDir = envOr("ENGINE_GAMES", "testdata/enginegames")

// engineRules maps cecp_match's Variant tag to our rule file and the game
// in it: Sjaak II's schoolbook castles as Schoolbook 1.0 (the King two or
// three squares toward the j-file Rook: f1h1 or f1i1).
var engineRules = map[string][2]string{
	"normal":       {"chess.zrf", ""},
	"fischerandom": {"chess960.zrf", ""}, // from the FEN tag
	"capablanca":   {"capablanca.zrf", ""},
	"schoolbook":   {"schoolbook.zrf", "Schoolbook 1.0"},
}

func readEngineGames(t *testing.T) []*PGNRecord {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(engineGamesDir, "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no engine games in %s (%v)", engineGamesDir, err)
	}
	var all []*PGNRecord
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := ParsePGN(string(data))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		all = append(all, recs...)
	}
	return all
}

func openFor(t *testing.T, rec *PGNRecord) *Game {
	t.Helper()
	rules, ok := engineRules[rec.Tag("Variant")]
	if !ok {
		t.Fatalf("no rule file for variant %q", rec.Tag("Variant"))
	}
	g, err := Open(filepath.Join(gamesDir, rules[0]), rules[1])
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestImportEngineGames(t *testing.T) {
	recs := readEngineGames(t)
	if len(recs) < 50 {
		t.Errorf("%d games, want at least 50", len(recs))
	}
	count := map[string]int{}
	for _, rec := range recs {
		name := rec.Tag("Variant") + " " + rec.Tag("Round") + " " + rec.Tag("White") + "-" + rec.Tag("Black")
		count[rec.Tag("Variant")]++
		g := openFor(t, rec)
		if err := g.ImportPGN(rec); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(g.History()) != len(rec.Moves) {
			t.Errorf("%s: %d plies imported of %d", name, len(g.History()), len(rec.Moves))
		}
		term := strings.ToLower(rec.Tag("Termination"))
		got := PGNResult(g.S)
		switch {
		case strings.Contains(term, "mates"):
			if got != rec.Result {
				t.Errorf("%s: %q, but our rules say %s", name, rec.Tag("Termination"), got)
			}
		case strings.Contains(term, "adjudicated"):
			if got != "*" {
				t.Errorf("%s: %q, but our rules ended the game: %s", name, rec.Tag("Termination"), got)
			}
		case strings.Contains(term, "repetition"), strings.Contains(term, "draw"):
			if got != "1/2-1/2" && g.S.Repetitions() < 3 {
				t.Errorf("%s: %q, but our rules say %s (position seen %d times)", name, rec.Tag("Termination"), got, g.S.Repetitions())
			}
		default: // decided off the board
			if got != "*" {
				t.Errorf("%s: %q, but our rules ended the game: %s", name, rec.Tag("Termination"), got)
			}
		}
	}
	t.Logf("games by variant: %v", count)
}

// TestImportEngineGameWrongMove changes one move of a recorded game to
// another square and expects the import to refuse it by number and text.
func TestImportEngineGameWrongMove(t *testing.T) {
	rec := readEngineGames(t)[0]
	if len(rec.Moves) < 12 {
		t.Fatal("first game too short")
	}
	mv := rec.Moves[10] // 6. (White's sixth move)
	mv.SAN = mv.SAN[:2] + "h9"
	g := openFor(t, rec)
	err := g.ImportPGN(rec)
	if err == nil || !strings.Contains(err.Error(), "move 6. "+mv.SAN+" ") {
		t.Errorf("error %v, want one naming move 6. %s", err, mv.SAN)
	}
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
