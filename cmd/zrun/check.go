// This file defines "zrun check": load rule files and report, for each game
// and variant, its shape, or the errors that keep it from loading; with
// --play N, play N random games of each under the VM's invariants
// (package vm/playout).

package main

import (
	"flag"
	"fmt"
	"io"

	"zrun/cmd/zrun/internal/check"
	"zrun/vm/perftable"
	"zrun/vm/playout"
)

func init() {
	register("check", "[-q] [-j N] [--include-any] [--play N [--seed S] [--cap M] [--time D] [--variant NAME] [--status OUT [--shard i/n]]] FILE|DIR... | --merge OUT.md [--base OLD.json|OLD.md] SHARD.json...  load .zrf files and report their games, warnings and errors; --play: N random playouts of each game under the VM's invariants", runCheck)
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quiet := fs.Bool("q", false, "print only errors and the totals")
	plays := fs.Int("play", 0, "play N random games of every game and variant, checking the VM's invariants on every move")
	seed := fs.Int64("seed", 1, "with --play: playout i of each game uses seed S+i")
	moveCap := fs.Int("cap", playout.DefaultMaxMoves, "with --play: stop a playout after this many moves (a draw by the cap)")
	variant := fs.String("variant", "", "with --play: only the game or variant of this title or number")
	statusOut := fs.String("status", "", "with --play and the corpus directory: write the corpus status table (Markdown) to this file")
	jobs := fs.Int("j", 1, "with --play: play this many playouts of a game at once (the totals are the same for any number); with --status also check this many files at once")
	budget := fs.Duration("time", 0, "with --play: at most this long per game (0: no limit); playouts cut short are counted apart")
	shardFlag := fs.String("shard", "", "with --status: check only shard i/n of the corpus's rule files and write its rows as JSON to the --status file, for --merge")
	merge := fs.String("merge", "", "write the status table OUT.md joined from the shard files given as arguments (every shard of one --shard run), and its rows as JSON beside it (OUT.json)")
	base := fs.String("base", "", "with --merge: the shards rerun some rule files only; every other row is this earlier table's (its OUT.json, or the Markdown of a table that has none)")
	includes := includeFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: zrun check [-q] [-j N] [--include-any] [--play N [--seed S] [--cap M] [--time D] [--variant NAME] [--status OUT [--shard i/n]]] FILE|DIR...\n       zrun check --merge OUT.md [--base OLD.json|OLD.md] SHARD.json...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	includes()
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	if *merge != "" {
		if *base != "" {
			return exitStatus(check.MergeStatusOver(*merge, *base, fs.Args(), stdout, stderr))
		}
		return exitStatus(check.MergeStatus(*merge, fs.Args(), stdout, stderr))
	}
	shard := perftable.All
	if *shardFlag != "" {
		var err error
		if shard, err = perftable.ParseShard(*shardFlag); err != nil || *statusOut == "" {
			fmt.Fprintln(stderr, "check: --shard i/n (1 <= i <= n) goes with --status")
			return 2
		}
	}
	stop, release := onInterrupt()
	defer release()
	opt := playout.Options{Playouts: *plays, Seed: *seed, MaxMoves: *moveCap, Budget: *budget, Stop: stop, Workers: *jobs}
	if *statusOut != "" {
		if *plays <= 0 || fs.NArg() != 1 {
			fmt.Fprintln(stderr, "check: --status needs --play N and one argument, the corpus directory (with MANIFEST.tsv)")
			return 2
		}
		return exitStatus(check.Status(fs.Arg(0), *statusOut, opt, *jobs, shard, stdout, stderr))
	}
	files, err := check.RuleFiles(fs.Args())
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if *plays > 0 {
		return exitStatus(check.Play(files, *variant, opt, stdout, stderr))
	}
	return exitStatus(check.Load(files, *quiet, stop, stdout, stderr))
}

// exitStatus is the process's exit status for how a check ended.
func exitStatus(r check.Result) int {
	switch r {
	case check.Failed:
		return 1
	case check.Interrupted:
		return exitInterrupted
	}
	return 0
}
