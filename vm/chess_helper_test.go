package vm_test

import (
	"testing"

	"zrun/vm"
	"zrun/zrf"
)

// chessState loads games/chess.zrf and returns its game and start position,
// for tests that check the VM against the rules of chess.
func chessState(t *testing.T) (*vm.Game, *vm.State) {
	t.Helper()
	f, err := zrf.LoadFile("../games/chess.zrf")
	if err != nil {
		t.Fatal(err)
	}
	g := f.Games[0].Game
	s, err := vm.NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	return g, s
}
