// This file defines the pieces the GUI protocols share: a game in play with
// its searcher, a search running in a goroutine that can be stopped, move
// lookup by coordinate text, and result texts from vm outcomes.

package main

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
)

// lineWriter writes whole lines under a lock: the search goroutine (thinking
// output, moves) and the command loop (pong, errors) share the GUI's pipe,
// and a GUI must never see two lines interleaved.
type lineWriter struct {
	mu sync.Mutex
	w  interface{ Write([]byte) (int, error) }
}

func (lw *lineWriter) printf(format string, args ...any) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	fmt.Fprintf(lw.w, format+"\n", args...)
}

// play is a game in progress: the state, its adapter and a searcher whose
// transposition table survives from move to move.
type play struct {
	entry  *gameEntry
	s      *vm.State
	pos    *eval.Position
	se     *engine.Searcher[*vm.Move]
	hashMB int
	// made counts the moves made since the start or the last setboard, so
	// undo never pops history that is not there.
	made int

	// The running search, if any.
	cancel context.CancelFunc
	done   chan struct{}
}

// newPlay sets up the start position of e with a fresh searcher.
func newPlay(e *gameEntry, hashMB int) (*play, error) {
	ev, err := e.evaluator()
	if err != nil {
		return nil, err
	}
	s, err := vm.NewState(e.game)
	if err != nil {
		return nil, err
	}
	p := &play{entry: e, s: s, pos: eval.NewPosition(s, ev), hashMB: hashMB}
	p.se = engine.New[*vm.Move](p.pos, hashMB)
	return p, nil
}

// legal returns the legal moves of the position (a fresh list the caller owns).
func (p *play) legal() (*vm.MoveList, error) {
	ml := &vm.MoveList{}
	err := p.s.Generate(ml)
	return ml, err
}

// findMove returns the legal move whose coordinate text is text. Case is
// ignored for the promotion suffix only ("e7e8Q" = "e7e8q"), since square
// names are lower case but a GUI may capitalise the piece letter.
func (p *play) findMove(text string) (*vm.Move, error) {
	ml, err := p.legal()
	if err != nil {
		return nil, err
	}
	for i := range ml.Moves {
		m := &ml.Moves[i]
		ct := p.s.CoordString(m)
		if ct == text || (len(ct) == len(text) && strings.EqualFold(ct, text) && !m.Drop) {
			return m, nil
		}
	}
	return nil, nil
}

// makeText plays the move named by text; it returns false (state unchanged)
// when no legal move has that name.
func (p *play) makeText(text string) (bool, error) {
	m, err := p.findMove(text)
	if m == nil || err != nil {
		return false, err
	}
	return true, p.makeMove(m)
}

// makeMove plays a legal move of the current position.
func (p *play) makeMove(m *vm.Move) error {
	if err := p.s.Make(m); err != nil {
		return err
	}
	p.made++
	return nil
}

// undo takes back one move; false when there is none to take back.
func (p *play) undo() bool {
	if p.made == 0 {
		return false
	}
	p.s.Unmake()
	p.made--
	return true
}

// setFEN replaces the position; on error the position is unchanged.
func (p *play) setFEN(fen string) error {
	if err := p.s.SetFEN(fen); err != nil {
		return err
	}
	p.made = 0
	return nil
}

// outcome reports whether the game is over in the current position.
func (p *play) outcome() (vm.Outcome, error) {
	return p.s.Outcome(nil)
}

// busy reports whether a search is running.
func (p *play) busy() bool {
	if p.done == nil {
		return false
	}
	select {
	case <-p.done:
		return false
	default:
		return true
	}
}

// think starts a search in a goroutine. When it ends (by its limits or by
// stop), finish gets the result while the position is still the root and
// no command touches the state: it may make the move. A stopped search still
// calls finish; it decides from its own flags whether to move. When finish
// returns true (it made one part of a multi-part move and the same side
// moves on) the goroutine searches again for the next part.
func (p *play) think(lim engine.Limits, info func(engine.Info), finish func(engine.Result[*vm.Move], error) bool) {
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel, p.done = cancel, make(chan struct{})
	p.se.OnInfo = info
	go func() {
		defer close(p.done)
		for {
			res := p.se.Search(ctx, lim)
			if !finish(res, p.pos.Err()) || ctx.Err() != nil {
				return
			}
		}
	}()
}

// stop ends a running search and waits until its finish has run. A context
// rather than Searcher.Stop is used because Search clears the stop flag when
// it begins, which would lose a stop sent just before.
func (p *play) stop() {
	if p.done == nil {
		return
	}
	p.cancel()
	<-p.done
}

// resultText writes a finished game's outcome as CECP wants it after a move:
// "1-0 {White mates}", "1/2-1/2 {Stalemate}", ... Players beyond the second
// have no PGN score, so the comment names them instead.
func resultText(g *vm.Game, o vm.Outcome) string {
	name := func(pl int) string {
		if pl >= 0 && pl < len(g.Players) {
			n := g.Players[pl].Name
			if n != "" {
				return strings.ToUpper(n[:1]) + n[1:]
			}
		}
		return fmt.Sprintf("Player %d", pl+1)
	}
	switch {
	case o.Winner >= 0:
		score := "1-0"
		if o.Winner == 1 {
			score = "0-1"
		} else if o.Winner > 1 {
			score = "*"
		}
		if o.Reason == "checkmated" {
			return fmt.Sprintf("%s {%s mates}", score, name(o.Winner))
		}
		return fmt.Sprintf("%s {%s wins by %s}", score, name(o.Winner), o.Reason)
	case o.Loser >= 0:
		return fmt.Sprintf("* {%s loses by %s}", name(o.Loser), o.Reason)
	}
	switch o.Reason {
	case "stalemated":
		return "1/2-1/2 {Stalemate}"
	case "repetition":
		return "1/2-1/2 {Draw by repetition}"
	case "fifty-move rule":
		return "1/2-1/2 {Draw by fifty-move rule}"
	}
	return fmt.Sprintf("1/2-1/2 {Draw by %s}", o.Reason)
}
