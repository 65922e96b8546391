// This file tests Mate on mate-in-N chess problems from a published
// collection, vondele/matetrack's matetrack.epd (github.com/vondele/matetrack,
// the corrected successor of the ChestUCI_23102018.epd problem suite; each
// line "FEN bm #N;" states the shortest mate): the search must prove a mate
// in exactly the stated N (and disprove every shorter one), and
// Fairy-Stockfish, the independent reference, must find the same N.

package solve

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"zrun/gamefile"
	"zrun/internal/fsf"
	"zrun/vm"
)

// matetrack holds problems of matetrack.epd with their stated N.
var matetrack = []struct {
	fen string
	n   int
}{
	{"2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - 0 1", 2},
	{"8/3R4/b2p3p/2p3nk/1p2N1p1/p2BP3/r2PN1P1/3K4 w - - 0 1", 2},
	{"n7/2r5/1r4R1/4n3/2R1Q1P1/3P1pK1/4N3/7k w - - 0 1", 2},
	{"1r5k/4NP1b/7K/8/6R1/8/8/8 w - - 0 1", 3},
	{"2k5/2N5/1PKP4/2P5/8/8/8/8 w - - 0 1", 3},
	{"8/1B6/8/5p2/8/8/5Qrq/1K1R2bk w - - 0 1", 3},
	{"k7/1R3n2/2p5/7b/8/K7/1R6/8 w - - 0 1", 4},
	{"8/8/5pp1/6k1/6p1/6K1/8/7Q w - - 0 1", 4},
	{"7k/6pq/6P1/1p6/1P6/8/8/KQ6 w - - 0 1", 5},
}

func chessAt(t testing.TB, fen string) *vm.State {
	t.Helper()
	s, err := gamefile.NewState("../games/chess.zrf", "", fen)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMateMatetrack solves each problem in exactly N and checks N with
// Fairy-Stockfish; the table of times and nodes is logged (go test -v).
func TestMateMatetrack(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for _, p := range matetrack {
		t.Run(p.fen, func(t *testing.T) {
			s := chessAt(t, p.fen)
			before := s.Hash()
			res, err := Mate(context.Background(), s, Limits{Moves: p.n, Nodes: 3_000_000})
			if err != nil {
				t.Fatal(err)
			}
			if s.Hash() != before {
				t.Fatal("the searched state changed")
			}
			if !res.Found {
				t.Fatalf("no mate in %d found (%s, %d nodes)", p.n, res.Stopped, res.Nodes)
			}
			if got := (len(res.Path) + 1) / 2; got != p.n {
				t.Errorf("main line of %d moves, want mate in %d", got, p.n)
			}
			checkMateLine(t, s, res.Path)
			t.Logf("mate in %d: %d nodes, %d expansions, %s", p.n, res.Nodes, res.Expansions, res.Elapsed.Round(time.Millisecond))
			mate := 0
			fsf.Search(t, nil, "fen "+p.fen, fmt.Sprintf("go mate %d", p.n), func(line string) {
				f := strings.Fields(line)
				for i := 0; i+2 < len(f); i++ {
					if f[i] == "score" && f[i+1] == "mate" {
						fmt.Sscan(f[i+2], &mate)
					}
				}
			})
			if mate != p.n {
				t.Errorf("Fairy-Stockfish: mate %d, the collection says %d", mate, p.n)
			}
		})
	}
}

// checkMateLine plays the line and checks that it ends in a win of the side
// that moved first, by the rules.
func checkMateLine(t *testing.T, s *vm.State, path []int) {
	t.Helper()
	w := s.Fork()
	me := w.Mover()
	var ml vm.MoveList
	for i, k := range path {
		if err := w.Generate(&ml); err != nil {
			t.Fatal(err)
		}
		if k >= len(ml.Moves) {
			t.Fatalf("move %d: index %d of %d moves", i, k, len(ml.Moves))
		}
		if err := w.Make(&ml.Moves[k]); err != nil {
			t.Fatal(err)
		}
	}
	o, err := w.Outcome(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !o.Over || o.Winner != me {
		t.Fatalf("the line ends in %+v, not a win", o)
	}
}
