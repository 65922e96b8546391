// This file tests Puzzle: on the small Sokoban levels of
// testdata/minisoko.zrf its solutions are as short as those of a plain
// breadth-first search over the same rules (the independent reference:
// no estimate, every position by the number of moves), and replay to the
// win; a level with a box in a corner has none; limits and cancellation
// stop it. With -sokoban it runs the corpus's Sokoban levels 1-10
// (../shared/zrf-corpus/Sokoban/levels_01_10.zrf) and logs the table of
// moves, positions and times.

package solve

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"zrun/gamefile"
	"zrun/vm"
)

var (
	sokobanFlag   = flag.Bool("sokoban", false, "solve the corpus's Sokoban levels 1-10 (long)")
	sokobanTime   = flag.Duration("sokoban-time", 5*time.Minute, "time limit per Sokoban level with -sokoban")
	sokobanWeight = flag.Float64("sokoban-weight", 0, "A* weight for the Sokoban levels with -sokoban (0: 1.5)")
	sokobanLevels = flag.String("sokoban-levels", "1-10", "the Sokoban levels to run with -sokoban: N or N-M")
	sokobanFile   = flag.String("sokoban-file", "levels_01_10.zrf", "the corpus's Sokoban file of the levels -sokoban runs")
)

func mini(t testing.TB, variant string) *vm.State {
	t.Helper()
	s, err := gamefile.NewState("testdata/minisoko.zrf", variant, "")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// bfsLength is the length of a shortest winning sequence by breadth-first
// search (-1: none).
func bfsLength(t *testing.T, s *vm.State) int {
	t.Helper()
	pl := s.Mover()
	type item struct {
		sn snap
		d  int
	}
	st := newStore(s)
	seen := map[uint64]bool{s.Hash(): true}
	queue := []item{{st.take(s), 0}}
	w := s.Clone()
	var ml vm.MoveList
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		st.restore(it.sn, w)
		if err := w.Generate(&ml); err != nil {
			t.Fatal(err)
		}
		for k := range ml.Moves {
			if w.Make(&ml.Moves[k]) != nil {
				continue
			}
			if !seen[w.Hash()] {
				seen[w.Hash()] = true
				o, err := w.Goals()
				if err != nil {
					t.Fatal(err)
				}
				if o.Over && o.Winner == pl {
					return it.d + 1
				}
				if !o.Over {
					queue = append(queue, item{st.take(w), it.d + 1})
				}
			}
			w.Unmake()
		}
	}
	return -1
}

// replayWins plays path from s and checks that the rules declare the win;
// it returns how many of the moves were pushes (moves that change a square
// holding neither the mover's moving piece nor nothing, before or after:
// in Sokoban, the moves of a box).
func replayWins(t *testing.T, s *vm.State, path []int) int {
	t.Helper()
	pushes := 0
	w := s.Clone()
	pl := w.Mover()
	var ml vm.MoveList
	for i, k := range path {
		if err := w.Generate(&ml); err != nil {
			t.Fatal(err)
		}
		if k < 0 || k >= len(ml.Moves) {
			t.Fatalf("move %d: index %d of %d legal moves", i+1, k, len(ml.Moves))
		}
		before := append([]vm.Cell(nil), w.Board...)
		if err := w.Make(&ml.Moves[k]); err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
		if isPush(w, before) {
			pushes++
		}
		if i < len(path)-1 {
			if o, _ := w.Goals(); o.Over {
				t.Fatalf("the game ended after move %d of %d", i+1, len(path))
			}
		}
	}
	o, err := w.Outcome(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !o.Over || o.Winner != pl {
		t.Fatalf("the solution ends in %+v, not a win", o)
	}
	return pushes
}

// isPush reports whether the move from board before to w moved a piece
// that does not move of its own (a box): some square changed from or to
// such a piece, other than a target marker left behind or taken up.
func isPush(w *vm.State, before []vm.Cell) bool {
	g := w.Game()
	still := func(c vm.Cell) bool { return c != vm.Empty && len(g.Pieces[c.Type()].Moves) == 0 }
	n := 0
	for p, c := range w.Board {
		if c != before[p] && (still(c) || still(before[p])) {
			n++
		}
	}
	// A walk changes at most the squares it leaves and enters, one of
	// them a target marker; a push changes the box's two squares too.
	return n > 2 || n == 2 && changedSquares(w.Board, before) > 2
}

func changedSquares(a, b []vm.Cell) int {
	n := 0
	for p := range a {
		if a[p] != b[p] {
			n++
		}
	}
	return n
}

func TestPuzzleMini(t *testing.T) {
	for _, tc := range []struct {
		variant string
		want    int // counted by hand (0: not counted)
		// model: searched on the push model (Mini C's box never moves: no
		// target is ever seen, and the model does not apply)
		model bool
	}{
		{"Mini A", 3, true}, // one step, two pushes
		{"Mini B", 0, true},
		{"Mini C", 0, false}, // the box is in a corner: no solution
		{"Mini D", 0, true},  // two boxes side by side along the edge: no solution
		{"Mini E", 2, true},  // one step, one push onto the nearer of two targets
	} {
		t.Run(tc.variant, func(t *testing.T) {
			s := mini(t, tc.variant)
			want := bfsLength(t, s)
			if tc.want > 0 && want != tc.want {
				t.Fatalf("breadth-first search: %d moves, by hand %d", want, tc.want)
			}
			res, err := Puzzle(context.Background(), s, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(res.Heuristic, "pushes on a model of the rules") != tc.model {
				t.Errorf("not searched on the push model: %s", res.Heuristic)
			}
			for _, lim := range []Limits{{Macro: true, Generic: true}, {Generic: true}} {
				other, err := Puzzle(context.Background(), s, lim)
				if err != nil {
					t.Fatal(err)
				}
				if other.Found != res.Found || len(other.Path) != len(res.Path) || other.Optimal != res.Optimal {
					t.Errorf("%+v: found %v, %d moves; on the push model: found %v, %d moves", lim, other.Found, len(other.Path), res.Found, len(res.Path))
				}
				if other.Found {
					replayWins(t, s, other.Path)
				}
			}
			if want < 0 {
				if res.Found || !res.Exhausted {
					t.Fatalf("found %v exhausted %v; breadth-first search finds no solution", res.Found, res.Exhausted)
				}
				return
			}
			if !res.Found || !res.Optimal {
				t.Fatalf("found %v optimal %v (%s)", res.Found, res.Optimal, res.Stopped)
			}
			if len(res.Path) != want {
				t.Errorf("A*: %d moves, breadth-first search: %d", len(res.Path), want)
			}
			replayWins(t, s, res.Path)
		})
	}
}

func TestPuzzleLimits(t *testing.T) {
	s := mini(t, "Mini B")
	res, err := Puzzle(context.Background(), s, Limits{Nodes: 20})
	if err != nil || res.Found || res.Stopped != "node limit" {
		t.Errorf("node limit 20: found %v stopped %q err %v", res.Found, res.Stopped, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = Puzzle(ctx, s, Limits{})
	if err != nil || res.Found || res.Stopped != "interrupted" {
		t.Errorf("cancelled: found %v stopped %q err %v", res.Found, res.Stopped, err)
	}
	res, err = Puzzle(context.Background(), s, Limits{Moves: 5})
	if err != nil || res.Found || !res.Exhausted {
		t.Errorf("at most 5 moves (the shortest has more): found %v exhausted %v err %v", res.Found, res.Exhausted, err)
	}
	if _, err := Puzzle(context.Background(), chessAt(t, ""), Limits{}); err == nil {
		t.Error("chess accepted as a puzzle")
	}
	if _, err := Mate(context.Background(), s, Limits{}); err == nil {
		t.Error("a one-player game accepted by the forced-win search")
	}
}

// TestPuzzleSokoban runs the corpus's Sokoban levels 1-10 (with -sokoban;
// -sokoban-file levels_11_20.zrf -sokoban-levels 11-20 runs others): each
// solution is replayed to the win by the rules, and level 1's is no longer
// than Zillions' own (Level_01.zsg); the log has the table.
func TestPuzzleSokoban(t *testing.T) {
	if !*sokobanFlag {
		t.Skip("the corpus's Sokoban levels run with -sokoban")
	}
	first, last := 1, 10
	if a, b, ok := strings.Cut(*sokobanLevels, "-"); ok {
		first, _ = strconv.Atoi(a)
		last, _ = strconv.Atoi(b)
	} else {
		first, _ = strconv.Atoi(a)
		last = first
	}
	path := "../../shared/zrf-corpus/Sokoban/" + *sokobanFile
	var table []string
	for lv := first; lv <= last; lv++ {
		s, err := gamefile.NewState(path, "Sokoban (Level "+strconv.Itoa(lv)+")", "")
		if err != nil {
			t.Skipf("corpus not available: %v", err)
		}
		w := *sokobanWeight
		if w == 0 {
			w = 1.5 // the weight that solves them (docs/testing.md)
		}
		boxes := 0
		for _, c := range s.Board {
			if c != 0 && s.Game().Pieces[c.Type()].Name == "B" {
				boxes++
			}
		}
		res, err := Puzzle(context.Background(), s, Limits{Time: *sokobanTime, Weight: w, Nodes: 15_000_000})
		if err != nil {
			t.Fatal(err)
		}
		mode := fmt.Sprintf("weighted A* w=%g", w)
		if w == 1 {
			mode = "A*"
		}
		if !res.Found {
			t.Errorf("level %d: no solution (%s) after %d positions, %s", lv, res.Stopped, res.Nodes, res.Elapsed.Round(time.Millisecond))
			table = append(table, fmt.Sprintf("| %d | %d | - | - | %d | %d | %s (%s) | %s |", lv, boxes, res.Nodes, res.Expansions, res.Elapsed.Round(time.Millisecond), res.Stopped, mode))
			continue
		}
		pushes := replayWins(t, s, res.Path)
		if lv == 1 && *sokobanFile == "levels_01_10.zrf" {
			// Zillions' own solution of level 1, in the corpus.
			data, err := os.ReadFile("../../shared/zrf-corpus/Sokoban/Level_01.zsg")
			if err != nil {
				t.Fatal(err)
			}
			zsg := 0
			for _, l := range strings.Split(string(data), "\n") {
				if f := strings.Fields(l); len(f) > 0 && strings.HasSuffix(f[0], ".") {
					zsg++
				}
			}
			if len(res.Path) > zsg {
				t.Errorf("level 1: %d moves, Level_01.zsg has %d", len(res.Path), zsg)
			}
			t.Logf("level 1: Level_01.zsg has %d moves", zsg)
		}
		if res.Optimal {
			mode += ", shortest"
		}
		table = append(table, fmt.Sprintf("| %d | %d | %d (%d) | %d | %d | %s | %s |", lv, boxes, len(res.Path), pushes, res.Nodes, res.Expansions, res.Elapsed.Round(time.Millisecond), mode))
		t.Log(table[len(table)-1])
	}
	t.Log("\n| level | boxes | moves (pushes) | positions | expansions | time | mode |\n|---|---|---|---|---|---|---|\n" + strings.Join(table, "\n"))
}

// TestHungarian compares the assignment solver with trying every
// assignment on small cost tables.
func TestHungarian(t *testing.T) {
	seed := uint64(7)
	next := func() int64 {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int64(seed % 50)
	}
	var hg hungarian
	for trial := 0; trial < 200; trial++ {
		n := 1 + trial%5
		m := n + trial%3
		cost := make([][]int64, n)
		for i := range cost {
			cost[i] = make([]int64, m)
			for j := range cost[i] {
				cost[i][j] = next()
			}
		}
		hg.rows, hg.cols = make([]int32, n), make([]int32, m)
		got := hg.solve(func(r, c int) int64 { return cost[r][c] })
		best := int64(1 << 62)
		var try func(i int, used uint, sum int64)
		try = func(i int, used uint, sum int64) {
			if i == n {
				best = min(best, sum)
				return
			}
			for j := 0; j < m; j++ {
				if used&(1<<j) == 0 {
					try(i+1, used|1<<j, sum+cost[i][j])
				}
			}
		}
		try(0, 0, 0)
		if got != best {
			t.Fatalf("trial %d (%dx%d): %d, every assignment: %d", trial, n, m, got, best)
		}
	}
}

// TestPuzzleWeighted: the weighted search (with the target matching)
// still solves the small levels, within its weight of the shortest.
func TestPuzzleWeighted(t *testing.T) {
	for _, v := range []string{"Mini A", "Mini B", "Mini E"} {
		s := mini(t, v)
		want := bfsLength(t, s)
		for _, macro := range []bool{false, true} {
			res, err := Puzzle(context.Background(), s, Limits{Weight: 2, Macro: macro})
			if err != nil || !res.Found || res.Optimal {
				t.Fatalf("%s macro %v: found %v optimal %v err %v", v, macro, res.Found, res.Optimal, err)
			}
			if len(res.Path) > 2*want {
				t.Errorf("%s macro %v: %d moves, more than twice the shortest %d", v, macro, len(res.Path), want)
			}
			replayWins(t, s, res.Path)
		}
	}
}

// TestSokobanPacked solves, by default, each of the corpus's ten Sokoban
// levels of levels_01_10.zrf (weight 1.5, packing and the feature space's
// cells, pushfess.go; 20,000 positions a level, level 9's 53,201 under
// 80,000): each solution replays to the win by the rules, level 1's is no
// longer than Zillions' own (Level_01.zsg, 197 moves), and each level's
// targets all get a turn in the filling order, level 7's too (a target
// more than boxes).
func TestSokobanPacked(t *testing.T) {
	nodes := map[int]int64{9: 80_000}
	for lv := 1; lv <= 10; lv++ {
		s, m := corpusLevelModel(t, lv)
		if x := newSearcher(m, 1.5); !x.pk.on {
			t.Errorf("level %d: a target has no turn in the filling order", lv)
		}
		lim := Limits{Weight: 1.5, Nodes: 20_000}
		if n, ok := nodes[lv]; ok {
			lim.Nodes = n
		}
		res, err := Puzzle(context.Background(), s, lim)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Found {
			t.Errorf("level %d: no solution (%s) in %d positions", lv, res.Stopped, res.Nodes)
			continue
		}
		replayWins(t, s, res.Path)
		if lv == 1 && len(res.Path) > 197 {
			t.Errorf("level 1: %d moves, Level_01.zsg has 197", len(res.Path))
		}
	}
}

// TestPuzzleModelFallback: where the push model's search finds no
// solution but the model left some of the rules' moves out, Puzzle goes
// on with the rules' moves instead of answering. The corpus's Sokoban
// level 15: a box must cross the targets' first row onto a square that
// is no target, a push whose box the rules keep marked as on a target
// (the model leaves it out, and its search ends at once); the level is
// the 15th of XSokoban, solved many times over.
func TestPuzzleModelFallback(t *testing.T) {
	s, err := gamefile.NewState("../../shared/zrf-corpus/Sokoban/levels_11_20.zrf", "Sokoban (Level 15)", "")
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	m, err := derivePushModel(context.Background(), s, s.Mover())
	if err != nil {
		t.Fatal(err)
	}
	alone, err := puzzlePush(context.Background(), s.Clone(), m, Limits{Weight: 1.5, Nodes: 2000}, Result{})
	if err != nil || alone.Found || !alone.Exhausted || m.leftOut == 0 {
		t.Fatalf("the push model's search: found %v exhausted %v, %d moves left out, err %v; want exhausted with moves left out", alone.Found, alone.Exhausted, m.leftOut, err)
	}
	res, err := Puzzle(context.Background(), s, Limits{Weight: 1.5, Nodes: 2000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Exhausted || res.Stopped != "node limit" || strings.HasPrefix(res.Heuristic, "pushes on a model") {
		t.Errorf("exhausted %v stopped %q after %d positions (%s); want the rules' moves searched to the node limit", res.Exhausted, res.Stopped, res.Nodes, res.Heuristic)
	}
}
