// This file defines "zrun join LINK": the REPL playing a seat of a shared
// game of a zrun server (package repl's Join, through package roomclient).

package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/peterh/liner"

	"zrun/cmd/zrun/internal/repl"
)

func init() {
	register("join", "[--rules FILE] LINK: play a seat of a shared game of zrun serve from the terminal (the seat's link, or the spectators')", runJoin)
}

func runJoin(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("join", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rules := fs.String("rules", "", "a local copy of the game's rule `FILE` (default: downloaded from the server)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: zrun join [--rules FILE] LINK (a seat's link from the game's Invite, http://HOST/r/ID/join?t=...)")
		return 2
	}
	term := isTerminal(os.Stdin) && stdout == io.Writer(os.Stdout) && isTerminal(os.Stdout) && liner.TerminalSupported()
	r, err := repl.Join(fs.Arg(0), repl.JoinOptions{Rules: *rules, Term: term, Color: term && os.Getenv("NO_COLOR") == ""}, stdout)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	defer r.Close()
	if !term {
		return r.RunScript(os.Stdin)
	}
	return r.RunTerminal()
}
