// This file tests "zrun perft --table" and "--merge" on the shared chess
// rows (published and Fairy-Stockfish counts).

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const perftTable = "../../../shared/perft/perft.tsv"

func TestPerftTableShardsMerge(t *testing.T) {
	if _, err := os.Stat(perftTable); err != nil {
		t.Skipf("reference table absent (../shared not present): %v", err)
	}
	dir := t.TempDir()
	var outs []string
	for _, sh := range []string{"1/2", "2/2"} {
		var out, errOut bytes.Buffer
		code := runMain([]string{"perft", "--table", perftTable, "--select", "variant=chess", "--max-nodes", "10000", "--shard", sh, "../../games/chess.zrf"}, &out, &errOut)
		if code != 0 {
			t.Fatalf("shard %s: exit %d\n%s%s", sh, code, out.String(), errOut.String())
		}
		p := filepath.Join(dir, strings.ReplaceAll(sh, "/", "-")+".tsv")
		if err := os.WriteFile(p, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, p)
	}
	var out, errOut bytes.Buffer
	if code := runMain(append([]string{"perft", "--merge"}, outs...), &out, &errOut); code != 0 || !strings.Contains(out.String(), "in 2 of 2 shards") || !strings.Contains(out.String(), " 0 failed") {
		t.Fatalf("merge: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	out.Reset()
	if code := runMain([]string{"perft", "--merge", outs[0]}, &out, &errOut); code != 1 || !strings.Contains(out.String(), "missing or unfinished shards (of 2): 2") {
		t.Fatalf("merge of one shard: exit %d\n%s", code, out.String())
	}
}

func TestPerftTableBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--table", perftTable, "--shard", "3/2", "../../games/chess.zrf"}, 2, "bad shard"},
		{[]string{"--table", perftTable, "--select", "variant", "../../games/chess.zrf"}, 2, "COL=VALUE"},
		{[]string{"--table", "no-such-table.tsv", "../../games/chess.zrf"}, 1, "no-such-table.tsv"},
		{[]string{"--merge", "no-such-shard.tsv"}, 1, "no-such-shard.tsv"},
	} {
		var out, errOut bytes.Buffer
		code := runMain(append([]string{"perft"}, tc.args...), &out, &errOut)
		if code != tc.code || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("perft %v: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut.String(), tc.code, tc.want)
		}
	}
}
