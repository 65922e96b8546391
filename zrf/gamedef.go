// This file defines what loading a rule file produces.

package zrf

import (
	"errors"

	"zrun/vm"
)

// File is a loaded rule file: its games and variants in file order (menu
// separators skipped), each lowered and compiled.
type File struct {
	Path     string
	Games    []*GameDef
	Warnings []*Error
}

// GameDef is one lowered game or variant: the model, plus the typed move trees
// the programs in Game were compiled from (kept for tools and diagnostics).
type GameDef struct {
	Game     *vm.Game
	Moves    [][]*MoveDef // per piece type, in Game.Pieces order
	Drops    [][]*MoveDef
	Warnings []*Error
	// Skipped holds the errors of move and drop definitions that were left
	// out: the rest of the game loaded. A game with skipped definitions does
	// not play as its author meant; front ends refuse to play it.
	Skipped []*Error
	// Stubs are the parts of the rules the file leaves to Dagaz's
	// JavaScript (dagaz.go); each is also in Warnings.
	Stubs []Stub
	// Dagaz, when not empty, says why the game is read in the Dagaz
	// dialect (dagaz.go, readDagaz): the mark only a file written for
	// Dagaz carries, with its position. Its documented rules then apply
	// (a drop piece without "off N" is unlimited in hand).
	Dagaz string
}

// OnlySkipped reports whether every error in err (as LoadFile returned it for
// f) belongs to a move definition left out of a game that loaded: the file
// loaded, with those definitions missing.
func (f *File) OnlySkipped(err error) bool {
	var el ErrorList
	if f == nil || !errors.As(err, &el) {
		return false
	}
	n := 0
	for _, gd := range f.Games {
		n += len(gd.Skipped)
	}
	return n > 0 && n >= len(el)
}
