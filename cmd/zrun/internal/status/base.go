// This file defines the base of a partial rerun: the table an earlier run
// made, whose rows stand for the rule files no shard of the new run
// covers. The base is the table's row file (TableFile, the JSON written
// beside every merged table, exact) or, for tables made before that file
// was kept, the Markdown table itself, read back row by row: every column
// is there, and the playouts' count and ends are in the Ends column, but
// not the moves each game made, which only the summary totals.

package status

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"zrun/vm/playout"
)

// TableFile is the per-row data of a whole table, written as JSON beside
// the Markdown (RowsPath) so that a later partial rerun merges exactly.
type TableFile struct {
	Command  string // the command that made the table (its header's)
	Settings string // how it was made (its header's)
	Rows     []*Row // in table (manifest) order
	// UnrecordedMoves are the moves of the rows whose own count no file
	// kept (Row.MovesUnrecorded: rows read back from a Markdown table),
	// all together, from that table's summary; UnrecordedExact is false
	// when a row replaced since had moves among them, so that the figure
	// is an upper bound.
	UnrecordedMoves int  `json:",omitempty"`
	UnrecordedExact bool `json:",omitempty"`
}

// RowsPath is the row file kept beside a Markdown table.
func RowsPath(md string) string { return strings.TrimSuffix(md, ".md") + ".json" }

// WriteTableFile writes f as JSON.
func WriteTableFile(w io.Writer, f *TableFile) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(f)
}

// ReadBase reads an earlier table to merge shards over: its row file
// (.json) or its Markdown (.md).
func ReadBase(path string) (*TableFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(path, ".json") {
		var f TableFile
		if err := json.Unmarshal(b, &f); err != nil {
			return nil, fmt.Errorf("%s: not a status row file: %v", path, err)
		}
		return &f, nil
	}
	f, err := parseMarkdown(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return f, nil
}

var (
	mdRebuild  = regexp.MustCompile(`Rebuild with\n\n    (.*)\n\n\((.*)\)\. Every game`)
	mdPlayed   = regexp.MustCompile(`(?m)^\| played \| (\d+) games, (\d+) playouts, (at most )?(\d+) moves`)
	mdEndCount = regexp.MustCompile(`^(goal|draw|cap|time) (\d+)$`)
)

// parseMarkdown reads a table WriteMarkdown wrote back into rows. The
// "No legal move at the start" section gives the rows' NoStart, matched
// by file and game in order (titles repeat within a file). Each played
// row's Stats hold its playouts and their ends, read from the Ends
// column; its moves are unrecorded, and the summary's moves are the
// file's UnrecordedMoves.
func parseMarkdown(text string) (*TableFile, error) {
	f := &TableFile{UnrecordedExact: true}
	if m := mdRebuild.FindStringSubmatch(text); m != nil {
		f.Command, f.Settings = m[1], m[2]
	} else {
		return nil, fmt.Errorf("not a corpus status table (no \"Rebuild with\" header)")
	}
	pm := mdPlayed.FindStringSubmatch(text)
	if pm == nil {
		return nil, fmt.Errorf("no \"played\" line in the summary")
	}
	// a table that was itself merged over an earlier one may give its
	// total as a bound
	f.UnrecordedMoves, _ = strconv.Atoi(pm[4])
	f.UnrecordedExact = pm[3] == ""
	section := ""
	noStart := map[string][]string{}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			section = line[3:]
			continue
		}
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| --- ") {
			continue
		}
		cells := splitRow(line)
		switch {
		case section == "Games" && len(cells) == 9 && cells[0] != "File":
			r := &Row{Entry: -1, File: cells[0], Kind: cells[1], Game: cells[2], Loads: cells[3], Plays: cells[4],
				Ends: cells[5], Replays: cells[6], Perft: cells[7], Engine: cells[8], MovesUnrecorded: true}
			if st, ok := endsStats(r.Ends); ok {
				r.Stats = st
			}
			f.Rows = append(f.Rows, r)
		case section == "No legal move at the start" && len(cells) == 3 && cells[0] != "File":
			k := cells[0] + "|" + cells[1]
			noStart[k] = append(noStart[k], cells[2])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(f.Rows) == 0 {
		return nil, fmt.Errorf("no rows in its Games table")
	}
	// The files in the order the table lists them: the manifest's.
	entry, last := -1, ""
	for _, r := range f.Rows {
		if r.File != last {
			entry++
			last = r.File
		}
		r.Entry = entry
		k := r.File + "|" + r.Game
		if l := noStart[k]; len(l) > 0 {
			r.NoStart, noStart[k] = l[0], l[1:]
		}
	}
	return f, nil
}

// splitRow splits a Markdown table row into its cells, unescaping "\|".
func splitRow(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(line, "|")
	line = strings.TrimSuffix(line, "|")
	var cells []string
	var b strings.Builder
	for i := 0; i < len(line); i++ {
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
	return append(cells, strings.TrimSpace(b.String()))
}

// endsStats reads an Ends cell ("goal 82, cap 18", endsText's words) back
// into the playouts' counts; false when the row was not played.
func endsStats(s string) (*playout.Stats, bool) {
	if s == "" {
		return nil, false
	}
	st := &playout.Stats{}
	if s == "–" {
		return st, true
	}
	for _, part := range strings.Split(s, ", ") {
		m := mdEndCount.FindStringSubmatch(part)
		if m == nil {
			return nil, false
		}
		n, _ := strconv.Atoi(m[2])
		switch m[1] {
		case "goal":
			st.Decisive += n
		case "draw":
			st.Drawn += n
		case "cap":
			st.Capped += n
		case "time":
			st.Timed += n
		}
		st.Playouts += n
	}
	return st, true
}

// OverBase puts the rows of merged shards in place of base's rows of the
// same files, and keeps base's rows for every other file: the table of a
// partial rerun. Files are matched by path; the shards' files must all be
// in base. The unrecorded moves of base rows replaced are taken off the
// total where that row had no playouts (exact), and make the total an
// upper bound where it had some.
func OverBase(base *TableFile, m *Merged) (*TableFile, []string, error) {
	byFile := map[string][]*Row{}
	for _, r := range m.Rows {
		byFile[r.File] = append(byFile[r.File], r)
	}
	out := &TableFile{UnrecordedMoves: base.UnrecordedMoves, UnrecordedExact: base.UnrecordedExact}
	var rerun []string
	done := map[string]bool{}
	for _, r := range base.Rows {
		rows, ok := byFile[r.File]
		if !ok {
			out.Rows = append(out.Rows, r)
			continue
		}
		if r.MovesUnrecorded && r.Stats != nil && r.Stats.Playouts > 0 {
			out.UnrecordedExact = false
		}
		if done[r.File] {
			continue
		}
		done[r.File] = true
		rerun = append(rerun, r.File)
		for _, nr := range rows {
			nr.Entry = r.Entry
			out.Rows = append(out.Rows, nr)
		}
	}
	for f := range byFile {
		if !done[f] {
			return nil, nil, fmt.Errorf("%s: a shard's file the base table does not have (another corpus?)", f)
		}
	}
	return out, rerun, nil
}
