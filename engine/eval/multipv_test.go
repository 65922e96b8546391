// This file tests the multi-PV search against Fairy-Stockfish: the same
// positions searched with MultiPV 3 must give lines sorted by score with
// distinct first moves, the same forced-mate scores as Fairy-Stockfish's,
// and every first move we rank as a mate must be one Fairy-Stockfish
// confirms (the defender mated one move sooner after it).

package eval_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/internal/fsf"
	"zrun/vm"
)

// fsfLine reads a report; a mated root has no multipv, no pv ("info
// depth 0 score mate 0").
var fsfLine = regexp.MustCompile(`\bdepth \d+ (?:.*\bmultipv (\d+) )?score (cp|mate) (-?\d+)\b(?:.* pv (\S+))?`)

// fsfLine is one of Fairy-Stockfish's final lines.
type fsfResult struct {
	mate  bool
	score int // moves to mate (mate) or centipawns
	first string
}

// fsfMultiPV runs Fairy-Stockfish (chess) with MultiPV n to depth and
// returns its last report of each line; moves are played from fen first.
func fsfMultiPV(t *testing.T, fen, moves string, n, depth int) []fsfResult {
	t.Helper()
	pos := "fen " + fen
	if moves != "" {
		pos += " moves " + moves
	}
	res := make([]fsfResult, n)
	fsf.Search(t, []string{fmt.Sprintf("MultiPV value %d", n)}, pos, fmt.Sprintf("go depth %d", depth), func(line string) {
		if m := fsfLine.FindStringSubmatch(line); m != nil {
			k, v := 1, 0
			if m[1] != "" {
				fmt.Sscan(m[1], &k)
			}
			fmt.Sscan(m[3], &v)
			if k >= 1 && k <= n {
				res[k-1] = fsfResult{mate: m[2] == "mate", score: v, first: m[4]}
			}
		}
	})
	return res
}

// mateMoves converts a score to Fairy-Stockfish's "mate N" (moves, negative
// when the side to move is mated); ok is false for a score that is no mate.
func mateMoves(score int) (int, bool) {
	plies, ok := engine.MateIn(score)
	if !ok {
		return 0, false
	}
	if plies > 0 {
		return (plies + 1) / 2, true
	}
	return -(-plies + 1) / 2, true
}

// TestMultiPVAgainstFairyStockfish: see the file comment.
func TestMultiPVAgainstFairyStockfish(t *testing.T) {
	if fsf.Path() == "" {
		t.Skip("fairy-stockfish is not installed: no independent reference")
	}
	tests := []struct {
		name, fen string
		depth     int
	}{
		// Two mates in one on the back rank (Ra8#, Qd8#), then a longer win.
		{"back rank", "6k1/5ppp/8/8/8/8/5PPP/R2Q2K1 w - - 0 1", 9},
		// King and rook: Rh8# and several rook moves that mate in two.
		{"rook mate", "k7/8/1K6/8/8/8/8/7R w - - 0 1", 6},
		// Scholar's mate set: Qxf7# is the only mate, the others lose material.
		{"scholar", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tunedState("../../games/chess.zrf", "", tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			pos, err := eval.PositionFor(s)
			if err != nil {
				t.Fatal(err)
			}
			se := engine.New[*vm.Move](pos, 16)
			var infos []engine.Info
			se.OnInfo = func(in engine.Info) { infos = append(infos, in) }
			res := se.Search(context.Background(), engine.Limits{Depth: tc.depth, MultiPV: 3})
			if len(res.Lines) != 3 {
				t.Fatalf("%d lines, want 3", len(res.Lines))
			}
			last := infos[len(infos)-3:]
			seen := map[string]bool{}
			for k, l := range res.Lines {
				if l.MultiPV != k+1 || last[k].MultiPV != k+1 || last[k].Score != l.Score {
					t.Errorf("line %d: MultiPV %d (reported %d, score %d), want %d", k+1, l.MultiPV, last[k].MultiPV, last[k].Score, k+1)
				}
				if k > 0 && l.Score > res.Lines[k-1].Score {
					t.Errorf("line %d scores %d above line %d's %d", k+1, l.Score, k, res.Lines[k-1].Score)
				}
				if len(l.PV) == 0 || seen[l.PV[0]] {
					t.Fatalf("line %d: first move %v empty or repeated", k+1, l.PV)
				}
				seen[l.PV[0]] = true
			}
			if res.PV[0] != res.Lines[0].PV[0] || res.Score != res.Lines[0].Score {
				t.Errorf("result %v %d is not line 1 %v %d", res.PV, res.Score, res.Lines[0].PV, res.Lines[0].Score)
			}
			ref := fsfMultiPV(t, tc.fen, "", 3, 12)
			for k, r := range ref {
				ours := res.Lines[k]
				n, mate := mateMoves(ours.Score)
				if r.mate != mate || (mate && n != r.score) {
					t.Errorf("line %d: ours %v (score %d), Fairy-Stockfish %+v", k+1, ours.PV, ours.Score, r)
					continue
				}
				if !mate {
					continue
				}
				// Ties make the first move ours to choose: Fairy-Stockfish
				// must agree that it mates as fast.
				after := fsfMultiPV(t, tc.fen, ours.PV[0], 1, 22)[0] // deep: at depth 12 it still sees mates a move too long
				if want := -(n - 1); !after.mate || after.score != want && !(n == 1 && after.score == 0) {
					t.Errorf("line %d: after %s Fairy-Stockfish gives %+v, want mate %d", k+1, ours.PV[0], after, want)
				}
			}
		})
	}
}

// TestMultiPVOneUnchanged: MultiPV 1 (and 0) is the plain search: the same
// move, score and node count, and no Lines.
func TestMultiPVOneUnchanged(t *testing.T) {
	pos := benchPosition(t, "chess.zrf", "")
	var res [2]engine.Result[*vm.Move]
	for i, n := range []int{0, 1} {
		se := engine.New[*vm.Move](pos, 16)
		res[i] = se.Search(context.Background(), engine.Limits{Depth: 6, MultiPV: n})
		if res[i].Lines != nil {
			t.Errorf("MultiPV %d: %d lines, want none", n, len(res[i].Lines))
		}
	}
	if res[0].Nodes != res[1].Nodes || res[0].Score != res[1].Score || strings.Join(res[0].PV, " ") != strings.Join(res[1].PV, " ") {
		t.Errorf("MultiPV 0: %d nodes %d %v; MultiPV 1: %d nodes %d %v", res[0].Nodes, res[0].Score, res[0].PV, res[1].Nodes, res[1].Score, res[1].PV)
	}
}
