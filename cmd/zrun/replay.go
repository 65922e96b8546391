// This file defines "zrun replay": load a Zillions saved game (.zsg), replay
// it against our rules and print the final position and result; and the
// saved-game loading and saving the REPL's load and save commands share.

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"zrun/cmd/zrun/internal/play"
	"zrun/cmd/zrun/internal/repl"
)

func init() {
	register("replay", "[--rules FILE.zrf] [--path DIRS] [--pgn] [--save OUT.zsg] FILE.zsg: replay a saved game, print the final position and result", runReplay)
}

func runReplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rules := fs.String("rules", "", "the rule file (default: the file's RulesFile=, looked for next to it and in --path)")
	path := fs.String("path", os.Getenv("ZRUN_PATH"), "rule-file search directories, separated by "+string(filepath.ListSeparator)+" (default $ZRUN_PATH)")
	pgn := fs.Bool("pgn", false, "print the game as PGN (chess-like games)")
	save := fs.String("save", "", "write the replayed game to this .zsg file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: zrun replay [--rules FILE.zrf] [--path DIRS] [--pgn] [--save OUT.zsg] FILE.zsg")
		return 2
	}
	sv, err := play.LoadSaved(fs.Arg(0), *rules, filepath.SplitList(*path))
	if sv == nil {
		fmt.Fprintln(stderr, "zrun replay:", err)
		return 1
	}
	status := 0
	if err != nil {
		// The moves before the failing line were played: show where it stopped.
		fmt.Fprintln(stderr, "zrun replay:", err)
		status = 1
	}
	if *pgn {
		// A start the FEN cannot write goes without a FEN tag.
		startFEN, _ := sv.StartFEN()
		if err := play.WritePGN(stdout, play.PGNGame{Start: sv.Start, Moves: sv.Replay.Moves, StartFEN: startFEN}); err != nil {
			fmt.Fprintln(stderr, "zrun replay:", err)
			return 1
		}
		return status
	}
	fmt.Fprintf(stdout, "%s: %s (%s), %d of %d moves replayed\n", sv.Path, sv.Game.Title, sv.Rules, len(sv.Replay.Moves), len(sv.File.Moves))
	if sv.Replay.Loose > 0 {
		fmt.Fprintf(stdout, "%d moves matched only when word order, \"on sq\" or the partial number are ignored (we write them differently)\n", sv.Replay.Loose)
	}
	r := play.GameAt(sv.Rules, sv.End)
	repl.PrintBoard(stdout, r)
	if fen, err := sv.End.FEN(); err == nil {
		fmt.Fprintln(stdout, "FEN:", fen)
	}
	result := "game not over"
	if o := sv.Replay.End; o.Over && status == 0 {
		// The result is decided where the game ended, even when play went on.
		result = r.ResultText(o)
		if note := sv.AfterEndNote(); note != "" {
			fmt.Fprintln(stdout, note)
		}
	} else if o := r.Outcome(); o.Over {
		result = r.ResultText(o)
	}
	fmt.Fprintln(stdout, "Result:", result)
	if *save != "" && status == 0 {
		if err := os.WriteFile(*save, sv.File.WithMoves(sv.Replay.Lines).Bytes(), 0o644); err != nil {
			fmt.Fprintln(stderr, "zrun replay:", err)
			return 1
		}
	}
	return status
}
