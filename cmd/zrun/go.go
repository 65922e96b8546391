// This file defines "zrun go": search one position and print the best move,
// with an info line per completed iteration.

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
)

func init() {
	register("go", "[--variant NAME] [--fen FEN | --start N] [--depth N | --movetime MS | --nodes N] [--hash MB] [--moves MOVES] FILE: search and print the best move", runGo)
}

func runGo(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("go", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pf := addPositionFlags(fs, "start from this FEN")
	depth := fs.Int("depth", 0, "search this many plies")
	movetime := fs.Int("movetime", 0, "search this many milliseconds")
	nodes := fs.Uint64("nodes", 0, "search this many nodes")
	hash := fs.Int("hash", 64, "transposition table size in MB")
	moves := fs.String("moves", "", "play these coordinate moves (e2e4 ...) first")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: zrun go [--variant NAME] [--fen FEN | --start N] [--depth N | --movetime MS | --nodes N] [--hash MB] [--moves MOVES] FILE")
		return 2
	}
	s, status := pf.state(fs.Arg(0), stderr)
	if s == nil {
		return status
	}
	if err := playMoves(s, *moves); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	lim := engine.Limits{Depth: *depth, MoveTime: time.Duration(*movetime) * time.Millisecond, Nodes: *nodes}
	if lim == (engine.Limits{}) {
		lim.MoveTime = time.Second
	}
	best, pos, err := searchState(s, lim, *hash, func(in engine.Info) { fmt.Fprintln(stdout, infoLine(in)) })
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if !best.Found {
		fmt.Fprintln(stdout, "bestmove (none)")
		return 0
	}
	fmt.Fprintln(stdout, "bestmove", pos.MoveText(best.Best))
	return 0
}

// searchState derives the evaluation for s's game and searches s once.
func searchState(s *vm.State, lim engine.Limits, hashMB int, info func(engine.Info)) (engine.Result[*vm.Move], *eval.Position, error) {
	pos, err := eval.PositionFor(s)
	if err != nil {
		return engine.Result[*vm.Move]{}, nil, err
	}
	se := engine.New[*vm.Move](pos, hashMB)
	se.OnInfo = info
	res := se.Search(context.Background(), lim)
	return res, pos, pos.Err()
}

// infoLine formats an iteration report like a UCI/CECP info line. A forced
// win or loss is shown as "mate N" with N in moves of the player to move
// (plies+1)/2, negative when losing.
func infoLine(in engine.Info) string {
	score := fmt.Sprintf("cp %d", in.Score)
	if plies, ok := engine.MateIn(in.Score); ok {
		if plies > 0 {
			score = fmt.Sprintf("mate %d", (plies+1)/2)
		} else {
			score = fmt.Sprintf("mate %d", -(-plies+1)/2)
		}
	}
	nps := float64(in.Nodes) / max(in.Time.Seconds(), 1e-6)
	return fmt.Sprintf("info depth %d score %s nodes %d nps %.0f time %d pv %s",
		in.Depth, score, in.Nodes, nps, in.Time.Milliseconds(), strings.Join(in.PV, " "))
}

// playMoves plays space-separated moves given in coordinate notation.
func playMoves(s *vm.State, moves string) error {
	ml := &vm.MoveList{}
	for _, text := range strings.Fields(moves) {
		if err := s.Generate(ml); err != nil {
			return err
		}
		found := false
		for i := range ml.Moves {
			if s.CoordString(&ml.Moves[i]) == text {
				if err := s.Make(&ml.Moves[i]); err != nil {
					return err
				}
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("--moves: %q is not a legal move here", text)
		}
	}
	return nil
}
