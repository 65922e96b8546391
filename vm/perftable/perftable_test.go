package perftable_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zrun/vm"
	"zrun/vm/perftable"
	"zrun/zrf"
)

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want perftable.Shard
		ok   bool
	}{
		{"1/1", perftable.Shard{I: 1, N: 1}, true},
		{"3/64", perftable.Shard{I: 3, N: 64}, true},
		{"64/64", perftable.Shard{I: 64, N: 64}, true},
		{"0/4", perftable.Shard{}, false},
		{"5/4", perftable.Shard{}, false},
		{"1/0", perftable.Shard{}, false},
		{"2", perftable.Shard{}, false},
		{"a/b", perftable.Shard{}, false},
	} {
		got, err := perftable.ParseShard(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v, ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// TestShardsPartition: the shards of a table are disjoint and cover it.
func TestShardsPartition(t *testing.T) {
	rows := make([]perftable.Row, 103)
	for i := range rows {
		rows[i].Index = i
	}
	for _, n := range []int{1, 2, 7, 103, 200} {
		seen := make([]int, len(rows))
		for i := 1; i <= n; i++ {
			for _, r := range (perftable.Shard{I: i, N: n}).Rows(rows) {
				seen[r.Index]++
			}
		}
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("n=%d: row %d in %d shards", n, i, c)
			}
		}
	}
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"no header", "# only a comment\n", "no header"},
		{"missing column", "fen\tdepth\n", "must name the columns"},
		{"short row", "fen\tdepth\tnodes\nx\t1\n", "t.tsv:2: 2 columns"},
		{"bad depth", "fen\tdepth\tnodes\nx\t-1\t5\n", "t.tsv:2: bad depth"},
		{"bad count", "fen\tdepth\tnodes\nx\t1\tmany\n", "t.tsv:2: bad node count"},
	} {
		_, err := perftable.Read(strings.NewReader(tc.text), "t.tsv")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestSelectAndDrop(t *testing.T) {
	tab, err := perftable.Read(strings.NewReader("# c\nid\tvariant\tfen\tdepth\tnodes\na\tchess\tF1\t1\t20\nb\tgrand\tF2\t1\t65\nc\tchess\tF3\t3\t8902\n"), "t.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.Select("variant", "chess"); err != nil {
		t.Fatal(err)
	}
	tab.DropAbove(1000)
	if len(tab.Rows) != 1 || tab.Rows[0].FEN != "F1" || tab.Rows[0].Line != 3 || tab.Column(tab.Rows[0], "id") != "a" {
		t.Fatalf("rows %+v", tab.Rows)
	}
	if err := tab.Select("colour", "x"); err == nil {
		t.Fatal("Select on an unknown column: no error")
	}
}

// TestCheckChessRows checks the chess rows of the shared reference table
// (Fairy-Stockfish's and published counts) with at most 100,000 nodes
// against games/chess.zrf, in three shards merged.
func TestCheckChessRows(t *testing.T) {
	const table = "../../../shared/perft/perft.tsv"
	tab, err := perftable.ReadFile(table)
	if os.IsNotExist(err) {
		t.Skipf("reference table absent (../shared not present): %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.Select("variant", "chess"); err != nil {
		t.Fatal(err)
	}
	tab.DropAbove(100000)
	if len(tab.Rows) < 20 {
		t.Fatalf("only %d chess rows", len(tab.Rows))
	}
	f, err := zrf.LoadFile("../../games/chess.zrf")
	if err != nil {
		t.Fatal(err)
	}
	s, err := vm.NewState(f.Games[0].Game)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var paths []string
	for i := 1; i <= 3; i++ {
		sh := perftable.Shard{I: i, N: 3}
		var out bytes.Buffer
		if err := perftable.WriteHeader(&out, perftable.Header{Table: table, Select: "variant=chess", Rows: len(tab.Rows), Shard: sh}); err != nil {
			t.Fatal(err)
		}
		sm, err := perftable.Check(s, sh.Rows(tab.Rows), func(r perftable.Result) {
			if !r.OK() {
				t.Errorf("row %d (%s:%d): perft(%d) = %d, want %d, err %v", r.Row.Index, table, r.Row.Line, r.Row.Depth, r.Got, r.Row.Nodes, r.Err)
			}
			perftable.WriteResult(&out, r)
		})
		if err != nil {
			t.Fatal(err)
		}
		perftable.WriteDone(&out, sm)
		p := filepath.Join(dir, fmt.Sprintf("shard-%d.tsv", i))
		if err := os.WriteFile(p, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	m, err := perftable.MergeFiles(paths)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Complete() || m.Summary.Rows != len(tab.Rows) || m.Summary.Passed != len(tab.Rows) {
		t.Fatalf("merged: %+v, want %d rows all passed", m, len(tab.Rows))
	}
	// Without its last shard the merge says what is missing.
	m, err = perftable.MergeFiles(paths[:2])
	if err != nil || m.Complete() || len(m.Missing) != 1 || m.Missing[0] != 3 {
		t.Fatalf("merge of 2 of 3 shards: %+v, %v", m, err)
	}
}

// TestMergeRefuses: outputs that do not make one table are errors, and a
// shard cut off before its closing line is missing, not passed.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const cols = "index\tdepth\twant\tgot\tresult\tseconds\tfen\n"
	one := write("one.tsv", "# perftable table=T select= rows=2 shard=1/2\n"+cols+"0\t1\t20\t20\tok\t0.001\tF\n# done rows=1 passed=1 failed=0 nodes=20 seconds=0.001\n")
	cut := write("cut.tsv", "# perftable table=T select= rows=2 shard=2/2\n"+cols)
	other := write("other.tsv", "# perftable table=U select= rows=2 shard=2/2\n"+cols)
	short := write("short.tsv", "# perftable table=T select= rows=4 shard=1/2\n"+cols+"0\t1\t20\t20\tok\t0.001\tF\n# done rows=1 passed=1 failed=0 nodes=20 seconds=0.001\n")
	bad := write("bad.tsv", "index\tdepth\n")
	failed := write("failed.tsv", "# perftable table=T select= rows=2 shard=2/2\n"+cols+"1\t2\t400\t399\tFAIL\t0.001\tG\n# done rows=1 passed=0 failed=1 nodes=399 seconds=0.001\n")

	m, err := perftable.MergeFiles([]string{one, cut})
	if err != nil || m.Complete() || len(m.Missing) != 1 || m.Missing[0] != 2 || m.Summary.Passed != 1 {
		t.Errorf("cut-off shard: %+v, %v", m, err)
	}
	m, err = perftable.MergeFiles([]string{one, failed})
	if err != nil || !m.Complete() || m.Summary.Failed != 1 || len(m.Failures) != 1 || m.Failures[0].Got != 399 {
		t.Errorf("failed row: %+v, %v", m, err)
	}
	for _, tc := range []struct {
		name  string
		paths []string
		want  string
	}{
		{"other table", []string{one, other}, "not of T"},
		{"twice", []string{one, one}, "given twice"},
		{"row count", []string{short}, "finished with 1 rows, it has 2"},
		{"not an output", []string{bad}, "no \"# perftable\" header"},
		{"none", nil, "no shard outputs"},
	} {
		if _, err := perftable.MergeFiles(tc.paths); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add("pair\tfen\tdepth\tnodes\tsource\nA+C\tac/8 w - - 0 1\t4\t195507\tx.csv:1\n")
	f.Add("# c\nfen\tdepth\tnodes\n\nF\t0\t1\r\n")
	f.Fuzz(func(t *testing.T, text string) {
		tab, err := perftable.Read(strings.NewReader(text), "f.tsv")
		if err != nil {
			return
		}
		for i, r := range tab.Rows {
			if r.Index != i || len(r.Cols) != len(tab.Columns) || r.Depth < 0 {
				t.Fatalf("row %d: %+v", i, r)
			}
		}
	})
}
