package axiom

import (
	"fmt"
	"strings"
	"sync"

	"zrun/vm"
)

var attachMu sync.Mutex

// Attach gives game g, loaded from the rule file at rulePath, its Axiom
// move source when its engine is Axiom's and the scripts load: it sets
// g.Moves, or g.EngineErr with the reason it cannot (a framework file not
// found, with the path looked for; a native word zrun does not implement,
// by name; a script error, with file:line and word). A game that is not an
// Axiom one, or already attached, is left as it is. The reader may hand the
// same *vm.Game to several loads, so the work is done once, under a lock.
func Attach(g *vm.Game, rulePath string) error {
	attachMu.Lock()
	defer attachMu.Unlock()
	if g.Engine == "" || g.Moves != nil {
		return nil
	}
	if g.EngineErr != "" {
		return fmt.Errorf("%s", g.EngineErr)
	}
	if !strings.Contains(strings.ToLower(g.Engine), "axiom") {
		g.EngineErr = "not an Axiom engine"
		return fmt.Errorf("%s: engine %s is not Axiom", rulePath, g.Engine)
	}
	src, err := open(g, rulePath)
	if err != nil {
		g.EngineErr = err.Error()
		return err
	}
	g.Moves = src
	if src.HasEval() {
		g.Eval = src
		src.giveValues()
		// the start position, whose score is the evaluation's zero
		// (scored on the first evaluation: Rithmomachy's script takes
		// about a second a position, and loading stays under one)
		if s, err := vm.NewState(g); err == nil {
			src.setStart(s)
		}
	}
	return nil
}

func open(g *vm.Game, rulePath string) (*Source, error) {
	f, err := Locate(rulePath, g.Engine, g.Title)
	if err != nil {
		return nil, err
	}
	return Load(g, f)
}
