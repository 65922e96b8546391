// This file defines how commands load a game from a rule file.

package play

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"

	"zrun/engine/eval"
	"zrun/fmaxini"
	"zrun/vm"
	"zrun/zrf"
)

// includeAnywhere is the command line's --include-any: set once, before
// any file is loaded, for the whole process (every command loads through
// LoadZRF).
var includeAnywhere atomic.Bool

// AllowIncludesAnywhere lets the rule files loaded from now on include
// files outside their own folder tree (zrf.Options.IncludeAnywhere); by
// default such an include is refused.
func AllowIncludesAnywhere(on bool) { includeAnywhere.Store(on) }

// LoadZRF loads a .zrf rule file as zrf.LoadFile does, with the includes
// AllowIncludesAnywhere allows.
func LoadZRF(path string) (*zrf.File, error) {
	return zrf.LoadFileWith(path, zrf.Options{IncludeAnywhere: includeAnywhere.Load()})
}

// LoadGame loads a rule file and picks the game or variant named variant (see
// TitleMatches), or the file's first game when variant is "".
func LoadGame(path, variant string) (*vm.Game, error) {
	g, err := loadGame(path, variant)
	if err != nil {
		return nil, err
	}
	return g, applyTuned(path, g)
}

func loadGame(path, variant string) (*vm.Game, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".zrf", ".inc":
	case ".ini":
		return LoadIni(path, variant)
	default:
		return nil, fmt.Errorf("%s: unknown rule file type (want .zrf or .ini)", path)
	}
	f, err := LoadZRF(path)
	if f == nil || len(f.Games) == 0 {
		if err == nil {
			err = fmt.Errorf("%s: no games", path)
		}
		return nil, err
	}
	var names []string
	for i, gd := range f.Games {
		g := gd.Game
		// A game with errors is not in f.Games, so one found here is whole
		// even when another game of the file failed.
		if variant == "" || TitleMatches(g.Title, variant, i+1) {
			if len(gd.Skipped) > 0 {
				return nil, fmt.Errorf("%s: %q has errors; these move definitions were left out:\n%v",
					path, g.Title, zrf.ErrorList(gd.Skipped))
			}
			return g, nil
		}
		names = append(names, fmt.Sprintf("%d %q", i+1, g.Title))
	}
	if err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("%s: no game or variant %q (have, by number or title: %s)", path, variant, strings.Join(names, ", "))
}

// TitleMatches reports whether want names the game titled title, which is
// the number-th game or variant of its file (counting from 1, in the order
// "zrun check" lists them). Titles compare ignoring case; want may also be
// the number, or the title as check prints it, quoted Go-style with escapes
// ("Byway\x92s setup"): rule files are often Windows-1252 text, whose bytes
// such as \x92 a terminal cannot type.
func TitleMatches(title, want string, number int) bool {
	if strings.EqualFold(title, want) || want == strconv.Itoa(number) {
		return true
	}
	q := want
	if !strings.HasPrefix(q, `"`) {
		q = `"` + q + `"`
	}
	unq, err := strconv.Unquote(q)
	return err == nil && strings.EqualFold(title, unq)
}

// LoadIni loads the Fairy-Max section named variant ("normal" when empty).
func LoadIni(path, variant string) (*vm.Game, error) {
	sec, err := LoadIniSection(path, variant)
	if err != nil {
		return nil, err
	}
	return sec.Game, nil
}

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

// NewState loads a game and sets up its start position or a FEN. The FEN is
// read by State.SetFEN, which uses the game's own reader when its front end
// has one: an fmax.ini section's (a letter is the first piece with it for
// White and the last for Black, so Black's pawns and per-colour pieces come
// out right; castling rights; Seirawan's holdings and gates).
func NewState(path, variant, fen string) (*vm.State, error) {
	g, err := LoadGame(path, variant)
	if err != nil {
		return nil, err
	}
	s, err := vm.NewState(g)
	if err != nil {
		return nil, err
	}
	if fen != "" {
		if err := s.SetFEN(fen); err != nil {
			return nil, fmt.Errorf("--fen: %v", err)
		}
	}
	return s, nil
}

// LoadGames returns the games of a rule file: every game and variant (every
// section of an fmax.ini), or only the one named.
func LoadGames(path, variant string) ([]*vm.Game, error) {
	games, err := loadGames(path, variant)
	if err != nil {
		return games, err
	}
	return games, applyTuned(path, games...)
}

func loadGames(path, variant string) ([]*vm.Game, error) {
	if variant != "" {
		g, err := loadGame(path, variant)
		if err != nil {
			return nil, err
		}
		return []*vm.Game{g}, nil
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".ini":
		f, err := fmaxini.LoadFile(path)
		if err != nil {
			return nil, err
		}
		var out []*vm.Game
		for _, sec := range f.Sections {
			if sec.Game != nil {
				out = append(out, sec.Game)
			}
		}
		return out, nil
	case ".zrf", ".inc":
		f, err := LoadZRF(path)
		if f == nil || len(f.Games) == 0 {
			if err == nil {
				err = fmt.Errorf("%s: no games", path)
			}
			return nil, err
		}
		var out []*vm.Game
		for _, gd := range f.Games {
			out = append(out, gd.Game)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%s: unknown rule file type (want .zrf or .ini)", path)
}

// TunedPath is where "zrun tune" keeps the values it learnt for the rule
// file at path: beside it, with the extension .values.
func TunedPath(path string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + ".values"
}

// applyTuned gives the games the piece values tuned for them, if the rule
// file has a values file; a bad values file is an error with its line.
func applyTuned(path string, games ...*vm.Game) error {
	tv, err := eval.ReadTunedFile(TunedPath(path))
	if err != nil || tv == nil {
		return err
	}
	for _, g := range games {
		if _, err := tv.Apply(g); err != nil {
			return fmt.Errorf("%s: %v", TunedPath(path), err)
		}
	}
	return nil
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
