// This file tests the PGN reader and the game tree's PGN: published games
// imported and their final positions compared with Fairy-Stockfish's after
// the same moves, variations written and read back, the movetext checked
// against the PGN standard's grammar, errors that name the move, and a
// fuzz test of the reader.

package play

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

const fairyStockfish = "/usr/games/fairy-stockfish"

// fsfFEN replays UCI moves from fen ("" start position) in Fairy-Stockfish
// and returns the FEN it shows ("d").
func fsfFEN(t *testing.T, variant, fen string, moves []string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, fairyStockfish)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	pos := "position startpos"
	if fen != "" {
		pos = "position fen " + fen
	}
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	fmt.Fprintf(in, "uci\nsetoption name UCI_Variant value %s\n%s\nd\nquit\n", variant, pos)
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if f, ok := strings.CutPrefix(sc.Text(), "Fen: "); ok {
			io.Copy(io.Discard, out)
			return f
		}
	}
	t.Fatal("Fairy-Stockfish showed no FEN")
	return ""
}

// fenBoard is a FEN without its move counters (the clocks are not the
// point here, and games differ in whether they keep them).
func fenBoard(f string) string {
	fs := strings.Fields(f)
	return strings.Join(fs[:min(4, len(fs))], " ")
}

// Published games, as their move lists are printed (e.g. the Opera Game in
// Morphy's collected games; Légal's mate; the Fool's mate).
var publishedGames = []struct {
	name, rules, fsfVariant, pgn string
	plies                        int
	result                       string
}{
	{"opera game", "chess.zrf", "chess", `[Event "Paris Opera"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 {This is a weak move already.} 4. dxe5 Bxf3
5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5
11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7
16. Qb8+ Nxb8 17. Rd8# 1-0
`, 33, "1-0"},
	{"legal mate", "chess.zrf", "chess", `[Event "Paris"]
[White "Legall de Kermeur"]
[Black "Saint Brie"]
[Result "1-0"]

1.e4 e5 2.Nf3 d6 3.Bc4 Bg4 4.Nc3 g6? 5.Nxe5! Bxd1?? 6.Bxf7+ Ke7 7.Nd5# 1-0`, 13, "1-0"},
	{"fool's mate", "chess.zrf", "chess", "1. f3 e5 2. g4 $4 Qh4# 0-1", 4, "0-1"},
	// From a set-up position (SetUp/FEN, Black to move): White's
	// en-passant capture and a promotion.
	{"setup", "chess.zrf", "chess", `[SetUp "1"]
[FEN "4k3/1P6/8/8/3p4/8/4P3/4K3 w - - 0 30"]

30. e4 dxe3 31. b8=Q+ Kd7 *`, 4, "*"},
	{"capablanca", "capablanca.zrf", "capablanca", `[Variant "Capablanca"]

1. e4 e5 2. Ci3 Ci6 3. Ab3 Ab6 4. d4 exd4 5. Axd4 *`, 9, "*"},
}

func TestImportPublishedGames(t *testing.T) {
	_, fsfErr := os.Stat(fairyStockfish)
	for _, tc := range publishedGames {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := ParsePGN(tc.pgn)
			if err != nil || len(recs) != 1 {
				t.Fatalf("ParsePGN: %d games, %v", len(recs), err)
			}
			if recs[0].Result != tc.result {
				t.Errorf("result %q, want %q", recs[0].Result, tc.result)
			}
			g, err := Open(filepath.Join(gamesDir, tc.rules), "")
			if err != nil {
				t.Fatal(err)
			}
			if err := g.ImportPGN(recs[0]); err != nil {
				t.Fatal(err)
			}
			if len(g.History()) != tc.plies {
				t.Fatalf("%d plies imported, want %d", len(g.History()), tc.plies)
			}
			if got := PGNResult(g.S); tc.result != "*" && got != tc.result {
				t.Errorf("final position's result %s, want %s", got, tc.result)
			}
			if fsfErr != nil {
				t.Skip("no Fairy-Stockfish to compare the final position with")
			}
			var uci []string
			for _, pm := range g.History() {
				uci = append(uci, pm.Coord)
			}
			ours, err := g.S.FEN()
			if err != nil {
				t.Fatal(err)
			}
			if want := fsfFEN(t, tc.fsfVariant, recs[0].Tag("FEN"), uci); fenBoard(ours) != fenBoard(want) {
				t.Errorf("after %v:\n ours %s\n FSF  %s", uci, ours, want)
			}
		})
	}
}

// TestImportErrors: each error names the move number and the text.
func TestImportErrors(t *testing.T) {
	tests := []struct{ pgn, want string }{
		{"1. e4 e5 2. Nf9 *", "move 2. Nf9 (line 1): no legal move matches"},
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ke3 *", "move 4. Ke3 (line 1): no legal move matches"},
		{"1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 Nd5 4. Nb5 *", "move 4. Nb5 (line 1): ambiguous (Ndb5, Ncb5)"},
		{"1. e4 e5 (1... c5 2. Nf3 d6 3. Nf3) *", "move 3. Nf3 (line 1): no legal move matches"},
		{"1. f3 e5 2. g4 Qh4# 3. e4 0-1", "move 3. e4 (line 1): the game is already over"},
		{"1. e4 e5 (1... c5", "PGN line 1: a variation is not closed"},
		{"1. e4 ) e5", "PGN line 1: \")\" closes no variation"},
		{"[White \"x]\n1. e4", "PGN line 1: tag White: the string does not end on its line"},
		{"1. e4 {open comment", "a comment is not closed"},
		{"[Variant \"Shogi\"]\n1. P7f *", "the PGN game is Shogi, the rules loaded are Chess"},
	}
	for _, tc := range tests {
		g, err := Open(filepath.Join(gamesDir, "chess.zrf"), "")
		if err != nil {
			t.Fatal(err)
		}
		recs, err := ParsePGN(tc.pgn)
		if err == nil {
			err = g.ImportPGN(recs[0])
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.pgn, err, tc.want)
		}
	}
}

// movetextToken is one token of the PGN export format's movetext (section
// 8.2): move number indications, SAN (section 8.2.3), NAGs, comments,
// the parentheses of variations and the game termination.
var movetextToken = regexp.MustCompile(`^(?:\(?\d+\.(?:\.\.)?|\(?(?:[KQRBNACHE]?[a-j]?(?:10|[1-9])?x?[a-j](?:10|[1-9])(?:=[QRBNACHE])?|O-O(?:-O)?)[+#]?\)*|\$\d+\)*|\{[^}]*\}?|[^{}]*\}\)*|1-0|0-1|1/2-1/2|\*)$`)

// checkPGNGrammar checks the export's syntax: tags, a blank line, movetext
// tokens and balanced parentheses, lines of at most 79 characters, the
// result last and equal to the Result tag.
func checkPGNGrammar(t *testing.T, pgn string) {
	t.Helper()
	head, body, ok := strings.Cut(pgn, "\n\n")
	if !ok {
		t.Fatalf("no blank line after the tags:\n%s", pgn)
	}
	tag := regexp.MustCompile(`^\[[A-Za-z0-9_]+ "(?:[^"\\]|\\.)*"\]$`)
	result := ""
	for _, l := range strings.Split(head, "\n") {
		if !tag.MatchString(l) {
			t.Errorf("bad tag line %q", l)
		}
		if v, ok := strings.CutPrefix(l, `[Result "`); ok {
			result = strings.TrimSuffix(v, `"]`)
		}
	}
	depth := 0
	var toks []string
	inComment := false
	for _, l := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		if len(l) > 79 {
			t.Errorf("line longer than 79: %q", l)
		}
		for _, tok := range strings.Fields(l) {
			if inComment || strings.HasPrefix(tok, "{") {
				inComment = !strings.Contains(tok, "}")
				if !inComment {
					_, after, _ := strings.Cut(tok, "}")
					depth -= strings.Count(after, ")")
				}
				toks = append(toks, tok)
				continue
			}
			if !movetextToken.MatchString(tok) {
				t.Errorf("token %q is not PGN movetext", tok)
			}
			depth += strings.Count(tok, "(") - strings.Count(tok, ")")
			if depth < 0 {
				t.Errorf("unbalanced ) at %q", tok)
			}
			toks = append(toks, tok)
		}
	}
	if depth != 0 || inComment {
		t.Errorf("unbalanced variations (%d) or comment", depth)
	}
	if len(toks) == 0 || toks[len(toks)-1] != result {
		t.Errorf("movetext does not end with the Result tag's %q", result)
	}
}

// TestPGNVariationsRoundTrip: a tree made by playing, taking back and
// playing other moves (and one read from PGN, with its comments and NAGs)
// is written with its variations, read back into the same tree, and its
// export keeps to the PGN grammar.
func TestPGNVariationsRoundTrip(t *testing.T) {
	g, err := Open(filepath.Join(gamesDir, "chess.zrf"), "")
	if err != nil {
		t.Fatal(err)
	}
	play := func(moves ...string) {
		t.Helper()
		for _, m := range moves {
			ml, _ := g.Legal()
			idx := g.Match(ml, m)
			if len(idx) != 1 {
				t.Fatalf("%s: %v", m, idx)
			}
			if err := g.Play(ml, idx[0], false); err != nil {
				t.Fatal(err)
			}
		}
	}
	play("e4", "e5", "Nf3", "Nc6")
	g.Undo()
	g.Undo()
	g.Undo()
	play("c5", "Nf3") // 1...c5: a variation beside 1...e5
	g.Undo()
	play("c3")       // 2.c3 beside 2.Nf3 in the Sicilian
	g.GoTo(g.Root()) // and 1.d4 beside 1.e4
	play("d4", "d5")
	var b strings.Builder
	if err := g.WritePGN(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	// The movetext as the PGN standard's example of RAV (section 8.2.5)
	// lays it out: alternatives after the move they replace.
	if want := "1. e4 (1. d4 d5) 1... e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 Nc6 *"; !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
		t.Errorf("movetext:\n%s\nwant %s", out, want)
	}
	checkPGNGrammar(t, out)
	recs, err := ParsePGN(out)
	if err != nil {
		t.Fatal(err)
	}
	g2, _ := Open(filepath.Join(gamesDir, "chess.zrf"), "")
	if err := g2.ImportPGN(recs[0]); err != nil {
		t.Fatal(err)
	}
	if a, b := treeText(g, g.Root()), treeText(g2, g2.Root()); a != b {
		t.Errorf("read back:\n%s\nwant\n%s", b, a)
	}
	if n := len(g2.History()); n != 4 {
		t.Errorf("imported game stands after %d plies, want the main line's 4", n)
	}

	// Annotations survive: comments, NAGs, a comment before a variation.
	src := "[Event \"x\"]\n\n1. e4 $1 {best by test} e5 (1... c5 $5 {Sicilian}) 2. Nf3 ; rest of line\n Nc6 *\n"
	recs, err = ParsePGN(src)
	if err != nil {
		t.Fatal(err)
	}
	g3, _ := Open(filepath.Join(gamesDir, "chess.zrf"), "")
	if err := g3.ImportPGN(recs[0]); err != nil {
		t.Fatal(err)
	}
	b.Reset()
	g3.WritePGN(&b)
	checkPGNGrammar(t, b.String())
	want := "1. e4 $1 {best by test} 1... e5 (1... c5 $5 {Sicilian}) 2. Nf3 {rest of line} 2... Nc6 *"
	if got := strings.Join(strings.Fields(b.String()[strings.Index(b.String(), "\n\n"):]), " "); got != want {
		t.Errorf("annotated export\n%s\nwant\n%s", got, want)
	}
}

// treeText lists a tree's moves depth first by coordinates.
func treeText(g *Game, n *Node) string {
	var b strings.Builder
	var walk func(n *Node, depth int)
	walk = func(n *Node, depth int) {
		for _, c := range n.Children {
			fmt.Fprintf(&b, "%s%s\n", strings.Repeat(" ", depth), c.Coord)
			walk(c, depth+1)
		}
	}
	walk(n, 0)
	return b.String()
}

// FuzzPGN: the reader never panics, and what it reads imports (or fails
// with an error) without panicking.
func FuzzPGN(f *testing.F) {
	for _, pg := range publishedGames {
		f.Add(pg.pgn)
	}
	f.Add("1. e4 e5 (1... c5 (1... e6 2. d4) 2. Nf3) 2. Nf3 {c} $1 !? *")
	f.Add("[A \"\\\"\"]\n%esc\n1... e5 ; x\n(")
	g, err := Open(filepath.Join(gamesDir, "chess.zrf"), "")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		recs, err := ParsePGN(text)
		if err != nil {
			return
		}
		for _, r := range recs {
			if g.ImportPGN(r) == nil {
				var b strings.Builder
				if err := g.WritePGN(&b); err != nil {
					t.Fatalf("imported game does not export: %v", err)
				}
			}
		}
	})
}
