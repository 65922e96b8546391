package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestDesignBadInput: bad command lines get a usage error (2) or a clear
// message (1) naming what is wrong.
func TestDesignBadInput(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"design"}, 2, "usage: zrun design"},
		{[]string{"design", "--shard", "3/2", "--data", "x", "../../games/chess.zrf"}, 2, "bad shard"},
		{[]string{"design", "--shard", "1/2", "../../games/chess.zrf"}, 2, "--data"},
		{[]string{"design", "--compare", "../../games/chess.zrf"}, 2, "usage"},
		{[]string{"design", "--variant", "Nope", "../../games/chess.zrf"}, 1, `no game or variant "Nope"`},
		{[]string{"design", "--merge", "no-such.jsonl"}, 1, "no-such.jsonl"},
		{[]string{"design", "--games", "0", "../../games/chess.zrf"}, 2, "at least 1"},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		code := runMain(tc.args, &out, &errb)
		if code != tc.code || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errb.String(), tc.code, tc.want)
		}
	}
}

// TestDesignMergeCommand: two shards of a tiny run, written and merged by
// the command, report the run's 2 games.
func TestDesignMergeCommand(t *testing.T) {
	dir := t.TempDir()
	for _, i := range []string{"1", "2"} {
		var out, errb bytes.Buffer
		if code := runMain([]string{"design", "--games", "2", "--depth", "1", "--max-plies", "20", "--shard", i + "/2", "--data", dir + "/d" + i + ".jsonl", "../../games/chess.zrf"}, &out, &errb); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", i, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := runMain([]string{"design", "--merge", dir + "/d1.jsonl", dir + "/d2.jsonl"}, &out, &errb); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "2 games, depth 1") {
		t.Errorf("merged report:\n%s", out.String())
	}
}
