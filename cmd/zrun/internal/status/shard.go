// This file defines the status table's shards: the rows one part of the
// corpus gave (Options.Shard), written as JSON, and Merge, which joins the
// parts of one run back into the whole table. The parts need not be of one
// size: a shard whose files turn out slow can be run again as finer shards
// (its files are every n-th from the i-th, so shard i/n is the shards
// i/kn, i+n/kn, ... of k times as many), as long as together they cover
// every rule file of the manifest once.

package status

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"zrun/vm/perftable"
)

// ShardFile is what one shard of a status run writes: which shard, the
// run's command and settings (the same in every shard of a run), its rows.
type ShardFile struct {
	Shard    string // "i/n"
	Command  string // the command of the whole run, as StatusCommand writes it
	Settings string
	Partial  bool // the shard was interrupted: some of its files are missing
	// Total is the number of rule files of the corpus manifest, which
	// shard i/n covers every n-th of from the i-th (0 in shard files
	// written before it was recorded: those merge with shards of their
	// own size only).
	Total int `json:",omitempty"`
	Rows  []*Row
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
	Shards            int   // shard files merged
	Sizes             []int // their n of --shard i/n, ascending, each once
	Partial           bool  // some shard was interrupted
}

// Merge reads the shard files of one run and joins their rows in manifest
// order. The shards must be of one run (the same command and settings) and
// cover every rule file of the corpus once: every shard 1..n of one n, or,
// where the files record the corpus size, shards of any sizes that
// together cover each file exactly once. Otherwise the error says which
// are missing or given twice, or which file differs.
func Merge(paths []string) (*Merged, error) { return merge(paths, true) }

// MergePart is Merge of shards that cover part of the corpus (each file
// at most once): a rerun of some files, to merge over an earlier table
// (OverBase).
func MergePart(paths []string) (*Merged, error) { return merge(paths, false) }

func merge(paths []string, whole bool) (*Merged, error) {
	var m *Merged
	type part struct {
		path string
		sh   perftable.Shard
		f    *ShardFile
	}
	var parts []part
	total, totalFrom := 0, ""
	for _, p := range paths {
		f, err := readShard(p)
		if err != nil {
			return nil, err
		}
		sh, err := perftable.ParseShard(f.Shard)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		f.Command = runCommand(f.Command)
		if m == nil {
			m = &Merged{Command: f.Command, Settings: f.Settings}
		}
		if f.Command != m.Command || f.Settings != m.Settings {
			return nil, fmt.Errorf("%s: another run's shard (%q, %q; %s: %q, %q)", p, f.Command, f.Settings, paths[0], m.Command, m.Settings)
		}
		if f.Total > 0 {
			if total > 0 && f.Total != total {
				return nil, fmt.Errorf("%s: a corpus of %d rule files (%s: %d)", p, f.Total, totalFrom, total)
			}
			total, totalFrom = f.Total, p
		}
		parts = append(parts, part{p, sh, f})
		m.Rows = append(m.Rows, f.Rows...)
		m.Partial = m.Partial || f.Partial
		if !slices.Contains(m.Sizes, sh.N) {
			m.Sizes = append(m.Sizes, sh.N)
		}
	}
	if m == nil {
		return nil, fmt.Errorf("no shard files")
	}
	m.Shards = len(parts)
	slices.Sort(m.Sizes)
	if !whole {
		if total == 0 {
			return nil, fmt.Errorf("shards that do not record the corpus size cannot be merged over a table")
		}
		by := make([]string, total)
		for _, pt := range parts {
			for e := pt.sh.I - 1; e < total; e += pt.sh.N {
				if by[e] != "" {
					return nil, fmt.Errorf("%s: rule file %d of %d given twice (also %s, shard %s)", pt.path, e+1, total, by[e], pt.f.Shard)
				}
				by[e] = pt.path
			}
		}
	} else if total == 0 {
		// Shards that do not know the corpus size: every i of one n.
		if len(m.Sizes) > 1 {
			return nil, fmt.Errorf("shards of %v parts that do not record the corpus size: all must be of one size", m.Sizes)
		}
		n := m.Sizes[0]
		seen := map[int]string{}
		for _, pt := range parts {
			if prev, dup := seen[pt.sh.I]; dup {
				return nil, fmt.Errorf("%s: shard %s given twice (also %s)", pt.path, pt.f.Shard, prev)
			}
			seen[pt.sh.I] = pt.path
		}
		var missing []string
		for i := 1; i <= n; i++ {
			if seen[i] == "" {
				missing = append(missing, fmt.Sprint(i))
			}
		}
		if len(missing) > 0 {
			return nil, fmt.Errorf("shards missing of %d: %s", n, strings.Join(missing, ", "))
		}
	} else {
		by := make([]string, total) // the shard file that covers each manifest entry
		for _, pt := range parts {
			for e := pt.sh.I - 1; e < total; e += pt.sh.N {
				if by[e] != "" {
					return nil, fmt.Errorf("%s: rule file %d of %d given twice (also %s, shard %s)", pt.path, e+1, total, by[e], pt.f.Shard)
				}
				by[e] = pt.path
			}
		}
		var missing []string
		for e, p := range by {
			if p == "" {
				missing = append(missing, fmt.Sprintf("%d/%d", e+1, total))
			}
		}
		if len(missing) > 0 {
			return nil, fmt.Errorf("%d rule files in no shard: shards missing %s", len(missing), strings.Join(missing, ", "))
		}
	}
	// Rows of one file keep their order (the file's games); files go back
	// in manifest order.
	sort.SliceStable(m.Rows, func(i, j int) bool { return m.Rows[i].Entry < m.Rows[j].Entry })
	return m, nil
}

// runCommand is a shard's command without its -j, which shard files
// written before they left it out hold: how many playouts and files ran at
// once changes no row, so shards run with different -j are of one run.
func runCommand(cmd string) string {
	f := strings.Fields(cmd)
	if i := slices.Index(f, "-j"); i >= 0 && i+1 < len(f) {
		f = slices.Delete(f, i, i+2)
	}
	return strings.Join(f, " ")
}

// BudgetText says a status run's time budget per game in its settings.
func BudgetText(d time.Duration) string {
	if d <= 0 {
		return "no time limit"
	}
	return fmt.Sprintf("at most %v a game", d)
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
	// Shards written before BudgetText said "no time limit" as "at most
	// 0s a game"; they are of one run with those that say it.
	f.Settings = strings.Replace(f.Settings, "at most 0s a game", BudgetText(0), 1)
	return &f, nil
}
