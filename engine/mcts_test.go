package engine

import (
	"context"
	"testing"
)

// TestMCTSNim: Nim's theory (Bouton, 1901) says a position is lost for the
// player to move exactly when the piles' xor is 0, so the winning move is
// the one that leaves xor 0. From piles 1, 2, 4 (xor 7) the only winning
// move takes 1 from the pile of 4; UCT finds it, with pseudo-legal moves
// (that Make refuses) in the lists too. (Nim is hard for random playouts:
// from 3, 4, 5 UCT finds the win in about half the seeds at this budget.)
func TestMCTSNim(t *testing.T) {
	for _, pseudo := range []bool{false, true} {
		g := &nim{piles: []int{1, 2, 4}, order: []int{0, 1}, pseudo: pseudo}
		m := NewMCTS[nimMove](g, 1)
		var infos int
		m.SetInfo(func(Info) { infos++ })
		res := m.Search(context.Background(), Limits{Nodes: 200000})
		if !res.Found || res.Best != (nimMove{2, 1}) {
			t.Errorf("pseudo=%v: best %+v (pv %v), want take 1 from the pile of 4", pseudo, res.Best, res.PV)
		}
		if g.piles[0] != 1 || g.piles[1] != 2 || g.piles[2] != 4 || len(g.hist) != 0 {
			t.Fatalf("the search left the position changed: %v", g.piles)
		}
		if infos == 0 || res.Nodes < 200000 || res.Score <= 0 {
			t.Errorf("pseudo=%v: %d reports, %d nodes, score %d; want reports, the node budget used and a winning score", pseudo, infos, res.Nodes, res.Score)
		}
	}
}

// TestMCTSRepeatable: with a node limit and one seed, two searches agree.
func TestMCTSRepeatable(t *testing.T) {
	var got []Result[nimMove]
	for range 2 {
		g := &nim{piles: []int{2, 5, 6, 7}, order: []int{0, 1}}
		got = append(got, NewMCTS[nimMove](g, 7).Search(context.Background(), Limits{Nodes: 20000}))
	}
	if got[0].Best != got[1].Best || got[0].Nodes != got[1].Nodes || got[0].Score != got[1].Score {
		t.Errorf("two searches differ: %+v and %+v", got[0], got[1])
	}
}
