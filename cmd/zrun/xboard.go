// This file defines "zrun xboard": the CECP (XBoard/WinBoard) engine mode.

package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"zrun/cmd/zrun/internal/cecp"
)

func init() {
	register("xboard", "[--name NAME=TITLE]... [--cpuprofile FILE] [FILE...]: play as a CECP (XBoard/WinBoard) engine; without FILE, games/{chess,capablanca,schoolbook}.zrf", runXboard)
}

func runXboard(args []string, stdout, stderr io.Writer) int {
	cat, stopProfile, ok := engineCatalog("xboard", args, stderr)
	if !ok {
		return 2
	}
	defer stopProfile()
	// XBoard may send SIGINT to every engine when the user acts (a GNU Chess 4
	// habit); feature sigint=0 asks it not to, and ignoring it covers GUIs
	// that send it anyway.
	signal.Ignore(os.Interrupt)
	c, err := cecp.New(cat, stdout)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	c.Run(os.Stdin)
	return 0
}
