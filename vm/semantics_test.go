// This file tests the machine's semantics on toy games assembled directly from
// instructions: one row of squares a..e, players A and B.

package vm

import (
	"fmt"
	"strings"
	"testing"
)

// toyGame builds a 5-square row a b c d e (direction e and w), two players,
// piece types X and Y (Y carries attribute "moved?"), with the given programs
// for X. Setup: A's X on a, B's Y on c unless setup says otherwise.
func toyGame(t *testing.T, progs [][]Inst, setup []SetupItem, opts Options) *Game {
	t.Helper()
	b := NewBoard()
	for _, n := range []string{"a", "b", "c", "d", "e"} {
		b.AddPosition(Position{Name: n, Grid: 0, Coords: []int{len(b.Positions)}})
	}
	b.Grids = []Grid{{Labels: [][]string{{"a", "b", "c", "d", "e"}}}}
	e, w := b.AddDir("e"), b.AddDir("w")
	for p := 0; p < 5; p++ {
		if p < 4 {
			b.SetLink(e, p, p+1)
		}
		if p > 0 {
			b.SetLink(w, p, p-1)
		}
	}
	b.SetIdentitySymmetry(2)
	b.ComputeOpposites()
	g := &Game{
		Title:      "toy",
		Players:    []Player{{Name: "A"}, {Name: "B"}},
		TurnOrder:  []Turn{{Mover: 0, As: 0, MoveType: AnyMoveType}, {Mover: 1, As: 1, MoveType: AnyMoveType}},
		Board:      b,
		MoveTypes:  []string{"", "more", "low"},
		Attributes: []string{"moved?"},
		Options:    opts,
	}
	x := &PieceType{Name: "X"}
	for i, code := range progs {
		src := make([]string, len(code))
		for j := range src {
			src[j] = "toy:1:" + string(rune('1'+i))
		}
		typ := 0
		if len(code) > 0 && code[0].Op == OpNop {
			typ = int(code[0].A) // a leading nop carries the block's move type
		}
		x.Moves = append(x.Moves, MoveBlock{Type: typ, Prog: &Program{Name: "X", Code: code, Src: SrcRuns(src), Lists: [][]int32{{1}}}})
	}
	y := &PieceType{Name: "Y", Attrs: []AttrDecl{{Attr: 0, Default: false}}}
	g.Pieces = []*PieceType{x, y}
	g.Letters = []string{"X", "Y"}
	if setup == nil {
		setup = []SetupItem{{Player: 0, Type: 0, Pos: 0}, {Player: 1, Type: 1, Pos: 2}}
	}
	g.Setup = setup
	return g
}

const (
	dirE = 0
	dirW = 1
	posA = 0
	posB = 1
	posC = 2
	posD = 3
	posE = 4
)

func gen(t *testing.T, g *Game) (*State, []Move) {
	t.Helper()
	s, err := NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	var ml MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	return s, ml.Moves
}

// after makes m and returns the board as a string like "X..Y." (upper case:
// player A, lower case: B; '+' after a piece whose moved? is set).
func after(t *testing.T, s *State, m *Move) string {
	t.Helper()
	if err := s.Make(m); err != nil {
		t.Fatal(err)
	}
	defer s.Unmake()
	var b strings.Builder
	for _, c := range s.Board {
		if c == Empty {
			b.WriteByte('.')
			continue
		}
		l := s.g.Letters[c.Type()]
		if c.Owner() == 1 {
			l = strings.ToLower(l)
		}
		b.WriteString(l)
		if c.Attr(0) {
			b.WriteByte('+')
		}
	}
	return b.String()
}

func TestAddEmitsAndContinues(t *testing.T) {
	// e (while empty? add e): one move per empty square, then the run dies on
	// the occupied square.
	g := toyGame(t, [][]Inst{{
		{Op: OpStep, A: dirE},
		{Op: OpEmpty, Jt: false, B: 5},
		{Op: OpAdd, A: -1},
		{Op: OpStep, A: dirE},
		{Op: OpJmp, B: 1},
		{Op: OpEnd},
	}}, nil, Options{})
	s, moves := gen(t, g)
	if len(moves) != 1 || after(t, s, &moves[0]) != ".Xy.." {
		t.Fatalf("moves = %d", len(moves))
	}
}

func TestSlideCapturesAndSnapshot(t *testing.T) {
	// slide e then capture: X a->b and X a x c. The snapshot rule: tests after
	// the slide still see X on a.
	g := toyGame(t, [][]Inst{{
		{Op: OpSlide, A: dirE},
		{Op: OpFriend, Jt: true, B: 4},
		{Op: OpPiece, A: 0, Loc: LocPos, L: posA, Jt: false, B: 4}, // X still on a in the snapshot
		{Op: OpAdd, A: -1},
		{Op: OpEnd},
	}}, nil, Options{})
	s, moves := gen(t, g)
	var got []string
	for i := range moves {
		got = append(got, after(t, s, &moves[i])+" "+s.MoveString(&moves[i]))
	}
	want := []string{".Xy.. X a - b", "..X.. X a x c"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestPositionAttachedChangeAppliesToArrivingPiece(t *testing.T) {
	// Set moved? on empty b, then move the Y from c to b with from/to: the
	// attribute sticks to the square and lands on the arriving piece. Also
	// change-type on the empty square d is a no-op.
	g := toyGame(t, [][]Inst{{
		{Op: OpStep, A: dirE},                          // b
		{Op: OpSetAttr, A: 0, B: 1},                    // moved? on b (empty now)
		{Op: OpChangeType, A: 0, Loc: LocPos, L: posD}, // empty d: nothing
		{Op: OpStep, A: dirE},                          // c
		{Op: OpFrom},                                   // pick up y
		{Op: OpStep, A: dirW},                          // b
		{Op: OpTo},                                     // put y on b
		{Op: OpAdd, A: -1},
		{Op: OpEnd},
	}}, nil, Options{})
	s, moves := gen(t, g)
	if len(moves) != 1 {
		t.Fatalf("moves = %d", len(moves))
	}
	if got := after(t, s, &moves[0]); got != "Xy+..." {
		t.Fatalf("board %q, want %q", got, "Xy+...")
	}
}

func TestCascadePicksUpSnapshotPiece(t *testing.T) {
	// X steps e twice to c (occupied by y): cascade puts X on c and picks up
	// y, which goes one further to d. No capture happens.
	g := toyGame(t, [][]Inst{{
		{Op: OpStep, A: dirE},
		{Op: OpStep, A: dirE},
		{Op: OpCascade},
		{Op: OpStep, A: dirE},
		{Op: OpAdd, A: -1},
		{Op: OpEnd},
	}}, nil, Options{})
	s, moves := gen(t, g)
	if len(moves) != 1 || moves[0].Captures != 0 {
		t.Fatalf("moves %d, captures %d", len(moves), moves[0].Captures)
	}
	if got := after(t, s, &moves[0]); got != "..Xy." {
		t.Fatalf("board %q", got)
	}
}

func TestVacatedSquareKeepsPlacedPiece(t *testing.T) {
	// create a Y for A on the start square, then move X away: the created
	// piece stays (a placement beats the vacating of the from square).
	g := toyGame(t, [][]Inst{{
		{Op: OpCreate, A: 1, B: -1},
		{Op: OpStep, A: dirE},
		{Op: OpAdd, A: -1},
		{Op: OpEnd},
	}}, nil, Options{})
	s, moves := gen(t, g)
	if got := after(t, s, &moves[0]); got != "YXy.." {
		t.Fatalf("board %q", got)
	}
}

func TestPromotionAndCopy(t *testing.T) {
	// (add Y) retypes the moving piece; add-copy leaves the original.
	g := toyGame(t, [][]Inst{
		{{Op: OpStep, A: dirE}, {Op: OpAdd, A: 0}, {Op: OpEnd}},
		{{Op: OpStep, A: dirE}, {Op: OpAddCopy, A: -1}, {Op: OpEnd}},
	}, nil, Options{})
	s, moves := gen(t, g)
	var got []string
	for i := range moves {
		got = append(got, after(t, s, &moves[i]))
	}
	if strings.Join(got, " ") != ".Yy.. XXy.." {
		t.Fatalf("got %v", got)
	}
}

func TestDuplicatesRemoved(t *testing.T) {
	step := []Inst{{Op: OpStep, A: dirE}, {Op: OpAdd, A: -1}, {Op: OpEnd}}
	g := toyGame(t, [][]Inst{step, step}, nil, Options{})
	_, moves := gen(t, g)
	if len(moves) != 1 {
		t.Fatalf("moves = %d, want 1 (duplicates removed)", len(moves))
	}
}

func TestMovePrioritiesAndPass(t *testing.T) {
	// Block 1 (type "more") steps e; block 2 (type "low") adds a copy in place.
	g := toyGame(t, [][]Inst{
		{{Op: OpNop, A: 1}, {Op: OpStep, A: dirE}, {Op: OpAdd, A: -1}, {Op: OpEnd}},
		{{Op: OpNop, A: 2}, {Op: OpCreate, A: 1, B: -1, Loc: LocPos, L: posE}, {Op: OpAdd, A: -1}, {Op: OpEnd}},
	}, nil, Options{PassTurn: PassAlways})
	g.MovePriorities = []int{1, 2}
	_, moves := gen(t, g)
	if len(moves) != 2 || moves[0].Type != 1 || !moves[1].Pass {
		t.Fatalf("moves %+v: want the type-1 move and a pass", moves)
	}
}

func TestPartialMoveContinues(t *testing.T) {
	// add-partial continuing with type "more" (1): the same player moves the
	// same piece again, then the turn passes.
	g := toyGame(t, [][]Inst{
		{{Op: OpStep, A: dirE}, {Op: OpEmpty, Jt: false, B: 3}, {Op: OpAddPartial, A: -1, B: 1}, {Op: OpEnd}},
		{{Op: OpNop, A: 1}, {Op: OpStep, A: dirE}, {Op: OpStep, A: dirE}, {Op: OpStep, A: dirE}, {Op: OpAdd, A: -1}, {Op: OpEnd}},
	}, nil, Options{})
	// Blocks of a continuation type are ordinary moves at the top level too
	// (checkers jumps); the add-partial move is the first.
	s, moves := gen(t, g)
	if len(moves) != 2 || moves[0].Continue != 1 || moves[1].Continue != -1 {
		t.Fatalf("first part: %+v", moves)
	}
	if err := s.Make(&moves[0]); err != nil {
		t.Fatal(err)
	}
	if s.Partial != posB || s.Mover() != 0 {
		t.Fatalf("partial = %d, mover = %d", s.Partial, s.Mover())
	}
	var ml MoveList
	if err := s.Generate(&ml); err != nil || len(ml.Moves) != 1 {
		t.Fatalf("continuation: %v %d", err, len(ml.Moves))
	}
	if got := after(t, s, &ml.Moves[0]); got != "..y.X" {
		t.Fatalf("board %q", got)
	}
	s.Make(&ml.Moves[0])
	if s.Partial != NoPos || s.Mover() != 1 {
		t.Fatalf("turn did not pass")
	}
	s.Unmake()
	s.Unmake()
	if s.Hash() != mustState(t, g).Hash() {
		t.Fatalf("unmake did not restore the hash")
	}
}

func mustState(t *testing.T, g *Game) *State {
	s, err := NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestEndlessLoopIsAnError(t *testing.T) {
	g := toyGame(t, [][]Inst{{{Op: OpMark}, {Op: OpJmp, B: 0}}}, nil, Options{})
	s := mustState(t, g)
	s.Limit.StepsPerRun = 1000
	var ml MoveList
	err := s.Generate(&ml)
	if err == nil || !strings.Contains(err.Error(), "toy:1:1") || !strings.Contains(err.Error(), "step budget") {
		t.Fatalf("err = %v", err)
	}
}

func TestCheckFilterUsesAttackQueries(t *testing.T) {
	// Y is royal for B and attacks one square east; X may not step into that
	// square... X is A's piece; make X royal for A and let B's Y attack d.
	g := toyGame(t, [][]Inst{{{Op: OpStep, A: dirE}, {Op: OpEmpty, Jt: false, B: 3}, {Op: OpAdd, A: -1}, {Op: OpEnd}}}, []SetupItem{
		{Player: 0, Type: 0, Pos: posB}, {Player: 1, Type: 1, Pos: posD},
	}, Options{})
	g.Pieces[1].Moves = []MoveBlock{{Prog: &Program{Name: "Y", Code: []Inst{{Op: OpStep, A: dirW}, {Op: OpAdd, A: -1}, {Op: OpEnd}}, Src: SrcRuns([]string{"y", "y", "y"})}}}
	g.Goals = []*Goal{{Kind: LossGoal, Players: []int{0, 1}, Cond: &Cond{Op: CondCheckmated, Types: []int{0}}}}
	_, moves := gen(t, g)
	// X on b could step to c, but y on d attacks c: no legal move.
	if len(moves) != 0 {
		t.Fatalf("moves = %d, want 0 (stepping into attack is illegal)", len(moves))
	}
}

// On a cyclic board (a ring) the reach analysis of a slide terminates.
func TestReachOnRing(t *testing.T) {
	g := toyGame(t, [][]Inst{{{Op: OpSlide, A: dirE}, {Op: OpFriend, Jt: true, B: 3}, {Op: OpAdd, A: -1}, {Op: OpEnd}}}, nil, Options{})
	g.Board.SetLink(dirE, posE, posA) // e -> a closes the ring
	g.Goals = []*Goal{{Kind: LossGoal, Players: []int{0, 1}, Cond: &Cond{Op: CondCheckmated, Types: []int{1}}}}
	s := mustState(t, g)
	if !s.Attacked(posC, 1) {
		t.Fatal("the slider on a attacks c")
	}
	if s.Attacked(posA, 1) {
		t.Fatal("a slider cannot attack its own square")
	}
}

// TestLandingComesBeforeRunChanges: the piece in hand lands before the run's
// captures and creations (Zillions applies a move's main part first). A
// create on the landing square replaces the moving piece (Chase's
// exchange: "p2 A8 x A7 Red p1 A8 Red p4 A7" leaves a p4 on A7); a capture
// there removes it, so create-at-start plus capture is a strike that does not
// move (Tenjiku Shogi's igui, Ragnarok's thor-strike); with "recycle
// captures" both the struck piece and the removed mover go to their owners'
// hands (Bolotoudou's Lock).
func TestLandingComesBeforeRunChanges(t *testing.T) {
	cases := []struct {
		name    string
		prog    []Inst
		recycle bool
		board   string
		handA   int64 // A's X in hand after the move
		handB   int64 // B's Y in hand after the move
	}{
		{"create on landing square", []Inst{
			{Op: OpStep, A: dirE}, {Op: OpCreate, A: 1, B: -1}, {Op: OpAdd, A: -1}, {Op: OpEnd},
		}, false, ".Yy..", 0, 0},
		{"strike without moving", []Inst{
			{Op: OpCreate, A: 0, B: -1}, {Op: OpStep, A: dirE}, {Op: OpStep, A: dirE},
			{Op: OpCapture, A: -1}, {Op: OpAdd, A: -1}, {Op: OpEnd},
		}, false, "X....", 0, 0},
		{"recycled mover and struck piece", []Inst{
			{Op: OpStep, A: dirE}, {Op: OpStep, A: dirE},
			{Op: OpCapture, A: -1}, {Op: OpAdd, A: -1}, {Op: OpEnd},
		}, true, ".....", 1, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, moves := gen(t, toyGame(t, [][]Inst{tc.prog}, nil, Options{RecycleCaptures: tc.recycle}))
			if len(moves) != 1 {
				t.Fatalf("%d moves, want 1", len(moves))
			}
			if got := after(t, s, &moves[0]); got != tc.board {
				t.Errorf("board %q, want %q", got, tc.board)
			}
			if err := s.Make(&moves[0]); err != nil {
				t.Fatal(err)
			}
			if a, b := s.HandCount(0, 0), s.HandCount(1, 1); a != tc.handA || b != tc.handB {
				t.Errorf("hands A:X %d B:Y %d, want %d %d", a, b, tc.handA, tc.handB)
			}
			s.Unmake()
		})
	}
}

// TestCaptureIntoRoyalTypeIsNoThreat: a capture whose add turns the capturer
// into the attacked piece's own type leaves as many pieces of that type as
// before, and Zillions does not count it as a threat (its saved Passive Chess
// game leaves a General open to "Cannon d3 x d8 = General"). Any other add,
// typed or not, is a threat.
func TestCaptureIntoRoyalTypeIsNoThreat(t *testing.T) {
	for _, tc := range []struct {
		name  string
		types []int32 // Y's add names these types; nil: a plain add
		legal int
	}{
		{"plain capture", nil, 0},
		{"capture that becomes Y", []int32{1}, 0},
		{"capture that becomes X, the royal type", []int32{0}, 1},
		{"capture that may become X or Y", []int32{0, 1}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := toyGame(t, [][]Inst{{{Op: OpStep, A: dirE}, {Op: OpEmpty, Jt: false, B: 3}, {Op: OpAdd, A: -1}, {Op: OpEnd}}}, []SetupItem{
				{Player: 0, Type: 0, Pos: posB}, {Player: 1, Type: 1, Pos: posD},
			}, Options{})
			add := Inst{Op: OpAdd, A: -1}
			var lists [][]int32
			if tc.types != nil {
				add.A, lists = 0, [][]int32{tc.types}
			}
			g.Pieces[1].Moves = []MoveBlock{{Prog: &Program{Name: "Y", Code: []Inst{{Op: OpStep, A: dirW}, add, {Op: OpEnd}}, Src: SrcRuns([]string{"y", "y", "y"}), Lists: lists}}}
			g.Goals = []*Goal{{Kind: LossGoal, Players: []int{0, 1}, Cond: &Cond{Op: CondCheckmated, Types: []int{0}}}}
			_, moves := gen(t, g)
			if len(moves) != tc.legal {
				t.Fatalf("A has %d legal moves, want %d (X b - c next to y on d)", len(moves), tc.legal)
			}
		})
	}
}

// A block that scans a large board from a fixed square under tests that
// depend on the board has too many abstract paths to analyse: the reach
// table gives up on it (attack tests then run it) instead of spending minutes,
// and attack tests still see its captures. Gwangsanghui's whole-board scans
// took over four minutes to analyse before the budget.
func TestReachGivesUpOnWholeBoardScans(t *testing.T) {
	const n = 1000
	b := NewBoard()
	labels := make([]string, n)
	for i := range labels {
		labels[i] = fmt.Sprintf("p%d", i)
		b.AddPosition(Position{Name: labels[i], Grid: 0, Coords: []int{i}})
	}
	b.Grids = []Grid{{Labels: [][]string{labels}}}
	e := b.AddDir("e")
	for p := 0; p+1 < n; p++ {
		b.SetLink(e, p, p+1)
	}
	b.SetIdentitySymmetry(2)
	b.ComputeOpposites()
	// From the first square, step east until an enemy and capture it.
	scan := []Inst{{Op: OpJump, A: 0}, {Op: OpStep, A: int32(e)}, {Op: OpEnemy, Jt: false, B: 1}, {Op: OpAdd, A: -1}, {Op: OpEnd}}
	x := &PieceType{Name: "X", Moves: []MoveBlock{{Prog: &Program{Name: "X", Code: scan, Src: SrcRuns(make([]string, len(scan)))}}}}
	g := &Game{
		Title:     "scan",
		Players:   []Player{{Name: "A"}, {Name: "B"}},
		TurnOrder: []Turn{{Mover: 0, As: 0, MoveType: AnyMoveType}, {Mover: 1, As: 1, MoveType: AnyMoveType}},
		Board:     b,
		MoveTypes: []string{""},
		Pieces:    []*PieceType{x, {Name: "Y"}},
		Letters:   []string{"X", "Y"},
		Setup:     []SetupItem{{Player: 0, Type: 0, Pos: 10}, {Player: 1, Type: 1, Pos: 900}},
	}
	s := mustState(t, g)
	if !s.Attacked(900, 1) {
		t.Fatal("the scanner attacks the enemy on p900")
	}
	if tr := s.pre.reach.forType(0, 0); tr == nil || tr.any != nil || tr.blocks[0] != nil {
		t.Fatal("the scanning block should be left unanalysed")
	}
}
