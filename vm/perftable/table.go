// This file reads a perft table.

package perftable

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Row is one position of a table with its published count.
type Row struct {
	Index int    // 0-based among the table's rows (comments and header not counted)
	Line  int    // 1-based line in the file, for messages
	FEN   string // the position
	Depth int
	Nodes uint64   // the published count
	Cols  []string // every column, as the header names them
}

// Table is a perft table read whole.
type Table struct {
	Name    string   // the file name as given
	Columns []string // the header's column names
	Rows    []Row
}

// Column returns row r's value in the column named name, or "" when the table
// has no such column.
func (t *Table) Column(r Row, name string) string {
	for i, c := range t.Columns {
		if c == name && i < len(r.Cols) {
			return r.Cols[i]
		}
	}
	return ""
}

// ReadFile reads the table at path; a name ending in .gz is gunzipped.
func ReadFile(path string) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		defer z.Close()
		r = z
	}
	return Read(r, path)
}

// Read reads a table from r; name is used in messages. Lines starting with
// '#' and blank lines are skipped; the first other line is the header, which
// must name the columns fen, depth and nodes.
func Read(r io.Reader, name string) (*Table, error) {
	t := &Table{Name: name}
	fenCol, depthCol, nodesCol := -1, -1, -1
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if t.Columns == nil {
			t.Columns = cols
			for i, c := range cols {
				switch c {
				case "fen":
					fenCol = i
				case "depth":
					depthCol = i
				case "nodes":
					nodesCol = i
				}
			}
			if fenCol < 0 || depthCol < 0 || nodesCol < 0 {
				return nil, fmt.Errorf("%s:%d: the header must name the columns fen, depth and nodes (got %q)", name, line, text)
			}
			continue
		}
		if len(cols) != len(t.Columns) {
			return nil, fmt.Errorf("%s:%d: %d columns, the header has %d", name, line, len(cols), len(t.Columns))
		}
		d, err := strconv.Atoi(cols[depthCol])
		if err != nil || d < 0 {
			return nil, fmt.Errorf("%s:%d: bad depth %q", name, line, cols[depthCol])
		}
		n, err := strconv.ParseUint(cols[nodesCol], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: bad node count %q", name, line, cols[nodesCol])
		}
		t.Rows = append(t.Rows, Row{Index: len(t.Rows), Line: line, FEN: cols[fenCol], Depth: d, Nodes: n, Cols: cols})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if t.Columns == nil {
		return nil, fmt.Errorf("%s: no header line", name)
	}
	return t, nil
}

// Select keeps the rows whose column col equals value (a table of several
// games checked against one rule file); an unknown column is an error.
func (t *Table) Select(col, value string) error {
	found := false
	for _, c := range t.Columns {
		found = found || c == col
	}
	if !found {
		return fmt.Errorf("%s: no column %q (columns: %s)", t.Name, col, strings.Join(t.Columns, ", "))
	}
	kept := t.Rows[:0]
	for _, r := range t.Rows {
		if t.Column(r, col) == value {
			kept = append(kept, r)
		}
	}
	t.Rows = kept
	return nil
}

// DropAbove drops the rows whose published count exceeds maxNodes (a quick
// run over a table whose deep rows take minutes).
func (t *Table) DropAbove(maxNodes uint64) {
	kept := t.Rows[:0]
	for _, r := range t.Rows {
		if r.Nodes <= maxNodes {
			kept = append(kept, r)
		}
	}
	t.Rows = kept
}
