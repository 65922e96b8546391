// This file defines how front ends load a game: through package gamefile,
// with the piece values "zrun tune" learnt for it.

package play

import (
	"zrun/engine/eval"
	"zrun/gamefile"
	"zrun/vm"
)

// LoadGame loads the game or variant named variant as gamefile.LoadGame
// does and gives it the values tuned for it (eval.ApplyTunedFor), so every
// front end searches with them.
func LoadGame(path, variant string) (*vm.Game, error) {
	g, err := gamefile.LoadGame(path, variant)
	if err != nil {
		return nil, err
	}
	return g, eval.ApplyTunedFor(path, g)
}

// LoadGames returns the games of a rule file as gamefile.LoadGames does,
// with their tuned values.
func LoadGames(path, variant string) ([]*vm.Game, error) {
	games, err := gamefile.LoadGames(path, variant)
	if err != nil {
		return games, err
	}
	return games, eval.ApplyTunedFor(path, games...)
}

// NewState loads a game with its tuned values (LoadGame) and sets up its
// start position or a FEN (gamefile.Setup).
func NewState(path, variant, fen string) (*vm.State, error) {
	g, err := LoadGame(path, variant)
	if err != nil {
		return nil, err
	}
	return gamefile.Setup(g, fen)
}

// LoadEvaluated loads a game and derives its evaluation (with the values
// of the rule file's .values file, if any).
func LoadEvaluated(path, variant string) (*vm.Game, *eval.Evaluator, error) {
	g, err := LoadGame(path, variant)
	if err != nil {
		return nil, nil, err
	}
	ev, err := eval.Derive(g)
	return g, ev, err
}
