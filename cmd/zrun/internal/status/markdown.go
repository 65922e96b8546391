// This file writes the status table as Markdown.

package status

import (
	"fmt"
	"io"
	"strings"

	"zrun/vm/playout"
)

// Totals are the table's summary numbers.
type Totals struct {
	Files, FilesLoaded, Games, Engine, NoStart, Played, Violating int
	// Axiom counts the games whose moves come from an Axiom engine (the
	// manifest's kind), AxiomPlayed those of them played.
	Axiom, AxiomPlayed                        int
	SavesOK, Saves, PerftChecked, EngineMoves int
	// Playouts sums the games' playout numbers.
	Playouts playout.Stats
}

// Sum counts the rows.
func Sum(rows []*Row) Totals {
	var t Totals
	files := map[string]bool{}
	loaded := map[string]bool{}
	for _, r := range rows {
		files[r.File] = true
		if r.Game == "" {
			continue
		}
		loaded[r.File] = true
		t.Games++
		switch {
		case strings.HasPrefix(r.Plays, "no: moves from an external engine"):
			t.Engine++
		case r.NoStart != "":
			t.NoStart++
		}
		if r.Kind == "axiom" {
			t.Axiom++
			if r.Stats != nil {
				t.AxiomPlayed++
			}
		}
		if r.Perft != "" {
			t.PerftChecked++
		}
		if r.Engine == "yes" {
			t.EngineMoves++
		}
		var ok, n int
		if _, err := fmt.Sscanf(r.Replays, "%d/%d", &ok, &n); err == nil {
			t.SavesOK += ok
			t.Saves += n
		}
		st := r.Stats
		if st == nil {
			continue
		}
		t.Played++
		if len(st.Violations) > 0 {
			t.Violating++
		}
		t.Playouts.Add(st)
	}
	t.Files, t.FilesLoaded = len(files), len(loaded)
	return t
}

// WriteMarkdown writes the table; command is the command line that made
// it (so that the table says how to rebuild it exactly) and settings
// describes the run (playouts, seed, cap, time budget, engine limits).
func WriteMarkdown(w io.Writer, rows []*Row, command, settings string) error {
	return WriteMarkdownFile(w, &TableFile{Command: command, Settings: settings, Rows: rows})
}

// WriteMarkdownFile writes the table of f, whose unrecorded moves (rows
// read back from an earlier Markdown table) count in the total of moves,
// said apart.
func WriteMarkdownFile(w io.Writer, f *TableFile) error {
	rows, command, settings := f.Rows, f.Command, f.Settings
	t := Sum(rows)
	var b strings.Builder
	fmt.Fprintf(&b, "# Corpus status\n\n")
	fmt.Fprintf(&b, "Generated; do not edit. Rebuild with\n\n    %s\n\n", command)
	fmt.Fprintf(&b, "(%s). Every game and variant of every rule file in `../shared/zrf-corpus` (MANIFEST.tsv; includes left out):\n\n", settings)
	fmt.Fprintf(&b, "- **Loads**: the file loads (or the definitions left out because of errors in it).\n")
	fmt.Fprintf(&b, "- **Plays**: random playouts ran with every invariant of `vm/playout` checked on every move (make/unmake, incremental hash, generation paths, outcome after undo and redo, step budget); otherwise why not.\n")
	fmt.Fprintf(&b, "- **Ends**: how the playouts ended: by a goal (a winner or loser), a draw (a draw goal, count tie, fifty-move rule, insufficient material, no legal move), the move cap, or the time budget.\n")
	fmt.Fprintf(&b, "- **Saves**: Zillions saved games (.zsg) of this game replayed to their end, of those that name it.\n")
	fmt.Fprintf(&b, "- **Perft**: the test that checks its perft against an independent reference.\n")
	fmt.Fprintf(&b, "- **Engine**: the searcher finds a move from the start position.\n\n")
	fmt.Fprintf(&b, "## Summary\n\n")
	fmt.Fprintf(&b, "| | |\n| --- | --- |\n")
	fmt.Fprintf(&b, "| files | %d (%d load) |\n", t.Files, t.FilesLoaded)
	fmt.Fprintf(&b, "| games and variants | %d |\n", t.Games)
	fmt.Fprintf(&b, "| moves from an external (Axiom) engine | %d (%d played from their scripts; the others' rows say why not) |\n", t.Axiom, t.AxiomPlayed)
	fmt.Fprintf(&b, "| no legal move at the start | %d (reasons below) |\n", t.NoStart)
	p := &t.Playouts
	if f.UnrecordedMoves > 0 {
		bound := ""
		if !f.UnrecordedExact {
			bound = "at most "
		}
		fmt.Fprintf(&b, "| played | %d games, %d playouts, %s%d moves (%d in the rows rerun; %s%d in the earlier table's rows, which it kept as a total only) |\n",
			t.Played, p.Playouts, bound, p.Moves+f.UnrecordedMoves, p.Moves, bound, f.UnrecordedMoves)
	} else {
		fmt.Fprintf(&b, "| played | %d games, %d playouts, %d moves |\n", t.Played, p.Playouts, p.Moves)
	}
	fmt.Fprintf(&b, "| playouts ended by a goal / a draw rule / the cap / the time budget | %d / %d / %d / %d |\n", p.Decisive, p.Drawn, p.Capped, p.Timed)
	fmt.Fprintf(&b, "| invariant violations | %d (in %d games) |\n", len(p.Violations), t.Violating)
	fmt.Fprintf(&b, "| saved games replayed to their end | %d of %d |\n", t.SavesOK, t.Saves)
	fmt.Fprintf(&b, "| perft checked against a reference | %d games |\n", t.PerftChecked)
	fmt.Fprintf(&b, "| engine moves from the start | %d games |\n\n", t.EngineMoves)
	fmt.Fprintf(&b, "## Games\n\n")
	fmt.Fprintf(&b, "| File | Kind | Game | Loads | Plays | Ends | Saves | Perft | Engine |\n")
	fmt.Fprintf(&b, "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", cell(r.File), r.Kind, cell(r.Game), cell(r.Loads),
			cell(r.Plays), cell(r.Ends), cell(r.Replays), cell(r.Perft), cell(r.Engine))
	}
	fmt.Fprintf(&b, "\n## No legal move at the start\n\n")
	fmt.Fprintf(&b, "Why the first player cannot move (`zrf.GameDef.WhyNoStartMoves`); `zrf` TestNoStartMovesCorpus checks this set and these reasons.\n\n")
	fmt.Fprintf(&b, "| File | Game | Reason |\n| --- | --- | --- |\n")
	for _, r := range rows {
		if r.NoStart != "" {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", cell(r.File), cell(r.Game), cell(stripCorpusPath(r.NoStart)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// cell escapes a table cell's text.
func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

// stripCorpusPath shortens the positions in a reason ("/.../zrf-corpus/X.zrf:3:4" to "X.zrf:3:4").
func stripCorpusPath(s string) string {
	if i := strings.Index(s, "zrf-corpus/"); i >= 0 {
		j := strings.LastIndex(s[:i], "(")
		if j >= 0 {
			return s[:j+1] + s[i+len("zrf-corpus/"):]
		}
	}
	return s
}
