// This file defines "zrun solve": an iterative-deepening search for a
// forced win of the side to move, with the game's own goals (any game the
// engine plays), printing the winning line or that there is none within
// the depth; and "zrun solve --show", which replays the solution a rule
// file names, (solution "x.zsg"), move by move.

package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
)

func init() {
	register("solve", "[--variant NAME] [--fen FEN] [--depth N | --time T] [--show] FILE: search for a forced win of the side to move (--show: replay the rule file's solution)", runSolve)
}

func runSolve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pf := addPositionFlags(fs, "solve this position")
	depth := fs.Int("depth", 0, "search at most this many plies (default 12, or unbounded with --time)")
	limit := fs.Duration("time", 0, "search at most this long (e.g. 10s)")
	show := fs.Bool("show", false, "replay the solution (.zsg) the rule file names")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: zrun solve [--variant NAME] [--fen FEN] [--depth N | --time T] [--show] FILE")
		return 2
	}
	if *show {
		return showSolution(fs.Arg(0), *pf.variant, stdout, stderr)
	}
	s, status := pf.state(fs.Arg(0), stderr)
	if s == nil {
		return status
	}
	lim := engine.Limits{Depth: *depth, MoveTime: *limit}
	sol, err := play.Solve(s, lim)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if sol.Win {
		fmt.Fprintf(stdout, "forced win in %d plies: %s\n", sol.Plies, play.GameAt(fs.Arg(0), s).LineText(sol.Line))
		return 0
	}
	within := fmt.Sprintf("%d plies", sol.Depth)
	if lim.MoveTime > 0 {
		within += fmt.Sprintf(" (%s)", lim.MoveTime.Round(time.Millisecond))
	}
	fmt.Fprintf(stdout, "no forced win within %s\n", within)
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
