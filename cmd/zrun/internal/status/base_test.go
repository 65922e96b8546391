package status

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"zrun/vm/playout"
)

// TestBaseRoundTrip writes a table, reads its Markdown back as a base and
// reruns one of its files over it: the rows read back are the rows written
// (their playouts and ends from the Ends column, the moves only as the
// summary's total), the rerun file's rows replace the base's, and the
// total of moves is exact when the replaced rows had no playouts and an
// upper bound when they had.
func TestBaseRoundTrip(t *testing.T) {
	st := func(moves, goal, capped int) *playout.Stats {
		return &playout.Stats{Playouts: goal + capped, Moves: moves, Decisive: goal, Capped: capped}
	}
	rows := []*Row{
		{Entry: 0, File: "A/a.zrf", Kind: "native", Game: "A", Loads: "yes", Plays: "yes", Ends: "goal 3, cap 1", Engine: "yes", Stats: st(70, 3, 1)},
		{Entry: 1, File: "B/b.zrf", Kind: "axiom", Game: "B | x", Loads: "yes", Plays: "no: moves from an external engine (axiom.dll)", Engine: "no: x"},
		{Entry: 1, File: "B/b.zrf", Kind: "axiom", Game: "B | x", Loads: "yes", Plays: "no: moves from an external engine (axiom.dll)", Engine: "no: x"},
		{Entry: 2, File: "C/c.zrf", Kind: "dagaz", Game: "C", Loads: "yes", NoStart: "no piece in hand", Plays: "no: no legal move at the start", Engine: "no: y"},
		{Entry: 3, File: "D/d.zrf", Kind: "native", Game: "D", Loads: "yes", Plays: "yes", Ends: "cap 2", Engine: "yes", Stats: st(30, 0, 2)},
	}
	var md strings.Builder
	if err := WriteMarkdownFile(&md, &TableFile{Command: "go run ./cmd/zrun check --play 4 --status t.md dir", Settings: "4 playouts", Rows: rows}); err != nil {
		t.Fatal(err)
	}
	base, err := parseMarkdown(md.String())
	if err != nil {
		t.Fatal(err)
	}
	if base.Command != "go run ./cmd/zrun check --play 4 --status t.md dir" || base.Settings != "4 playouts" || base.UnrecordedMoves != 100 {
		t.Fatalf("header read back as %q, %q, %d moves", base.Command, base.Settings, base.UnrecordedMoves)
	}
	if len(base.Rows) != len(rows) {
		t.Fatalf("%d rows read back, %d written", len(base.Rows), len(rows))
	}
	for i, r := range base.Rows {
		w := rows[i]
		if r.Entry != w.Entry || r.File != w.File || r.Game != w.Game || r.Plays != w.Plays || r.Ends != w.Ends || r.NoStart != w.NoStart || r.Engine != w.Engine {
			t.Errorf("row %d read back as %+v, written %+v", i, r, w)
		}
		if (w.Stats == nil) != (r.Stats == nil) || w.Stats != nil && (r.Stats.Playouts != w.Stats.Playouts || r.Stats.Decisive != w.Stats.Decisive || r.Stats.Capped != w.Stats.Capped) {
			t.Errorf("row %d: stats %+v, written %+v", i, r.Stats, w.Stats)
		}
	}
	// Rerun B (no playouts before: exact) ...
	m := &Merged{Rows: []*Row{
		{Entry: 1, File: "B/b.zrf", Kind: "axiom", Game: "B | x", Loads: "yes", Plays: "yes", Ends: "goal 4", Engine: "yes", Stats: st(40, 4, 0)},
		{Entry: 1, File: "B/b.zrf", Kind: "axiom", Game: "B | x", Loads: "yes", Plays: "yes", Ends: "goal 4", Engine: "yes", Stats: st(44, 4, 0)},
	}, Settings: "rerun"}
	f, rerun, err := OverBase(base, m)
	if err != nil {
		t.Fatal(err)
	}
	if len(rerun) != 1 || rerun[0] != "B/b.zrf" || len(f.Rows) != 5 || f.Rows[1].Plays != "yes" || f.Rows[3].File != "C/c.zrf" || !f.UnrecordedExact {
		t.Fatalf("over the base: rerun %v, rows %d, exact %v", rerun, len(f.Rows), f.UnrecordedExact)
	}
	md.Reset()
	if err := WriteMarkdownFile(&md, f); err != nil {
		t.Fatal(err)
	}
	// 4+4+4+2 playouts; 84 moves rerun + 100 from the earlier table
	if want := "| played | 4 games, 14 playouts, 184 moves (84 in the rows rerun; 100 in the earlier table's rows, which it kept as a total only) |"; !strings.Contains(md.String(), want) {
		t.Errorf("summary:\n%s\nwant the line %s", md.String(), want)
	}
	// ... then D, which had playouts: the total becomes a bound.
	m2 := &Merged{Rows: []*Row{{Entry: 3, File: "D/d.zrf", Kind: "native", Game: "D", Loads: "yes", Plays: "yes", Ends: "cap 2", Engine: "yes", Stats: st(31, 0, 2)}}}
	f2, _, err := OverBase(f, m2)
	if err != nil {
		t.Fatal(err)
	}
	if f2.UnrecordedExact {
		t.Error("a rerun row that had moves left the total exact")
	}
	if _, _, err := OverBase(f, &Merged{Rows: []*Row{{File: "E/e.zrf"}}}); err == nil {
		t.Error("a file the base does not have merged")
	}
}

// TestBaseOfTheCommittedTable reads the committed table as a base: every
// games row, and the playouts and their ends that the Ends cells give add
// up to the summary's figures.
func TestBaseOfTheCommittedTable(t *testing.T) {
	f, err := ReadBase(committedTable)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(committedTable)
	text := string(b)
	m := regexp.MustCompile(`\| played \| (\d+) games, (\d+) playouts, (?:at most )?(\d+) moves`).FindStringSubmatch(text)
	e := regexp.MustCompile(`ended by a goal / a draw rule / the cap / the time budget \| (\d+) / (\d+) / (\d+) / (\d+) \|`).FindStringSubmatch(text)
	if m == nil || e == nil {
		t.Fatal("no played or ended line in the committed summary")
	}
	sum := Sum(f.Rows)
	p := sum.Playouts
	got := []string{strconv.Itoa(sum.Played), strconv.Itoa(p.Playouts), strconv.Itoa(p.Decisive), strconv.Itoa(p.Drawn), strconv.Itoa(p.Capped), strconv.Itoa(p.Timed)}
	want := []string{m[1], m[2], e[1], e[2], e[3], e[4]}
	if !slices.Equal(got, want) {
		t.Errorf("rows read back give played, playouts, goal/draw/cap/time %v; the summary says %v", got, want)
	}
	t.Logf("%d rows, %d unrecorded moves", len(f.Rows), f.UnrecordedMoves)
}

// TestScriptFailed: a script game's playouts that broke off on errors
// alone ("budget") are a script that fails, told with its corpus path
// shortened; a broken invariant among them is not.
func TestScriptFailed(t *testing.T) {
	st := &playout.Stats{Violations: []*playout.Violation{{Check: "budget", Detail: "generating after the move: ../shared/zrf-corpus/Senet/Axiom/Senet/axiom.4th:1113: board[]: position -1"}}}
	if !scriptFailed(st) {
		t.Error("errors alone not taken for a script's failure")
	}
	if got, want := corpusRelative(st.Violations[0].Detail), "generating after the move: Senet/Axiom/Senet/axiom.4th:1113: board[]: position -1"; got != want {
		t.Errorf("corpusRelative: %q, want %q", got, want)
	}
	st.Violations = append(st.Violations, &playout.Violation{Check: "hash"})
	if scriptFailed(st) || scriptFailed(&playout.Stats{}) {
		t.Error("a broken invariant, or no violation, taken for a script's failure")
	}
}
