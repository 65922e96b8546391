package status

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMerge: shard i/n holds the rule files i, i+n, i+2n, ... of the
// manifest (counting from 1), so shards merge when together they hold each
// file once: every i of one n, or, where the files record the corpus size,
// shards of different sizes (1/2 holds files 1, 3, 5; 2/4 holds 2; 4/4
// holds 4). Rows come back in manifest order.
func TestMerge(t *testing.T) {
	const cmd, settings = "go run ./cmd/zrun check --play 3 --status t.md corpus", "3 playouts"
	type shard struct {
		name, cmd, settings string
		total               int
	}
	sh := func(name string, total int) shard { return shard{name, cmd, settings, total} }
	for _, c := range []struct {
		name   string
		shards []shard
		err    string // "" merges
	}{
		{"all of one size", []shard{sh("2/2", 0), sh("1/2", 0)}, ""},
		{"one missing", []shard{sh("1/3", 0), sh("3/3", 0)}, "shards missing of 3: 2"},
		{"one twice", []shard{sh("1/2", 0), sh("1/2", 0), sh("2/2", 0)}, "given twice"},
		{"sizes without the corpus size", []shard{sh("1/2", 0), sh("2/4", 0), sh("4/4", 0)}, "all must be of one size"},
		{"finer shards covering", []shard{sh("1/2", 5), sh("2/4", 5), sh("4/4", 5)}, ""},
		{"finer shards missing", []shard{sh("1/2", 5), sh("2/4", 5)}, "shards missing 4/5"},
		{"finer shards overlapping", []shard{sh("1/2", 5), sh("3/4", 5), sh("2/2", 5)}, "rule file 3 of 5 given twice"},
		{"another corpus size", []shard{sh("1/2", 5), sh("2/2", 6)}, "a corpus of 6 rule files"},
		{"another run", []shard{sh("1/2", 0), {"2/2", cmd + " --seed 2", settings, 0}}, "another run's shard"},
		{"-j changes no row", []shard{{"1/2", cmd + " -j 4", settings, 0}, sh("2/2", 0)}, ""},
		// Shards written before BudgetText said "no time limit".
		{"old budget text", []shard{{"1/2", cmd, "at most 0s a game", 0}, {"2/2", cmd, BudgetText(0), 0}}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			var paths []string
			for k, s := range c.shards {
				var i, n int
				fmt.Sscanf(s.name, "%d/%d", &i, &n)
				total := s.total
				if total == 0 {
					total = 5 // the rows' entries; unrecorded in the file
				}
				f := &ShardFile{Shard: s.name, Command: s.cmd, Settings: s.settings, Total: s.total}
				for e := i - 1; e < total; e += n {
					f.Rows = append(f.Rows, &Row{Entry: e, File: fmt.Sprintf("f%d.zrf", e+1), Game: "G"})
				}
				p := filepath.Join(dir, fmt.Sprintf("shard%d.json", k))
				w, err := os.Create(p)
				if err != nil {
					t.Fatal(err)
				}
				if err := WriteShard(w, f); err != nil {
					t.Fatal(err)
				}
				w.Close()
				paths = append(paths, p)
			}
			m, err := Merge(paths)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one saying %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var files []string
			for _, r := range m.Rows {
				files = append(files, r.File)
			}
			if got := strings.Join(files, " "); got != "f1.zrf f2.zrf f3.zrf f4.zrf f5.zrf" {
				t.Errorf("rows %s, want the five files in manifest order", got)
			}
			if m.Command != cmd || m.Shards != len(c.shards) {
				t.Errorf("merged command %q, %d shards", m.Command, m.Shards)
			}
		})
	}
}
