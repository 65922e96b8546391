// This file defines how a game is picked from a rule file and set up.

package gamefile

import (
	"fmt"
	"strconv"
	"strings"

	"zrun/axiom"
	"zrun/vm"
	"zrun/zrf"
)

// LoadGame loads a rule file and picks the game or variant named variant
// (see TitleMatches; for an .ini, the section of that name, "normal" when
// variant is ""), or the .zrf file's first game when variant is "". A .zrf
// game some of whose move definitions have errors is refused: it would play
// other rules than the file states.
func LoadGame(path, variant string) (*vm.Game, error) {
	if KindOf(path) == Ini {
		sec, err := LoadIniSection(path, variant)
		if err != nil {
			return nil, err
		}
		return sec.Game, nil
	}
	f, err := Open(path)
	if f == nil || len(f.ZRF.Games) == 0 {
		return nil, noGames(path, err)
	}
	var names []string
	for i, gd := range f.ZRF.Games {
		g := gd.Game
		// A game with errors is not in Games, so one found here is whole
		// even when another game of the file failed.
		if variant == "" || TitleMatches(g.Title, variant, i+1) {
			if len(gd.Skipped) > 0 {
				return nil, fmt.Errorf("%s: %q has errors; these move definitions were left out:\n%v",
					path, g.Title, zrf.ErrorList(gd.Skipped))
			}
			attach(g, path)
			return g, nil
		}
		names = append(names, fmt.Sprintf("%d %q", i+1, g.Title))
	}
	if err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("%s: no game or variant %q (have, by number or title: %s)", path, variant, strings.Join(names, ", "))
}

// attach gives an Axiom game its move source (package axiom). When the
// scripts cannot run, the game still loads: it reports why it cannot move
// (vm.Game.EngineErr), as it did before zrun could play any of them.
func attach(g *vm.Game, path string) {
	if g.Engine != "" {
		_ = axiom.Attach(g, path)
	}
}

// noGames is the error of a .zrf file that gave no games: the reader's, or
// a plain one when the file loaded but defines none.
func noGames(path string, err error) error {
	if err == nil {
		err = fmt.Errorf("%s: no games", path)
	}
	return err
}

// LoadGames returns the games of a rule file: every game and variant (every
// section of an .ini), or only the one named. The games of a .zrf that
// loaded come back even when another game of the file has errors.
func LoadGames(path, variant string) ([]*vm.Game, error) {
	if variant != "" {
		g, err := LoadGame(path, variant)
		if err != nil {
			return nil, err
		}
		return []*vm.Game{g}, nil
	}
	f, err := Open(path)
	if f == nil {
		return nil, err
	}
	var out []*vm.Game
	if f.Kind == Ini {
		for _, sec := range f.Ini.Sections {
			if sec.Game != nil {
				out = append(out, sec.Game)
			}
		}
		return out, nil
	}
	if len(f.ZRF.Games) == 0 {
		return nil, noGames(path, err)
	}
	for _, gd := range f.ZRF.Games {
		attach(gd.Game, path)
		out = append(out, gd.Game)
	}
	return out, nil
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

// Setup is game g at its start position, or at fen when fen is not "". The
// FEN is read by State.SetFEN, which uses the game's own reader when its
// front end has one: an fmax.ini section's (a letter is the first piece
// with it for White and the last for Black, so Black's pawns and per-colour
// pieces come out right; castling rights; Seirawan's holdings and gates).
func Setup(g *vm.Game, fen string) (*vm.State, error) {
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

// NewState loads a game (LoadGame) and sets it up (Setup).
func NewState(path, variant, fen string) (*vm.State, error) {
	g, err := LoadGame(path, variant)
	if err != nil {
		return nil, err
	}
	return Setup(g, fen)
}
