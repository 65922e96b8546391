// This file defines the REPL at a terminal, through liner: line editing,
// history under the user cache directory, tab completion, and Ctrl-C
// stopping a search instead of ending the program.

package repl

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"zrun/cmd/zrun/internal/play"

	"github.com/peterh/liner"
)

// historyPath is where the line history is kept between sessions.
func historyPath() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "zrun", "history")
}

// RunTerminal reads lines with liner until quit or Ctrl-D. While a command
// runs the terminal is in its normal mode, so Ctrl-C raises an interrupt,
// which stops a search instead of ending the program.
func (r *Session) RunTerminal() int {
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
			if !r.Interrupt() {
				fmt.Fprintln(r.out, "(Ctrl-C stops a search; type quit or Ctrl-D to leave)")
			}
		}
	}()

	r.mu.Lock() // a shared game's events change the game meanwhile (join.go)
	if r.room == nil {
		fmt.Fprintf(r.out, "%s (%s). Type help for the commands.\n", r.game.G.Title, r.game.Path)
	}
	r.showBoard()
	r.mu.Unlock()
	for !r.quit {
		r.mu.Lock()
		if r.game.G.Players[r.game.S.Chooser()].Random && !r.toldRandom && r.room == nil {
			r.toldRandom = true
			fmt.Fprintln(r.out, randomPlayerNote)
		}
		prompt := r.prompt()
		r.prompting = true
		r.mu.Unlock()
		line, err := ln.Prompt(prompt)
		r.mu.Lock()
		r.prompting = false
		r.mu.Unlock()
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
		r.Exec(line)
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
func (r *Session) complete(line string) []string {
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
func (r *Session) moveWords() []string {
	ml, err := r.game.Legal()
	if err != nil {
		return nil
	}
	var out []string
	for i := range ml.Moves {
		out = append(out, r.game.S.CoordString(&ml.Moves[i]))
	}
	if r.game.SAN {
		out = append(out, play.SANMoves(r.game.S, ml, r.game.View)...)
	}
	return out
}

// fromSquares are the squares of the pieces that can move.
func (r *Session) fromSquares() []string {
	ml, err := r.game.Legal()
	if err != nil {
		return nil
	}
	var out []string
	for i := range ml.Moves {
		if p := ml.Moves[i].From; p >= 0 {
			out = append(out, r.game.G.Board.Positions[p].Name)
		}
	}
	return out
}
