// This file defines ReplaySaveFile: the steps from a .zsg file on disk to a
// replayed game (read, find the rule file, load its game, set up the start,
// replay), shared by the command line and the corpus tests.

package zrf

import (
	"errors"
	"fmt"
	"os"

	"zrun/vm"
)

// ReplayedSave is a saved game read, matched with its rule file's game and
// replayed.
type ReplayedSave struct {
	Path   string // the .zsg file
	Src    []byte // its bytes, as read
	Save   *SavedGame
	Rules  string    // the rule file it was replayed against
	File   *File     // that file, loaded
	Game   *vm.Game  // the game or variant the save names
	Start  *vm.State // the position before the first move (setup edits applied)
	End    *vm.State // the position after the moves replayed
	Replay *Replayed
}

// SaveError is a failure of ReplaySaveFile at one of its steps: "read",
// "rules" (no rule file found), "load", "start" (setup edits) or "replay".
type SaveError struct {
	Stage string
	Err   error
}

func (e *SaveError) Error() string { return e.Err.Error() }
func (e *SaveError) Unwrap() error { return e.Err }

// LoadRules loads a rule file for ReplaySaveFile; LoadFile will do, and a
// caller replaying many saves may cache. It may return a partial *File with
// an error, as LoadFile does.
type LoadRules func(path string) (*File, error)

// ReplaySaveFile reads the saved game at path, finds its rule file (rules
// when given, else the file's RulesFile= looked for next to it and in
// search), loads the game its VariantName= names and replays the moves.
// When a move line matches no legal move it returns the game replayed up to
// that line with the error (a *SaveError of stage "replay"); at every other
// step it returns a nil game.
func ReplaySaveFile(path, rules string, search []string, load LoadRules) (*ReplayedSave, error) {
	fail := func(stage string, err error) (*ReplayedSave, error) {
		return nil, &SaveError{Stage: stage, Err: err}
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return fail("read", err)
	}
	sg, err := ReadZSG(path, src)
	if err != nil {
		return fail("read", err)
	}
	if rules == "" {
		if rules, err = ResolveRules(path, sg.RulesFile(), search); err != nil {
			return fail("rules", err)
		}
	}
	f, loadErr := load(rules)
	if f == nil {
		return fail("load", loadErr)
	}
	g, err := sg.FindGame(f)
	if err != nil {
		if loadErr != nil {
			err = errors.Join(err, loadErr)
		}
		return fail("load", err)
	}
	if g.Engine != "" && g.Moves == nil { // the loader attaches the engine's moves when it can
		return fail("load", fmt.Errorf("%s: %q takes its moves from the external engine %s, which zrun cannot run", rules, g.Title, g.Engine))
	}
	start, err := sg.Start(g)
	if err != nil {
		return fail("start", fmt.Errorf("%s: %v", path, err))
	}
	s := start.Clone()
	r, err := sg.Replay(s, path)
	rs := &ReplayedSave{Path: path, Src: src, Save: sg, Rules: rules, File: f, Game: g, Start: start, End: s, Replay: r}
	if err != nil {
		return rs, &SaveError{Stage: "replay", Err: err}
	}
	return rs, nil
}
