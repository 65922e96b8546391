// This file tests the values and placement tables Derive gives real rule
// files against published numbers: the Schoolbook seed's table of piece
// values, and placement rising toward the promotion or goal rank.

package eval_test

import (
	"os"
	"testing"

	"zrun/engine/eval"
	"zrun/gamefile"
	"zrun/vm"
)

// TestSchoolbookValues compares the piece values with what the Schoolbook
// seed (000) says all its sources agree on: the values the evaluation plays
// with (games/schoolbook.values, tuned by self-play), and those it derives
// from the rules alone.
func TestSchoolbookValues(t *testing.T) {
	const file = "../../games/schoolbook.zrf"
	tuned := evaluated(t, file, tunedGame)
	derived := evaluated(t, file, gamefile.LoadGame)
	for _, c := range []struct {
		name string
		ev   *eval.Evaluator
		g    *vm.Game
	}{{"tuned", tuned.ev, tuned.g}, {"derived", derived.ev, derived.g}} {
		t.Run(c.name, func(t *testing.T) { checkSchoolbookValues(t, c.g, c.ev) })
	}
}

func checkSchoolbookValues(t *testing.T, g *vm.Game, ev *eval.Evaluator) {
	t.Helper()
	v := map[string]int{}
	for i, pt := range g.Pieces {
		v[pt.Name] = ev.Value(i)
	}
	P, N, B, R, Q, A, M := v["Pawn"], v["Knight"], v["Bishop"], v["Rook"], v["Queen"], v["Archbishop"], v["Marshall"]
	checks := []struct {
		what string
		ok   bool
	}{
		{"a bishop is worth more than a knight, by under a pawn", B > N && B-N < P},
		{"two knights are worth more than a rook", 2*N > R},
		{"an archbishop is worth more than two knights", A > 2*N},
		{"a marshall is worth more than an archbishop", M > A},
		{"a queen is worth more than a marshall", Q > M},
		{"two rooks are worth more than a queen", 2*R > Q},
		{"a marshall is worth more than two bishops", M > 2*B},
		{"a rook and a knight are worth more than an archbishop", R+N > A},
		{"a knight is worth 2.3 to 3.1 pawns", N*10 >= 23*P && N*10 <= 31*P},
		{"a queen is worth 7 to 9.7 pawns", Q*10 >= 70*P && Q*10 <= 97*P},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: P=%d N=%d B=%d R=%d Q=%d A=%d M=%d", c.what, P, N, B, R, Q, A, M)
		}
	}
}

// TestPromotionDistance: a chess pawn's placement grows as it nears the
// eighth rank (goal distance), by a share of the promotion gain, for each
// side toward its own promotion rank; a knight (which never promotes) gets
// no such term.
func TestPromotionDistance(t *testing.T) {
	e := evaluated(t, "../../games/chess.zrf", tunedGame)
	pawn, _ := e.g.PieceIndex("Pawn")
	checkRisingToward(t, "promotion", func(pl int, sq string) int { return e.placement(t, pl, pawn, sq) })
	// The knight's table is symmetric between the 2nd and 7th ranks.
	knight, _ := e.g.PieceIndex("Knight")
	if a, b := e.placement(t, 0, knight, "d7"), e.placement(t, 0, knight, "d2"); a != b {
		t.Errorf("knight placement d7=%d d2=%d: a piece that does not promote has no goal distance", a, b)
	}
}

// TestGoalDistance: in Breakthrough (a pawn on the far rank wins: an
// absolute-config goal) a pawn's placement grows as it nears that rank, for
// each side toward its own goal.
func TestGoalDistance(t *testing.T) {
	path := corpusDir + "/GlukKazan+Dagaz/src/debug/games/breakthrough/breakthrough.zrf"
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s not found (../shared absent?): %v", path, err)
	}
	e := evaluated(t, path, tunedGame)
	// Pawn is the only type.
	checkRisingToward(t, "the goal rank", func(pl int, sq string) int { return e.placement(t, pl, 0, sq) })
}

// gameEval is a game and its evaluation.
type gameEval struct {
	g  *vm.Game
	ev *eval.Evaluator
}

// evaluated loads file's first game with load (tunedGame: with the values
// file beside it, as the front ends play it; gamefile.LoadGame: the rules
// alone) and derives its evaluation.
func evaluated(t *testing.T, file string, load func(file, variant string) (*vm.Game, error)) gameEval {
	t.Helper()
	g, err := load(file, "")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.Derive(g)
	if err != nil {
		t.Fatal(err)
	}
	return gameEval{g, ev}
}

// placement is player pl's placement term for a piece of type typ on the
// square named sq.
func (e gameEval) placement(t *testing.T, pl, typ int, sq string) int {
	t.Helper()
	p, ok := e.g.Board.PositionIndex(sq)
	if !ok {
		t.Fatalf("no square %s", sq)
	}
	return e.ev.Placement(pl, typ, p)
}

// checkRisingToward checks that a pawn's placement (at) rises from the
// third rank to the seventh of each player's own side: d3, d5, d7 for the
// first, d6, d4, d2 for the second; the last step (one move from the goal)
// by more than half a pawn.
func checkRisingToward(t *testing.T, goal string, at func(pl int, sq string) int) {
	t.Helper()
	for _, c := range []struct {
		pl             int
		near, mid, far string
	}{{0, "d7", "d5", "d3"}, {1, "d2", "d4", "d6"}} {
		near, mid, far := at(c.pl, c.near), at(c.pl, c.mid), at(c.pl, c.far)
		t.Logf("player %d pawn placement: %s %d, %s %d, %s %d", c.pl, c.near, near, c.mid, mid, c.far, far)
		if !(near > mid+50 && mid > far) {
			t.Errorf("player %d pawn placement %s=%d %s=%d %s=%d: want rising toward %s", c.pl, c.near, near, c.mid, mid, c.far, far, goal)
		}
	}
}
