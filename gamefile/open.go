// This file defines Open: a rule file read by the reader its kind needs.

package gamefile

import (
	"fmt"
	"sync/atomic"

	"zrun/fmaxini"
	"zrun/zrf"
)

// includeAnywhere is the command line's --include-any: set once, before
// any file is loaded, for the whole process (every load goes through
// LoadZRF).
var includeAnywhere atomic.Bool

// AllowIncludesAnywhere lets the rule files loaded from now on include
// files outside their own folder tree (zrf.Options.IncludeAnywhere); by
// default such an include is refused, so a downloaded rule file cannot
// read the user's other files.
func AllowIncludesAnywhere(on bool) { includeAnywhere.Store(on) }

// LoadZRF loads a .zrf rule file as zrf.LoadFile does, with the includes
// AllowIncludesAnywhere allows.
func LoadZRF(path string) (*zrf.File, error) {
	return zrf.LoadFileWith(path, zrf.Options{IncludeAnywhere: includeAnywhere.Load()})
}

// LoadRules is LoadZRF with each game's engine attached, as LoadGame
// attaches it (an Axiom game's moves come from its scripts): the loader for
// replaying a saved game (zrf.ReplaySaveFile), which picks the game from the
// file itself.
func LoadRules(path string) (*zrf.File, error) {
	f, err := LoadZRF(path)
	if f != nil {
		for _, gd := range f.Games {
			attach(gd.Game, path)
		}
	}
	return f, err
}

// File is a rule file as its kind's reader gives it: exactly one of ZRF
// and Ini is set, as Kind says.
type File struct {
	Path string
	Kind Kind
	ZRF  *zrf.File     // a .zrf or .inc: its games with their warnings and left-out moves
	Ini  *fmaxini.File // an .ini: its sections
}

// Open reads the rule file at path with the reader its kind needs. Like
// zrf.LoadFile, a .zrf some of whose games have errors comes back with the
// games that loaded and the error; a nil File means nothing loaded.
func Open(path string) (*File, error) {
	switch KindOf(path) {
	case ZRF:
		f, err := LoadZRF(path)
		if f == nil {
			return nil, err
		}
		return &File{Path: path, Kind: ZRF, ZRF: f}, err
	case Ini:
		f, err := fmaxini.LoadFile(path)
		if err != nil {
			return nil, err
		}
		return &File{Path: path, Kind: Ini, Ini: f}, nil
	}
	return nil, fmt.Errorf("%s: unknown rule file type (want .zrf or .ini)", path)
}

// LoadIniSection loads the Fairy-Max section named variant of an .ini file
// ("normal", Fairy-Max's own default, when variant is empty).
func LoadIniSection(path, variant string) (*fmaxini.Section, error) {
	f, err := fmaxini.LoadFile(path)
	if err != nil {
		return nil, err
	}
	if variant == "" {
		variant = "normal"
	}
	return f.Section(variant)
}
