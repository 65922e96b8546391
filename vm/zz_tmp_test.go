package vm_test

import (
	"fmt"
	"testing"

	"zrun/zrf"
)

func TestTmpMusk(t *testing.T) {
	f, err := zrf.LoadFile("../games/musketeer.zrf")
	if err != nil {
		t.Fatal(err)
	}
	g := f.Games[0].Game
	for name, k := range specKinds(g) {
		fmt.Println(name, k)
	}
}
