// This file defines saved games (.zsg): loading one and replaying it against
// our rules, and making one from a game played here.

package play

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"zrun/gamefile"
	"zrun/vm"
	"zrun/zrf"
)

// Saved is a .zsg file loaded and replayed.
type Saved struct {
	Path, Rules string // the .zsg file and the rule file it was replayed with
	File        *zrf.SavedGame
	Game        *vm.Game
	Start       *vm.State // the position before the first move (setup edits applied)
	End         *vm.State // the position after the moves replayed
	Replay      *zrf.Replayed
}

// AfterEndNote says where the game ended when the file records moves played
// after the end (Zillions lets play go on), else "".
func (sv *Saved) AfterEndNote() string {
	n := sv.Replay.AfterEnd()
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("The game ended after move line %d of %d (%s); the %d lines after it were played after the end", sv.Replay.EndedAfter, len(sv.File.Moves), sv.Replay.End.Reason, n)
}

// StartFEN is the FEN of the start position when setup edits changed it, else "".
func (sv *Saved) StartFEN() (string, error) {
	if len(sv.File.Setup) == 0 {
		return "", nil
	}
	return sv.Start.FEN()
}

// LoadSaved reads a saved game, loads its rule file (rules, else the file's
// RulesFile= looked up next to it and in search) and replays it
// (zrf.ReplaySaveFile). When a move line matches no legal move it returns
// the game up to that line together with the error; other errors return a
// nil game.
func LoadSaved(path, rules string, search []string) (*Saved, error) {
	rs, err := zrf.ReplaySaveFile(path, rules, search, gamefile.LoadRules)
	if rs == nil {
		return nil, err
	}
	return &Saved{Path: path, Rules: rs.Rules, File: rs.Save, Game: rs.Game, Start: rs.Start, End: rs.End, Replay: rs.Replay}, err
}

// NewSavedGame makes the saved game of a game played from start: Zillions'
// header (one H per player), the rule file's name, the game's title, setup
// edits for the squares where start differs from the game's own setup, and
// the moves.
func NewSavedGame(rulesPath string, start *vm.State, moves []vm.Move) (*zrf.SavedGame, error) {
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
