// This file defines the REPL's commands (help, board, moves, undo, redo, go,
// hint, new, variant, variants, load, reload, level, fen, setboard, perft,
// divide, eval, values, flip, quit).

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
	"zrun/zrf"
)

// replCommand is one REPL command; run gets the text after the name.
type replCommand struct {
	usage string
	run   func(r *session, args string) error
}

var replCommands map[string]*replCommand

// init fills the table here rather than in its declaration, because help
// refers to the table itself.
func init() {
	replCommands = map[string]*replCommand{
		"help":     {"help: list the commands and the move notations", (*session).cmdHelp},
		"board":    {"board: draw the position", (*session).cmdBoard},
		"moves":    {"moves [SQUARE]: list the legal moves (of the piece on SQUARE)", (*session).cmdMoves},
		"undo":     {"undo [N]: take back N moves (1)", (*session).cmdUndo},
		"redo":     {"redo [N]: replay N taken-back moves (1)", (*session).cmdRedo},
		"go":       {"go: the engine plays a move for the side to move", (*session).cmdGo},
		"hint":     {"hint: the move the engine would play", (*session).cmdHint},
		"new":      {"new: start the game again", (*session).cmdNew},
		"variant":  {"variant NAME: play another game or variant of the rule file", (*session).cmdVariant},
		"variants": {"variants: list the games and variants of the rule file", (*session).cmdVariants},
		"load":     {"load FILE: play the first game of another rule file (.zrf, .ini), or a saved game (.zsg)", (*session).cmdLoad},
		"save":     {"save FILE: save the game as a Zillions saved game (FILE.zsg) or as PGN (FILE.pgn)", (*session).cmdSave},
		"reload":   {"reload: re-read the rule file and replay the moves that stay legal", (*session).cmdReload},
		"level":    {"level [depth N | time SECONDS | nodes N]: show or set the engine's limit", (*session).cmdLevel},
		"fen":      {"fen: print the position as FEN", (*session).cmdFEN},
		"setboard": {"setboard FEN: set up a position", (*session).cmdSetboard},
		"perft":    {"perft N: count the move paths of N plies", (*session).cmdPerft},
		"divide":   {"divide N: perft N below each legal move", (*session).cmdDivide},
		"eval":     {"eval: the static evaluation for the side to move", (*session).cmdEval},
		"values":   {"values: the piece values the evaluation uses", (*session).cmdValues},
		"flip":     {"flip: turn the board around", (*session).cmdFlip},
		"quit":     {"quit: leave (also exit, Ctrl-D)", (*session).cmdQuit},
	}
	replCommands["exit"] = replCommands["quit"]
}

func (r *session) cmdHelp(string) error {
	names := make([]string, 0, len(replCommands))
	for n := range replCommands {
		if n != "exit" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	fmt.Fprintln(r.out, "Commands:")
	for _, n := range names {
		fmt.Fprintln(r.out, "  "+replCommands[n].usage)
	}
	fmt.Fprintln(r.out, "Moves: coordinates (e2e4, e7e8q, P@e4), Zillions notation (Pawn e2 - e4),")
	fmt.Fprintln(r.out, "or SAN in chess-like games (Nf3, exd5, O-O, e8=Q). Enter a partial move part by part.")
	return nil
}

func (r *session) cmdBoard(string) error {
	r.showBoard()
	return nil
}

// cmdMoves lists the legal moves: SAN (if any), coordinates, Zillions text.
func (r *session) cmdMoves(args string) error {
	ml, err := r.legal()
	if err != nil {
		return err
	}
	from := int32(vm.NoPos)
	if args != "" {
		p, ok := r.g.Board.PositionIndex(args)
		if !ok {
			return fmt.Errorf("no position %q", args)
		}
		from = int32(p)
	}
	var sans []string
	if r.san {
		sans = sanMoves(r.s, ml, r.bp.view)
	}
	n := 0
	for i := range ml.Moves {
		m := &ml.Moves[i]
		if from != vm.NoPos && m.From != from && !(m.Drop && m.To == from) {
			continue
		}
		n++
		line := fmt.Sprintf("  %-8s %s", r.s.CoordString(m), r.s.MoveString(m))
		if sans != nil {
			line = fmt.Sprintf("  %-8s %-8s %s", sans[i]+checkSuffix(r.s, m), r.s.CoordString(m), r.s.MoveString(m))
		}
		fmt.Fprintln(r.out, line)
	}
	fmt.Fprintf(r.out, "%d legal moves\n", n)
	return nil
}

// count parses an optional positive count (default 1).
func count(args string) (int, error) {
	if args == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(args)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("want a positive number, not %q", args)
	}
	return n, nil
}

func (r *session) cmdUndo(args string) error {
	n, err := count(args)
	if err != nil {
		return err
	}
	if len(r.played) == 0 {
		return fmt.Errorf("no move to take back")
	}
	for ; n > 0 && len(r.played) > 0; n-- {
		pm := r.played[len(r.played)-1]
		r.played = r.played[:len(r.played)-1]
		r.s.Unmake()
		r.redo = append(r.redo, pm.m)
		fmt.Fprintf(r.out, "Took back %s\n", r.s.MoveString(&pm.m))
	}
	r.afterChange()
	return nil
}

func (r *session) cmdRedo(args string) error {
	n, err := count(args)
	if err != nil {
		return err
	}
	if len(r.redo) == 0 {
		return fmt.Errorf("no move to replay")
	}
	for ; n > 0 && len(r.redo) > 0; n-- {
		m := r.redo[len(r.redo)-1]
		ml, err := r.legal()
		if err != nil {
			return err
		}
		i := findSame(ml, &m)
		if i < 0 {
			return fmt.Errorf("%s is no longer legal", r.s.MoveString(&m))
		}
		r.redo = r.redo[:len(r.redo)-1]
		if err := r.play(ml, i, true); err != nil {
			return err
		}
	}
	return nil
}

// think searches the current position with the session's limits; Ctrl-C
// (interrupt) cancels it. It returns the index of the chosen move in ml.
func (r *session) think(ml *vm.MoveList) (int, error) {
	if len(ml.Moves) == 0 {
		return -1, fmt.Errorf("no legal move")
	}
	if r.g.Players[r.s.Chooser()].Random {
		return r.rng.IntN(len(ml.Moves)), nil
	}
	ev, err := r.evaluator()
	if err != nil {
		return -1, err
	}
	if r.search == nil {
		r.pos = eval.NewPosition(r.s, ev)
		r.search = engine.New[*vm.Move](r.pos, 32)
	}
	r.search.OnInfo = nil
	if r.term {
		r.search.OnInfo = func(in engine.Info) { fmt.Fprintln(r.out, infoLine(in)) }
	}
	ctx, cancel := r.startSearch()
	res := r.search.Search(ctx, r.lim)
	stopped := ctx.Err() != nil
	cancel()
	r.endSearch()
	if err := r.pos.Err(); err != nil {
		r.pos.ClearErr()
		return -1, err
	}
	if stopped {
		return -1, fmt.Errorf("search stopped")
	}
	if !res.Found {
		return -1, fmt.Errorf("the engine found no move")
	}
	i := findSame(ml, res.Best)
	if i < 0 {
		return -1, fmt.Errorf("the engine's move %s is not in the legal list", r.s.CoordString(res.Best))
	}
	return i, nil
}

func (r *session) cmdGo(string) error {
	if err := r.gameOverErr(); err != nil {
		return err
	}
	ml, err := r.legal()
	if err != nil {
		return err
	}
	i, err := r.think(ml)
	if err != nil {
		return err
	}
	return r.play(ml, i, false)
}

func (r *session) cmdHint(string) error {
	if err := r.gameOverErr(); err != nil {
		return err
	}
	ml, err := r.legal()
	if err != nil {
		return err
	}
	i, err := r.think(ml)
	if err != nil {
		return err
	}
	fmt.Fprintln(r.out, "Hint:", r.moveText(ml, i))
	return nil
}

func (r *session) cmdNew(string) error {
	if err := r.open(r.path, r.variant); err != nil {
		return err
	}
	fmt.Fprintf(r.out, "New game: %s\n", r.g.Title)
	r.afterChange()
	return nil
}

func (r *session) cmdVariant(args string) error {
	if args == "" {
		return fmt.Errorf("usage: variant NAME (see \"variants\")")
	}
	if err := r.open(r.path, args); err != nil {
		return err
	}
	fmt.Fprintf(r.out, "Playing %s\n", r.g.Title)
	r.afterChange()
	return nil
}

// variantNames lists the games and variants of the session's rule file.
func (r *session) variantNames() []string {
	if strings.EqualFold(filepath.Ext(r.path), ".ini") {
		return []string{r.g.Title}
	}
	f, _ := zrf.LoadFile(r.path)
	if f == nil {
		return nil
	}
	var names []string
	for _, gd := range f.Games {
		names = append(names, gd.Game.Title)
	}
	return names
}

func (r *session) cmdVariants(string) error {
	for _, n := range r.variantNames() {
		mark := "  "
		if n == r.g.Title {
			mark = "* "
		}
		fmt.Fprintln(r.out, mark+n)
	}
	return nil
}

func (r *session) cmdLoad(args string) error {
	if args == "" {
		return fmt.Errorf("usage: load FILE")
	}
	switch strings.ToLower(filepath.Ext(args)) {
	case ".zsg":
		return r.loadZSG(args)
	case ".pgn":
		return fmt.Errorf("loading PGN is not available; load a .zsg saved game")
	}
	if err := r.open(args, ""); err != nil {
		return err
	}
	fmt.Fprintf(r.out, "Playing %s from %s\n", r.g.Title, r.path)
	r.afterChange()
	return nil
}

// cmdSave writes the game as a Zillions saved game (.zsg) or as PGN (.pgn).
func (r *session) cmdSave(args string) error {
	ext := strings.ToLower(filepath.Ext(args))
	if args == "" || ext != ".zsg" && ext != ".pgn" {
		return fmt.Errorf("usage: save FILE.zsg or save FILE.pgn")
	}
	start, err := newState(r.path, r.variant, r.startFEN)
	if err != nil {
		return err
	}
	moves := make([]vm.Move, len(r.played))
	for i, pm := range r.played {
		moves[i] = pm.m
	}
	var out bytes.Buffer
	if ext == ".pgn" {
		err = writePGN(&out, pgnGame{start: start, moves: moves, startFEN: r.startFEN})
	} else {
		var sg *zrf.SavedGame
		if sg, err = newSavedGame(r.path, start, moves); err == nil {
			err = sg.Write(&out)
		}
	}
	if err == nil {
		err = os.WriteFile(args, out.Bytes(), 0o644)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(r.out, "Saved %d moves to %s\n", len(moves), args)
	return nil
}

// loadZSG plays a saved game: its rule file (looked for next to it and next
// to the current rule file), its setup and its moves. When a move does not
// replay, the session is left as it was.
func (r *session) loadZSG(path string) error {
	sv, err := loadSaved(path, "", []string{filepath.Dir(r.path)})
	if err != nil {
		return err
	}
	startFEN, err := sv.startFEN()
	if err != nil {
		return fmt.Errorf("%s: its setup edits give a position without FEN, which this session cannot restart from: %v", path, err)
	}
	r.path = sv.rules
	r.setGame(sv.g, sv.start)
	r.variant, r.startFEN = sv.g.Title, startFEN
	for i := range sv.r.Moves {
		m := &sv.r.Moves[i]
		if err := r.makePlayed(m, r.s.CoordString(m)); err != nil {
			return err
		}
	}
	fmt.Fprintf(r.out, "Loaded %s: %s from %s, %d moves\n", path, r.g.Title, r.path, len(r.played))
	if note := sv.afterEndNote(); note != "" {
		fmt.Fprintln(r.out, note)
	}
	r.afterChange()
	return nil
}

// cmdReload re-reads the rule file (it may have been edited) and replays the
// game by coordinate text as long as the moves stay legal.
func (r *session) cmdReload(string) error {
	coords := make([]string, len(r.played))
	for i, pm := range r.played {
		coords[i] = pm.coord
	}
	fen, path, variant := r.startFEN, r.path, r.variant
	s, err := newState(path, variant, fen)
	if err != nil {
		return err
	}
	r.setGame(s.Game(), s)
	r.startFEN = fen
	return r.replay(coords)
}

// replay plays coordinate moves until one is not legal.
func (r *session) replay(coords []string) error {
	for k, c := range coords {
		ml, err := r.legal()
		if err != nil {
			return err
		}
		i := -1
		for j := range ml.Moves {
			if r.s.CoordString(&ml.Moves[j]) == c {
				i = j
				break
			}
		}
		if i < 0 {
			fmt.Fprintf(r.out, "Reloaded %s; replayed %d of %d moves (%s is no longer legal)\n", r.g.Title, k, len(coords), c)
			r.afterChange()
			return nil
		}
		if err := r.makePlayed(&ml.Moves[i], c); err != nil {
			return err
		}
	}
	fmt.Fprintf(r.out, "Reloaded %s; replayed %d moves\n", r.g.Title, len(coords))
	r.afterChange()
	return nil
}

func (r *session) cmdLevel(args string) error {
	f := strings.Fields(args)
	if len(f) == 0 {
		fmt.Fprintln(r.out, "Level:", r.levelText())
		return nil
	}
	if len(f) != 2 {
		return fmt.Errorf("usage: level depth N | time SECONDS | nodes N")
	}
	v, err := strconv.ParseFloat(f[1], 64)
	if err != nil || v <= 0 {
		return fmt.Errorf("level: want a positive number, not %q", f[1])
	}
	switch strings.ToLower(f[0]) {
	case "depth":
		r.lim = engine.Limits{Depth: int(v)}
	case "time":
		r.lim = engine.Limits{MoveTime: time.Duration(v * float64(time.Second))}
	case "nodes":
		r.lim = engine.Limits{Nodes: uint64(v)}
	default:
		return fmt.Errorf("usage: level depth N | time SECONDS | nodes N")
	}
	fmt.Fprintln(r.out, "Level:", r.levelText())
	return nil
}

func (r *session) levelText() string {
	switch {
	case r.lim.Depth > 0:
		return fmt.Sprintf("depth %d", r.lim.Depth)
	case r.lim.Nodes > 0:
		return fmt.Sprintf("%d nodes", r.lim.Nodes)
	}
	return fmt.Sprintf("%g s per move", r.lim.MoveTime.Seconds())
}

func (r *session) cmdFEN(string) error {
	fen, err := r.s.FEN()
	if err != nil {
		return err
	}
	fmt.Fprintln(r.out, fen)
	return nil
}

func (r *session) cmdSetboard(args string) error {
	if args == "" {
		return fmt.Errorf("usage: setboard FEN")
	}
	s, err := vm.NewState(r.g)
	if err != nil {
		return err
	}
	if err := s.SetFEN(args); err != nil {
		return err
	}
	r.setGame(r.g, s)
	r.startFEN = args
	if r.term {
		r.showBoard()
	} else {
		fmt.Fprintln(r.out, r.status())
	}
	return nil
}

// depthArg parses perft's and divide's depth.
func depthArg(args string) (int, error) {
	n, err := strconv.Atoi(args)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("want a depth of at least 1, not %q", args)
	}
	return n, nil
}

func (r *session) cmdPerft(args string) error {
	n, err := depthArg(args)
	if err != nil {
		return err
	}
	start := time.Now()
	nodes, err := r.s.Perft(n)
	if err != nil {
		return err
	}
	fmt.Fprintf(r.out, "perft %d: %d\n", n, nodes)
	if r.term {
		fmt.Fprintf(r.out, "(%.2f s)\n", time.Since(start).Seconds())
	}
	return nil
}

func (r *session) cmdDivide(args string) error {
	n, err := depthArg(args)
	if err != nil {
		return err
	}
	_, total, err := r.s.Divide(n, func(l vm.DivideLine) {
		fmt.Fprintf(r.out, "  %-8s %-28s %d\n", l.Move, l.Text, l.Nodes)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(r.out, "total: %d\n", total)
	return nil
}

func (r *session) cmdEval(string) error {
	ev, err := r.evaluator()
	if err != nil {
		return err
	}
	pl := r.s.Mover()
	fmt.Fprintf(r.out, "Evaluation for %s: %+d (material and placement)\n", r.g.Players[pl].Name, ev.Evaluate(r.s, pl))
	return nil
}

func (r *session) cmdValues(string) error {
	ev, err := r.evaluator()
	if err != nil {
		return err
	}
	ev.WriteValues(r.out, r.g)
	return nil
}

func (r *session) cmdFlip(string) error {
	r.bp.flip = !r.bp.flip
	r.showBoard()
	return nil
}

func (r *session) cmdQuit(string) error {
	r.quit = true
	return nil
}
