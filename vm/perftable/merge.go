// This file merges shard outputs into one verdict.

package perftable

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

// Failure is a failed row as a shard reported it.
type Failure struct {
	Index     int
	Depth     int
	Want, Got uint64
	Verdict   string
	FEN       string
}

// Merged is the verdict over a table's shards.
type Merged struct {
	Header   Header // the common header; Shard.N is the number of shards
	Summary  Summary
	Done     []int // shards finished
	Missing  []int // shards absent or cut off before their "# done" line
	Failures []Failure
}

// Complete reports whether every shard finished.
func (m *Merged) Complete() bool { return len(m.Missing) == 0 }

// shardOutput is one parsed output file.
type shardOutput struct {
	header   Header
	done     bool
	lines    int
	summary  Summary
	failures []Failure
}

// MergeFiles reads the outputs of shards of one table and merges them. The
// shards must agree on the table, selection, row count and number of
// shards; a shard given twice is an error; a finished shard must hold its
// rows exactly.
func MergeFiles(paths []string) (*Merged, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("no shard outputs to merge")
	}
	m := &Merged{}
	seen := map[int]string{}
	for i, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		out, err := readShard(f, p)
		f.Close()
		if err != nil {
			return nil, err
		}
		if i == 0 {
			m.Header = out.header
		} else if h := out.header; h.Table != m.Header.Table || h.Select != m.Header.Select || h.Rows != m.Header.Rows || h.Shard.N != m.Header.Shard.N {
			return nil, fmt.Errorf("%s: shard of table %s (select %q, %d rows, %d shards), not of %s (select %q, %d rows, %d shards) as %s",
				p, h.Table, h.Select, h.Rows, h.Shard.N, m.Header.Table, m.Header.Select, m.Header.Rows, m.Header.Shard.N, paths[0])
		}
		k := out.header.Shard.I
		if prev, dup := seen[k]; dup {
			return nil, fmt.Errorf("%s: shard %s given twice (also %s)", p, out.header.Shard, prev)
		}
		seen[k] = p
		if !out.done {
			continue
		}
		if want := len(out.header.Shard.Rows(make([]Row, out.header.Rows))); out.lines != want {
			return nil, fmt.Errorf("%s: shard %s finished with %d rows, it has %d", p, out.header.Shard, out.lines, want)
		}
		m.Done = append(m.Done, k)
		m.Summary.Rows += out.summary.Rows
		m.Summary.Passed += out.summary.Passed
		m.Summary.Failed += out.summary.Failed
		m.Summary.Nodes += out.summary.Nodes
		m.Summary.Elapsed += out.summary.Elapsed
		m.Failures = append(m.Failures, out.failures...)
	}
	done := map[int]bool{}
	for _, k := range m.Done {
		done[k] = true
	}
	for k := 1; k <= m.Header.Shard.N; k++ {
		if !done[k] {
			m.Missing = append(m.Missing, k)
		}
	}
	return m, nil
}

// readShard parses one shard's output.
func readShard(r io.Reader, name string) (*shardOutput, error) {
	out := &shardOutput{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	line := 0
	sawHeader := false
	for sc.Scan() {
		line++
		text := sc.Text()
		switch {
		case line == 1:
			h, err := parseHeader(text)
			if err != nil {
				return nil, fmt.Errorf("%s:1: %v", name, err)
			}
			out.header, sawHeader = h, true
		case text == columns:
		case strings.HasPrefix(text, "# done "):
			out.done = true
		case out.done:
			return nil, fmt.Errorf("%s:%d: a line after \"# done\"", name, line)
		default:
			f, secs, err := parseResult(text)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", name, line, err)
			}
			out.lines++
			out.summary.Rows++
			out.summary.Nodes += f.Got
			out.summary.Elapsed += time.Duration(secs * float64(time.Second))
			if f.Verdict == "ok" && f.Got == f.Want {
				out.summary.Passed++
			} else {
				out.summary.Failed++
				out.failures = append(out.failures, f)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if !sawHeader {
		return nil, fmt.Errorf("%s: empty (no perftable header)", name)
	}
	return out, nil
}

// parseHeader reads "# perftable table=T select=S rows=N shard=i/n".
func parseHeader(text string) (Header, error) {
	var h Header
	rest, ok := strings.CutPrefix(text, "# perftable ")
	if !ok {
		return h, fmt.Errorf("not a perftable shard output (no \"# perftable\" header)")
	}
	fields := map[string]string{}
	for _, kv := range strings.Fields(rest) {
		k, v, _ := strings.Cut(kv, "=")
		fields[k] = v
	}
	h.Table, h.Select = fields["table"], fields["select"]
	n, err := strconv.Atoi(fields["rows"])
	if err != nil || n < 0 {
		return h, fmt.Errorf("bad rows= in header")
	}
	h.Rows = n
	if h.Shard, err = ParseShard(fields["shard"]); err != nil {
		return h, err
	}
	return h, nil
}

// parseResult reads one row's line as WriteResult writes it.
func parseResult(text string) (Failure, float64, error) {
	var f Failure
	cols := strings.SplitN(text, "\t", 7)
	if len(cols) != 7 {
		return f, 0, fmt.Errorf("want 7 tab-separated columns, got %d", len(cols))
	}
	var err [5]error
	f.Index, err[0] = strconv.Atoi(cols[0])
	f.Depth, err[1] = strconv.Atoi(cols[1])
	f.Want, err[2] = strconv.ParseUint(cols[2], 10, 64)
	f.Got, err[3] = strconv.ParseUint(cols[3], 10, 64)
	secs, e := strconv.ParseFloat(cols[5], 64)
	err[4] = e
	for _, e := range err {
		if e != nil {
			return f, 0, fmt.Errorf("bad number: %v", e)
		}
	}
	f.Verdict, f.FEN = cols[4], cols[6]
	return f, secs, nil
}

// WriteReport prints the verdict: each failed row, the shards still
// missing (compactly: 1-3,7,9-12), and the totals.
func (m *Merged) WriteReport(w io.Writer) error {
	var b strings.Builder
	for _, f := range m.Failures {
		fmt.Fprintf(&b, "FAIL row %d: perft(%d) = %d, want %d (%s): %s\n", f.Index, f.Depth, f.Got, f.Want, f.Verdict, f.FEN)
	}
	if len(m.Missing) > 0 {
		fmt.Fprintf(&b, "missing or unfinished shards (of %d): %s\n", m.Header.Shard.N, shardList(m.Missing))
	}
	sm := m.Summary
	fmt.Fprintf(&b, "%s: %d of %d rows checked in %d of %d shards: %d passed, %d failed; %d nodes in %.1fs of perft (%.0f nodes/s)\n",
		m.Header.Table, sm.Rows, m.Header.Rows, len(m.Done), m.Header.Shard.N, sm.Passed, sm.Failed, sm.Nodes, sm.Elapsed.Seconds(), sm.NodesPerSecond())
	_, err := io.WriteString(w, b.String())
	return err
}

// shardList writes shard numbers compactly: 1-3,7,9-12.
func shardList(ks []int) string {
	var b strings.Builder
	for i := 0; i < len(ks); {
		j := i
		for j+1 < len(ks) && ks[j+1] == ks[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		if j > i {
			fmt.Fprintf(&b, "%d-%d", ks[i], ks[j])
		} else {
			fmt.Fprintf(&b, "%d", ks[i])
		}
		i = j + 1
	}
	return b.String()
}
