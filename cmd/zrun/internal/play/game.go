// This file defines Game, a game in progress: the rules it was loaded from,
// the position, the moves played (for undo, redo, reload and saving), how
// its moves are named, and its result in words.

package play

import (
	"errors"
	"fmt"
	"strings"

	"zrun/engine/eval"
	"zrun/vm"
)

// Game is one game in progress. Every front end (REPL, CECP, UCI, web)
// keeps its game in one; none of them touches the history directly.
type Game struct {
	Path    string // the rule file
	Variant string // the game's title in the rule file
	G       *vm.Game
	S       *vm.State
	// View is the game's main grid as drawn (nil without a 2-D grid); SAN
	// and every picture of the board read it.
	View *vm.GridView
	// SAN reports whether the game's moves can be written in SAN.
	SAN bool
	// StartFEN is the setup position the history starts from ("" = the
	// game's own start position).
	StartFEN string

	played []Played
	// tree holds every line played or imported (variations); cur is the
	// node of the current position, whose path from the root is played.
	tree tree
	// squareAlias holds the algebraic names of the grid's positions (see
	// PositionNamed), made on first use.
	squareAlias map[string]int32

	ev     *eval.Evaluator
	evGame *vm.Game // the game ev was derived for
	engine engineState
}

// Played is a move of the history, detached from its move list, with its
// coordinate text (reload replays by it).
type Played struct {
	Move  vm.Move
	Coord string
}

// Open loads variant of the rule file path (the file's first game when
// variant is "") and starts it from its start position.
func Open(path, variant string) (*Game, error) {
	g := &Game{}
	if err := g.Open(path, variant); err != nil {
		return nil, err
	}
	return g, nil
}

// Open loads a game into g and starts it; on error g is unchanged.
func (g *Game) Open(path, variant string) error {
	s, err := NewState(path, variant, "")
	if err != nil {
		return err
	}
	g.Path, g.Variant = path, s.Game().Title
	g.SetGame(s.Game(), s)
	return nil
}

// NewGame starts a game of an already loaded rule set (a catalog entry),
// whose evaluation ev may be shared with other games (nil: derived on use).
func NewGame(path string, vg *vm.Game, ev *eval.Evaluator) (*Game, error) {
	s, err := vm.NewState(vg)
	if err != nil {
		return nil, err
	}
	g := &Game{Path: path, Variant: vg.Title}
	g.SetGame(vg, s)
	if ev != nil {
		g.ev, g.evGame = ev, vg
	}
	return g, nil
}

// SetGame installs a game and position and forgets the history and the
// engine's state.
func (g *Game) SetGame(vg *vm.Game, s *vm.State) {
	g.G, g.S = vg, s
	g.View = vm.NewGridView(vg)
	g.squareAlias = nil
	g.SAN = SANSupported(vg, g.View)
	g.played, g.StartFEN = nil, ""
	g.tree.reset()
	g.engine.forget()
	if g.evGame != vg {
		g.ev = nil
	}
}

// Restart starts the game again from its start position, keeping the
// searcher (and its transposition table).
func (g *Game) Restart() error {
	s, err := vm.NewState(g.G)
	if err != nil {
		return err
	}
	g.startFrom(s, "")
	return nil
}

// SetFEN sets up a position of the same game; the history starts there. On
// error the game is unchanged.
func (g *Game) SetFEN(fen string) error {
	s, err := g.stateAt(fen)
	if err != nil {
		return err
	}
	g.startFrom(s, fen)
	return nil
}

// stateAt is a fresh state of the game set up from fen (or a compact
// position text, setup.go).
func (g *Game) stateAt(fen string) (*vm.State, error) {
	if strings.HasPrefix(strings.TrimSpace(fen), CompactPrefix) {
		return ParseCompact(g.G, fen)
	}
	s, err := vm.NewState(g.G)
	if err != nil {
		return nil, err
	}
	if err := s.SetFEN(fen); err != nil {
		return nil, err
	}
	return s, nil
}

// startFrom makes s (set up from fen, "" for the start position) the
// position the history starts from, keeping the searcher and its table.
func (g *Game) startFrom(s *vm.State, fen string) {
	g.S = s
	g.played, g.StartFEN = nil, fen
	g.tree.reset()
	g.engine.reset(s)
}

// Legal generates the legal moves of the current position.
func (g *Game) Legal() (*vm.MoveList, error) {
	ml := &vm.MoveList{}
	return ml, g.S.Generate(ml)
}

// Outcome evaluates the goals of the current position; a rule error reads
// as a game that goes on.
func (g *Game) Outcome() vm.Outcome {
	o, err := g.S.Outcome(nil)
	if err != nil {
		return vm.Outcome{Winner: -1, Loser: -1}
	}
	return o
}

// Status is a line saying who moves, check, or how the game ended. A game
// zrun cannot play says why, and so does a game that ended because the
// player to move had no legal move (vm.State.WhyNoMoves).
func (g *Game) Status() string {
	if why := ExternalEngine(g.G); why != "" {
		return "Cannot play: " + why
	}
	if o := g.Outcome(); o.Over {
		if o.Reason == "no legal move" {
			if why, err := g.S.WhyNoMoves(); err == nil && why.Msg != "" {
				return "Game over: " + g.ResultText(o) + ": " + why.Msg
			}
		}
		return "Game over: " + g.ResultText(o)
	}
	who := g.G.Players[g.S.Chooser()].Name
	switch {
	case g.S.Partial != vm.NoPos:
		return fmt.Sprintf("%s to move: continue with the piece on %s", who, g.G.Board.Positions[g.S.Partial].Name)
	case g.S.InCheck():
		return who + " to move (in check)"
	}
	return who + " to move"
}

// ResultText words an outcome: "Black wins by checkmate", "draw by stalemate".
func (g *Game) ResultText(o vm.Outcome) string {
	how := map[string]string{"checkmated": "checkmate", "stalemated": "stalemate"}[o.Reason]
	if how == "" {
		how = o.Reason
	}
	switch {
	case o.Winner >= 0:
		name := g.G.Players[o.Winner].Name
		return fmt.Sprintf("%s %s by %s", name, verbFor(name, "wins", "win"), how)
	case o.Loser >= 0:
		name := g.G.Players[o.Loser].Name
		return fmt.Sprintf("%s %s by %s", name, verbFor(name, "loses", "lose"), how)
	}
	return "draw by " + how
}

// verbFor agrees a verb with a player's name: one-player puzzles name
// their player "You" (Sokoban), and "You wins" reads wrong.
func verbFor(name, singular, plural string) string {
	switch strings.ToLower(name) {
	case "you", "we", "they":
		return plural
	}
	return singular
}

// GameOver refuses moves once the game has ended, and in a game zrun
// cannot play (ExternalEngine).
func (g *Game) GameOver() error {
	if why := ExternalEngine(g.G); why != "" {
		return errors.New(why)
	}
	if o := g.Outcome(); o.Over {
		return fmt.Errorf("the game is over (%s); use undo, new or setboard", g.ResultText(o))
	}
	return nil
}

// MoveText names a legal move for people: SAN with check marks when the
// game has SAN, then the coordinates and the Zillions notation.
func (g *Game) MoveText(ml *vm.MoveList, i int) string {
	m := &ml.Moves[i]
	z := g.S.MoveString(m)
	c := g.S.CoordString(m)
	if g.SAN {
		if san := SANOf(g.S, ml, i, g.View); san != "" {
			return fmt.Sprintf("%s (%s, %s)", san+CheckSuffix(g.S, m), c, z)
		}
	}
	if c == z {
		return z
	}
	return fmt.Sprintf("%s (%s)", c, z)
}

// Play makes legal move i of ml and records it. A move other than the
// next one of the line taken back (keepRedo false) no longer drops that
// line: it starts a variation beside it, as in a chess GUI.
func (g *Game) Play(ml *vm.MoveList, i int, keepRedo bool) error {
	m := &ml.Moves[i]
	return g.Make(m, g.S.CoordString(m))
}

// Make makes m (generated for this position; coord is its coordinate text)
// and records it in the history, or leaves the position as it was. The
// move is the game tree's existing child of the current node when one has
// the same coordinates, else a new variation after the others.
func (g *Game) Make(m *vm.Move, coord string) error {
	if err := g.S.Make(m); err != nil {
		g.S.Unmake()
		return err
	}
	pm := Played{m.Clone(), coord}
	g.played = append(g.played, pm)
	g.tree.down(pm)
	return nil
}

// Undo takes back the last move; the game tree keeps it for Redo; false
// when there is none.
func (g *Game) Undo() (vm.Move, bool) {
	if len(g.played) == 0 {
		return vm.Move{}, false
	}
	pm := g.played[len(g.played)-1]
	g.played = g.played[:len(g.played)-1]
	g.S.Unmake()
	g.tree.up()
	return pm.Move, true
}

// NextRedo finds the move Redo replays (the one last taken back from the
// current position, else the main line's next move) in a fresh list of the
// legal moves; the caller plays it with Play(ml, i, true) (after naming it
// in this position, if it likes).
func (g *Game) NextRedo() (*vm.MoveList, int, error) {
	next := g.tree.next()
	if next == nil {
		return nil, -1, fmt.Errorf("no move to replay")
	}
	ml, err := g.Legal()
	if err != nil {
		return nil, -1, err
	}
	i := FindSame(ml, &next.Move)
	if i < 0 {
		return nil, -1, fmt.Errorf("%s is no longer legal", g.S.MoveString(&next.Move))
	}
	return ml, i, nil
}

// CanRedo reports whether the current position has a move to go forward to.
func (g *Game) CanRedo() bool { return g.tree.next() != nil }

// History is the moves played since the start (or the setup position).
func (g *Game) History() []Played { return g.played }

// Moves is the history's moves alone.
func (g *Game) Moves() []vm.Move {
	moves := make([]vm.Move, len(g.played))
	for i, pm := range g.played {
		moves[i] = pm.Move
	}
	return moves
}

// Evaluator returns the game's evaluation tables, derived on first use.
func (g *Game) Evaluator() (*eval.Evaluator, error) {
	if g.ev == nil {
		ev, err := eval.Derive(g.G)
		if err != nil {
			return nil, err
		}
		g.ev, g.evGame = ev, g.G
	}
	return g.ev, nil
}

// FindCoord returns the legal move whose coordinate text is text, or nil.
// Case is ignored for the promotion suffix only ("e7e8Q" = "e7e8q"), since
// square names are lower case but a GUI may capitalise the piece letter.
func (g *Game) FindCoord(text string) (*vm.Move, error) {
	ml, err := g.Legal()
	if err != nil {
		return nil, err
	}
	for i := range ml.Moves {
		m := &ml.Moves[i]
		ct := g.S.CoordString(m)
		if ct == text || (len(ct) == len(text) && strings.EqualFold(ct, text) && !m.Drop) {
			return m, nil
		}
	}
	return nil, nil
}

// PlayCoord plays the move named by its coordinate text; it returns false
// (game unchanged) when no legal move has that name.
func (g *Game) PlayCoord(text string) (bool, error) {
	m, err := g.FindCoord(text)
	if m == nil || err != nil {
		return false, err
	}
	return true, g.Make(m, g.S.CoordString(m))
}

// GameAt wraps a position reached elsewhere (a replayed saved game) as a
// game in progress with no history, to show it and word its result.
func GameAt(path string, s *vm.State) *Game {
	g := &Game{Path: path, Variant: s.Game().Title}
	g.SetGame(s.Game(), s)
	return g
}

// ExternalEngine says why zrun cannot play g, whose moves come from an
// external engine (Zillions' plug-in DLLs: Axiom) whose scripts the loader
// could not attach (vm.Game.EngineErr says why), or "" when it can: the one
// wording the terminal and the browser show.
func ExternalEngine(g *vm.Game) string {
	if g.Engine == "" || g.Moves != nil {
		return ""
	}
	why := fmt.Sprintf("%q takes its moves from the external engine %s, which zrun cannot run", g.Title, g.Engine)
	if g.EngineErr != "" {
		why += ": " + g.EngineErr
	}
	return why
}
