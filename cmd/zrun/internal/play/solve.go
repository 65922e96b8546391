// This file runs package solve on a position for "zrun solve": the search
// that fits the game (A* for a one-player puzzle, proof-number search for a
// forced win of the side to move), the answer's moves in the game's own
// notation, and the solution kept as a game that saves as .zsg.

package play

import (
	"context"
	"fmt"
	"io"
	"time"

	"zrun/solve"
	"zrun/vm"
)

// Solved is the answer of Solve.
type Solved struct {
	solve.Result
	// Method names the search: "A*", "weighted A* (w=3)", "proof-number search".
	Method string
	// Puzzle: a one-player game (a solution), else a forced win.
	Puzzle bool
	// Line holds the solution's moves as coordinates (the main line of a
	// forced win: the defender holding out longest).
	Line []string
	// Game is the position with the solution played, for saving.
	Game *Game
}

// IsPuzzle reports whether Solve treats g as a puzzle (one player: the
// shortest solution) rather than a game of forced wins.
func IsPuzzle(g *vm.Game) bool { return len(g.Players) == 1 }

// Solve searches s (of the rule file path) for a solution: the shortest
// sequence of moves to the win in a one-player game, or the shortest forced
// win of the side to move (lim.Moves of its moves at most; 3 when 0). s is
// not changed.
func Solve(ctx context.Context, path string, s *vm.State, lim solve.Limits) (Solved, error) {
	out := Solved{Puzzle: IsPuzzle(s.Game())}
	if why := ExternalEngine(s.Game()); why != "" {
		return out, fmt.Errorf("solve: %s", why)
	}
	var err error
	if out.Puzzle {
		out.Method = "A*"
		if lim.Weight > 1 {
			out.Method = fmt.Sprintf("weighted A* (w=%g)", lim.Weight)
		}
		out.Result, err = solve.Puzzle(ctx, s, lim)
	} else {
		out.Method = "proof-number search"
		out.Result, err = solve.Mate(ctx, s, lim)
	}
	if err != nil || !out.Found {
		return out, err
	}
	g := GameAt(path, s.Clone())
	// The game starts at s: its .zsg sets s up before the moves (a
	// position that is not the rules' start).
	if start, err := vm.NewState(s.Game()); err == nil && PositionText(start) != PositionText(s) {
		g.StartFEN = PositionText(s)
	}
	for k, i := range out.Path {
		ml, err := g.Legal()
		if err != nil {
			return out, err
		}
		if i < 0 || i >= len(ml.Moves) {
			return out, fmt.Errorf("solve: move %d of the solution is not legal", k+1)
		}
		out.Line = append(out.Line, g.S.CoordString(&ml.Moves[i]))
		if err := g.Play(ml, i, false); err != nil {
			return out, fmt.Errorf("solve: move %d of the solution: %v", k+1, err)
		}
	}
	out.Game = g
	return out, nil
}

// WriteText prints the solution move by move in the game's notation: a
// puzzle's numbered moves, or a forced win's line (SAN where the game has
// it).
func (sv *Solved) WriteText(w io.Writer, s *vm.State) {
	g := sv.Game
	if !sv.Puzzle {
		start := GameAt(g.Path, s)
		fmt.Fprintln(w, start.LineText(sv.Line))
		return
	}
	// Replay the moves on the start position for their names.
	r := GameAt(g.Path, s.Clone())
	for k, c := range sv.Line {
		ml, err := r.Legal()
		if err != nil {
			return
		}
		i := r.S.CoordIndex(ml, c)
		if i < 0 {
			return
		}
		fmt.Fprintf(w, "%d. %s\n", k+1, r.S.MoveString(&ml.Moves[i]))
		if r.Play(ml, i, false) != nil {
			return
		}
	}
}

// Report prints the answer of Solve as zrun solve gives it: the solution or
// forced win with its statistics and moves, or why none was found. It
// returns false when the search was stopped (by a limit or an interrupt)
// before it could answer.
func (sv *Solved) Report(w io.Writer, s *vm.State, lim solve.Limits) bool {
	stats := fmt.Sprintf("%s, %d positions, %s", sv.Method, sv.Nodes, sv.Elapsed.Round(time.Millisecond))
	if !sv.Found {
		switch {
		case sv.Stopped != "":
			why := "stopped at the " + sv.Stopped
			if sv.Stopped == "interrupted" {
				why = "interrupted"
			}
			fmt.Fprintf(w, "no solution found: %s (%s)\n", why, stats)
			return false
		case sv.Puzzle && lim.Moves > 0:
			fmt.Fprintf(w, "no solution within %d moves (%s)\n", lim.Moves, stats)
		case sv.Puzzle:
			fmt.Fprintf(w, "no solution (%s)\n", stats)
		default:
			n := lim.Moves
			if n == 0 {
				n = 3
			}
			fmt.Fprintf(w, "no forced win within %d moves (%s)\n", n, stats)
		}
		return true
	}
	if sv.Puzzle {
		what := "a shortest solution"
		if !sv.Optimal {
			what = "a solution (not proved shortest)"
		}
		fmt.Fprintf(w, "%s in %d moves (%s; estimate: %s)\n", what, len(sv.Path), stats, sv.Heuristic)
	} else {
		fmt.Fprintf(w, "forced win in %d moves, %d plies (%s): ", (len(sv.Path)+1)/2, len(sv.Path), stats)
	}
	sv.WriteText(w, s)
	return true
}
