// This file defines the game catalog the GUI protocols (xboard, uci) offer:
// every game and variant of the rule files given on the command line, each
// under a protocol name, plus the default files when none is given.

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"zrun/engine/eval"
	"zrun/fmaxini"
	"zrun/vm"
	"zrun/zrf"
)

// defaultGameFiles are loaded when "zrun xboard" or "zrun uci" gets no FILE.
var defaultGameFiles = []string{"games/chess.zrf", "games/capablanca.zrf", "games/schoolbook.zrf"}

// gameEntry is one playable game: a ZRF game or variant, or an fmax.ini section.
type gameEntry struct {
	name  string // protocol name: "normal", "capablanca", "schoolbook-1.0", ...
	path  string
	title string
	game  *vm.Game
	ev    *eval.Evaluator // derived on first use
	xb    xboardHints
}

// xboardHints is what an fmax.ini Game: line tells XBoard beyond the rules:
// its piece-to-char table, parent variant and hand-written "piece" lines.
// Fairy-Max sends exactly these; we do the same for its games.
type xboardHints struct {
	fromIni     bool
	ptc, parent string
	pieceCmds   []string
}

// evaluator returns the entry's evaluation tables, deriving them once.
func (e *gameEntry) evaluator() (*eval.Evaluator, error) {
	if e.ev == nil {
		ev, err := eval.Derive(e.game)
		if err != nil {
			return nil, err
		}
		e.ev = ev
	}
	return e.ev, nil
}

// catalog is the ordered list of playable games.
type catalog struct {
	entries []*gameEntry
}

// knownNames maps game titles to the variant names XBoard (and cutechess)
// know, so GUIs draw the right board and pieces without a setup command.
var knownNames = map[string]string{
	"chess":            "normal",
	"capablanca chess": "capablanca",
	"capablanca":       "capablanca",
	"gothic chess":     "gothic",
	"janus chess":      "janus",
	"shatranj":         "shatranj",
	"courier chess":    "courier",
}

// protocolName turns a title into a CECP variant name: lower case, no
// spaces or commas (the variants= feature is a comma-separated list).
func protocolName(title string) string {
	t := strings.ToLower(strings.TrimSpace(title))
	if n, ok := knownNames[t]; ok {
		return n
	}
	t = strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', ',', '"', '_':
			return '-'
		}
		return r
	}, t)
	if t == "" {
		t = "game"
	}
	return t
}

// uciName is the UCI_Variant spelling: Fairy-Stockfish and cutechess call
// orthodox chess "chess" where XBoard says "normal".
func (e *gameEntry) uciName() string {
	if e.name == "normal" {
		return "chess"
	}
	return e.name
}

// loadCatalog loads every game of the files, or the default files when
// files is empty. A file that fails to load is an error: the user named it.
func loadCatalog(files []string) (*catalog, error) {
	c := &catalog{}
	if len(files) == 0 {
		dir, err := findGamesRoot()
		if err != nil {
			return nil, err
		}
		for _, f := range defaultGameFiles {
			files = append(files, filepath.Join(dir, f))
		}
	}
	for _, f := range files {
		if _, err := c.addFile(f); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// addFile appends the games of one rule file and returns the new entries.
// Names already taken get a numeric suffix so every entry stays reachable.
func (c *catalog) addFile(path string) ([]*gameEntry, error) {
	games, err := fileGames(path)
	if err != nil {
		return nil, err
	}
	var added []*gameEntry
	for _, g := range games {
		name := protocolName(g.title)
		for i := 2; c.find(name) != nil; i++ {
			name = fmt.Sprintf("%s-%d", protocolName(g.title), i)
		}
		e := &gameEntry{name: name, path: path, title: g.title, game: g.game, xb: g.xb}
		c.entries = append(c.entries, e)
		added = append(added, e)
	}
	return added, nil
}

// titledGame is a game and the title a GUI knows it by.
type titledGame struct {
	title string
	game  *vm.Game
	xb    xboardHints
}

// fileGames returns the whole games of a .zrf (games and variants) or .ini file.
func fileGames(path string) ([]titledGame, error) {
	if strings.EqualFold(filepath.Ext(path), ".ini") {
		f, err := fmaxini.LoadFile(path)
		if err != nil {
			return nil, err
		}
		var out []titledGame
		for _, s := range f.Sections {
			if s.Game != nil {
				// The Game: name is what Fairy-Max's GUIs use.
				out = append(out, titledGame{s.Name, s.Game, xboardHints{true, s.PTC, s.Parent, s.PieceCmds}})
			}
		}
		return out, nil
	}
	f, err := zrf.LoadFile(path)
	if f == nil || len(f.Games) == 0 {
		if err == nil {
			err = fmt.Errorf("%s: no games", path)
		}
		return nil, err
	}
	var out []titledGame
	for _, gd := range f.Games {
		// A game some of whose moves were left out would play other rules
		// than the file says; offering it to a GUI would mislead.
		if len(gd.Skipped) == 0 {
			out = append(out, titledGame{title: gd.Game.Title, game: gd.Game})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no game loads without errors", path)
	}
	return out, nil
}

// find returns the entry with a protocol name (or title), case-insensitively.
func (c *catalog) find(name string) *gameEntry {
	for _, e := range c.entries {
		if strings.EqualFold(e.name, name) || strings.EqualFold(e.uciName(), name) || strings.EqualFold(e.title, name) {
			return e
		}
	}
	return nil
}

// names lists the protocol names in catalog order.
func (c *catalog) names(uci bool) []string {
	out := make([]string, len(c.entries))
	for i, e := range c.entries {
		out[i] = e.name
		if uci {
			out[i] = e.uciName()
		}
	}
	return out
}

// defaultEntry is what "new" starts: orthodox chess when loaded, else the
// first game.
func (c *catalog) defaultEntry() *gameEntry {
	if e := c.find("normal"); e != nil {
		return e
	}
	return c.entries[0]
}

// findGamesRoot finds the directory holding games/chess.zrf: the current
// directory or one of its parents (running from a checkout), else the
// executable's directory or one of its parents (an installed binary next to
// the module). GUIs often start engines in odd directories, so both are tried.
func findGamesRoot() (string, error) {
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		if r, err := filepath.EvalSymlinks(exe); err == nil {
			exe = r
		}
		starts = append(starts, filepath.Dir(exe))
	}
	for _, dir := range starts {
		for d := dir; ; d = filepath.Dir(d) {
			if _, err := os.Stat(filepath.Join(d, defaultGameFiles[0])); err == nil {
				return d, nil
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return "", fmt.Errorf("no FILE given and %s not found above the current or the executable's directory", defaultGameFiles[0])
}
