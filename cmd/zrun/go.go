// This file defines "zrun go": search one position and print the best move,
// with an info line per completed iteration.

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
	register("go", "[--variant NAME] [--fen FEN | --start N] [--depth N | --movetime MS | --nodes N] [--hash MB] [--moves MOVES] FILE: search and print the best move", runGo)
}

func runGo(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("go", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pf := addPositionFlags(fs, "start from this FEN")
	depth := fs.Int("depth", 0, "search this many plies")
	movetime := fs.Int("movetime", 0, "search this many milliseconds")
	nodes := fs.Uint64("nodes", 0, "search this many nodes")
	hash := fs.Int("hash", 64, "transposition table size in MB")
	moves := fs.String("moves", "", "play these coordinate moves (e2e4 ...) first")
	player := fs.String("player", play.PlayerAlphaBeta, "how to choose: alphabeta, mcts (Monte Carlo tree search) or auto (a calibration match decides)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: zrun go [--variant NAME] [--fen FEN | --start N] [--depth N | --movetime MS | --nodes N] [--hash MB] [--moves MOVES] [--player alphabeta|mcts|auto] FILE")
		return 2
	}
	s, status := pf.state(fs.Arg(0), stderr)
	if s == nil {
		return status
	}
	if err := s.PlayCoords(*moves); err != nil {
		fmt.Fprintln(stderr, "--moves:", err)
		return 1
	}
	lim := engine.Limits{Depth: *depth, MoveTime: time.Duration(*movetime) * time.Millisecond, Nodes: *nodes}
	if lim == (engine.Limits{}) {
		lim.MoveTime = time.Second
	}
	// The table size is clamped as everywhere (engine.ClampHashMB); the
	// line says so in the info strings' words the output uses.
	if mb, why := engine.ClampHashMB(*hash); why != "" {
		fmt.Fprintf(stdout, "info string Hash clamped to %d MB (%s)\n", mb, why)
		*hash = mb
	}
	best, pos, why, err := play.SearchStateAs(*player, s, lim, *hash, func(in engine.Info) { fmt.Fprintln(stdout, play.InfoLine(in)) })
	if why != "" {
		fmt.Fprintln(stdout, "info string", why)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if !best.Found {
		fmt.Fprintln(stdout, "bestmove (none)")
		return 0
	}
	fmt.Fprintln(stdout, "bestmove", pos.MoveText(best.Best))
	return 0
}
