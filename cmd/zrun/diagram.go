// This file defines "zrun diagram": one position of a game as an SVG image.

package main

import (
	"flag"
	"fmt"
	"io"
	"zrun/cmd/zrun/internal/docpage"
)

func init() {
	register("diagram", "[--variant NAME] [--fen FEN | --start N] FILE: write the start position (or FEN) as SVG to stdout", runDiagram)
}

func runDiagram(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("diagram", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pf := addPositionFlags(fs, "draw this position instead of the start position")
	size := fs.Float64("size", 48, "cell size in pixels")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 || *size < 8 || *size > 400 {
		fmt.Fprintln(stderr, "usage: zrun diagram [--variant NAME] [--fen FEN | --start N] [--size PIXELS (8-400)] FILE")
		return 2
	}
	s, status := pf.state(fs.Arg(0), stderr)
	if s == nil {
		return status
	}
	docpage.WriteDiagram(stdout, s, *size)
	fmt.Fprintln(stdout)
	return 0
}
