// This file defines the command line the engine modes (xboard, uci) share:
// rule files, and protocol names for their games.

package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"zrun/cmd/zrun/internal/play"
)

// nameFlags collects repeated --name NAME=TITLE options.
type nameFlags []string

func (n *nameFlags) String() string     { return strings.Join(*n, " ") }
func (n *nameFlags) Set(v string) error { *n = append(*n, v); return nil }

// engineCatalog parses an engine mode's arguments ([--name NAME=TITLE]...
// [--cpuprofile FILE] [--include-any] [FILE...]) and loads its catalog. stop ends the CPU
// profile --cpuprofile started (the mode calls it when the GUI quits; a
// no-op without the flag). ok is false after an error, reported on stderr.
func engineCatalog(mode string, args []string, stderr io.Writer) (cat *play.Catalog, stop func(), ok bool) {
	fs := flag.NewFlagSet(mode, flag.ContinueOnError)
	fs.SetOutput(stderr)
	var names nameFlags
	fs.Var(&names, "name", "NAME=TITLE: offer the game or variant titled TITLE as NAME (repeatable), e.g. --name \"schoolbook=Schoolbook 1.0\"")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the whole session to this file (a GUI's searches, as they run)")
	includes := includeFlag(fs)
	if err := fs.Parse(args); err != nil {
		return nil, nil, false
	}
	includes()
	cat, err := play.LoadCatalog(fs.Args())
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, nil, false
	}
	for _, n := range names {
		name, title, ok := strings.Cut(n, "=")
		if !ok {
			fmt.Fprintf(stderr, "--name %q: want NAME=TITLE\n", n)
			return nil, nil, false
		}
		if err := cat.Rename(name, title); err != nil {
			fmt.Fprintf(stderr, "--name %s: %v\n", n, err)
			return nil, nil, false
		}
	}
	stop = func() {}
	if *profile != "" {
		if stop, err = startCPUProfile(*profile, stderr); err != nil {
			fmt.Fprintln(stderr, err)
			return nil, nil, false
		}
	}
	return cat, stop, true
}
