package check

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zrun/vm/perftable"
	"zrun/vm/playout"
)

// TestStatusShardsMergeToTheWholeTable: a status run split in shards and
// merged gives the table of the whole run (testdata/corpus: two games of
// our own with a variant, and a file that does not load), and a merge
// refuses a missing or repeated shard.
func TestStatusShardsMergeToTheWholeTable(t *testing.T) {
	const dir = "testdata/corpus"
	tmp := t.TempDir()
	opt := playout.Options{Playouts: 5, Seed: 1, MaxMoves: playout.DefaultMaxMoves}
	var log bytes.Buffer
	whole := filepath.Join(tmp, "whole.md")
	if r := Status(dir, whole, opt, 1, perftable.All, &log, &log); r != OK {
		t.Fatalf("whole run: %v\n%s", r, log.String())
	}
	var shards []string
	for i := 1; i <= 2; i++ {
		p := filepath.Join(tmp, fmt.Sprintf("shard-%d.json", i))
		var progress bytes.Buffer
		// Shard i runs i playouts at once: -j changes no row, so the
		// shards are of one run.
		if r := Status(dir, p, opt, i, perftable.Shard{I: i, N: 2}, &log, &progress); r != OK {
			t.Fatalf("shard %d/2: %v\n%s%s", i, r, log.String(), progress.String())
		}
		// A shard replays its own files' saves only: shard 1 has line.zrf
		// and broken.zrf, shard 2 step.zrf.
		own, other := "line.zsg", "step.zsg"
		if i == 2 {
			own, other = other, own
		}
		if !strings.Contains(progress.String(), "replaying "+filepath.Join(dir, own)) || strings.Contains(progress.String(), other) {
			t.Errorf("shard %d/2 replayed other saves than its own %s:\n%s", i, own, progress.String())
		}
		shards = append(shards, p)
	}
	// Shard 1/2 (line.zrf and broken.zrf) run again as the finer 1/3 and
	// 3/3 merges with 2/2 into the same table; shards that cover a file
	// twice or leave one out are refused.
	var fine []string
	for _, i := range []int{1, 3} {
		p := filepath.Join(tmp, fmt.Sprintf("fine-%d.json", i))
		if r := Status(dir, p, opt, 1, perftable.Shard{I: i, N: 3}, &log, &log); r != OK {
			t.Fatalf("shard %d/3: %v\n%s", i, r, log.String())
		}
		fine = append(fine, p)
	}
	mixed := filepath.Join(tmp, "mixed.md")
	if r := MergeStatus(mixed, []string{fine[1], shards[1], fine[0]}, &log, &log); r != OK {
		t.Fatalf("merge of 1/3, 2/2, 3/3: %v\n%s", r, log.String())
	}
	if got, want := readTable(t, mixed).rest, readTable(t, whole).rest; got != want {
		t.Errorf("the table merged from shards of two sizes differs from the whole run's:\n%s\nwant\n%s", got, want)
	}
	for _, bad := range []struct {
		shards []string
		why    string
	}{{[]string{shards[0], fine[0], shards[1]}, "rule file 1 of 3 given twice"}, {[]string{fine[0], shards[1]}, "shards missing 3/3"}} {
		var errs bytes.Buffer
		if r := MergeStatus(filepath.Join(tmp, "bad.md"), bad.shards, &errs, &errs); r != Failed || !strings.Contains(errs.String(), bad.why) {
			t.Errorf("merge of %v: %v, %q; want a failure saying %q", bad.shards, r, errs.String(), bad.why)
		}
	}
	// Shard files written before they recorded the corpus size merge with
	// shards of their own size, and with finer ones that do record it.
	var old []string
	for i, p := range shards {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		o := filepath.Join(tmp, fmt.Sprintf("old-%d.json", i+1))
		b = bytes.Replace(b, []byte(`"Total": 3,`), nil, 1)
		if bytes.Contains(b, []byte(`"Total"`)) {
			t.Fatalf("%s: the corpus size is not where the test removes it", p)
		}
		// Shard files of that time also kept their -j in the command, and
		// wrote no time limit as "at most 0s a game".
		b = bytes.Replace(b, []byte(`no time limit`), []byte(`at most 0s a game`), 1)
		b = bytes.Replace(b, []byte(`check --play 5 --status`), []byte(fmt.Sprintf(`check --play 5 -j %d --status`, i+2)), 1)
		if !bytes.Contains(b, []byte(` -j `)) {
			t.Fatalf("%s: the command is not where the test puts a -j in it", p)
		}
		if err := os.WriteFile(o, b, 0o644); err != nil {
			t.Fatal(err)
		}
		old = append(old, o)
	}
	for _, set := range [][]string{old, {fine[0], old[1], fine[1]}} {
		if r := MergeStatus(mixed, set, &log, &log); r != OK || readTable(t, mixed).rest != readTable(t, whole).rest {
			t.Errorf("merge of %v: %v, or another table than the whole run's\n%s", set, r, log.String())
		}
	}
	merged := filepath.Join(tmp, "merged.md")
	// The shards in either order.
	if r := MergeStatus(merged, []string{shards[1], shards[0]}, &log, &log); r != OK {
		t.Fatalf("merge: %v\n%s", r, log.String())
	}
	w, m := readTable(t, whole), readTable(t, merged)
	if m.rest != w.rest {
		t.Errorf("merged table differs from the whole run's:\n%s\nwant\n%s", m.rest, w.rest)
	}
	// Each shard replays only its own files' saves (line.zsg, step.zsg),
	// and together they are every save.
	for _, want := range []string{"Line Three 4x4", "Step Race", "| broken.zrf |", "checked in 2 shards",
		"| Line Three | yes | yes | goal 5 | 1/1 |", "| Step Race | yes | yes | goal 5 | 1/1 |", "saved games replayed to their end | 2 of 2 |"} {
		if !strings.Contains(m.head+m.rest, want) {
			t.Errorf("merged table lacks %q", want)
		}
	}
	if wantCmd := strings.Replace(w.command, whole, merged, 1); m.command != wantCmd {
		t.Errorf("merged table's command %q, want %q", m.command, wantCmd)
	}
	for _, bad := range []struct {
		shards []string
		why    string
	}{{shards[:1], "shards missing 2/3"}, {[]string{shards[0], shards[0], shards[1]}, "given twice"}, {[]string{whole}, "not a status shard"}} {
		var errs bytes.Buffer
		if r := MergeStatus(filepath.Join(tmp, "bad.md"), bad.shards, &errs, &errs); r != Failed || !strings.Contains(errs.String(), bad.why) {
			t.Errorf("merge of %v: %v, %q; want a failure saying %q", bad.shards, r, errs.String(), bad.why)
		}
	}
}

// table is a status table cut at its summary: the header (title, command,
// settings) and the rest (summary and rows).
type table struct{ head, command, rest string }

func readTable(t *testing.T, p string) table {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	head, rest, ok := strings.Cut(string(b), "## Summary")
	if !ok {
		t.Fatalf("%s has no summary:\n%s", p, b)
	}
	var cmd string
	for _, l := range strings.Split(head, "\n") {
		if strings.HasPrefix(l, "    go run ./cmd/zrun check") {
			cmd = strings.TrimSpace(l)
		}
	}
	return table{head, cmd, rest}
}
