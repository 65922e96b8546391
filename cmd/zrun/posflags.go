// This file defines the flags that choose a game and its start position
// (--variant, --fen, --start), shared by the batch commands.

package main

import (
	"flag"
	"fmt"
	"io"

	"zrun/cmd/zrun/internal/play"
	"zrun/vm"
)

// positionFlags are a command's --variant, --fen and --start flags.
type positionFlags struct {
	variant, fen *string
	startFEN     func(fen string, stderr io.Writer) (string, error)
}

// addPositionFlags registers --variant, --fen (described by fenHelp) and
// --start on fs.
func addPositionFlags(fs *flag.FlagSet, fenHelp string) *positionFlags {
	return &positionFlags{
		variant:  fs.String("variant", "", "game or variant title"),
		fen:      fs.String("fen", "", fenHelp),
		startFEN: startFlag(fs),
	}
}

// state loads the rule file at path and sets up the chosen position. It
// prints any error to stderr and returns the exit status to use: 2 for
// conflicting or malformed flags, 1 for a file or FEN that does not load.
func (pf *positionFlags) state(path string, stderr io.Writer) (*vm.State, int) {
	from, err := pf.startFEN(*pf.fen, stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, 2
	}
	s, err := play.NewState(path, *pf.variant, from)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, 1
	}
	return s, 0
}
