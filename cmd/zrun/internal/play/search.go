// This file defines how a game in progress runs the engine: one searcher per
// game whose transposition table survives from move to move, run either in
// the caller's goroutine (the REPL, "zrun go") or in the background (the
// GUI protocols, which must answer commands while it thinks), and stopped on
// request either way.

package play

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
)

// defaultHashMB is the transposition table size when the front end sets none.
const defaultHashMB = 64

// engineState is the searcher of a game and the search running on it.
type engineState struct {
	hashMB int
	pos    *eval.Position // the adapter the searcher plays on; wraps Game.S
	se     engine.Player[*vm.Move]
	// player is the kind asked for (PlayerAlphaBeta, PlayerMCTS,
	// PlayerAuto); chosen is the kind se is, and why (auto's calibration).
	player, chosen, why string
	// auto's pick for the rules it was calibrated on: a new game of the
	// same rules does not play the match again.
	autoFor           *vm.Game
	autoPick, autoWhy string

	mu     sync.Mutex
	cancel context.CancelFunc // stops the running search
	done   chan struct{}      // closed when a background search has finished
	// spoiled: a background search panicked; its searcher may be in any
	// state, so the next Searcher call makes a new one.
	spoiled bool
}

// forget drops the searcher (a new game or rule set).
func (e *engineState) forget() { e.pos, e.se, e.chosen, e.why = nil, nil, "", "" }

// reset points the searcher at a new position of the same game, keeping its
// transposition table.
func (e *engineState) reset(s *vm.State) {
	if e.pos != nil {
		e.pos.Reset(s)
	}
}

// SetHash sets the transposition table size of the searcher; a searcher that
// exists is replaced (its table is lost, as in any engine). The size is
// clamped as engine.ClampHashMB says (the front ends tell their users so,
// each in its protocol's words); Hash reads the size kept.
func (g *Game) SetHash(mb int) {
	mb, _ = engine.ClampHashMB(mb)
	g.engine.hashMB = mb
	if g.engine.pos != nil && g.engine.chosen == PlayerAlphaBeta {
		g.engine.se = engine.New[*vm.Move](g.engine.pos, mb)
	}
}

// Hash is the transposition table size in megabytes SetHash kept (0: the
// default, set when the searcher is made).
func (g *Game) Hash() int { return g.engine.hashMB }

// Searcher returns the game's player (alpha-beta or MCTS, as SetPlayer
// asked; auto calibrates here, once per game) and the adapter it plays on,
// made on first use with the game's evaluation.
func (g *Game) Searcher() (engine.Player[*vm.Move], *eval.Position, error) {
	e := &g.engine
	e.mu.Lock()
	if e.spoiled {
		e.spoiled = false
		e.forget()
	}
	e.mu.Unlock()
	if e.se == nil {
		ev, err := g.Evaluator()
		if err != nil {
			return nil, nil, err
		}
		if e.hashMB <= 0 {
			e.hashMB = defaultHashMB
		}
		e.chosen, e.why = e.player, ""
		switch e.player {
		case "", PlayerAlphaBeta:
			e.chosen = PlayerAlphaBeta
			if e.player == "" {
				// none asked: the one the game's script asks for
				if kind, why := GameEngine(g.G); kind != "" {
					e.chosen, e.why = kind, why
				}
			}
		case PlayerAuto:
			if e.autoFor != g.G {
				c, err := Calibrate(g.G, ev, CalibrationGames, CalibrationMoveTime)
				if err != nil {
					return nil, nil, err
				}
				e.autoFor, e.autoPick, e.autoWhy = g.G, c.Pick(), c.String()
			}
			e.chosen, e.why = e.autoPick, e.autoWhy
		}
		e.pos = eval.NewPosition(g.S, ev)
		e.se = newPlayer(e.chosen, e.pos, e.hashMB)
	}
	return e.se, e.pos, nil
}

// Player kinds.
const (
	PlayerAlphaBeta = "alphabeta"
	PlayerMCTS      = "mcts"
	PlayerAuto      = "auto"
)

// newPlayer makes a player of kind on pos.
func newPlayer(kind string, pos *eval.Position, hashMB int) engine.Player[*vm.Move] {
	switch kind {
	case PlayerMCTS:
		return engine.NewMCTS[*vm.Move](pos, 1)
	case PlayerRandom:
		return engine.NewRandomPlayer[*vm.Move](pos, 1)
	case PlayerFirst:
		return engine.NewFirstPlayer[*vm.Move](pos)
	}
	return engine.New[*vm.Move](pos, hashMB)
}

// SetPlayer chooses how the engine picks moves: alpha-beta search with the
// derived evaluation, Monte Carlo tree search with random playouts, or auto
// (a short calibration match between the two when the engine is first
// needed; PlayerChoice says which won).
func (g *Game) SetPlayer(kind string) error {
	switch kind {
	case PlayerAlphaBeta, PlayerMCTS, PlayerAuto:
	default:
		return fmt.Errorf("unknown player %q (alphabeta, mcts or auto)", kind)
	}
	g.engine.player = kind
	g.engine.forget()
	return nil
}

// PlayerAsked is the kind of player SetPlayer asked for (alphabeta when
// none was).
func (g *Game) PlayerAsked() string {
	if g.engine.player == "" {
		return PlayerAlphaBeta
	}
	return g.engine.player
}

// PlayerChoice is the kind of player the engine uses and, for auto, the
// calibration that chose it ("" before the engine is first needed).
func (g *Game) PlayerChoice() (kind, why string) { return g.engine.chosen, g.engine.why }

// Search searches the current position in the caller's goroutine with
// limits lim, reporting each iteration to info (may be nil). Interrupt (from
// another goroutine, e.g. on Ctrl-C) stops it with an error. It returns the
// index in ml (the legal moves of the position) of the move found. Like
// Think it searches a fork of the position and turns a panic into an error.
func (g *Game) Search(ml *vm.MoveList, lim engine.Limits, info func(engine.Info)) (int, error) {
	if len(ml.Moves) == 0 {
		return -1, fmt.Errorf("no legal move")
	}
	se, pos, err := g.Searcher()
	if err != nil {
		return -1, err
	}
	se.SetInfo(info)
	ctx, cancel := context.WithCancel(context.Background())
	g.engine.mu.Lock()
	g.engine.cancel = cancel
	g.engine.mu.Unlock()
	res, err := searchFork(se, pos, g.S.Fork(), ctx, lim)
	stopped := ctx.Err() != nil
	g.engine.mu.Lock()
	g.engine.cancel = nil
	g.engine.mu.Unlock()
	cancel()
	if err != nil {
		if errors.Is(err, errSearchPanicked) {
			g.engine.mu.Lock()
			g.engine.spoiled = true
			g.engine.mu.Unlock()
		}
		return -1, err
	}
	if stopped {
		return -1, fmt.Errorf("search stopped")
	}
	if !res.Found {
		return -1, fmt.Errorf("the engine found no move")
	}
	i := FindSame(ml, res.Best)
	if i < 0 {
		return -1, fmt.Errorf("the engine's move %s is not in the legal list", g.S.CoordString(res.Best))
	}
	return i, nil
}

// Interrupt stops the search Search is running, if any, and reports whether
// there was one.
func (g *Game) Interrupt() bool {
	g.engine.mu.Lock()
	defer g.engine.mu.Unlock()
	if g.engine.cancel == nil {
		return false
	}
	g.engine.cancel()
	return true
}

// Think starts a search in a goroutine. The search runs on a fork of the
// position (vm.State.Fork), never on g.S, so a front end may read the game
// while the engine thinks. When the search ends (by its limits or by Stop),
// finish gets the result while no command touches the state: it may make
// the move on g.S. A stopped search still calls finish; it decides from its
// own flags whether to move. When finish returns true (it made one part of
// a multi-part move and the same side moves on) the goroutine searches
// again, on a new fork, for the next part. A panic in the search is
// recovered and given to finish as an error (the fork it spoiled is
// dropped, and so is the searcher, which the next search makes anew). The
// searcher must exist (Searcher) before Think is called.
func (g *Game) Think(lim engine.Limits, info func(engine.Info), finish func(engine.Result[*vm.Move], error) bool) error {
	se, pos, err := g.Searcher()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	e := &g.engine
	e.mu.Lock()
	e.cancel, e.done = cancel, make(chan struct{})
	done := e.done
	e.mu.Unlock()
	se.SetInfo(info)
	root := g.S.Fork()
	go func() {
		defer close(done)
		for {
			res, err := searchFork(se, pos, root, ctx, lim)
			if err != nil && errors.Is(err, errSearchPanicked) {
				e.mu.Lock()
				e.spoiled = true
				e.mu.Unlock()
			}
			if !finish(res, err) || ctx.Err() != nil || err != nil {
				return
			}
			root = g.S.Fork()
		}
	}()
	return nil
}

// errSearchPanicked marks the error of a search that panicked.
var errSearchPanicked = errors.New("internal error in the search")

// searchFork searches root with se (whose adapter is pos), turning a panic
// into an error that carries its stack, so that no front end dies of one.
func searchFork(se engine.Player[*vm.Move], pos *eval.Position, root *vm.State, ctx context.Context, lim engine.Limits) (res engine.Result[*vm.Move], err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = engine.Result[*vm.Move]{}, fmt.Errorf("%w: %v\n%s", errSearchPanicked, r, debug.Stack())
		}
	}()
	pos.Reset(root)
	res = se.Search(ctx, lim)
	err = pos.Err()
	pos.ClearErr()
	return res, err
}

// Busy reports whether a background search is running.
func (g *Game) Busy() bool {
	g.engine.mu.Lock()
	done := g.engine.done
	g.engine.mu.Unlock()
	if done == nil {
		return false
	}
	select {
	case <-done:
		return false
	default:
		return true
	}
}

// Stop ends a running background search and waits until its finish has
// run. A context rather than Searcher.Stop is used because Search clears the
// stop flag when it begins, which would lose a stop sent just before.
func (g *Game) Stop() {
	g.engine.mu.Lock()
	cancel, done := g.engine.cancel, g.engine.done
	g.engine.mu.Unlock()
	if done == nil {
		return
	}
	cancel()
	<-done
}

// InfoLine formats an iteration report like a UCI/CECP info line. A forced
// win or loss is shown as "mate N" with N in moves of the player to move
// (plies+1)/2, negative when losing.
func InfoLine(in engine.Info) string {
	score := fmt.Sprintf("cp %d", in.Score)
	if plies, ok := engine.MateIn(in.Score); ok {
		if plies > 0 {
			score = fmt.Sprintf("mate %d", (plies+1)/2)
		} else {
			score = fmt.Sprintf("mate %d", -(-plies+1)/2)
		}
	}
	nps := float64(in.Nodes) / max(in.Time.Seconds(), 1e-6)
	multi := ""
	if in.MultiPV > 0 {
		multi = fmt.Sprintf(" multipv %d", in.MultiPV)
	}
	return fmt.Sprintf("info depth %d%s score %s nodes %d nps %.0f time %d pv %s",
		in.Depth, multi, score, in.Nodes, nps, in.Time.Milliseconds(), strings.Join(in.PV, " "))
}

// SearchState derives the evaluation for s's game and searches s once with
// a fresh searcher.
func SearchState(s *vm.State, lim engine.Limits, hashMB int, info func(engine.Info)) (engine.Result[*vm.Move], *eval.Position, error) {
	res, pos, _, err := SearchStateAs(PlayerAlphaBeta, s, lim, hashMB, info)
	return res, pos, err
}

// SearchStateAs is SearchState with the player of the given kind (auto
// calibrates first; why says what it chose).
func SearchStateAs(kind string, s *vm.State, lim engine.Limits, hashMB int, info func(engine.Info)) (res engine.Result[*vm.Move], pos *eval.Position, why string, err error) {
	pos, err = eval.PositionFor(s)
	if err != nil {
		return res, nil, "", err
	}
	switch kind {
	case PlayerAlphaBeta, PlayerMCTS:
	case PlayerAuto:
		c, err := Calibrate(s.Game(), pos.Evaluator(), CalibrationGames, CalibrationMoveTime)
		if err != nil {
			return res, pos, "", err
		}
		kind, why = c.Pick(), c.String()
	default:
		return res, pos, "", fmt.Errorf("unknown player %q (alphabeta, mcts or auto)", kind)
	}
	se := newPlayer(kind, pos, hashMB)
	se.SetInfo(info)
	res = se.Search(context.Background(), lim)
	return res, pos, why, pos.Err()
}

// Wait waits until a background search (Think) has finished, without
// stopping it.
func (g *Game) Wait() {
	g.engine.mu.Lock()
	done := g.engine.done
	g.engine.mu.Unlock()
	if done != nil {
		<-done
	}
}

// FreeEngine drops the searcher and its transposition table, giving their
// memory back; the next search makes them anew. No search may be running.
func (g *Game) FreeEngine() { g.engine.forget() }
