// This file defines "zrun values": the piece values the evaluation derives.

package main

import (
	"flag"
	"fmt"
	"io"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine/eval"
)

func init() {
	register("values", "[--variant NAME] FILE: print the piece values the evaluation derives", runValues)
}

func runValues(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("values", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "", "game or variant title")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: zrun values [--variant NAME] FILE")
		return 2
	}
	g, err := play.LoadGame(fs.Arg(0), *variant)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	ev, err := eval.Derive(g)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	ev.WriteValues(stdout, g)
	return 0
}
