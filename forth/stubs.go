package forth

import "fmt"

// FrameworkNatives are the Axiom kernel words that the framework files
// (axiom.4th and CORE.4TH, both versions in the corpus) name but do not
// define: the natives of the closed axiom.dll that loading the framework
// needs to exist. None of them runs while the framework loads; they run
// when a game plays (move generation, search, board edits).
var FrameworkNatives = []string{
	"$DeallocateBoard", "$DecompileMove", "$EngineSetTurn", "$Exit",
	"$NegamaxMove", "$UCTMove", "$Yield", "(add-piece)", "(remove-piece)",
	"BestMove!", "CurrentMove!", "Depth!", "Nodes!", "OnFriends?", "Score!",
	"^string", "board[]", "ringbuffer-empty?", "ringbuffer-remove-item",
	"ringbuffer2-empty?", "ringbuffer2-remove-item",
}

// Unavailable is a native that fails when it runs: it stands in for an
// Axiom native the host does not provide yet, so that scripts naming it
// compile and the failure, if the word ever runs, says which word is
// missing.
func Unavailable(name string) Native {
	return func(m *Machine) error { return fmt.Errorf("native word %s not available", name) }
}

// DefineUnavailable defines every name as Unavailable (a host that has
// not implemented the game words yet, such as the tests').
func (m *Machine) DefineUnavailable(names []string) error {
	for _, n := range names {
		if err := m.Define(n, Unavailable(n)); err != nil {
			return err
		}
	}
	return nil
}
