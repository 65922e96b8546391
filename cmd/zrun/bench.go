// This file defines "zrun bench": a search signature and speed.

package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"zrun/cmd/zrun/internal/bench"
	"zrun/cmd/zrun/internal/play"
)

func init() {
	register("bench", "[--depth N] [--perft N] [--variant NAME] [--cpuprofile FILE] [FILE]: search fixed positions to a fixed depth; the node total is a signature, nodes/s the speed", runBench)
}

func runBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	depth := fs.Int("depth", 0, "search every position to this depth (default: the set's own depths; 5 for a FILE)")
	perft := fs.Int("perft", 5, "also count chess perft to this depth for generation speed (0: none)")
	variant := fs.String("variant", "", "with FILE: the game or variant")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file (cmd/zrun/default.pgo is one: README)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 1 || *depth < 0 || *perft < 0 {
		fmt.Fprintln(stderr, "usage: zrun bench [--depth N] [--perft N] [--variant NAME] [--cpuprofile FILE] [FILE]")
		return 2
	}
	if *profile != "" {
		stop, err := startCPUProfile(*profile, stderr)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		defer stop()
	}
	root, err := play.FindGamesRoot()
	gamesDir := filepath.Join(root, "games")
	positions := bench.Default
	dir := gamesDir
	if fs.NArg() == 1 {
		d := *depth
		if d == 0 {
			d = 5
		}
		if positions, err = bench.ForFile(fs.Arg(0), *variant, d); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		dir = filepath.Dir(fs.Arg(0))
	} else if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	} else if *depth > 0 {
		positions = append([]bench.Position(nil), positions...)
		for i := range positions {
			positions[i].Depth = *depth
		}
	}
	sum, err := bench.Search(dir, *variant, positions, func(l bench.Line) {
		fmt.Fprintf(stdout, "%-34s depth %2d  %10d nodes  %7.2f s  %8.0f nodes/s  bestmove %s\n",
			l.Name, l.Depth, l.Nodes, l.Time.Seconds(), float64(l.Nodes)/max(l.Time.Seconds(), 1e-9), l.Best)
	})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "===========================\nTotal time (ms) : %d\nNodes searched  : %d\nNodes/second    : %.0f\n",
		sum.Time.Milliseconds(), sum.Nodes, sum.NodesPerSecond())
	if *perft > 0 && root != "" {
		p, err := bench.Perft(gamesDir, *perft)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		fmt.Fprintf(stdout, "Perft(%d) chess   : %d nodes in %d ms, %.0f nodes/s\n", p.Depth, p.Nodes, p.Time.Milliseconds(), float64(p.Nodes)/max(p.Time.Seconds(), 1e-9))
	}
	return 0
}
