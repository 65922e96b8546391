// This file finds a puzzle's solution: a rule file's game or variant may
// name a saved game, (solution "x.zsg"), that Zillions replays on "Show
// solution". The compiler ignores the keyword (it changes no rule), so the
// file's text is read here.

package play

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

var (
	titleRe    = regexp.MustCompile(`\(\s*title\s+"([^"]*)"`)
	solutionRe = regexp.MustCompile(`\(\s*solution\s+"([^"]*)"`)
	sectionRe  = regexp.MustCompile(`\(\s*(game|variant)\s`) // not "(game)" in a description
)

// SolutionFile returns the path of the solution the game or variant titled
// title names in the rule file rules (relative to the rule file; Windows
// separators allowed), or an error saying there is none.
func SolutionFile(rules, title string) (string, error) {
	data, err := os.ReadFile(rules)
	if err != nil {
		return "", err
	}
	text := string(data)
	starts := sectionRe.FindAllStringIndex(text, -1)
	for k, st := range starts {
		end := len(text)
		if k+1 < len(starts) {
			end = starts[k+1][0]
		}
		sec := text[st[0]:end]
		t := titleRe.FindStringSubmatch(sec)
		if t == nil || !strings.EqualFold(t[1], title) {
			continue
		}
		s := solutionRe.FindStringSubmatch(sec)
		if s == nil {
			break
		}
		name := strings.ReplaceAll(s[1], `\`, "/")
		return filepath.Join(filepath.Dir(rules), filepath.FromSlash(name)), nil
	}
	return "", fmt.Errorf("%s: %s names no solution", rules, title)
}

// LoadSolution loads the solution the rule file names for this game and
// takes its moves back to the start, so that redo replays it move by move
// (the REPL's "solution", "zrun solve --show"). It returns the saved game's
// path and its number of moves.
func (g *Game) LoadSolution() (path string, moves int, err error) {
	path, err = SolutionFile(g.Path, g.Variant)
	if err != nil {
		return "", 0, err
	}
	if _, err := g.LoadZSG(path); err != nil {
		return "", 0, err
	}
	moves = len(g.History())
	for len(g.History()) > 0 {
		g.Undo()
	}
	return path, moves, nil
}
