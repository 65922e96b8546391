// This file defines "zrun uci": the UCI engine mode (package uci).

package main

import (
	"fmt"
	"io"
	"os"
	"zrun/cmd/zrun/internal/uci"
)

func init() {
	register("uci", "[--name NAME=TITLE]... [--cpuprofile FILE] [FILE...]: play as a UCI engine; without FILE, games/{chess,capablanca,schoolbook}.zrf", runUCI)
}

func runUCI(args []string, stdout, stderr io.Writer) int {
	cat, stopProfile, ok := engineCatalog("uci", args, stderr)
	if !ok {
		return 2
	}
	defer stopProfile()
	u, err := uci.New(cat, stdout)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	u.Run(os.Stdin)
	return 0
}
