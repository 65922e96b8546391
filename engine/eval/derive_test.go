// This file tests the values and placement tables Derive gives real rule
// files against published numbers: the Schoolbook seed's table of piece
// values, and placement rising toward the promotion or goal rank.

package eval_test

import (
	"os"
	"testing"

	"zrun/engine/eval"
)

// TestSchoolbookValues compares the derived values with what the Schoolbook
// seed (000) says all its sources agree on.
func TestSchoolbookValues(t *testing.T) {
	g, err := tunedGame("../../games/schoolbook.zrf", "")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.Derive(g)
	if err != nil {
		t.Fatal(err)
	}
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
	g, err := tunedGame("../../games/chess.zrf", "")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.Derive(g)
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]int{}
	for i, pt := range g.Pieces {
		types[pt.Name] = i
	}
	at := func(pl int, piece, sq string) int {
		p, ok := g.Board.PositionIndex(sq)
		if !ok {
			t.Fatalf("no square %s", sq)
		}
		return ev.Placement(pl, types[piece], p)
	}
	for _, c := range []struct {
		pl             int
		near, mid, far string
	}{{0, "d7", "d5", "d3"}, {1, "d2", "d4", "d6"}} {
		near, mid, far := at(c.pl, "Pawn", c.near), at(c.pl, "Pawn", c.mid), at(c.pl, "Pawn", c.far)
		t.Logf("player %d pawn placement: %s %d, %s %d, %s %d", c.pl, c.near, near, c.mid, mid, c.far, far)
		if !(near > mid+50 && mid > far) {
			t.Errorf("player %d pawn placement %s=%d %s=%d %s=%d: want rising toward promotion", c.pl, c.near, near, c.mid, mid, c.far, far)
		}
	}
	// The knight's table is symmetric between the 2nd and 7th ranks.
	if a, b := at(0, "Knight", "d7"), at(0, "Knight", "d2"); a != b {
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
	g, err := tunedGame(path, "")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.Derive(g)
	if err != nil {
		t.Fatal(err)
	}
	at := func(pl int, sq string) int {
		p, ok := g.Board.PositionIndex(sq)
		if !ok {
			t.Fatalf("no square %s", sq)
		}
		return ev.Placement(pl, 0, p) // Pawn is the only type
	}
	for _, c := range []struct {
		pl             int
		near, mid, far string
	}{{0, "d7", "d5", "d3"}, {1, "d2", "d4", "d6"}} {
		near, mid, far := at(c.pl, c.near), at(c.pl, c.mid), at(c.pl, c.far)
		t.Logf("player %d pawn placement: %s %d, %s %d, %s %d", c.pl, c.near, near, c.mid, mid, c.far, far)
		if !(near > mid+50 && mid > far) {
			t.Errorf("player %d: want placement rising toward the goal rank", c.pl)
		}
	}
}
