// This file tests the push model on the corpus's Sokoban (levels 1 and 2):
// what it learns from the moves alone (the boxes, the player, the targets)
// is what the rule file's board-setup names B, Y and T; and the model's
// search agrees with the search on the rules' moves on small levels
// (puzzle_test.go). It also checks two pieces of the weighted search on
// positions counted by hand: a cluster of boxes on targets is no deadlock,
// and the parts the boxes cut the floor into (the feature space's cells).

package solve

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"zrun/gamefile"
	"zrun/vm"
)

func TestPushModelCorpus(t *testing.T) {
	for lv := 1; lv <= 2; lv++ {
		s, m := corpusLevelModel(t, lv)
		var boxes, targets []int32
		player := int32(-1)
		for p, c := range s.Board {
			if c == 0 {
				continue
			}
			switch s.Game().Pieces[c.Type()].Name {
			case "B":
				boxes = append(boxes, int32(p))
			case "T":
				targets = append(targets, int32(p))
			case "Y":
				player = int32(p)
			}
		}
		if !slices.Equal(m.boxes0, boxes) || !slices.Equal(m.targets, targets) || m.player0 != player {
			t.Errorf("level %d: model boxes %v targets %v player %d; the setup's B %v T %v Y %d", lv, m.boxes0, m.targets, m.player0, boxes, targets, player)
		}
		// The corpus's rules let a player on a target push a box off one
		// and stay marked as on a target: moves the model leaves out.
		if m.leftOut == 0 {
			t.Errorf("level %d: the model leaves no move out", lv)
		}
	}
}

// corpusLevelModel is the start of the corpus's Sokoban level lv and the
// push model derived from its rules; it skips without the corpus.
func corpusLevelModel(t *testing.T, lv int) (*vm.State, *pushModel) {
	t.Helper()
	const path = "../../shared/zrf-corpus/Sokoban/levels_01_10.zrf"
	s, err := gamefile.NewState(path, "Sokoban (Level "+strconv.Itoa(lv)+")", "")
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	m, err := derivePushModel(context.Background(), s, s.Mover())
	if err != nil {
		t.Fatalf("level %d: %v", lv, err)
	}
	return s, m
}

// TestClusterOnTargets: boxes that stand on targets already are not a
// deadlock, though they wall a square off (the corpus's Sokoban level 7:
// the last box pushed from j6 onto j7, the room full but for i7, which
// the boxes on j7 and i8 shut in). The cluster search once looked only at
// the positions after a push for boxes all on targets, and dropped this
// one, the last push of every solution of the level that leaves i7 empty.
func TestClusterOnTargets(t *testing.T) {
	s, m := corpusLevelModel(t, 7)
	x := newSearcher(m, 1.5)
	at := func(name string) int32 {
		p, ok := s.Game().Board.PositionIndex(name)
		if !ok || !m.target[p] && name != "j6" {
			t.Fatalf("%s: not a target of level 7", name)
		}
		return int32(p)
	}
	cl := []int32{at("j7"), at("k7"), at("j8"), at("i8"), at("k8")}
	if _, open := x.pairs.clusterReach(cl, at("j6")); open {
		t.Fatal("i7 is not walled off")
	}
	if x.pairs.clusterDead(cl, at("j6"), maxPairSearch) {
		t.Error("boxes all on targets taken as dead")
	}
}

// TestFessRegions counts the parts the boxes cut the floor into (the
// feature space's connectivity, pushfess.go) on the small levels of
// testdata/minisoko.zrf, against counts made by hand.
func TestFessRegions(t *testing.T) {
	for _, tc := range []struct {
		variant string
		boxes   []string
		want    int
	}{
		{"Mini A", []string{"c1"}, 2}, // a1-b1 and d1-e1
		{"Mini A", []string{"e1"}, 1},
		{"Mini A", []string{"a1"}, 1},
		{"Mini B", []string{"b2", "c3"}, 1},
		{"Mini B", []string{"b1", "a2"}, 2},             // a1 shut in
		{"Mini B", []string{"c1", "c2", "c3", "c4"}, 2}, // a wall across the room
		{"Mini B", []string{"d1", "e2", "d3", "e4"}, 3}, // e1 and e3 shut in
	} {
		s := mini(t, tc.variant)
		m, err := derivePushModel(context.Background(), s, s.Mover())
		if err != nil {
			t.Fatal(err)
		}
		x := newSearcher(m, 1.5)
		var boxes []uint16
		for _, n := range tc.boxes {
			p, ok := s.Game().Board.PositionIndex(n)
			if !ok {
				t.Fatalf("%s: no square %s", tc.variant, n)
			}
			boxes = append(boxes, uint16(p))
		}
		if got := x.fess.regions(m, boxes); got != tc.want {
			t.Errorf("%s, boxes on %v: %d parts, by hand %d", tc.variant, tc.boxes, got, tc.want)
		}
	}
}
