// This file tests WhyNoMoves on the toy row game of semantics_test.go: each
// row removes one thing a player needs to move and expects that cause.

package vm

import (
	"strings"
	"testing"
)

func TestWhyNoMoves(t *testing.T) {
	// stepE: "e (verify empty?) add", X's one-square step east.
	stepE := []Inst{
		{Op: OpStep, A: dirE},
		{Op: OpEmpty, Jt: false, B: 3},
		{Op: OpAdd, A: -1},
		{Op: OpEnd},
	}
	typed := func(mt int32, code []Inst) []Inst { return append([]Inst{{Op: OpNop, A: mt}}, code...) }
	aOnA, bOnC := SetupItem{Player: 0, Type: 0, Pos: posA}, SetupItem{Player: 1, Type: 1, Pos: posC}
	tests := []struct {
		name  string
		progs [][]Inst
		setup []SetupItem
		edit  func(g *Game)
		want  NoMoveKind
		msg   string
	}{
		{name: "a step", progs: [][]Inst{stepE}, want: HasMoves},
		{name: "pass forced", setup: []SetupItem{bOnC}, edit: func(g *Game) { g.Options.PassTurn = PassForced }, want: HasMoves},
		{name: "empty setup", progs: [][]Inst{stepE}, setup: []SetupItem{}, want: NoMovePieces,
			msg: "A has no pieces on the board and nothing in hand (the game has no board-setup)"},
		{name: "only the opponent set up", progs: [][]Inst{stepE}, setup: []SetupItem{bOnC}, want: NoMovePieces,
			msg: "A has no pieces on the board and nothing in hand"},
		{name: "no definitions", want: NoMoveDefs, msg: "A's pieces on the board (X) have no move definitions"},
		{name: "in hand, no drops", setup: []SetupItem{bOnC, {Player: 0, Type: 1, Pos: OffBoard, Count: 2}}, want: NoMoveDefs,
			msg: "A has no pieces on the board, and the pieces in hand (Y) have no drop definitions"},
		{name: "drops but none in hand", setup: []SetupItem{aOnA, bOnC},
			edit: func(g *Game) {
				g.Pieces[1].Drops = []MoveBlock{{Prog: &Program{Code: []Inst{{Op: OpAdd, A: -1}, {Op: OpEnd}}}}}
			},
			want: NoMoveSupply,
			msg:  `A's pieces on the board (X) have no move definitions; drops are defined for Y, but A has none of them in hand`},
		{name: "turn type nobody has", progs: [][]Inst{typed(1, stepE)},
			edit: func(g *Game) { g.TurnOrder[0].MoveType = 2 }, want: NoMoveTurnType,
			msg: "this turn of A allows only low moves, and none of A's pieces (X) has a definition of that type"},
		{name: "blocked at the edge", progs: [][]Inst{stepE}, setup: []SetupItem{{Player: 0, Type: 0, Pos: posE}, bOnC},
			want: NoMoveBlocked, msg: "A's pieces (X) have move definitions, but none of them can move in this position"},
		{name: "engine", progs: [][]Inst{stepE}, edit: func(g *Game) { g.Engine = "axiom.dll" }, want: NoMoveEngine,
			msg: "external engine (axiom.dll)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := toyGame(t, tc.progs, tc.setup, Options{})
			if tc.edit != nil {
				tc.edit(g)
			}
			why := whyNoMoves(t, g)
			if why.Kind != tc.want || !strings.Contains(why.Msg, tc.msg) || why.Player != 0 {
				t.Errorf("WhyNoMoves = %v (player %d) %q, want %v containing %q", why.Kind, why.Player, why.Msg, tc.want, tc.msg)
			}
			if (why.Kind == HasMoves) != (why.Msg == "") {
				t.Errorf("message %q does not match kind %v", why.Msg, why.Kind)
			}
		})
	}
}

// TestWhyNoMovesCheck: both X are royal; B's X on c can only step west (its
// "e" is A's w) to b, where A's X on a attacks it, so B's one move is illegal.
func TestWhyNoMovesCheck(t *testing.T) {
	stepE := []Inst{{Op: OpStep, A: dirE}, {Op: OpFriend, Jt: true, B: 3}, {Op: OpAdd, A: -1}, {Op: OpEnd}}
	g := toyGame(t, [][]Inst{stepE}, []SetupItem{{Player: 0, Type: 0, Pos: posA}, {Player: 1, Type: 0, Pos: posC}}, Options{})
	g.Board.Symmetry[1] = []int{dirW, dirE}
	g.Goals = []*Goal{{Kind: LossGoal, Players: []int{0, 1}, Cond: &Cond{Op: CondCheckmated, Types: []int{0}}}}
	g.TurnOrder[0], g.TurnOrder[1] = g.TurnOrder[1], g.TurnOrder[0]
	why := whyNoMoves(t, g)
	if want := "each of B's 1 moves leaves a royal piece (X) attacked"; why.Kind != NoMoveCheck || why.Player != 1 || why.Msg != want {
		t.Errorf("WhyNoMoves = %v (player %d) %q, want %v %q", why.Kind, why.Player, why.Msg, NoMoveCheck, want)
	}
}

// whyNoMoves explains g's start position.
func whyNoMoves(t *testing.T, g *Game) NoMoves {
	t.Helper()
	s, err := NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	why, err := s.WhyNoMoves()
	if err != nil {
		t.Fatal(err)
	}
	return why
}
