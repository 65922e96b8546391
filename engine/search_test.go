// This file tests the searcher on toy games against exact values: known
// game-theoretic facts (tic-tac-toe is a draw, Nim is lost exactly when the
// piles' xor is zero) and a brute-force minimax/expectimax written
// independently of the searcher.

package engine

import (
	"context"
	"fmt"
	"testing"
)

// bruteForce is the exact value of pos for player root with the searcher's
// scoring (a win is Win minus the plies from the search root), by plain
// minimax over the whole tree, averaging at random players' nodes.
func bruteForce[M any](pos Position[M], root, ply int) int {
	moves := pos.Generate(nil)
	if over, w, l := pos.Outcome(); over {
		switch {
		case w == root:
			return Win - ply
		case w >= 0 || l == root:
			return -(Win - ply)
		}
		return 0
	}
	if len(moves) == 0 {
		return 0
	}
	best, sum, legal := 0, 0, 0
	for _, m := range moves {
		if !pos.Make(m) {
			continue
		}
		v := bruteForce(pos, root, ply+1)
		pos.Unmake()
		sum += v
		if legal == 0 || (pos.ToMove() == root && v > best) || (pos.ToMove() != root && v < best) {
			best = v
		}
		legal++
	}
	if legal == 0 {
		return 0
	}
	if pos.Random() {
		return sum / legal
	}
	return best
}

func TestTicTacToe(t *testing.T) {
	cases := []struct {
		name  string
		moves []int
		want  string // "draw", "win" or "loss" for the player to move
	}{
		{"start", nil, "draw"},
		{"corner-center", []int{0, 4}, "draw"},
		{"corner-adjacent-edge", []int{0, 1}, "win"}, // O's edge next to X's corner loses
		{"x-threatens", []int{0, 3, 4}, "loss"},      // X threatens 8 twice... O to move cannot parry both
		{"win-now", []int{0, 1, 4, 2}, "win"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := (&ticTacToe{}).setup(c.moves...)
			s := New(g, 1)
			res := s.Search(context.Background(), Limits{Depth: 10})
			got := "draw"
			if plies, ok := MateIn(res.Score); ok {
				got = map[bool]string{true: "win", false: "loss"}[plies > 0]
			} else if res.Score != 0 {
				got = fmt.Sprint(res.Score)
			}
			if got != c.want {
				t.Errorf("score %d (%s), want %s; pv %v", res.Score, got, c.want, res.PV)
			}
			if bf := bruteForce(g, g.ToMove(), 0); bf != res.Score {
				t.Errorf("score %d, brute force %d", res.Score, bf)
			}
		})
	}
}

func TestNimXor(t *testing.T) {
	for _, pseudo := range []bool{false, true} {
		t.Run(fmt.Sprintf("pseudo=%v", pseudo), func(t *testing.T) { testNimXor(t, pseudo) })
	}
}

func testNimXor(t *testing.T, pseudo bool) {
	for _, piles := range [][]int{{1, 2, 3}, {1, 2, 4}, {3, 4, 5}, {2, 2}, {1, 4, 5}, {2, 3, 5}, {7}} {
		g := &nim{piles: append([]int(nil), piles...), order: []int{0, 1}, pseudo: pseudo}
		s := New[nimMove](g, 1)
		res := s.Search(context.Background(), Limits{Depth: 20})
		x := 0
		for _, n := range piles {
			x ^= n
		}
		plies, mate := MateIn(res.Score)
		if !mate || (plies > 0) != (x != 0) {
			t.Errorf("piles %v: score %d, want a %s (xor %d)", piles, res.Score, map[bool]string{true: "win", false: "loss"}[x != 0], x)
		}
		if x != 0 {
			// The winning move must leave a zero xor.
			if !g.Make(res.Best) {
				t.Fatalf("piles %v: best move %v is illegal", piles, res.Best)
			}
			y := 0
			for _, n := range g.piles {
				y ^= n
			}
			g.Unmake()
			if y != 0 {
				t.Errorf("piles %v: best move %v leaves xor %d", piles, res.Best, y)
			}
		}
		if bf := bruteForce[nimMove](g, 0, 0); bf != res.Score {
			t.Errorf("piles %v: score %d, brute force %d", piles, res.Score, bf)
		}
	}
}

// TestTurnOrders checks exact values where a player moves several times in a
// row (as with partial moves) and with a random player (chance nodes), with
// legal and with pseudo-legal move generation.
func TestTurnOrders(t *testing.T) {
	orders := [][]int{{0, 0, 1}, {0, 1, 1}, {1, 0, 0, 1}, {0, -1, 1, -1}, {-1, 0, 1}}
	for _, order := range orders {
		for _, piles := range [][]int{{3}, {2, 3}, {1, 2, 2}, {4, 3}} {
			for i := 0; i < 4; i++ {
				take, pseudo := 2*(i%2), i >= 2
				g := &nim{piles: append([]int(nil), piles...), order: order, maxTake: take, pseudo: pseudo}
				s := New[nimMove](g, 1)
				res := s.Search(context.Background(), Limits{Depth: 30})
				if g.Random() {
					continue // the root of a chance node only rolls dice
				}
				if bf := bruteForce[nimMove](g, g.ToMove(), 0); bf != res.Score {
					t.Errorf("order %v piles %v take %d pseudo %v: score %d, brute force %d", order, piles, take, pseudo, res.Score, bf)
				}
			}
		}
	}
}

// TestThrowsUseNoDepth: the throws of the dice between two moves use up no
// depth, as the parts of a multi-jump use up one ply together: a win two
// turns of the player ahead (its move, the reply, the winning move) is
// found at depth 3 though six throws lie between.
func TestThrowsUseNoDepth(t *testing.T) {
	res := New[int](&throws{}, 1).Search(context.Background(), Limits{Depth: 3})
	if n, ok := MateIn(res.Score); !ok || n != len(throwsOrder) {
		t.Errorf("depth 3: score %d (mate in %d plies: %v), want the win %d plies ahead", res.Score, n, ok, len(throwsOrder))
	}
}

func TestStop(t *testing.T) {
	g := &nim{piles: []int{9, 9, 9, 9, 9, 9}, order: []int{0, 1}}
	s := New[nimMove](g, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := s.Search(ctx, Limits{})
	if !res.Found {
		t.Fatal("a stopped search must still return a legal move")
	}
	res = s.Search(context.Background(), Limits{Nodes: 5000})
	if !res.Found || res.Nodes > 5000 {
		t.Errorf("node limit: found %v nodes %d", res.Found, res.Nodes)
	}
}

// TestChainIsOnePly: the parts of a turn its player goes on with use up
// one ply together, as draughts counts a multi-jump as one move: a win two
// turns ahead (a three-part turn, the reply, the winning move) is found at
// depth 3, though it lies five moves deep.
func TestChainIsOnePly(t *testing.T) {
	res := New[chainMove](&chain{}, 1).Search(context.Background(), Limits{Depth: 3})
	if n, ok := MateIn(res.Score); !ok || n != 5 {
		t.Errorf("depth 3: score %d (mate in %d plies: %v), want the win five moves ahead", res.Score, n, ok)
	}
}

// TestNodesCountEachPosition checks the node count against the positions a
// one-ply search must visit: the root and each position its moves lead to
// (tic-tac-toe has no noisy moves, so quiescence goes no deeper). A horizon
// node is entered through the main search and resolved by quiescence; it is
// still one position.
func TestNodesCountEachPosition(t *testing.T) {
	for _, c := range []struct {
		moves []int
		want  uint64
	}{
		{nil, 1 + 9},
		{[]int{4}, 1 + 8},
		{[]int{4, 0, 8}, 1 + 6},
	} {
		g := (&ticTacToe{}).setup(c.moves...)
		res := New[int](g, 1).Search(context.Background(), Limits{Depth: 1})
		if res.Nodes != c.want {
			t.Errorf("after %v: a one-ply search counted %d nodes, want %d", c.moves, res.Nodes, c.want)
		}
	}
}
