// This file defines the REPL's commands (help, board, moves, undo, redo, go,
// hint, new, variant, variants, load, reload, level, fen, setboard, perft,
// divide, eval, values, flip, quit).

package repl

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
	"zrun/gamefile"
	"zrun/vm"
)

// replCommand is one REPL command; run gets the text after the name.
type replCommand struct {
	usage string
	run   func(r *Session, args string) error
}

var replCommands map[string]*replCommand

// init fills the table here rather than in its declaration, because help
// refers to the table itself.
func init() {
	replCommands = map[string]*replCommand{
		"help":     {"help: list the commands and the move notations", (*Session).cmdHelp},
		"board":    {"board: draw the position", (*Session).cmdBoard},
		"moves":    {"moves [SQUARE]: list the legal moves (of the piece on SQUARE)", (*Session).cmdMoves},
		"undo":     {"undo [N]: take back N moves (1); a different move then starts a variation", (*Session).cmdUndo},
		"redo":     {"redo [N]: go forward N moves (1) along the line taken back, else the main line", (*Session).cmdRedo},
		"go":       {"go: the engine plays a move for the side to move", (*Session).cmdGo},
		"hint":     {"hint: the move the engine would play", (*Session).cmdHint},
		"new":      {"new: start the game again", (*Session).cmdNew},
		"variant":  {"variant NAME: play another game or variant of the rule file", (*Session).cmdVariant},
		"variants": {"variants: list the games and variants of the rule file", (*Session).cmdVariants},
		"load":     {"load FILE: play the first game of another rule file (.zrf, .ini), or a saved game (.zsg, .pgn)", (*Session).cmdLoad},
		"save":     {"save FILE: save the game as a Zillions saved game (FILE.zsg: the main line) or as PGN (FILE.pgn: with the variations)", (*Session).cmdSave},
		"reload":   {"reload: re-read the rule file and replay the moves that stay legal", (*Session).cmdReload},
		"level":    {"level [depth N | time SECONDS | nodes N]: show or set the engine's limit", (*Session).cmdLevel},
		"player":   {"player [alphabeta | mcts | auto]: show or set how the engine chooses (auto: a calibration match decides)", (*Session).cmdPlayer},
		"fen":      {"fen: print the position as FEN", (*Session).cmdFEN},
		"setboard": {"setboard FEN: set up a position", (*Session).cmdSetboard},
		"perft":    {"perft N: count the move paths of N plies", (*Session).cmdPerft},
		"divide":   {"divide N: perft N below each legal move", (*Session).cmdDivide},
		"eval":     {"eval: the static evaluation for the side to move", (*Session).cmdEval},
		"values":   {"values: the piece values the evaluation uses", (*Session).cmdValues},
		"flip":     {"flip: turn the board around", (*Session).cmdFlip},
		"quit":     {"quit: leave (also exit, Ctrl-D)", (*Session).cmdQuit},
	}
	replCommands["exit"] = replCommands["quit"]
}

func (r *Session) cmdHelp(string) error {
	names := make([]string, 0, len(replCommands))
	for n, c := range replCommands {
		// An alias (exit, analyze) shares its command's usage: listed once.
		if strings.HasPrefix(c.usage, n) {
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
	fmt.Fprintln(r.out, "The prompt names the player who chooses the move and the move number (White 12>).")
	fmt.Fprintln(r.out, randomPlayerNote)
	if r.room != nil {
		fmt.Fprint(r.out, joinHelp)
	}
	return nil
}

func (r *Session) cmdBoard(string) error {
	r.showBoard()
	return nil
}

// cmdMoves lists the legal moves grouped by the piece that moves, each as
// a text that selects exactly it (play.Game.Selectors), then its Zillions
// text, shortened where it repeats itself.
func (r *Session) cmdMoves(args string) error {
	if why := play.ExternalEngine(r.game.G); why != "" {
		fmt.Fprintf(r.out, "No moves: %s\n", why)
		return nil
	}
	if o := r.game.Outcome(); o.Over {
		// The rules may still generate moves (a goal such as
		// absolute-config ends the game, not the move list), but none can
		// be played.
		fmt.Fprintf(r.out, "No moves: the game is over (%s)\n", r.game.ResultText(o))
		return nil
	}
	ml, err := r.game.Legal()
	if err != nil {
		return err
	}
	from := int32(vm.NoPos)
	if args != "" {
		p, ok := r.game.PositionNamed(args)
		if !ok {
			return fmt.Errorf("no position %q", args)
		}
		from = p
	}
	sel := r.game.Selectors(ml)
	width := 8
	for _, s := range sel {
		width = max(width, len(s))
	}
	names, groups := r.game.GroupByPiece(ml)
	n := 0
	for gi, group := range groups {
		header := false
		for _, i := range group {
			m := &ml.Moves[i]
			if from != vm.NoPos && m.From != from && !(m.Drop && m.To == from) {
				continue
			}
			if !header {
				fmt.Fprintf(r.out, "%s:\n", names[gi])
				header = true
			}
			n++
			z := r.game.ShortZillions(r.game.S.MoveString(m))
			s := sel[i]
			if s == "" {
				// every text of this move also names another: only its
				// number in this list can tell them apart
				s = "(same as another)"
			}
			if s == z {
				fmt.Fprintf(r.out, "  %s\n", s)
				continue
			}
			fmt.Fprintf(r.out, "  %-*s %s\n", width, s, z)
		}
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

func (r *Session) cmdUndo(args string) error {
	n, err := count(args)
	if err != nil {
		return err
	}
	if len(r.game.History()) == 0 {
		return fmt.Errorf("no move to take back")
	}
	for ; n > 0; n-- {
		m, ok := r.game.Undo()
		if !ok {
			break
		}
		fmt.Fprintf(r.out, "Took back %s\n", r.game.S.MoveString(&m))
	}
	r.afterChange()
	return nil
}

func (r *Session) cmdRedo(args string) error {
	n, err := count(args)
	if err != nil {
		return err
	}
	if !r.game.CanRedo() {
		return fmt.Errorf("no move to replay")
	}
	return r.redo(n)
}

// redo replays up to n moves taken back (all of them for n < 0), each
// reported as it is played.
func (r *Session) redo(n int) error {
	for ; n != 0 && r.game.CanRedo(); n-- {
		ml, i, err := r.game.NextRedo()
		if err != nil {
			return err
		}
		if err := r.play(ml, i, true); err != nil {
			return err
		}
	}
	return nil
}

// think searches the current position with the session's limits; Ctrl-C
// (Interrupt) cancels it. It returns the index of the chosen move in ml.
func (r *Session) think(ml *vm.MoveList) (int, error) {
	if len(ml.Moves) == 0 {
		return -1, fmt.Errorf("no legal move")
	}
	if r.game.G.Players[r.game.S.Chooser()].Random {
		return r.rng.IntN(len(ml.Moves)), nil
	}
	var info func(engine.Info)
	if r.term {
		info = func(in engine.Info) { fmt.Fprintln(r.out, play.InfoLine(in)) }
	}
	_, known := r.game.PlayerChoice()
	i, err := r.game.Search(ml, r.lim, info)
	if _, why := r.game.PlayerChoice(); why != "" && known == "" {
		fmt.Fprintln(r.out, "Engine:", why)
	}
	return i, err
}

// SetPlayer sets how the engine chooses its moves (play.SetPlayer).
func (r *Session) SetPlayer(kind string) error { return r.game.SetPlayer(strings.ToLower(kind)) }

func (r *Session) cmdPlayer(args string) error {
	if args = strings.TrimSpace(args); args != "" {
		if err := r.game.SetPlayer(strings.ToLower(args)); err != nil {
			return err
		}
	}
	kind, why := r.game.PlayerChoice()
	switch {
	case why != "":
		fmt.Fprintln(r.out, "Player:", why)
	case kind != "":
		fmt.Fprintln(r.out, "Player:", kind)
	default:
		fmt.Fprintln(r.out, "Player:", r.game.PlayerAsked(), "(chosen when the engine first moves)")
	}
	return nil
}

func (r *Session) cmdGo(string) error {
	if err := r.game.GameOver(); err != nil {
		return err
	}
	ml, err := r.game.Legal()
	if err != nil {
		return err
	}
	i, err := r.think(ml)
	if err != nil {
		return err
	}
	return r.play(ml, i, false)
}

func (r *Session) cmdHint(string) error {
	if err := r.game.GameOver(); err != nil {
		return err
	}
	ml, err := r.game.Legal()
	if err != nil {
		return err
	}
	i, err := r.think(ml)
	if err != nil {
		return err
	}
	fmt.Fprintln(r.out, "Hint:", r.game.ShortMoveText(ml, i))
	return nil
}

func (r *Session) cmdNew(string) error {
	if err := r.open(r.game.Path, r.game.Variant); err != nil {
		return err
	}
	fmt.Fprintf(r.out, "New game: %s\n", r.game.G.Title)
	r.afterChange()
	return nil
}

func (r *Session) cmdVariant(args string) error {
	if args == "" {
		return fmt.Errorf("usage: variant NAME (see \"variants\")")
	}
	if err := r.open(r.game.Path, args); err != nil {
		return err
	}
	fmt.Fprintf(r.out, "Playing %s\n", r.game.G.Title)
	r.afterChange()
	return nil
}

// variantNames lists the games and variants of the session's rule file.
func (r *Session) variantNames() []string {
	if gamefile.KindOf(r.game.Path) == gamefile.Ini {
		return []string{r.game.G.Title}
	}
	f, _ := gamefile.LoadZRF(r.game.Path)
	if f == nil {
		return nil
	}
	var names []string
	for _, gd := range f.Games {
		names = append(names, gd.Game.Title)
	}
	return names
}

func (r *Session) cmdVariants(string) error {
	for _, n := range r.variantNames() {
		mark := "  "
		if n == r.game.G.Title {
			mark = "* "
		}
		fmt.Fprintln(r.out, mark+n)
	}
	return nil
}

func (r *Session) cmdLoad(args string) error {
	if args == "" {
		return fmt.Errorf("usage: load FILE")
	}
	switch strings.ToLower(filepath.Ext(args)) {
	case ".zsg":
		return r.loadZSG(args)
	case ".pgn":
		return r.cmdLoadPGN(args)
	}
	if err := r.open(args, ""); err != nil {
		return err
	}
	fmt.Fprintf(r.out, "Playing %s from %s\n", r.game.G.Title, r.game.Path)
	r.afterChange()
	return nil
}

// cmdSave writes the game as a Zillions saved game (.zsg) or as PGN (.pgn).
func (r *Session) cmdSave(args string) error {
	ext := strings.ToLower(filepath.Ext(args))
	if args == "" || ext != ".zsg" && ext != ".pgn" {
		return fmt.Errorf("usage: save FILE.zsg or save FILE.pgn")
	}
	var out bytes.Buffer
	var err error
	if ext == ".pgn" {
		err = r.game.WritePGN(&out)
	} else {
		err = r.game.WriteZSG(&out)
	}
	if err == nil {
		err = os.WriteFile(args, out.Bytes(), 0o644)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(r.out, "Saved %d moves to %s\n", len(r.game.History()), args)
	return nil
}

// loadZSG plays a saved game: its rule file (looked for next to it and next
// to the current rule file), its setup and its moves. When a move does not
// replay, the session is left as it was.
func (r *Session) loadZSG(path string) error {
	sv, err := r.game.LoadZSG(path)
	if err != nil {
		return err
	}
	r.newBoard()
	fmt.Fprintf(r.out, "Loaded %s: %s from %s, %d moves\n", path, r.game.G.Title, r.game.Path, len(r.game.History()))
	if note := sv.AfterEndNote(); note != "" {
		fmt.Fprintln(r.out, note)
	}
	r.afterChange()
	return nil
}

// cmdReload re-reads the rule file (it may have been edited) and replays the
// game by coordinate text as long as the moves stay legal.
func (r *Session) cmdReload(string) error {
	n, total, stop, err := r.game.Reload()
	if err != nil {
		return err
	}
	r.newBoard()
	if stop != "" {
		fmt.Fprintf(r.out, "Reloaded %s; replayed %d of %d moves (%s is no longer legal)\n", r.game.G.Title, n, total, stop)
	} else {
		fmt.Fprintf(r.out, "Reloaded %s; replayed %d moves\n", r.game.G.Title, total)
	}
	r.afterChange()
	return nil
}

func (r *Session) cmdLevel(args string) error {
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

func (r *Session) levelText() string {
	switch {
	case r.lim.Depth > 0:
		return fmt.Sprintf("depth %d", r.lim.Depth)
	case r.lim.Nodes > 0:
		return fmt.Sprintf("%d nodes", r.lim.Nodes)
	}
	return fmt.Sprintf("%g s per move", r.lim.MoveTime.Seconds())
}

func (r *Session) cmdFEN(string) error {
	fen, err := r.game.S.FEN()
	if err != nil {
		return err
	}
	fmt.Fprintln(r.out, fen)
	return nil
}

func (r *Session) cmdSetboard(args string) error {
	if args == "" {
		return fmt.Errorf("usage: setboard FEN")
	}
	if err := r.game.SetPosition(args); err != nil {
		return err
	}
	if r.term {
		r.showBoard()
	} else {
		fmt.Fprintln(r.out, r.game.Status())
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

func (r *Session) cmdPerft(args string) error {
	n, err := depthArg(args)
	if err != nil {
		return err
	}
	start := time.Now()
	var nodes uint64
	err = r.interruptible(func() (err error) {
		nodes, err = r.game.S.Perft(n)
		return err
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(r.out, "perft %d: %d\n", n, nodes)
	if r.term {
		fmt.Fprintf(r.out, "(%.2f s)\n", time.Since(start).Seconds())
	}
	return nil
}

func (r *Session) cmdDivide(args string) error {
	n, err := depthArg(args)
	if err != nil {
		return err
	}
	var total uint64
	err = r.interruptible(func() (err error) {
		_, total, err = r.game.S.Divide(n, func(l vm.DivideLine) {
			fmt.Fprintf(r.out, "  %-8s %-28s %d\n", l.Move, l.Text, l.Nodes)
		})
		return err
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(r.out, "total: %d\n", total)
	return nil
}

func (r *Session) cmdEval(string) error {
	ev, err := r.game.Evaluator()
	if err != nil {
		return err
	}
	pl := r.game.S.Mover()
	fmt.Fprintf(r.out, "Evaluation for %s: %+d (material and placement)\n", r.game.G.Players[pl].Name, ev.Evaluate(r.game.S, pl))
	return nil
}

func (r *Session) cmdValues(string) error {
	ev, err := r.game.Evaluator()
	if err != nil {
		return err
	}
	ev.WriteValues(r.out, r.game.G)
	return nil
}

func (r *Session) cmdFlip(string) error {
	r.bp.flip = !r.bp.flip
	r.showBoard()
	return nil
}

func (r *Session) cmdQuit(string) error {
	r.quit = true
	return nil
}

// randomPlayerNote explains a prompt such as "?Dice 3>": Zillions marks a
// random player's name with "?".
const randomPlayerNote = `A name starting with "?" (?Dice) is a random player: "go" picks its move at random, or type one.`
