package describe

import (
	"fmt"
	"strings"
	"testing"

	"zrun/vm"
)

// betzaBoard is an 8x8 grid (files a-h across, ranks 1-8 upwards) with one
// direction per step vector the pieces use, named "dX_Y".
type betzaBoard struct {
	b    *vm.Board
	dirs map[offset]int
}

func newBetzaBoard() *betzaBoard {
	bb := &betzaBoard{b: vm.NewBoard(), dirs: map[offset]int{}}
	files := strings.Split("a b c d e f g h", " ")
	ranks := strings.Split("1 2 3 4 5 6 7 8", " ")
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			bb.b.AddPosition(vm.Position{Name: files[x] + ranks[y], Grid: 0, Coords: []int{x, y}})
		}
	}
	bb.b.Grids = []vm.Grid{{Labels: [][]string{files, ranks}}}
	return bb
}

func (bb *betzaBoard) dir(v offset) int32 {
	if d, ok := bb.dirs[v]; ok {
		return int32(d)
	}
	d := bb.b.AddDir(fmt.Sprintf("d%d_%d", v[0], v[1]))
	for p := 0; p < 64; p++ {
		x, y := p%8+v[0], p/8+v[1]
		if x >= 0 && x < 8 && y >= 0 && y < 8 {
			bb.b.SetLink(d, p, y*8+x)
		}
	}
	bb.dirs[v] = d
	return int32(d)
}

// leap: step v, unless a friend stands there add.
func (bb *betzaBoard) leap(v offset) []vm.Inst {
	return []vm.Inst{{Op: vm.OpStep, A: bb.dir(v)}, {Op: vm.OpFriend, Jt: true, B: 3}, {Op: vm.OpAdd, A: -1}, {Op: vm.OpEnd}}
}

// ride: step v while empty adding each square, then add an enemy square.
func (bb *betzaBoard) ride(v offset) []vm.Inst {
	d := bb.dir(v)
	return []vm.Inst{
		{Op: vm.OpStep, A: d},
		{Op: vm.OpEmpty, Jt: false, B: 5},
		{Op: vm.OpAdd, A: -1},
		{Op: vm.OpStep, A: d},
		{Op: vm.OpJmp, B: 1},
		{Op: vm.OpFriend, Jt: true, B: 7},
		{Op: vm.OpAdd, A: -1},
		{Op: vm.OpEnd},
	}
}

// lame: step first (must be empty), then step second and add unless friendly.
func (bb *betzaBoard) lame(first, second offset) []vm.Inst {
	return []vm.Inst{{Op: vm.OpStep, A: bb.dir(first)}, {Op: vm.OpEmpty, Jt: false, B: 5}, {Op: vm.OpStep, A: bb.dir(second)},
		{Op: vm.OpFriend, Jt: true, B: 5}, {Op: vm.OpAdd, A: -1}, {Op: vm.OpEnd}}
}

func sym8(a, b int) []offset {
	seen := map[offset]bool{}
	var out []offset
	for _, v := range []offset{{a, b}, {b, a}} {
		for _, sx := range []int{1, -1} {
			for _, sy := range []int{1, -1} {
				w := offset{v[0] * sx, v[1] * sy}
				if !seen[w] {
					seen[w] = true
					out = append(out, w)
				}
			}
		}
	}
	return out
}

// betzaGame makes a two-player game of the given pieces; each player has one
// piece of type 0 (the first player's on a1, the second's on h8).
func betzaGame(bb *betzaBoard, pieces map[string][][]vm.Inst, order []string) *vm.Game {
	g := &vm.Game{
		Title:     "betza",
		Players:   []vm.Player{{Name: "White"}, {Name: "Black"}},
		TurnOrder: []vm.Turn{{Mover: 0, As: 0, MoveType: vm.AnyMoveType}, {Mover: 1, As: 1, MoveType: vm.AnyMoveType}},
		Board:     bb.b,
		MoveTypes: []string{""},
		Setup:     []vm.SetupItem{{Player: 0, Type: 0, Pos: 0}, {Player: 1, Type: 0, Pos: 63}},
	}
	for _, name := range order {
		pt := &vm.PieceType{Name: name}
		for _, code := range pieces[name] {
			src := make([]string, len(code))
			for i := range src {
				src[i] = "test:1:1"
			}
			pt.Moves = append(pt.Moves, vm.MoveBlock{Prog: &vm.Program{Name: name, Code: code, Src: vm.SrcRuns(src)}})
		}
		g.Pieces = append(g.Pieces, pt)
		g.Letters = append(g.Letters, name[:1])
	}
	bb.b.ComputeOpposites()
	bb.b.SetIdentitySymmetry(2)
	return g
}

func TestPiece(t *testing.T) {
	bb := newBetzaBoard()
	pieces := map[string][][]vm.Inst{}
	for _, v := range sym8(1, 2) {
		pieces["Knight"] = append(pieces["Knight"], bb.leap(v))
		pieces["Nightrider"] = append(pieces["Nightrider"], bb.ride(v))
		// Xiangqi horse: orthogonal step first.
		first := offset{sign(v[0]), 0}
		if iabs(v[1]) > iabs(v[0]) {
			first = offset{0, sign(v[1])}
		}
		pieces["Horse"] = append(pieces["Horse"], bb.lame(first, offset{v[0] - first[0], v[1] - first[1]}))
	}
	for _, v := range sym8(0, 1) {
		pieces["Rook"] = append(pieces["Rook"], bb.ride(v))
	}
	pieces["Lance"] = [][]vm.Inst{bb.ride(offset{0, 1})}
	for _, v := range append(sym8(0, 1), sym8(1, 1)...) {
		pieces["Mann"] = append(pieces["Mann"], bb.leap(v))
	}
	order := []string{"Mann", "Knight", "Nightrider", "Horse", "Rook", "Lance"}
	g := betzaGame(bb, pieces, order)
	// Independent facts: the published Betza of each piece, and how many
	// squares it reaches from d4 (x=3, y=3) on an empty 8x8 board.
	cases := []struct {
		betza   string
		squares int
	}{
		{"K", 8}, {"N", 8}, {"NN", 8 + 4}, {"nN", 8}, {"R", 14}, {"fR", 4},
	}
	for i, c := range cases {
		d := Piece(g, i)
		if d.Betza != c.betza || !d.Exact {
			t.Errorf("%s: Betza %q exact=%v notes %v, want %q exact", order[i], d.Betza, d.Exact, d.Notes, c.betza)
		}
		if g.Board.Positions[d.Origin].Name != "d4" {
			t.Errorf("%s: origin %s, want d4", order[i], g.Board.Positions[d.Origin].Name)
		}
		n := 0
		for _, m := range d.Marks {
			if m == MarkMove|MarkCapture {
				n++
			} else if m != 0 {
				t.Errorf("%s: mark %b", order[i], m)
			}
		}
		if n != c.squares {
			t.Errorf("%s: %d squares marked, want %d", order[i], n, c.squares)
		}
		if !strings.HasPrefix(d.English, "The "+order[i]+" can ") {
			t.Errorf("%s: English %q", order[i], d.English)
		}
	}
	// Step vectors here are absolute: the Lance goes up for both players, so
	// for the second player (seen from the other side) it goes backward.
	if d := PieceAs(g, 5, 1); d.Betza != "bR" {
		t.Errorf("the second player's Lance: %q, want bR", d.Betza)
	}
	if d := Piece(g, 99); d.Betza != "" || d.Exact || len(d.Notes) == 0 {
		t.Errorf("a missing type: %+v", d)
	}
}

func TestPieceFirstPlayerOnTop(t *testing.T) {
	// When the first player starts at the top, its forward is down the board.
	bb := newBetzaBoard()
	g := betzaGame(bb, map[string][][]vm.Inst{"Lance": {bb.ride(offset{0, -1})}}, []string{"Lance"})
	g.Setup = []vm.SetupItem{{Player: 0, Type: 0, Pos: 60}, {Player: 1, Type: 0, Pos: 3}}
	if d := Piece(g, 0); d.Betza != "fR" {
		t.Errorf("Lance moving down for the player on top: %q, want fR", d.Betza)
	}
}
