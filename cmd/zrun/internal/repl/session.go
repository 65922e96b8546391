// This file defines the REPL Session: the game being played, its move
// history for undo/redo and reload, and the line interpreter that runs
// commands and plays moves. The Session only reads lines and writes text, so
// the same code serves a terminal (play.go, through liner) and a script
// (stdin not a terminal) and is tested with transcripts.

package repl

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
	"zrun/vm"
)

// Session is one interactive game.
type Session struct {
	out  io.Writer
	term bool // a person at a terminal: board after each move, thinking output
	// toldRandom: the first prompt of a random player has been explained.
	toldRandom bool
	color      bool

	game *play.Game
	bp   *boardPrinter
	lim  engine.Limits
	// multiPV is how many lines analyse shows (multipv; 0 or 1: one).
	multiPV int

	// counting is set while a perft or divide runs; stop asks it to end
	// (Interrupt, on Ctrl-C).
	counting, stop atomic.Bool

	failed bool // some command failed: a script exits with status 1
	quit   bool
	rng    *rand.Rand

	// room is the shared game this session plays a seat of (zrun join),
	// nil for a game of its own. Its event stream changes the game from
	// another goroutine: mu is held by Exec and by that goroutine.
	room *joined
	mu   sync.Mutex
	// prompting: the terminal shows the prompt, waiting for a line.
	prompting bool
}

// New loads variant of the rule file path. term says a person reads out at
// a terminal (the board after each move, the engine's thinking); color adds
// ANSI colours.
func New(path, variant string, out io.Writer, term, color bool) (*Session, error) {
	r := &Session{out: out, term: term, color: color, lim: engine.Limits{MoveTime: time.Second},
		rng: rand.New(rand.NewPCG(1, 2))}
	if err := r.open(path, variant); err != nil {
		return nil, err
	}
	return r, nil
}

// open loads a game and starts it from its start position.
func (r *Session) open(path, variant string) error {
	if r.game == nil {
		g, err := play.Open(path, variant)
		if err != nil {
			return err
		}
		r.game = g
		r.game.SetHash(replHashMB)
	} else if err := r.game.Open(path, variant); err != nil {
		return err
	}
	r.newBoard()
	return nil
}

// replHashMB is the REPL engine's transposition table: it thinks a second
// a move by default, which a smaller table than the protocols' serves.
const replHashMB = 32

// newBoard makes the board printer for the game, keeping the flip.
func (r *Session) newBoard() {
	flip := r.bp != nil && r.bp.flip
	r.bp = newBoardPrinter(r.game.G, r.game.View, r.color, r.term, flip)
}

// Game is the game in progress.
func (r *Session) Game() *play.Game { return r.game }

// RunScript runs every line of in; the exit status is 1 when a command failed.
func (r *Session) RunScript(in io.Reader) int {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for !r.quit && sc.Scan() {
		r.Exec(sc.Text())
	}
	if r.failed {
		return 1
	}
	return 0
}

// prompt names the side to move and the move number, as GNU Chess does.
func (r *Session) prompt() string {
	return fmt.Sprintf("%s %d> ", r.game.G.Players[r.game.S.Chooser()].Name, r.game.S.Ply/len(r.game.G.Players)+1)
}

// Exec runs one input line: a command, else a move.
func (r *Session) Exec(line string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";") {
		return
	}
	name, args, _ := strings.Cut(line, " ")
	args = strings.TrimSpace(args)
	var err error
	handled := false
	if r.room != nil {
		handled, err = r.joinCommand(strings.ToLower(name), args)
	}
	switch c, ok := replCommands[strings.ToLower(name)]; {
	case handled:
	case ok:
		err = c.run(r, args)
	default:
		err = r.userMove(line)
	}
	if err != nil {
		r.failed = true
		fmt.Fprintln(r.out, "Error:", err)
	}
}

// showBoard draws the position with its status line.
func (r *Session) showBoard() {
	r.bp.print(r.out, r.game.S, r.game.Status())
}

// afterChange reports a new position: the whole board at a terminal, only the
// game's end in a script (where the board is one "board" command away).
func (r *Session) afterChange() {
	if r.term {
		r.showBoard()
		return
	}
	if o := r.game.Outcome(); o.Over {
		fmt.Fprintln(r.out, "Game over: "+r.game.ResultText(o))
	}
}

// play makes legal move i of ml and reports it. A new move ends the redo line.
func (r *Session) play(ml *vm.MoveList, i int, keepRedo bool) error {
	who := r.game.G.Players[r.game.S.Chooser()].Name
	text := r.game.ShortMoveText(ml, i)
	if err := r.game.Play(ml, i, keepRedo); err != nil {
		return err
	}
	r.report(who, text)
	return nil
}

// report prints a move made and the position it leaves.
func (r *Session) report(who, text string) {
	fmt.Fprintf(r.out, "%s plays %s\n", who, text)
	r.afterChange()
}

// userMove plays a move typed in any accepted notation.
func (r *Session) userMove(text string) error {
	if r.room != nil && !r.room.st.YourTurn() {
		return errors.New(notYourTurn(r.room.st))
	}
	if err := r.game.GameOver(); err != nil {
		return err
	}
	ml, err := r.game.Legal()
	if err != nil {
		return err
	}
	cands := r.game.Match(ml, text)
	switch len(cands) {
	case 1:
		if r.room != nil {
			return r.sendMove(r.game.S.CoordString(&ml.Moves[cands[0]]))
		}
		return r.play(ml, cands[0], false)
	case 0:
		if r.room == nil {
			if ok, err := r.playPath(text); ok {
				return err
			}
		}
		return r.illegal(ml, text)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%q is ambiguous; it could be:", text)
	for _, i := range cands {
		b.WriteString("\n  " + r.game.S.MoveString(&ml.Moves[i]))
	}
	return fmt.Errorf("%s", b.String())
}

// illegal explains a move that matched nothing: the legal moves of the piece
// on the square the text starts with, else a pointer to "moves".
func (r *Session) illegal(ml *vm.MoveList, text string) error {
	_, command := replCommands[strings.ToLower(strings.Fields(text)[0])]
	why := r.game.WhyNotLegal(ml, text, !command)
	switch why.Kind {
	case play.WrongTurn:
		return fmt.Errorf("illegal move %q: %s", text, why.Text)
	case play.FromSquare:
		return fmt.Errorf("illegal move %q; %s", text, why.Text)
	case play.Closest:
		return fmt.Errorf("illegal move or unknown command %q; %s (type \"moves\" for all, \"help\" for commands)", text, why.Text)
	}
	return fmt.Errorf("illegal move or unknown command %q (type \"moves\" for the legal moves, \"help\" for commands)", text)
}

// Setboard starts the game from a FEN position, as the setboard command does.
func (r *Session) Setboard(fen string) error { return r.cmdSetboard(fen) }

// Failed reports whether some command has failed (a script exits with 1).
func (r *Session) Failed() bool { return r.failed }

// Interrupt stops the running search, perft or divide, if any, and reports
// whether there was one (Ctrl-C at a terminal). The game stays as it was.
func (r *Session) Interrupt() bool {
	if r.game.Interrupt() {
		return true
	}
	if r.counting.Load() {
		r.stop.Store(true)
		return true
	}
	return false
}

// interruptible runs a count on the position that Interrupt can stop; a
// stopped count unmakes its moves and reports that it stopped.
func (r *Session) interruptible(count func() error) error {
	r.stop.Store(false)
	r.game.S.SetInterrupt(&r.stop)
	r.counting.Store(true)
	defer func() {
		r.counting.Store(false)
		r.game.S.SetInterrupt(nil)
	}()
	if err := count(); errors.Is(err, vm.ErrInterrupted) {
		return fmt.Errorf("stopped (Ctrl-C); the position is as it was")
	} else if err != nil {
		return err
	}
	return nil
}
