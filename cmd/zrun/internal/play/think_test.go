package play

import (
	"testing"
	"time"

	"zrun/engine"
	"zrun/vm"
)

// TestThinkLeavesGameReadable: while the engine thinks in the background,
// another goroutine reads the game in progress (its position, its legal
// moves, its outcome) and sees the position the search started from, never
// one of the search's own (under -race, any shared write is reported).
func TestThinkLeavesGameReadable(t *testing.T) {
	vg, err := LoadGame("../../../../games/chess.zrf", "")
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame("chess.zrf", vg, nil)
	if err != nil {
		t.Fatal(err)
	}
	g.SetHash(1)
	if _, _, err := g.Searcher(); err != nil {
		t.Fatal(err)
	}
	want := g.S.Hash()
	wantMoves := 20 // the start position of chess has twenty legal moves
	finished := make(chan engine.Result[*vm.Move], 1)
	err = g.Think(engine.Limits{MoveTime: 400 * time.Millisecond}, nil, func(res engine.Result[*vm.Move], err error) bool {
		if err != nil {
			t.Error(err)
		}
		finished <- res
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
	reads := 0
	for g.Busy() {
		if h := g.S.Hash(); h != want {
			t.Fatalf("read %d: the game's hash is %x while the engine thinks, want %x", reads, h, want)
		}
		ml, err := g.Legal()
		if err != nil || len(ml.Moves) != wantMoves {
			t.Fatalf("read %d: %d legal moves (%v) while the engine thinks, want %d", reads, len(ml.Moves), err, wantMoves)
		}
		g.Outcome()
		reads++
	}
	res := <-finished
	if !res.Found {
		t.Fatal("the search found no move")
	}
	if reads == 0 {
		t.Fatal("the search ended before the game was read")
	}
	t.Logf("%d reads while the engine thought", reads)
}
