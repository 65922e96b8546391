// This file defines "zrun values": the piece values the evaluation derives.

package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine/eval/tune"
)

func init() {
	register("values", "[--variant NAME] [--selfplay [--games N] [--depth D]] FILE: print the piece values the evaluation derives (or learns from self-play, with error bars)", runValues)
}

func runValues(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("values", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "", "game or variant title")
	selfplay := fs.Bool("selfplay", false, "learn the values from self-play games (as zrun tune, without writing them)")
	games := fs.Int("games", 100, "with --selfplay: games to play")
	depth := fs.Int("depth", 2, "with --selfplay: search depth of each move")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: zrun values [--variant NAME] FILE")
		return 2
	}
	g, ev, err := play.LoadEvaluated(fs.Arg(0), *variant)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if !*selfplay {
		ev.WriteValues(stdout, g)
		return 0
	}
	start := time.Now()
	samples, st, err := tune.SelfPlay(g, ev, tune.SelfPlayOptions{Games: *games, Depth: *depth, RandomPlies: 8, Seed: 1,
		Progress: func(done, total int) {
			fmt.Fprintf(stderr, "game %d/%d, %v\n", done, total, time.Since(start).Round(time.Second))
		}})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	initial, royal, same := tune.StartValues(g, ev)
	fit, err := tune.Fit(samples, initial, royal, same)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "%d self-play games at depth %d, %d positions\n", st.Games, *depth, len(samples))
	fit.WriteTable(stdout, g, initial, royal)
	return 0
}
