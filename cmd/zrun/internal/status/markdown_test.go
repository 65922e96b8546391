package status

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// committedTable is the status table of the whole corpus as a real run
// wrote it (checked in; rebuilt only by that run).
const committedTable = "../../../../docs/corpus-status.md"

// splitCells splits a Markdown table row at its unescaped bars and undoes
// the escapes, as a Markdown reader does.
func splitCells(line string) []string {
	var cells []string
	var b strings.Builder
	for i := 1; i < len(line); i++ { // past the leading bar
		switch {
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '|':
			b.WriteByte('|')
			i++
		case line[i] == '|':
			cells = append(cells, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteByte(line[i])
		}
	}
	return cells
}

// section returns the table lines of the section headed h.
func section(text, h string) []string {
	_, rest, ok := strings.Cut(text, "\n"+h+"\n")
	if !ok {
		return nil
	}
	if i := strings.Index(rest, "\n## "); i >= 0 {
		rest = rest[:i]
	}
	var out []string
	for _, l := range strings.Split(rest, "\n") {
		if strings.HasPrefix(l, "| ") && !strings.HasPrefix(l, "| ---") {
			out = append(out, l)
		}
	}
	return out
}

// TestMarkdownOfTheCommittedTable reads the rows of the committed table
// back and checks that WriteMarkdown writes them as that run did (the same
// games table and no-start reasons, cell for cell) and that Sum gives the
// counts its summary states.
func TestMarkdownOfTheCommittedTable(t *testing.T) {
	b, err := os.ReadFile(committedTable)
	if err != nil {
		t.Fatalf("the committed table: %v", err)
	}
	text := string(b)
	games := section(text, "## Games")
	reasons := section(text, "## No legal move at the start")
	if len(games) < 2 || len(reasons) < 2 {
		t.Fatalf("%s: no games table or reasons table", committedTable)
	}
	// A file may hold two games of one title: their reasons go to them in
	// the order of the table.
	noStart := map[[2]string][]string{}
	for _, l := range reasons[1:] {
		c := splitCells(l)
		k := [2]string{c[0], c[1]}
		noStart[k] = append(noStart[k], c[2])
	}
	var rows []*Row
	for _, l := range games[1:] {
		c := splitCells(l)
		if len(c) != 9 {
			t.Fatalf("a row of %d cells: %s", len(c), l)
		}
		r := &Row{File: c[0], Kind: c[1], Game: c[2], Loads: c[3], Plays: c[4], Ends: c[5],
			Replays: c[6], Perft: c[7], Engine: c[8]}
		if k := [2]string{c[0], c[2]}; len(noStart[k]) > 0 {
			r.NoStart, noStart[k] = noStart[k][0], noStart[k][1:]
		}
		rows = append(rows, r)
	}

	command := strings.TrimSpace(regexp.MustCompile(`(?m)^    (go run .*)$`).FindStringSubmatch(text)[1])
	settings := regexp.MustCompile(`(?m)^\((.*)\)\. Every game`).FindStringSubmatch(text)[1]
	var out strings.Builder
	if err := WriteMarkdown(&out, rows, command, settings); err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{"## Games", "## No legal move at the start"} {
		got, want := section(out.String(), h), section(text, h)
		if len(got) != len(want) {
			t.Errorf("%s: %d lines, the committed table has %d", h, len(got), len(want))
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s line %d:\n got  %s\n want %s", h, i, got[i], want[i])
				break
			}
		}
	}
	if !strings.HasPrefix(out.String(), text[:strings.Index(text, "## Summary")]) {
		t.Error("the heading and the column descriptions differ from the committed table's")
	}

	// The summary lines whose numbers come from the cells alone.
	num := func(re string) []int {
		m := regexp.MustCompile(re).FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("no %s in the summary", re)
		}
		var out []int
		for _, s := range m[1:] {
			n, _ := strconv.Atoi(s)
			out = append(out, n)
		}
		return out
	}
	sum := Sum(rows)
	for _, c := range []struct {
		re   string
		want []int
	}{
		{`\| files \| (\d+) \((\d+) load\) \|`, []int{sum.Files, sum.FilesLoaded}},
		{`\| games and variants \| (\d+) \|`, []int{sum.Games}},
		{`\| moves from an external \(Axiom\) engine \| (\d+)[ |]`, []int{sum.Axiom}},
		{`\| no legal move at the start \| (\d+) `, []int{sum.NoStart}},
		{`\| saved games replayed to their end \| (\d+) of (\d+) \|`, []int{sum.SavesOK, sum.Saves}},
		{`\| perft checked against a reference \| (\d+) games \|`, []int{sum.PerftChecked}},
		{`\| engine moves from the start \| (\d+) games \|`, []int{sum.EngineMoves}},
	} {
		if got := num(c.re); !slices.Equal(got, c.want) {
			t.Errorf("the committed summary says %v for %s; Sum gives %v", got, c.re, c.want)
		}
	}
}
