// This file defines the game Catalog the GUI protocols (xboard, uci) offer:
// every game and variant of the rule files given on the command line, each
// under a protocol name, plus the default files when none is given.

package play

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"zrun/engine/eval"
	"zrun/gamefile"
	"zrun/vm"
)

// DefaultGameFiles are loaded when "zrun xboard" or "zrun uci" gets no FILE.
var DefaultGameFiles = []string{"games/chess.zrf", "games/capablanca.zrf", "games/schoolbook.zrf"}

// Entry is one playable game: a ZRF game or variant, or an fmax.ini section.
type Entry struct {
	Name  string // protocol name: "normal", "capablanca", "schoolbook-1.0", ...
	Path  string
	Title string
	Game  *vm.Game
	XB    XBoardHints
	ev    *eval.Evaluator // derived on first use
}

// XBoardHints is what an fmax.ini Game: line tells XBoard beyond the rules:
// its piece-to-char table, parent variant and hand-written "piece" lines.
// Fairy-Max sends exactly these; we do the same for its games.
type XBoardHints struct {
	FromIni     bool
	PTC, Parent string
	PieceCmds   []string
}

// Evaluator returns the entry's evaluation tables, deriving them once.
func (e *Entry) Evaluator() (*eval.Evaluator, error) {
	if e.ev == nil {
		ev, err := eval.Derive(e.Game)
		if err != nil {
			return nil, err
		}
		e.ev = ev
	}
	return e.ev, nil
}

// Catalog is the ordered list of playable games.
type Catalog struct {
	Entries []*Entry
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

// ProtocolName turns a title into a CECP variant name: lower case, no
// spaces or commas (the variants= feature is a comma-separated list).
func ProtocolName(title string) string {
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
func (e *Entry) UCIName() string {
	if e.Name == "normal" {
		return "chess"
	}
	return e.Name
}

// LoadCatalog loads every game of the files, or the default files when
// files is empty. A file that fails to load is an error: the user named it.
func LoadCatalog(files []string) (*Catalog, error) {
	c := &Catalog{}
	if len(files) == 0 {
		dir, err := FindGamesRoot()
		if err != nil {
			return nil, err
		}
		for _, f := range DefaultGameFiles {
			files = append(files, filepath.Join(dir, f))
		}
	}
	for _, f := range files {
		if _, err := c.AddFile(f); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// addFile appends the games of one rule file and returns the new entries.
// Names already taken get a numeric suffix so every entry stays reachable.
func (c *Catalog) AddFile(path string) ([]*Entry, error) {
	games, err := fileGames(path)
	if err != nil {
		return nil, err
	}
	var added []*Entry
	for _, g := range games {
		e := &Entry{Path: path, Title: g.title, Game: g.game, XB: g.xb}
		e.Name = c.freeName(ProtocolName(g.title), e)
		c.Entries = append(c.Entries, e)
		added = append(added, e)
	}
	return added, nil
}

// titledGame is a game and the title a GUI knows it by.
type titledGame struct {
	title string
	game  *vm.Game
	xb    XBoardHints
}

// fileGames returns the whole games of a .zrf (games and variants) or .ini
// file, with their tuned values.
func fileGames(path string) ([]titledGame, error) {
	games, err := fileGamesRaw(path)
	if err != nil {
		return nil, err
	}
	for _, tg := range games {
		if err := eval.ApplyTunedFor(path, tg.game); err != nil {
			return nil, err
		}
	}
	return games, nil
}

func fileGamesRaw(path string) ([]titledGame, error) {
	f, err := gamefile.Open(path)
	if f == nil {
		return nil, err
	}
	var out []titledGame
	if f.Kind == gamefile.Ini {
		for _, s := range f.Ini.Sections {
			if s.Game != nil {
				// The Game: name is what Fairy-Max's GUIs use.
				out = append(out, titledGame{s.Name, s.Game, XBoardHints{true, s.PTC, s.Parent, s.PieceCmds}})
			}
		}
		return out, nil
	}
	if len(f.ZRF.Games) == 0 {
		if err == nil {
			err = fmt.Errorf("%s: no games", path)
		}
		return nil, err
	}
	for _, gd := range f.ZRF.Games {
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

// Rename offers the game titled title under the protocol name name, so a
// GUI or an opponent engine that knows the game by that name gets it
// (Sjaak II's "schoolbook" castles by the Schoolbook 1.0 rules, our
// "schoolbook-1.0"). An entry that had the name is named anew from its
// title, as AddFile names duplicates ("schoolbook-2"), so every entry stays
// reachable. The title must be exact (case aside) and name one entry.
func (c *Catalog) Rename(name, title string) error {
	name = strings.TrimSpace(name)
	if name == "" || strings.ContainsAny(name, " \t,\"") {
		return fmt.Errorf("protocol name %q: one word without commas or quotes", name)
	}
	var e *Entry
	for _, x := range c.Entries {
		if strings.EqualFold(x.Title, strings.TrimSpace(title)) {
			if e != nil {
				return fmt.Errorf("two games are titled %q", title)
			}
			e = x
		}
	}
	if e == nil {
		return fmt.Errorf("no game titled %q (the games: %s)", title, strings.Join(c.titles(), "; "))
	}
	if e.Name == name {
		return nil
	}
	e.Name = name
	for _, x := range c.Entries {
		if x != e && strings.EqualFold(x.Name, name) {
			x.Name = c.freeName(ProtocolName(x.Title), x)
		}
	}
	return nil
}

// freeName is base, or base-2, base-3, ... : the first that is no other
// entry's protocol name or title.
func (c *Catalog) freeName(base string, self *Entry) string {
	taken := func(n string) bool {
		for _, x := range c.Entries {
			if x != self && (x.hasName(n) || strings.EqualFold(x.Title, n)) {
				return true
			}
		}
		return false
	}
	name := base
	for i := 2; taken(name); i++ {
		name = fmt.Sprintf("%s-%d", base, i)
	}
	return name
}

func (c *Catalog) titles() []string {
	out := make([]string, len(c.Entries))
	for i, e := range c.Entries {
		out[i] = e.Title
	}
	return out
}

// Find returns the entry with a protocol name (CECP or UCI), else the one
// with a title, case-insensitively: a name given by Rename wins over a
// title that spells the same.
func (c *Catalog) Find(name string) *Entry {
	for _, e := range c.Entries {
		if e.hasName(name) {
			return e
		}
	}
	for _, e := range c.Entries {
		if strings.EqualFold(e.Title, name) {
			return e
		}
	}
	return nil
}

// hasName reports whether n is e's CECP or UCI protocol name.
func (e *Entry) hasName(n string) bool {
	return strings.EqualFold(e.Name, n) || strings.EqualFold(e.UCIName(), n)
}

// names lists the protocol names in Catalog order.
func (c *Catalog) Names(uci bool) []string {
	out := make([]string, len(c.Entries))
	for i, e := range c.Entries {
		out[i] = e.Name
		if uci {
			out[i] = e.UCIName()
		}
	}
	return out
}

// defaultEntry is what "new" starts: orthodox chess when loaded, else the
// first game.
func (c *Catalog) Default() *Entry {
	if e := c.Find("normal"); e != nil {
		return e
	}
	return c.Entries[0]
}

// FindGamesRoot finds the directory holding games/chess.zrf: the current
// directory or one of its parents (running from a checkout), else the
// executable's directory or one of its parents (an installed binary next to
// the module). GUIs often start engines in odd directories, so both are tried.
func FindGamesRoot() (string, error) {
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
			if _, err := os.Stat(filepath.Join(d, DefaultGameFiles[0])); err == nil {
				return d, nil
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return "", fmt.Errorf("no FILE given and %s not found above the current or the executable's directory", DefaultGameFiles[0])
}

// NewGame starts the entry's game from its start position with a player
// of the given kind ("" for alpha-beta; see SetPlayer) and a searcher of
// hashMB megabytes, using the entry's evaluation (derived once per entry,
// so a GUI's "new" does not derive it again). The searcher is made now, so
// the first search does not pay for its table; auto's calibration match
// waits for the first search instead of holding up "new".
func (e *Entry) NewGame(hashMB int, player string) (*Game, error) {
	ev, err := e.Evaluator()
	if err != nil {
		return nil, err
	}
	g, err := NewGame(e.Path, e.Game, ev)
	if err != nil {
		return nil, err
	}
	g.SetHash(hashMB)
	if player != "" {
		if err := g.SetPlayer(player); err != nil {
			return nil, err
		}
	}
	if player != PlayerAuto {
		if _, _, err := g.Searcher(); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// HasKnownName reports whether the entry's title is one that GUIs know by a
// variant name of their own (knownNames: "Chess" is XBoard's "normal").
func (e *Entry) HasKnownName() bool {
	_, ok := knownNames[strings.ToLower(strings.TrimSpace(e.Title))]
	return ok
}
