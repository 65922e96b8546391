// This file defines "zrun uci": the UCI engine mode (package uci).

package main

import (
	"fmt"
	"io"
	"os"
	"zrun/cmd/zrun/internal/play"
	"zrun/cmd/zrun/internal/uci"
)

func init() {
	register("uci", "[FILE...]: play as a UCI engine; without FILE, games/{chess,capablanca,schoolbook}.zrf", runUCI)
}

func runUCI(args []string, stdout, stderr io.Writer) int {
	cat, err := play.LoadCatalog(args)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	u, err := uci.New(cat, stdout)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	u.Run(os.Stdin)
	return 0
}
