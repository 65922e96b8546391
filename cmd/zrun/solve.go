// This file defines "zrun solve": the shortest solution of a one-player
// puzzle (A* with a goal-derived lower bound and a move-count bound), or
// the shortest forced win of the side to move (proof-number search, mate in
// N), both from package solve, with progress lines, Ctrl-C, node and time
// limits, the solution printed in the game's notation and saved as .zsg;
// and "zrun solve --show", which replays the solution a rule file names,
// (solution "x.zsg"), move by move.

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"zrun/cmd/zrun/internal/atomicfile"
	"zrun/cmd/zrun/internal/play"
	"zrun/solve"
)

func init() {
	register("solve", "[--variant NAME] [--fen FEN] [--moves N | --depth PLIES] [--nodes N] [--time T] [--weight W] [--macro] [--generic] [--save F.zsg] [--show] FILE: the shortest solution of a puzzle, or a forced win of the side to move (--show: replay the rule file's solution)", runSolve)
}

func runSolve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pf := addPositionFlags(fs, "solve this position")
	moves := fs.Int("moves", 0, "bound: a forced win in at most N of the winner's moves (default 3); a puzzle solution of at most N moves (default none)")
	depth := fs.Int("depth", 0, "bound in plies for a forced win (N plies: mate in (N+1)/2 moves)")
	nodes := fs.Int64("nodes", 0, "stop after this many positions (default: 5,000,000 for a puzzle, none for a forced win)")
	limit := fs.Duration("time", 0, "stop after this long (e.g. 10s)")
	weight := fs.Float64("weight", 1, "puzzles: weight of the estimate (f = g + W*h); more than 1 finds a solution sooner, at most W times the shortest")
	macro := fs.Bool("macro", false, "puzzles: expand a position's walks and then its pushes at once (macro moves; with --generic)")
	generic := fs.Bool("generic", false, "puzzles: search the rules' moves even where a push model of the game applies (a player pushing boxes to targets)")
	save := fs.String("save", "", "save the solution as this .zsg")
	quiet := fs.Bool("quiet", false, "no progress lines")
	show := fs.Bool("show", false, "replay the solution (.zsg) the rule file names")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: zrun solve [--variant NAME] [--fen FEN] [--moves N | --depth PLIES] [--nodes N] [--time T] [--weight W] [--macro] [--generic] [--save F.zsg] [--show] FILE")
		return 2
	}
	if *show {
		return showSolution(fs.Arg(0), *pf.variant, stdout, stderr)
	}
	if *moves != 0 && *depth != 0 {
		fmt.Fprintln(stderr, "solve: give --moves or --depth, not both")
		return 2
	}
	if *moves < 0 || *depth < 0 || *nodes < 0 || *limit < 0 || *weight < 1 {
		fmt.Fprintln(stderr, "solve: --moves, --depth, --nodes and --time must not be negative, --weight at least 1")
		return 2
	}
	s, status := pf.state(fs.Arg(0), stderr)
	if s == nil {
		return status
	}
	lim := solve.Limits{Moves: *moves, Nodes: *nodes, Time: *limit, Weight: *weight, Macro: *macro, Generic: *generic}
	if *depth > 0 {
		lim.Moves = (*depth + 1) / 2
	}
	puzzle := play.IsPuzzle(s.Game())
	if puzzle && lim.Nodes == 0 {
		lim.Nodes = 5_000_000
	}
	if !*quiet {
		lim.Progress = func(p solve.Progress) { fmt.Fprintln(stderr, "solve:", p.Text(puzzle)) }
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	sol, err := play.Solve(ctx, fs.Arg(0), s, lim)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if !sol.Report(stdout, s, lim) {
		return 1
	}
	if !sol.Found {
		return 0
	}
	if *save != "" {
		if err := atomicfile.Write(*save, 0o644, sol.Game.WriteZSG); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		fmt.Fprintf(stdout, "saved %s\n", *save)
	}
	return 0
}

// showSolution replays the solution the rule file names for the variant.
func showSolution(path, variant string, stdout, stderr io.Writer) int {
	g, err := play.Open(path, variant)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	zsg, moves, err := g.LoadSolution()
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: solution %s, %d moves\n", g.Variant, zsg, moves)
	for k := 1; g.CanRedo(); k++ {
		ml, i, err := g.NextRedo()
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		fmt.Fprintf(stdout, "%d. %s\n", k, g.ShortMoveText(ml, i))
		if err := g.Play(ml, i, true); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	}
	fmt.Fprintln(stdout, g.Status())
	return 0
}
