package web

import (
	"testing"
	"time"

	"zrun/cmd/zrun/internal/play"
)

func TestPerfStateBuild(t *testing.T) {
	for _, rel := range []string{"TenjikuShogi/Tenjiku Shogi [No AI].zrf", "Dakon/Dakon.zrf"} {
		p := corpus(t, rel)
		t0 := time.Now()
		g, err := play.Open(p, "")
		if err != nil {
			t.Fatal(err)
		}
		t1 := time.Now()
		gv := newGameView(g.G)
		t2 := time.Now()
		se := &session{g: g, gv: gv, entry: &Entry{}, srv: &Server{files: []*fileInfo{{}}}, engineFor: make([]bool, 2)}
		_, err = se.buildState()
		t3 := time.Now()
		t.Logf("%s: open %v view %v state %v (%d pieces)", rel, t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), len(gv.pieces))
	}
}
