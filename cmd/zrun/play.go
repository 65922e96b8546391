// This file defines "zrun play" (also "zrun FILE"): the REPL at a terminal,
// through liner (line editing, history under the user cache directory, tab
// completion, Ctrl-C stopping a search), or reading a script from stdin when
// it is not a terminal.

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"

	"github.com/peterh/liner"
)

func init() {
	register("play", "[--variant NAME] [--start N] FILE: play interactively (also: zrun FILE)", runPlay)
}

// isPlayFile reports whether a first argument that is not a command names a
// rule file to play.
func isPlayFile(arg string) bool {
	switch strings.ToLower(filepath.Ext(arg)) {
	case ".zrf", ".ini":
		return true
	}
	return false
}

func runPlay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "", "game or variant title")
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
	r, err := newSession(fs.Arg(0), *variant, stdout, term, color)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if fen, err := startFEN("", stderr); err != nil || fen != "" {
		if err == nil {
			err = r.cmdSetboard(fen)
		}
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
	}
	if !term {
		return r.runScript(os.Stdin)
	}
	return runTerminal(r)
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// historyPath is where the line history is kept between sessions.
func historyPath() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "zrun", "history")
}

// runTerminal reads lines with liner until quit or Ctrl-D. While a command
// runs the terminal is in its normal mode, so Ctrl-C raises an interrupt,
// which stops a search instead of ending the program.
func runTerminal(r *session) int {
	ln := liner.NewLiner()
	defer ln.Close()
	ln.SetCompleter(r.complete)
	ln.SetTabCompletionStyle(liner.TabPrints)
	hist := historyPath()
	if f, err := os.Open(hist); err == nil {
		ln.ReadHistory(f)
		f.Close()
	}
	defer saveHistory(ln, hist)

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	go func() {
		for range sig {
			if !r.interrupt() {
				fmt.Fprintln(r.out, "(Ctrl-C stops a search; type quit or Ctrl-D to leave)")
			}
		}
	}()

	fmt.Fprintf(r.out, "%s (%s). Type help for the commands.\n", r.g.Title, r.path)
	r.showBoard()
	for !r.quit {
		line, err := ln.Prompt(r.prompt())
		if errors.Is(err, io.EOF) {
			fmt.Fprintln(r.out)
			break
		}
		if err != nil {
			continue
		}
		if strings.TrimSpace(line) != "" {
			ln.AppendHistory(line)
		}
		r.exec(line)
	}
	return 0
}

func saveHistory(ln *liner.State, path string) {
	if path == "" {
		return
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return
	}
	if f, err := os.Create(path); err == nil {
		ln.WriteHistory(f)
		f.Close()
	}
}

// complete offers completions of the whole line: command names and legal
// moves for the first word, variant titles after "variant", commands after
// "help", rule files after "load", squares after "moves".
func (r *session) complete(line string) []string {
	name, arg, hasArg := strings.Cut(line, " ")
	var cands []string
	if !hasArg {
		for n := range replCommands {
			cands = append(cands, n)
		}
		cands = append(cands, r.moveWords()...)
		return withPrefix("", cands, line)
	}
	switch strings.ToLower(name) {
	case "variant":
		cands = r.variantNames()
	case "help":
		for n := range replCommands {
			cands = append(cands, n)
		}
	case "load":
		matches, _ := filepath.Glob(arg + "*")
		cands = matches
	case "moves":
		cands = r.fromSquares()
	}
	return withPrefix(name+" ", cands, arg)
}

// withPrefix keeps the candidates starting with typed, sorted and without
// repeats, each preceded by head.
func withPrefix(head string, cands []string, typed string) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range cands {
		if c != "" && !seen[c] && strings.HasPrefix(strings.ToLower(c), strings.ToLower(typed)) {
			seen[c] = true
			out = append(out, head+c)
		}
	}
	sort.Strings(out)
	return out
}

// moveWords are the legal moves as coordinates and, in chess-like games, SAN.
func (r *session) moveWords() []string {
	ml, err := r.legal()
	if err != nil {
		return nil
	}
	var out []string
	for i := range ml.Moves {
		out = append(out, r.s.CoordString(&ml.Moves[i]))
	}
	if r.san {
		out = append(out, sanMoves(r.s, ml, r.bp.view)...)
	}
	return out
}

// fromSquares are the squares of the pieces that can move.
func (r *session) fromSquares() []string {
	ml, err := r.legal()
	if err != nil {
		return nil
	}
	var out []string
	for i := range ml.Moves {
		if p := ml.Moves[i].From; p >= 0 {
			out = append(out, r.g.Board.Positions[p].Name)
		}
	}
	return out
}
