// This file tests the push model on the corpus's Sokoban (levels 1 and 2):
// what it learns from the moves alone (the boxes, the player, the targets)
// is what the rule file's board-setup names B, Y and T; and the model's
// search agrees with the search on the rules' moves on small levels
// (puzzle_test.go).

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
