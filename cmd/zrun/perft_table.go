// This file defines "zrun perft --table" and "zrun perft --merge": a
// published perft table checked in shards that batch runners run apart.

package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"zrun/vm/perftable"
)

// tableOptions are perft's --table, --select, --shard and --max-nodes.
type tableOptions struct {
	path, sel, shard string
	maxNodes         uint64
}

// runPerftTable checks one shard of a table and writes the shard's output
// to stdout, with progress on stderr. A run stopped by Ctrl-C leaves its
// output without the closing line, so a merge counts the shard as missing.
func runPerftTable(fs *flag.FlagSet, pf *positionFlags, opt tableOptions, stdout, stderr io.Writer) int {
	if fs.NArg() != 1 || *pf.fen != "" {
		fmt.Fprintln(stderr, "usage: zrun perft --table TABLE.tsv[.gz] [--variant NAME] [--select COL=VALUE] [--max-nodes N] [--shard i/n] FILE")
		return 2
	}
	path, sel := opt.path, opt.sel
	sh, err := perftable.ParseShard(opt.shard)
	if err != nil {
		fmt.Fprintln(stderr, "zrun perft:", err)
		return 2
	}
	// A malformed flag is told before the table is read (a usage error
	// whether or not the table is there).
	col, val, ok := strings.Cut(sel, "=")
	if sel != "" && !ok {
		fmt.Fprintf(stderr, "zrun perft: --select wants COL=VALUE, got %q\n", sel)
		return 2
	}
	t, err := perftable.ReadFile(path)
	if err != nil {
		fmt.Fprintln(stderr, "zrun perft:", err)
		return 1
	}
	if sel != "" {
		if err := t.Select(col, val); err != nil {
			fmt.Fprintln(stderr, "zrun perft:", err)
			return 1
		}
	}
	if opt.maxNodes > 0 {
		t.DropAbove(opt.maxNodes)
		sel = strings.TrimPrefix(sel+fmt.Sprintf(",max-nodes=%d", opt.maxNodes), ",")
	}
	s, status := pf.state(fs.Arg(0), stderr)
	if s == nil {
		return status
	}
	stop, release := onInterrupt()
	defer release()
	s.SetInterrupt(stop)

	rows := sh.Rows(t.Rows)
	if err := perftable.WriteHeader(stdout, perftable.Header{Table: path, Select: sel, Rows: len(t.Rows), Shard: sh}); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var progress perftable.Summary
	lastReport := time.Now()
	sm, err := perftable.Check(s, rows, func(r perftable.Result) {
		writeErr(stderr, perftable.WriteResult(stdout, r))
		progress.Add(r)
		if !r.OK() {
			fmt.Fprintf(stderr, "row %d (line %d) FAIL: perft(%d) = %d, want %d %v: %s\n", r.Row.Index, r.Row.Line, r.Row.Depth, r.Got, r.Row.Nodes, errText(r.Err), r.Row.FEN)
		}
		if time.Since(lastReport) > 10*time.Second {
			lastReport = time.Now()
			fmt.Fprintf(stderr, "shard %s: %d/%d rows, %d failed, %.0f nodes/s\n", sh, progress.Rows, len(rows), progress.Failed, progress.NodesPerSecond())
		}
	})
	if err != nil {
		fmt.Fprintf(stderr, "zrun perft: shard %s stopped after %d of %d rows: %v\n", sh, sm.Rows, len(rows), err)
		return exitInterrupted
	}
	if err := perftable.WriteDone(stdout, sm); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stderr, "shard %s: %d rows, %d passed, %d failed, %d nodes in %.1fs (%.0f nodes/s)\n",
		sh, sm.Rows, sm.Passed, sm.Failed, sm.Nodes, sm.Elapsed.Seconds(), sm.NodesPerSecond())
	if sm.Failed > 0 {
		return 1
	}
	return 0
}

// writeErr reports a failed write of a row's line: the run goes on (the
// missing line makes the merge refuse the shard), but the user hears of it.
func writeErr(stderr io.Writer, err error) {
	if err != nil {
		fmt.Fprintln(stderr, "zrun perft: writing the shard output:", err)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return "(" + err.Error() + ")"
}

// runPerftMerge prints the verdict over shard outputs. It exits 0 only
// when every shard finished and every row passed.
func runPerftMerge(paths []string, stdout, stderr io.Writer) int {
	m, err := perftable.MergeFiles(paths)
	if err != nil {
		fmt.Fprintln(stderr, "zrun perft --merge:", err)
		return 1
	}
	if err := m.WriteReport(stdout); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if !m.Complete() || m.Summary.Failed > 0 {
		return 1
	}
	return 0
}
