// This file defines the flags that choose a game and its start position
// (--variant, --fen, --start), shared by the batch commands.

package main

import (
	"flag"
	"fmt"
	"io"

	"zrun/axiom"
	"zrun/cmd/zrun/internal/play"
	"zrun/gamefile"
	"zrun/vm"
)

// positionFlags are a command's --variant, --fen and --start flags, and
// --include-any.
type positionFlags struct {
	variant, fen *string
	startFEN     func(fen string, stderr io.Writer) (string, error)
	includes     func()
}

// includeFlag registers --include-any and --axiom-framework on fs: the
// loaders' settings. The function it returns, run after fs is parsed,
// applies them (package gamefile's AllowIncludesAnywhere and package
// axiom's SetFrameworkDir, for the whole process: unset, they reset what
// an earlier command of the same process set).
func includeFlag(fs *flag.FlagSet) func() {
	anywhere := fs.Bool("include-any", false, "let rule files include files outside their own folder (refused by default: a rule file from elsewhere must not read other files)")
	framework := fs.String("axiom-framework", "", "folder holding Axiom's axiom.4th and CORE.4TH, for Axiom games whose own folder lacks them (default: $"+axiom.FrameworkEnv+")")
	return func() {
		gamefile.AllowIncludesAnywhere(*anywhere)
		axiom.SetFrameworkDir(*framework)
	}
}

// addPositionFlags registers --variant, --fen (described by fenHelp) and
// --start on fs.
func addPositionFlags(fs *flag.FlagSet, fenHelp string) *positionFlags {
	return &positionFlags{
		variant:  fs.String("variant", "", "game or variant title"),
		fen:      fs.String("fen", "", fenHelp),
		startFEN: startFlag(fs),
		includes: includeFlag(fs),
	}
}

// state loads the rule file at path and sets up the chosen position. It
// prints any error to stderr and returns the exit status to use: 2 for
// conflicting or malformed flags, 1 for a file or FEN that does not load.
func (pf *positionFlags) state(path string, stderr io.Writer) (*vm.State, int) {
	pf.includes()
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
