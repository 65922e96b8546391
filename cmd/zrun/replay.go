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
	"slices"
	"strings"

	"zrun/vm"
	"zrun/zrf"
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
	sv, err := loadSaved(fs.Arg(0), *rules, filepath.SplitList(*path))
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
		startFEN, _ := sv.startFEN()
		if err := writePGN(stdout, pgnGame{start: sv.start, moves: sv.r.Moves, startFEN: startFEN}); err != nil {
			fmt.Fprintln(stderr, "zrun replay:", err)
			return 1
		}
		return status
	}
	fmt.Fprintf(stdout, "%s: %s (%s), %d of %d moves replayed\n", sv.path, sv.g.Title, sv.rules, len(sv.r.Moves), len(sv.sg.Moves))
	if sv.r.Loose > 0 {
		fmt.Fprintf(stdout, "%d moves matched only when word order, \"on sq\" or the partial number are ignored (we write them differently)\n", sv.r.Loose)
	}
	view := vm.NewGridView(sv.g)
	bp := &boardPrinter{g: sv.g, view: view}
	r := &session{g: sv.g, s: sv.s}
	bp.print(stdout, sv.s, r.status())
	if fen, err := sv.s.FEN(); err == nil {
		fmt.Fprintln(stdout, "FEN:", fen)
	}
	result := "game not over"
	if o := sv.r.End; o.Over && status == 0 {
		// The result is decided where the game ended, even when play went on.
		result = r.resultText(o)
		if note := sv.afterEndNote(); note != "" {
			fmt.Fprintln(stdout, note)
		}
	} else if o := r.outcome(); o.Over {
		result = r.resultText(o)
	}
	fmt.Fprintln(stdout, "Result:", result)
	if *save != "" && status == 0 {
		if err := os.WriteFile(*save, sv.sg.WithMoves(sv.r.Lines).Bytes(), 0o644); err != nil {
			fmt.Fprintln(stderr, "zrun replay:", err)
			return 1
		}
	}
	return status
}

// savedGame is a .zsg file loaded and replayed.
type savedGame struct {
	path, rules string
	sg          *zrf.SavedGame
	g           *vm.Game
	start       *vm.State // the position before the first move (setup edits applied)
	s           *vm.State // the position after the moves replayed
	r           *zrf.Replayed
}

// afterEndNote says where the game ended when the file records moves played
// after the end (Zillions lets play go on), else "".
func (sv *savedGame) afterEndNote() string {
	n := sv.r.AfterEnd()
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("The game ended after move line %d of %d (%s); the %d lines after it were played after the end", sv.r.EndedAfter, len(sv.sg.Moves), sv.r.End.Reason, n)
}

// startFEN is the FEN of the start position when setup edits changed it, else "".
func (sv *savedGame) startFEN() (string, error) {
	if len(sv.sg.Setup) == 0 {
		return "", nil
	}
	return sv.start.FEN()
}

// loadSaved reads a saved game, loads its rule file (rules, else the file's
// RulesFile= looked up next to it and in search) and replays it. When a move
// line matches no legal move it returns the game up to that line together
// with the *zrf.ReplayError; other errors return a nil game.
func loadSaved(path, rules string, search []string) (*savedGame, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sg, err := zrf.ReadZSG(path, src)
	if err != nil {
		return nil, err
	}
	if rules == "" {
		if rules, err = zrf.ResolveRules(path, sg.RulesFile(), search); err != nil {
			return nil, err
		}
	}
	g, err := loadGame(rules, sg.VariantName())
	if err != nil {
		return nil, err
	}
	if g.Engine != "" {
		return nil, fmt.Errorf("%s: %q takes its moves from the external engine %s, which zrun cannot run", rules, g.Title, g.Engine)
	}
	start, err := sg.Start(g)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	s := start.Clone()
	r, err := sg.Replay(s, path)
	return &savedGame{path: path, rules: rules, sg: sg, g: g, start: start, s: s, r: r}, err
}

// newSavedGame makes the saved game of a game played from start: Zillions'
// header (one H per player), the rule file's name, the game's title, setup
// edits for the squares where start differs from the game's own setup, and
// the moves.
func newSavedGame(rulesPath string, start *vm.State, moves []vm.Move) (*zrf.SavedGame, error) {
	g := start.Game()
	orig, err := vm.NewState(g)
	if err != nil {
		return nil, err
	}
	if start.Turn != orig.Turn || !slices.Equal(start.Hands, orig.Hands) {
		return nil, fmt.Errorf("the game starts from a position with another side to move or other pieces in hand, which a .zsg cannot record")
	}
	sg := &zrf.SavedGame{
		HasHeader: true, Version: "0.02", Players: strings.Repeat("H", len(g.Players)), EOL: "\r\n",
		Keys: []zrf.ZSGKey{{Key: "RulesFile", Value: filepath.Base(rulesPath)}, {Key: "VariantName", Value: g.Title}},
	}
	for p := range start.Board {
		// Pieces are compared by type and owner: a setup edit gives the new
		// piece its type's default attributes anyway.
		c, o := start.Board[p], orig.Board[p]
		if c == o || c != vm.Empty && o != vm.Empty && c.Type() == o.Type() && c.Owner() == o.Owner() {
			continue
		}
		sq := g.Board.Positions[p].Name
		if c == vm.Empty {
			sg.Setup = append(sg.Setup, zrf.ZSGSetup{Piece: "x", Square: sq})
			continue
		}
		sg.Setup = append(sg.Setup, zrf.ZSGSetup{Owner: g.Players[c.Owner()].Name, Piece: g.Pieces[c.Type()].Name, Square: sq})
	}
	lines, err := zrf.RecordMoves(start.Clone(), moves)
	if err != nil {
		return nil, err
	}
	sg.Moves = lines
	return sg, nil
}
