// This file tests that a search keeps its time limit where a node is slow
// (an Axiom game's moves come from its ForthScript: milliseconds a node).

package engine

import (
	"context"
	"testing"
	"time"
)

// slowNim is Nim whose move generation sleeps, as a script's would take.
type slowNim struct {
	*nim
	cost time.Duration
}

func (g *slowNim) Generate(buf []nimMove) []nimMove {
	time.Sleep(g.cost)
	return g.nim.Generate(buf)
}

// TestSlowNodesKeepTheTime: with 2 ms a node and 30 ms to move, alpha-beta
// stops after some fifteen nodes. Reading the clock every 64 nodes only, it
// went on to at least 64 (128 ms), however slow the node.
func TestSlowNodesKeepTheTime(t *testing.T) {
	g := &slowNim{nim: &nim{piles: []int{9, 9, 9, 9, 9, 9}, order: []int{0, 1}}, cost: 2 * time.Millisecond}
	res := New[nimMove](g, 1).Search(context.Background(), Limits{MoveTime: 30 * time.Millisecond})
	if !res.Found {
		t.Fatal("no move found")
	}
	// 64 nodes take at least 128 ms of sleep, more than 30 ms on any machine
	if res.Nodes >= 64 {
		t.Errorf("%d nodes searched in %v at 2 ms a node with 30 ms to move; want the clock read at every node", res.Nodes, res.Time)
	}
}

// TestMCTSSlowPlayouts: UCT's time is kept where a playout alone takes
// longer than the move's time (3 ms a position, playouts of some 30 plies):
// the playout under way at the deadline is scored by the evaluation, as at
// the playout cap. Reading the clock every 64 playouts only, the search
// took some 6 s.
func TestMCTSSlowPlayouts(t *testing.T) {
	g := &slowNim{nim: &nim{piles: []int{9, 9, 9, 9, 9, 9}, order: []int{0, 1}}, cost: 3 * time.Millisecond}
	start := time.Now()
	res := NewMCTS[nimMove](g, 1).Search(context.Background(), Limits{MoveTime: 30 * time.Millisecond})
	el := time.Since(start)
	if !res.Found {
		t.Fatal("no move found")
	}
	// generous for a loaded machine: the old overshoot was 200 times this
	if el > 2*time.Second {
		t.Errorf("UCT took %v with 30 ms to move", el)
	}
	if len(g.hist) != 0 {
		t.Errorf("the search left %d moves made", len(g.hist))
	}
}
