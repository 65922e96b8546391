// This file runs the corpus status table (package status) for zrun check
// --status: a line per game as it goes, the Markdown table, a summary.

package check

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"zrun/axiom"

	"zrun/cmd/zrun/internal/atomicfile"
	"zrun/cmd/zrun/internal/status"
	"zrun/engine"
	"zrun/vm/perftable"
	"zrun/vm/playout"
)

// StatusCommand is the command line that rebuilds a status table with
// these settings, written at the table's top.
func StatusCommand(dir, out string, opt playout.Options, jobs int) string {
	cmd := fmt.Sprintf("go run ./cmd/zrun check --play %d", opt.Playouts)
	if opt.Seed != 1 {
		cmd += fmt.Sprintf(" --seed %d", opt.Seed)
	}
	if opt.MaxMoves != playout.DefaultMaxMoves {
		cmd += fmt.Sprintf(" --cap %d", opt.MaxMoves)
	}
	if opt.Budget > 0 {
		cmd += fmt.Sprintf(" --time %v", opt.Budget)
	}
	if jobs > 1 {
		cmd += fmt.Sprintf(" -j %d", jobs)
	}
	return cmd + fmt.Sprintf(" --status %s %s", out, dir)
}

// statusEngine bounds the engine's search per game in the status table:
// enough to show it finds a move, little enough for 1,000 games.
var statusEngine = engine.Limits{Depth: 2, MoveTime: 300 * time.Millisecond}

// Status builds the corpus status table (package status), printing
// a line per game as it goes, and writes it to out: the Markdown table,
// or with a shard (shard.N > 1) that shard's rows as JSON for MergeStatus.
func Status(dir, out string, opt playout.Options, jobs int, shard perftable.Shard, stdout, stderr io.Writer) Result {
	start := time.Now()
	rows, total, err := status.Build(dir, status.Options{Playout: opt, EngineLimits: statusEngine, Workers: jobs, Shard: shard}, func(r *status.Row, progress string) {
		if r == nil {
			fmt.Fprintln(stderr, progress)
			return
		}
		fmt.Fprintf(stdout, "%s %q: loads %s; plays %s; ends %s; saves %s; engine %s\n", r.File, r.Game, r.Loads, r.Plays, r.Ends, r.Replays, r.Engine)
		if r.Stats != nil {
			for _, v := range r.Stats.Violations {
				fmt.Fprintf(stdout, "    VIOLATION %s: %s (seed %d; moves: %s)\n", v.Check, v.Detail, v.Seed, strings.Join(v.Moves, "; "))
			}
		}
	})
	interrupted := errors.Is(err, status.ErrInterrupted)
	if err != nil && !interrupted {
		fmt.Fprintln(stderr, err)
		return Failed
	}
	settings := fmt.Sprintf("%d playouts a game from seed %d, at most %d moves each, %s; engine: depth %d or %v",
		opt.Playouts, opt.Seed, opt.MaxMoves, status.BudgetText(opt.Budget), statusEngine.Depth, statusEngine.MoveTime)
	if interrupted {
		// What was checked is kept, and the table says it is partial.
		settings += fmt.Sprintf("; %v by Ctrl-C, so the table is partial", err)
		fmt.Fprintf(stderr, "check: %v; writing the rows so far\n", err)
	}
	err = writeFile(out, func(w io.Writer) error {
		if shard.N > 1 {
			// The whole run's command: every shard has it, and the
			// merged table shows it with its own file for mergedOut.
			// Without -j: how many playouts and files a shard ran at
			// once changes none of its rows.
			return status.WriteShard(w, &status.ShardFile{Shard: shard.String(), Command: StatusCommand(dir, mergedOut, opt, 1),
				Settings: settings, Partial: interrupted, Total: total, Rows: rows})
		}
		return status.WriteMarkdown(w, rows, StatusCommand(dir, out, opt, jobs), settings)
	})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return Failed
	}
	if interrupted && shard.N > 1 {
		// A partial shard would merge as if whole: keep it, but fail.
		fmt.Fprintf(stderr, "check: shard %s was interrupted; run it again before merging\n", shard)
	}
	return statusSummary(rows, out, start, interrupted, stdout)
}

// mergedOut stands for the merged table's file in the command a shard
// file holds; MergeStatus puts in the real one.
const mergedOut = "OUT.md"

// MergeStatus joins the shard files of one status run (Status with a
// shard) into the Markdown table out.
func MergeStatus(out string, shards []string, stdout, stderr io.Writer) Result {
	start := time.Now()
	m, err := status.Merge(shards)
	if err != nil {
		fmt.Fprintln(stderr, "check:", err)
		return Failed
	}
	printViolations(m.Rows, stdout)
	sizes := fmt.Sprint(m.Sizes[0])
	if len(m.Sizes) > 1 {
		ns := make([]string, len(m.Sizes))
		for i, n := range m.Sizes {
			ns[i] = fmt.Sprint(n)
		}
		sizes = "n, n = " + strings.Join(ns, " or ")
	}
	settings := m.Settings + fmt.Sprintf("; checked in %d shards (--shard i/%s) and joined with zrun check --merge", m.Shards, sizes)
	command := strings.Replace(m.Command, " --status "+mergedOut+" ", " --status "+out+" ", 1)
	if err := writeTable(out, &status.TableFile{Command: command, Settings: settings, Rows: m.Rows}); err != nil {
		fmt.Fprintln(stderr, err)
		return Failed
	}
	return statusSummary(m.Rows, out, start, m.Partial, stdout)
}

// printViolations prints every broken invariant the rows carry, a line
// each with its seed and moves (to replay it).
func printViolations(rows []*status.Row, stdout io.Writer) {
	for _, r := range rows {
		if r.Stats != nil {
			for _, v := range r.Stats.Violations {
				fmt.Fprintf(stdout, "%s %q: VIOLATION %s: %s (seed %d; moves: %s)\n", r.File, r.Game, v.Check, v.Detail, v.Seed, strings.Join(v.Moves, "; "))
			}
		}
	}
}

// writeTable writes the Markdown table out and its row file beside it
// (status.RowsPath), which a later partial rerun merges over exactly.
func writeTable(out string, f *status.TableFile) error {
	if err := writeFile(out, func(w io.Writer) error { return status.WriteMarkdownFile(w, f) }); err != nil {
		return err
	}
	return writeFile(status.RowsPath(out), func(w io.Writer) error { return status.WriteTableFile(w, f) })
}

// MergeStatusOver joins the shard files of a rerun of some rule files
// over base, an earlier table (its row file, or its Markdown when it has
// none): the rows of the files the shards cover are theirs, every other
// row base's. The table's header says which rows come from which run.
func MergeStatusOver(out, base string, shards []string, stdout, stderr io.Writer) Result {
	start := time.Now()
	b, err := status.ReadBase(base)
	if err != nil {
		fmt.Fprintln(stderr, "check:", err)
		return Failed
	}
	m, err := status.MergePart(shards)
	if err != nil {
		fmt.Fprintln(stderr, "check:", err)
		return Failed
	}
	f, rerun, err := status.OverBase(b, m)
	if err != nil {
		fmt.Fprintln(stderr, "check:", err)
		return Failed
	}
	printViolations(m.Rows, stdout)
	f.Command = fmt.Sprintf("go run ./cmd/zrun check --merge %s --base %s SHARD.json... (the shards: %s)", out, base,
		strings.Replace(m.Command, " --status "+mergedOut+" ", " --status SHARD.json ", 1))
	f.Settings = fmt.Sprintf("a partial rerun: the rows of %d rule files are this run's, %s, each file a shard of its own, joined with zrun check --merge --base; "+
		"the rows of the other %d files are the earlier table's, made with \"%s\" (%s)",
		len(rerun), m.Settings, countFiles(f.Rows)-len(rerun), b.Command, b.Settings)
	if fw := axiom.FrameworkDir(); fw != "" {
		f.Settings += fmt.Sprintf("; the rerun's Axiom games whose folder lacks axiom.4th and CORE.4TH took them from %s ($%s)", fw, axiom.FrameworkEnv)
	}
	if err := writeTable(out, f); err != nil {
		fmt.Fprintln(stderr, err)
		return Failed
	}
	return statusSummary(m.Rows, out, start, m.Partial, stdout)
}

func countFiles(rows []*status.Row) int {
	n, last := 0, ""
	for _, r := range rows {
		if r.File != last {
			n++
			last = r.File
		}
	}
	return n
}

// writeFile writes path with write, whole or not at all: a check
// interrupted or a disk full keeps the table written before (atomicfile).
func writeFile(path string, write func(io.Writer) error) error {
	return atomicfile.Write(path, 0o644, write)
}

// statusSummary prints the totals of a table's rows and says how the check ended.
func statusSummary(rows []*status.Row, out string, start time.Time, interrupted bool, stdout io.Writer) Result {
	t := status.Sum(rows)
	p := &t.Playouts
	fmt.Fprintf(stdout, "%d files, %d games (%d external engine, %d without a start move), %d played: %d playouts, %d moves, ended by a goal %d, by a draw rule %d, by the cap %d, by --time %d; %d violations; %d/%d saves replayed; wrote %s in %v\n",
		t.Files, t.Games, t.Engine, t.NoStart, t.Played, p.Playouts, p.Moves, p.Decisive, p.Drawn, p.Capped, p.Timed, len(p.Violations), t.SavesOK, t.Saves, out, time.Since(start).Round(time.Second))
	switch {
	case len(p.Violations) > 0:
		return Failed
	case interrupted:
		return Interrupted
	}
	return OK
}
