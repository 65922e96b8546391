// This file defines the REPL's study commands (issue #47): analyse, which
// searches the position with several lines (multipv) shown in the game's
// notation; the game tree's commands, named as chess GUIs name them
// (variations, goto, promote, delvar); loadpgn; and solution, which
// replays a rule file's (solution "x.zsg") puzzle answer.

package repl

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
)

func init() {
	for name, c := range map[string]*replCommand{
		"analyse": {"analyse [SECONDS | depth N]: the engine analyses the position (multipv lines in the game's notation) until Ctrl-C at a terminal, else for the limit given (1 s); also analyze", (*Session).cmdAnalyse},
		"multipv": {"multipv [N]: show or set how many lines analyse shows (1)", (*Session).cmdMultiPV},
		// Named "tree", not "variations": "varia" then Tab completes to
		// "variant" as before.
		"tree":     {"tree: list the game tree, each move with its [ID], the current one marked *", (*Session).cmdVariations},
		"goto":     {"goto ID: go to the position after the move [ID] of the game tree (0: the start)", (*Session).cmdGoto},
		"promote":  {"promote: make the variation of the current move its parent line's main line", (*Session).cmdPromote},
		"delvar":   {"delvar: delete the variation of the current move and go to where it branches off", (*Session).cmdDelvar},
		"loadpgn":  {"loadpgn FILE: load the first game of a PGN file, with its variations (also: load FILE.pgn)", (*Session).cmdLoadPGN},
		"solution": {"solution: replay the puzzle solution (.zsg) the rule file names, move by move", (*Session).cmdSolution},
	} {
		replCommands[name] = c
	}
	replCommands["analyze"] = replCommands["analyse"]
}

// analyseLimits reads analyse's argument: seconds ("2", "2s"), "depth N",
// or nothing (until Ctrl-C at a terminal, a second in a script, which has
// no one to press it).
func (r *Session) analyseLimits(args string) (engine.Limits, error) {
	lim := engine.Limits{MultiPV: r.multiPV}
	f := strings.Fields(args)
	switch {
	case len(f) == 0:
		if !r.term {
			lim.MoveTime = time.Second
		}
	case len(f) == 2 && strings.EqualFold(f[0], "depth"):
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 {
			return lim, fmt.Errorf("analyse depth: want a positive number, not %q", f[1])
		}
		lim.Depth = n
	case len(f) == 1:
		v, err := strconv.ParseFloat(strings.TrimSuffix(f[0], "s"), 64)
		if err != nil || v <= 0 {
			return lim, fmt.Errorf("usage: analyse [SECONDS | depth N]")
		}
		lim.MoveTime = time.Duration(v * float64(time.Second))
	default:
		return lim, fmt.Errorf("usage: analyse [SECONDS | depth N]")
	}
	return lim, nil
}

func (r *Session) cmdAnalyse(args string) error {
	if err := r.game.GameOver(); err != nil {
		return err
	}
	lim, err := r.analyseLimits(args)
	if err != nil {
		return err
	}
	ml, err := r.game.Legal()
	if err != nil {
		return err
	}
	if r.term && lim.MoveTime == 0 && lim.Depth == 0 {
		fmt.Fprintln(r.out, "Analysing; Ctrl-C stops")
	}
	_, err = r.game.Search(ml, lim, func(in engine.Info) { fmt.Fprintln(r.out, r.analysisLine(in)) })
	return err
}

// analysisLine words one line of the analysis: depth, rank, score (pawns,
// or mate in moves), nodes (and time at a terminal; a script's output is
// kept reproducible), then the line in the game's notation.
func (r *Session) analysisLine(in engine.Info) string {
	score := fmt.Sprintf("%+.2f", float64(in.Score)/100)
	if plies, ok := engine.MateIn(in.Score); ok {
		if plies > 0 {
			score = fmt.Sprintf("mate %d", (plies+1)/2)
		} else {
			score = fmt.Sprintf("mated %d", (-plies+1)/2)
		}
	}
	rank := ""
	if in.MultiPV > 0 {
		rank = fmt.Sprintf(" #%d", in.MultiPV)
	}
	extra := ""
	if r.term {
		extra = fmt.Sprintf(" nodes %d time %.1fs", in.Nodes, in.Time.Seconds())
	}
	return fmt.Sprintf("depth %d%s %s%s: %s", in.Depth, rank, score, extra, r.game.LineText(in.PV))
}

func (r *Session) cmdMultiPV(args string) error {
	if args != "" {
		n, err := strconv.Atoi(args)
		if err != nil || n < 1 || n > 64 {
			return fmt.Errorf("multipv: want 1 to 64, not %q", args)
		}
		r.multiPV = n
	}
	fmt.Fprintln(r.out, "MultiPV:", max(1, r.multiPV))
	return nil
}

func (r *Session) cmdVariations(string) error {
	fmt.Fprintln(r.out, r.game.TreeText())
	return nil
}

func (r *Session) cmdGoto(args string) error {
	id, err := strconv.Atoi(strings.Trim(args, "[]"))
	if err != nil {
		return fmt.Errorf("usage: goto ID (the [ID] that variations shows)")
	}
	n := r.game.Find(id)
	if n == nil {
		return fmt.Errorf("no move [%d] in the game tree", id)
	}
	if err := r.game.GoTo(n); err != nil {
		return err
	}
	fmt.Fprintf(r.out, "At [%d] (%d moves from the start)\n", id, len(r.game.History()))
	r.afterChange()
	return nil
}

func (r *Session) cmdPromote(string) error {
	if err := r.game.Promote(); err != nil {
		return err
	}
	return r.cmdVariations("")
}

func (r *Session) cmdDelvar(string) error {
	if err := r.game.DeleteVariation(); err != nil {
		return err
	}
	return r.cmdVariations("")
}

func (r *Session) cmdLoadPGN(args string) error {
	if args == "" {
		return fmt.Errorf("usage: loadpgn FILE")
	}
	data, err := os.ReadFile(args)
	if err != nil {
		return err
	}
	recs, err := play.ParsePGN(string(data))
	if err != nil {
		return fmt.Errorf("%s: %w", args, err)
	}
	if len(recs) == 0 {
		return fmt.Errorf("%s: no game", args)
	}
	if err := r.game.ImportPGN(recs[0]); err != nil {
		// The game was restarted for the import: start it cleanly again.
		r.game.Restart()
		return fmt.Errorf("%s: %w", args, err)
	}
	fmt.Fprintf(r.out, "Loaded %s: %s, %d moves in the main line\n", args, r.game.G.Title, len(r.game.History()))
	r.afterChange()
	return nil
}

// cmdSolution loads the rule file's puzzle solution and replays it from
// its start, one move a line, as Zillions' "Show solution" does.
func (r *Session) cmdSolution(string) error {
	path, moves, err := r.game.LoadSolution()
	if err != nil {
		return err
	}
	r.newBoard()
	fmt.Fprintf(r.out, "Solution %s: %d moves\n", filepath.Base(path), moves)
	return r.redo(-1)
}
