// This file defines "zrun play" (also "zrun FILE"): the REPL at a terminal,
// through liner (line editing, history under the user cache directory, tab
// completion, Ctrl-C stopping a search), or reading a script from stdin when
// it is not a terminal.

package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/peterh/liner"

	"zrun/cmd/zrun/internal/repl"
	"zrun/gamefile"
)

func init() {
	register("play", "[--variant NAME] [--start N] FILE: play interactively (also: zrun FILE)", runPlay)
}

// isPlayFile reports whether a first argument that is not a command names a
// rule file to play.
func isPlayFile(arg string) bool { return gamefile.IsGameFile(arg) }

func runPlay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "", "game or variant title")
	player := fs.String("player", "", "how the engine chooses: alphabeta, mcts or auto (default alphabeta)")
	startFEN := startFlag(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: zrun play [--variant NAME] [--start N] FILE")
		return 2
	}
	term := isTerminal(os.Stdin) && stdout == io.Writer(os.Stdout) && isTerminal(os.Stdout) && liner.TerminalSupported()
	color := term && os.Getenv("NO_COLOR") == ""
	r, err := repl.New(fs.Arg(0), *variant, stdout, term, color)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if *player != "" {
		if err := r.SetPlayer(*player); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
	}
	if fen, err := startFEN("", stderr); err != nil || fen != "" {
		if err == nil {
			err = r.Setboard(fen)
		}
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
	}
	if !term {
		// Standard output stays the commands' answers alone (scripts read
		// it); the one line on how to see the board goes to standard error.
		g := r.Game()
		fmt.Fprintf(stderr, "%s (%s): no terminal, reading commands from standard input; \"board\" shows the position, \"help\" the commands.\n",
			g.G.Title, g.Path)
		return r.RunScript(os.Stdin)
	}
	return r.RunTerminal()
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
