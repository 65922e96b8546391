// This file defines the REPL session: the game being played, its move
// history for undo/redo and reload, and the line interpreter that runs
// commands and plays moves. The session only reads lines and writes text, so
// the same code serves a terminal (play.go, through liner) and a script
// (stdin not a terminal) and is tested with transcripts.

package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
)

// session is one interactive game.
type session struct {
	out   io.Writer
	term  bool // a person at a terminal: board after each move, thinking output
	color bool

	path, variant string
	g             *vm.Game
	s             *vm.State
	bp            *boardPrinter
	san           bool   // the game's moves can be written in SAN
	startFEN      string // the setboard position the history starts from ("" = start position)
	played        []playedMove
	redo          []vm.Move

	lim    engine.Limits
	ev     *eval.Evaluator
	evGame *vm.Game // the game ev was derived for
	search *engine.Searcher[*vm.Move]
	pos    *eval.Position // the adapter search runs on; wraps s

	mu     sync.Mutex
	cancel context.CancelFunc // stops the running search (Ctrl-C)

	failed bool // some command failed: a script exits with status 1
	quit   bool
	rng    *rand.Rand
}

// playedMove is a move of the history, detached from its move list, with its
// coordinate text (reload replays by it).
type playedMove struct {
	m     vm.Move
	coord string
}

// newSession loads variant of the rule file path.
func newSession(path, variant string, out io.Writer, term, color bool) (*session, error) {
	r := &session{out: out, term: term, color: color, lim: engine.Limits{MoveTime: time.Second},
		rng: rand.New(rand.NewPCG(1, 2))}
	if err := r.open(path, variant); err != nil {
		return nil, err
	}
	return r, nil
}

// open loads a game and starts it from its start position.
func (r *session) open(path, variant string) error {
	s, err := newState(path, variant, "")
	if err != nil {
		return err
	}
	r.path, r.variant = path, s.Game().Title
	r.setGame(s.Game(), s)
	return nil
}

// setGame installs a game and position and forgets the history.
func (r *session) setGame(g *vm.Game, s *vm.State) {
	flip := r.bp != nil && r.bp.flip
	view := vm.NewGridView(g)
	r.g, r.s = g, s
	r.bp = &boardPrinter{g: g, view: view, color: r.color, flip: flip}
	r.san = sanSupported(g, view)
	r.played, r.redo, r.startFEN = nil, nil, ""
	r.search, r.pos = nil, nil
	if r.evGame != g {
		r.ev = nil
	}
}

// runScript runs every line of in; the exit status is 1 when a command failed.
func (r *session) runScript(in io.Reader) int {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for !r.quit && sc.Scan() {
		r.exec(sc.Text())
	}
	if r.failed {
		return 1
	}
	return 0
}

// prompt names the side to move and the move number, as GNU Chess does.
func (r *session) prompt() string {
	return fmt.Sprintf("%s %d> ", r.g.Players[r.s.Chooser()].Name, r.s.Ply/len(r.g.Players)+1)
}

// exec runs one input line: a command, else a move.
func (r *session) exec(line string) {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";") {
		return
	}
	name, args, _ := strings.Cut(line, " ")
	args = strings.TrimSpace(args)
	var err error
	if c, ok := replCommands[strings.ToLower(name)]; ok {
		err = c.run(r, args)
	} else {
		err = r.userMove(line)
	}
	if err != nil {
		r.failed = true
		fmt.Fprintln(r.out, "Error:", err)
	}
}

// legal generates the legal moves of the current position.
func (r *session) legal() (*vm.MoveList, error) {
	ml := &vm.MoveList{}
	return ml, r.s.Generate(ml)
}

// outcome evaluates the goals of the current position.
func (r *session) outcome() vm.Outcome {
	o, err := r.s.Outcome(nil)
	if err != nil {
		return vm.Outcome{Winner: -1, Loser: -1}
	}
	return o
}

// status is the line under the board: who moves, check, or how the game ended.
func (r *session) status() string {
	if o := r.outcome(); o.Over {
		return "Game over: " + r.resultText(o)
	}
	who := r.g.Players[r.s.Chooser()].Name
	switch {
	case r.s.Partial != vm.NoPos:
		return fmt.Sprintf("%s to move: continue with the piece on %s", who, r.g.Board.Positions[r.s.Partial].Name)
	case r.s.InCheck():
		return who + " to move (in check)"
	}
	return who + " to move"
}

// resultText words an outcome: "Black wins by checkmate", "draw by stalemate".
func (r *session) resultText(o vm.Outcome) string {
	how := map[string]string{"checkmated": "checkmate", "stalemated": "stalemate"}[o.Reason]
	if how == "" {
		how = o.Reason
	}
	switch {
	case o.Winner >= 0:
		return fmt.Sprintf("%s wins by %s", r.g.Players[o.Winner].Name, how)
	case o.Loser >= 0:
		return fmt.Sprintf("%s loses by %s", r.g.Players[o.Loser].Name, how)
	}
	return "draw by " + how
}

// showBoard draws the position with its status line.
func (r *session) showBoard() {
	r.bp.print(r.out, r.s, r.status())
}

// afterChange reports a new position: the whole board at a terminal, only the
// game's end in a script (where the board is one "board" command away).
func (r *session) afterChange() {
	if r.term {
		r.showBoard()
		return
	}
	if o := r.outcome(); o.Over {
		fmt.Fprintln(r.out, "Game over: "+r.resultText(o))
	}
}

// moveText is how the REPL names a legal move: SAN with check marks when the
// game has SAN, then the coordinates and the Zillions notation.
func (r *session) moveText(ml *vm.MoveList, i int) string {
	m := &ml.Moves[i]
	z := r.s.MoveString(m)
	c := r.s.CoordString(m)
	if r.san {
		if san := sanOf(r.s, ml, i, r.bp.view); san != "" {
			return fmt.Sprintf("%s (%s, %s)", san+checkSuffix(r.s, m), c, z)
		}
	}
	if c == z {
		return z
	}
	return fmt.Sprintf("%s (%s)", c, z)
}

// play makes legal move i of ml and reports it. A new move ends the redo line.
func (r *session) play(ml *vm.MoveList, i int, keepRedo bool) error {
	m := &ml.Moves[i]
	who := r.g.Players[r.s.Chooser()].Name
	text, coord := r.moveText(ml, i), r.s.CoordString(m)
	if err := r.makePlayed(m, coord); err != nil {
		return err
	}
	if !keepRedo {
		r.redo = nil
	}
	fmt.Fprintf(r.out, "%s plays %s\n", who, text)
	r.afterChange()
	return nil
}

// makePlayed makes m (generated for this position; coord is its coordinate
// text) and records it in the move list, or leaves the position as it was.
func (r *session) makePlayed(m *vm.Move, coord string) error {
	if err := r.s.Make(m); err != nil {
		r.s.Unmake()
		return err
	}
	r.played = append(r.played, playedMove{m.Clone(), coord})
	return nil
}

// gameOverErr refuses moves once the game has ended.
func (r *session) gameOverErr() error {
	if o := r.outcome(); o.Over {
		return fmt.Errorf("the game is over (%s); use undo, new or setboard", r.resultText(o))
	}
	return nil
}

// userMove plays a move typed in any accepted notation.
func (r *session) userMove(text string) error {
	if err := r.gameOverErr(); err != nil {
		return err
	}
	ml, err := r.legal()
	if err != nil {
		return err
	}
	cands := r.matchMove(ml, text)
	switch len(cands) {
	case 1:
		return r.play(ml, cands[0], false)
	case 0:
		return r.illegal(ml, text)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%q is ambiguous; it could be:", text)
	for _, i := range cands {
		b.WriteString("\n  " + r.s.MoveString(&ml.Moves[i]))
	}
	return fmt.Errorf("%s", b.String())
}

// illegal explains a move that matched nothing: the legal moves of the piece
// on the square the text starts with, else a pointer to "moves".
func (r *session) illegal(ml *vm.MoveList, text string) error {
	if _, ok := replCommands[strings.ToLower(strings.Fields(text)[0])]; !ok && len(ml.Moves) > 0 {
		for n := min(len(text), 4); n >= 1; n-- {
			p, ok := r.g.Board.PositionIndex(text[:n])
			if !ok {
				continue
			}
			var alts []string
			for i := range ml.Moves {
				if ml.Moves[i].From == int32(p) {
					alts = append(alts, r.s.CoordString(&ml.Moves[i]))
				}
			}
			if len(alts) > 0 {
				return fmt.Errorf("illegal move %q; the piece on %s can play: %s", text, text[:n], strings.Join(alts, " "))
			}
			break
		}
	}
	return fmt.Errorf("illegal move or unknown command %q (type \"moves\" for the legal moves, \"help\" for commands)", text)
}

// evaluator returns the game's evaluation tables, derived on first use.
func (r *session) evaluator() (*eval.Evaluator, error) {
	if r.ev == nil {
		ev, err := eval.Derive(r.g)
		if err != nil {
			return nil, err
		}
		r.ev, r.evGame = ev, r.g
	}
	return r.ev, nil
}

// startSearch makes a context that interrupt cancels.
func (r *session) startSearch() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	r.mu.Lock()
	r.cancel = cancel
	r.mu.Unlock()
	return ctx, cancel
}

func (r *session) endSearch() {
	r.mu.Lock()
	r.cancel = nil
	r.mu.Unlock()
}

// interrupt stops the running search, if any (Ctrl-C at a terminal). It
// reports whether there was one.
func (r *session) interrupt() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cancel == nil {
		return false
	}
	r.cancel()
	return true
}
