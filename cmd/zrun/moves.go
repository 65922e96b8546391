// This file defines "zrun moves": the legal moves of a position.

package main

import (
	"flag"
	"fmt"
	"io"

	"zrun/vm"
)

func init() {
	register("moves", "[--variant NAME] [--fen FEN | --start N] FILE: list the legal moves in Zillions notation", runMoves)
}

func runMoves(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("moves", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pf := addPositionFlags(fs, "start from this FEN")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: zrun moves [--variant NAME] [--fen FEN | --start N] FILE")
		return 2
	}
	s, status := pf.state(fs.Arg(0), stderr)
	if s == nil {
		return status
	}
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	for i := range ml.Moves {
		fmt.Fprintf(stdout, "%s\t%s\n", s.MoveString(&ml.Moves[i]), s.CoordString(&ml.Moves[i]))
	}
	fmt.Fprintf(stdout, "%d moves\n", len(ml.Moves))
	return 0
}
