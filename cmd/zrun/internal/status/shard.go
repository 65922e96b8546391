// This file defines the status table's shards: the rows one part of the
// corpus gave (Options.Shard), written as JSON, and Merge, which joins the
// parts of one run back into the whole table.

package status

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"zrun/vm/perftable"
)

// ShardFile is what one shard of a status run writes: which shard, the
// run's command and settings (the same in every shard of a run), its rows.
type ShardFile struct {
	Shard    string // "i/n"
	Command  string // the command of the whole run, as StatusCommand writes it
	Settings string
	Partial  bool // the shard was interrupted: some of its files are missing
	Rows     []*Row
}

// WriteShard writes f as JSON.
func WriteShard(w io.Writer, f *ShardFile) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(f)
}

// Merged is the whole table joined from the shards of one run.
type Merged struct {
	Rows              []*Row // in manifest order
	Command, Settings string
	Shards            int
	Partial           bool // some shard was interrupted
}

// Merge reads the shard files of one run and joins their rows in manifest
// order. Every shard 1..n must be given once, all of one run (the same n,
// command and settings); otherwise the error says which are missing or
// which file differs.
func Merge(paths []string) (*Merged, error) {
	var m *Merged
	seen := map[int]string{}
	for _, p := range paths {
		f, err := readShard(p)
		if err != nil {
			return nil, err
		}
		sh, err := perftable.ParseShard(f.Shard)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		if m == nil {
			m = &Merged{Command: f.Command, Settings: f.Settings, Shards: sh.N}
		}
		switch {
		case sh.N != m.Shards:
			return nil, fmt.Errorf("%s: shard %s of another run (%s has %d shards)", p, f.Shard, paths[0], m.Shards)
		case f.Command != m.Command || f.Settings != m.Settings:
			return nil, fmt.Errorf("%s: another run's shard (%q, %q; %s: %q, %q)", p, f.Command, f.Settings, paths[0], m.Command, m.Settings)
		}
		if prev, dup := seen[sh.I]; dup {
			return nil, fmt.Errorf("%s: shard %s given twice (also %s)", p, f.Shard, prev)
		}
		seen[sh.I] = p
		m.Rows = append(m.Rows, f.Rows...)
		m.Partial = m.Partial || f.Partial
	}
	if m == nil {
		return nil, fmt.Errorf("no shard files")
	}
	var missing []string
	for i := 1; i <= m.Shards; i++ {
		if seen[i] == "" {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("shards missing of %d: %s", m.Shards, strings.Join(missing, ", "))
	}
	// Rows of one file keep their order (the file's games); files go back
	// in manifest order.
	sort.SliceStable(m.Rows, func(i, j int) bool { return m.Rows[i].Entry < m.Rows[j].Entry })
	return m, nil
}

func readShard(p string) (*ShardFile, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	var f ShardFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: not a status shard: %v", p, err)
	}
	return &f, nil
}
