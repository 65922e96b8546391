package axiom_test

import (
	"testing"

	"zrun/gamefile"
	"zrun/vm"
)

func BenchmarkGoL(b *testing.B) {
	g, err := gamefile.LoadGame("/work/shared/zrf-corpus/GlukKazan+ZoG/Rules/Axiomatic.GoL.zrf", "")
	if err != nil || g.Moves == nil {
		b.Fatal(err, g.EngineErr)
	}
	s, _ := vm.NewState(g)
	var ml vm.MoveList
	for i := 0; i < b.N; i++ {
		if err := s.Generate(&ml); err != nil {
			b.Fatal(err)
		}
	}
	b.Log(len(ml.Moves))
}
