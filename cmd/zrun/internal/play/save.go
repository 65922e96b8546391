// This file defines saving a game in progress (.zsg, PGN), loading a saved
// game into it, and reloading its rule file.

package play

import (
	"fmt"
	"io"
	"path/filepath"
	"zrun/vm"
)

// StartState is a fresh copy of the position the history starts from, of
// the rules loaded (not re-read from the file, which may have changed).
func (g *Game) StartState() (*vm.State, error) {
	if g.StartFEN == "" {
		return vm.NewState(g.G)
	}
	return g.stateAt(g.StartFEN)
}

// WritePGN writes the game as PGN (chess-like games only).
func (g *Game) WritePGN(w io.Writer) error {
	start, err := g.StartState()
	if err != nil {
		return err
	}
	return WritePGN(w, PGNGame{Start: start, Root: g.Root(), StartFEN: g.StartFEN})
}

// WriteZSG writes the game's main line as a Zillions saved game (the
// format has no variations: PGN keeps them).
func (g *Game) WriteZSG(w io.Writer) error {
	start, err := g.StartState()
	if err != nil {
		return err
	}
	sg, err := NewSavedGame(g.Path, start, g.MainLine())
	if err != nil {
		return err
	}
	return sg.Write(w)
}

// LoadZSG plays a saved game: its rule file (looked for next to it and next
// to the current rule file), its setup and its moves. When a move does not
// replay, the game is left as it was.
func (g *Game) LoadZSG(path string) (*Saved, error) { return g.LoadZSGRules(path, "") }

// LoadZSGRules is LoadZSG replaying with the rule file rules ("" = the one
// the saved game names); a server that may read only the files it serves
// passes the game's own.
func (g *Game) LoadZSGRules(path, rules string) (*Saved, error) {
	sv, err := LoadSaved(path, rules, []string{filepath.Dir(g.Path)})
	if err != nil {
		return nil, err
	}
	startFEN, err := sv.StartFEN()
	if err != nil {
		return nil, fmt.Errorf("%s: its setup edits give a position without FEN, which this game cannot restart from: %v", path, err)
	}
	// Replay on a copy first, so a move that fails leaves g as it was.
	s := sv.Start.Clone()
	played := make([]Played, 0, len(sv.Replay.Moves))
	for i := range sv.Replay.Moves {
		m := &sv.Replay.Moves[i]
		coord := s.CoordString(m)
		if err := s.Make(m); err != nil {
			return nil, err
		}
		played = append(played, Played{m.Clone(), coord})
	}
	g.Path = sv.Rules
	g.SetGame(sv.Game, s)
	g.Variant, g.StartFEN, g.played = sv.Game.Title, startFEN, played
	for _, pm := range played {
		g.tree.down(pm)
	}
	return sv, nil
}

// Reload re-reads the rule file (it may have been edited) and replays the
// game by coordinate text as long as the moves stay legal. It returns how
// many of the total moves replayed and the first that no longer is legal
// ("" when all were). On a load error the game is unchanged.
func (g *Game) Reload() (replayed, total int, stoppedAt string, err error) {
	s, err := NewState(g.Path, g.Variant, g.StartFEN) // the file as it is now
	if err != nil {
		return 0, len(g.History()), "", err
	}
	return g.replayOn(s)
}

// ReloadWith is Reload with rules already loaded (vg, this game's variant
// as the file reads now): a server loads a file once for all its games in
// progress, without holding any of them while it loads.
func (g *Game) ReloadWith(vg *vm.Game) (replayed, total int, stoppedAt string, err error) {
	s, err := vm.NewState(vg)
	if err == nil && g.StartFEN != "" {
		err = s.SetFEN(g.StartFEN)
	}
	if err != nil {
		return 0, len(g.History()), "", err
	}
	return g.replayOn(s)
}

// replayOn makes s, the start position under new rules, the game's start
// and replays the history on it while its moves stay legal.
func (g *Game) replayOn(s *vm.State) (replayed, total int, stoppedAt string, err error) {
	hist := g.History()
	coords := make([]string, len(hist))
	for i, pm := range hist {
		coords[i] = pm.Coord
	}
	fen := g.StartFEN
	g.SetGame(s.Game(), s)
	g.StartFEN = fen
	for k, c := range coords {
		ml, err := g.Legal()
		if err != nil {
			return k, len(coords), "", err
		}
		i := g.S.CoordIndex(ml, c)
		if i < 0 {
			return k, len(coords), c, nil
		}
		if err := g.Make(&ml.Moves[i], c); err != nil {
			return k, len(coords), "", err
		}
	}
	return len(coords), len(coords), "", nil
}
