// This file tests lowering to the game model: boards, players and turns,
// setup, variant inheritance, options, goals and letters, plus the chunked
// lowering-error files.

package zrf

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"zrun/vm"
)

// loadTestdata loads zrf/testdata/lower/NAME and fails on any error.
func loadTestdata(t *testing.T, name string) *File {
	t.Helper()
	f, err := LoadFile(filepath.Join("testdata", "lower", name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

// link returns the name of the position one step from p in direction d, or "-".
func link(t *testing.T, b *vm.Board, d, p string) string {
	t.Helper()
	di, ok := b.DirIndex(d)
	if !ok {
		t.Fatalf("no direction %s", d)
	}
	pi, ok := b.PositionIndex(p)
	if !ok {
		t.Fatalf("no position %s", p)
	}
	if q := b.Link(di, pi); q != vm.NoPos {
		return b.Positions[q].Name
	}
	return "-"
}

func TestBoard2D(t *testing.T) {
	f := loadTestdata(t, "board2d.zrf")
	g := f.Games[0].Game
	b := g.Board
	// Grid first (first dimension fastest), then positions, then dummies; d1 killed.
	want := "a3 b3 c3 d3 a2 b2 c2 d2 a1 b1 c1 p1 z0 z1"
	if got := strings.Join(positionNames(b), " "); got != want {
		t.Errorf("positions = %s, want %s", got, want)
	}
	links := []struct{ d, p, want string }{
		{"n", "a1", "a2"}, {"s", "a3", "a2"}, {"e", "a3", "b3"}, {"w", "a3", "-"},
		{"e", "c1", "-"},   // d1 was killed
		{"e", "a1", "-"},   // unlink (a1 b1)
		{"n", "c2", "-"},   // unlink c2: all its links
		{"s", "c3", "c2"},  // unlink is one-way: links into c2 stay
		{"ee", "a2", "c2"}, // missing delta is 0
		{"jump", "a1", "c1"}, {"jump", "z0", "a1"}, {"jump", "b1", "-"},
	}
	for _, c := range links {
		if got := link(t, b, c.d, c.p); got != c.want {
			t.Errorf("%s from %s = %s, want %s", c.d, c.p, got, c.want)
		}
	}
	if got := b.Grids[0].Labels; !reflect.DeepEqual(got, [][]string{{"a", "b", "c", "d"}, {"3", "2", "1"}}) {
		t.Errorf("grid labels = %v", got)
	}
	n, _ := b.DirIndex("n")
	s, _ := b.DirIndex("s")
	e, _ := b.DirIndex("e")
	w, _ := b.DirIndex("w")
	if b.Symmetry[1][n] != s || b.Symmetry[1][s] != n || b.Symmetry[0][n] != n || b.Symmetry[1][e] != e {
		t.Errorf("symmetry = %v", b.Symmetry)
	}
	// unlink removed the reverse of some links; a missing reverse link does
	// not cost a direction its opposite (vm.Board.ComputeOpposites), but ee
	// (two files east) has no reverse direction and jump is one-way.
	ee, _ := b.DirIndex("ee")
	jump, _ := b.DirIndex("jump")
	if b.Opposite[n] != s || b.Opposite[s] != n || b.Opposite[e] != w || b.Opposite[w] != e ||
		b.Opposite[ee] != -1 || b.Opposite[jump] != -1 {
		t.Errorf("opposites = %v", b.Opposite)
	}
	z, _ := b.ZoneIndex("far")
	a3, _ := b.PositionIndex("a3")
	a1, _ := b.PositionIndex("a1")
	if !b.InZone(z, 0, a3) || b.InZone(z, 0, a1) || !b.InZone(z, 1, a1) {
		t.Errorf("zone far is wrong")
	}
	if p, _ := b.PositionIndex("z0"); !b.Positions[p].Dummy {
		t.Errorf("z0 is not a dummy")
	}
	// Killing an unknown position and zoning a killed one are only warnings.
	ws := f.Games[0].Warnings
	if len(ws) != 2 || !strings.Contains(ws[0].Msg, "nowhere") || !strings.Contains(ws[1].Msg, "d1") {
		t.Errorf("want warnings about nowhere and d1, got %v", ws)
	}
}

func TestBoard3D(t *testing.T) {
	g := loadTestdata(t, "board3d.zrf").Games[0].Game
	b := g.Board
	want := "a1x b1x a2x b2x a1y b1y a2y b2y p1 q1"
	if got := strings.Join(positionNames(b), " "); got != want {
		t.Errorf("positions = %s, want %s", got, want)
	}
	for _, c := range []struct{ d, p, want string }{
		{"up", "a1x", "a1y"}, {"up", "a1y", "-"}, {"down", "b2y", "b2x"}, {"n", "a1x", "a2x"},
		{"e", "a1x", "b1x"}, {"e", "p1", "q1"}, {"e", "b1x", "-"}, {"e", "q1", "-"},
	} {
		if got := link(t, b, c.d, c.p); got != c.want {
			t.Errorf("%s from %s = %s, want %s", c.d, c.p, got, c.want)
		}
	}
	up, _ := b.DirIndex("up")
	down, _ := b.DirIndex("down")
	if b.Opposite[up] != down || b.Opposite[down] != up {
		t.Errorf("opposites = %v", b.Opposite)
	}
	if len(b.Grids) != 2 || len(b.Grids[0].Labels) != 3 || b.Grids[1].First != 8 {
		t.Errorf("grids = %+v", b.Grids)
	}
	if p, _ := b.PositionIndex("b2y"); !reflect.DeepEqual(b.Positions[p].Coords, []int{1, 1, 1}) ||
		b.Positions[p].Rect != [4]int{10, 110, 20, 120} {
		t.Errorf("b2y = %+v", b.Positions[p])
	}
}

func TestTurnsAndSetup(t *testing.T) {
	gd := loadTestdata(t, "turns.zrf").Games[0]
	g := gd.Game
	if !reflect.DeepEqual(g.Players, []vm.Player{{Name: "White"}, {Name: "Black"}, {Name: "?Dice", Random: true}}) {
		t.Errorf("players = %+v", g.Players)
	}
	if want := []string{"", "normal", "capture", "more", "setup", "roll"}; !reflect.DeepEqual(g.MoveTypes, want) {
		t.Errorf("move types = %q, want %q", g.MoveTypes, want)
	}
	mt := func(s string) int { return indexOf(g.MoveTypes, s) }
	wantTurns := []vm.Turn{
		{Mover: 0, As: 0, MoveType: mt("setup")},
		{Mover: 0, As: 0, MoveType: vm.AnyMoveType},
		{Mover: 2, As: 0, MoveType: mt("roll")},
		{Mover: 1, As: 1, MoveType: vm.AnyMoveType},
		{Mover: 1, As: 1, MoveType: mt("normal")},
	}
	if !reflect.DeepEqual(g.TurnOrder, wantTurns) || g.RepeatFrom != 1 {
		t.Errorf("turns = %+v repeat %d", g.TurnOrder, g.RepeatFrom)
	}
	if !reflect.DeepEqual(g.MovePriorities, []int{mt("capture"), mt("normal")}) {
		t.Errorf("priorities = %v", g.MovePriorities)
	}
	b := g.Board
	pos := func(s string) int { i, _ := b.PositionIndex(s); return i }
	wantSetup := []vm.SetupItem{
		{Player: 0, Type: 0, Pos: pos("a1"), Count: 1}, {Player: 0, Type: 0, Pos: pos("b1"), Count: 1},
		{Player: 0, Type: 0, Pos: vm.OffBoard, Count: 3}, {Player: 0, Type: 0, Pos: pos("c1"), Count: 1},
		{Player: 2, Type: 1, Pos: vm.OffBoard, Count: 1},
		{Player: 1, Type: 0, Pos: vm.OffBoard, Count: 2}, {Player: 1, Type: 0, Pos: pos("a2"), Count: 1},
	}
	if !reflect.DeepEqual(g.Setup, wantSetup) {
		t.Errorf("setup = %+v", g.Setup)
	}
	if len(gd.Moves[0]) != 3 || gd.Moves[0][1].MoveType != "capture" || len(gd.Drops[1]) != 1 || gd.Drops[1][0].MoveType != "roll" {
		t.Errorf("move defs wrong: moves %d, drops %d", len(gd.Moves[0]), len(gd.Drops[1]))
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -2
}

func TestVariants(t *testing.T) {
	f := loadTestdata(t, "variants.zrf")
	var titles []string
	for _, gd := range f.Games {
		titles = append(titles, gd.Game.Title)
	}
	if want := []string{"Base", "New Pawn", "Capture Loss", "Big Board"}; !reflect.DeepEqual(titles, want) {
		t.Fatalf("titles = %q, want %q (separator skipped)", titles, want)
	}
	base, newPawn, capLoss, big := f.Games[0].Game, f.Games[1].Game, f.Games[2].Game, f.Games[3].Game
	if base.IsVariant || !newPawn.IsVariant || !newPawn.Default || capLoss.Default {
		t.Errorf("IsVariant/Default flags wrong")
	}
	// Piece replacement keeps the game's order; new pieces are appended.
	if got := pieceNames(newPawn); !reflect.DeepEqual(got, []string{"Pawn", "King", "Queen"}) {
		t.Errorf("New Pawn pieces = %v", got)
	}
	if newPawn.Pieces[0].Help != "variant pawn" || newPawn.Pieces[1].Help != "base king" {
		t.Errorf("piece replacement wrong: %q %q", newPawn.Pieces[0].Help, newPawn.Pieces[1].Help)
	}
	if newPawn.Description != "base game" {
		t.Errorf("description not inherited")
	}
	// One loss-condition in the variant drops all the game's loss-conditions;
	// the win-condition is inherited.
	if got := goalSummary(capLoss); got != "loss-condition:pieces-remaining win-condition:pieces-remaining" {
		t.Errorf("Capture Loss goals = %s", got)
	}
	if got := goalSummary(base); got != "loss-condition:checkmated loss-condition:stalemated win-condition:pieces-remaining" {
		t.Errorf("Base goals = %s", got)
	}
	// Options merge by name.
	if capLoss.Options.PassTurn != vm.PassNever || !capLoss.Options.RecycleCaptures || base.Options.PassTurn != vm.PassAlways {
		t.Errorf("options: %+v", capLoss.Options)
	}
	if big.Board.N() != 12 || base.Board.N() != 6 {
		t.Errorf("board sizes %d %d", big.Board.N(), base.Board.N())
	}
}

func pieceNames(g *vm.Game) []string {
	var out []string
	for _, p := range g.Pieces {
		out = append(out, p.Name)
	}
	return out
}

func goalSummary(g *vm.Game) string {
	names := map[vm.CondOp]string{vm.CondCheckmated: "checkmated", vm.CondStalemated: "stalemated", vm.CondPiecesRemaining: "pieces-remaining"}
	var out []string
	for _, gl := range g.Goals {
		out = append(out, gl.Kind.String()+":"+names[gl.Cond.Op])
	}
	return strings.Join(out, " ")
}

func TestOptions(t *testing.T) {
	gd := loadTestdata(t, "options.zrf").Games[0]
	o := gd.Game.Options
	if o.PassTurn != vm.PassForced || !o.PassPartial || o.MaximalCaptures != 2 || !o.IncludeOffPieces || !o.RecycleCaptures {
		t.Errorf("typed options = %+v", o)
	}
	known := map[string]bool{}
	for _, x := range o.Other {
		known[x.Name] = x.Known
	}
	want := map[string]bool{"animate captures": true, "smart moves": true, "chess invariant": false, "ko": false, "pas turn": false, "allow flipping": true}
	if !reflect.DeepEqual(known, want) {
		t.Errorf("other options = %v, want %v", known, want)
	}
	var msgs []string
	for _, w := range gd.Warnings {
		msgs = append(msgs, w.Msg)
	}
	all := strings.Join(msgs, "\n")
	// The file has no goal either: that is the fourth warning (dagaz.go).
	if len(msgs) != 4 || strings.Count(all, "Dagaz's JavaScript, which are missing") != 2 ||
		!strings.Contains(all, `unknown option "pas turn"`) || !strings.Contains(all, "no win-, loss-, draw- or count-condition") {
		t.Errorf("warnings = %q", msgs)
	}
}

func TestGoals(t *testing.T) {
	g := loadTestdata(t, "goals.zrf").Games[0].Game
	b := g.Board
	pos := func(s string) int { i, _ := b.PositionIndex(s); return i }
	dir := func(s string) int { i, _ := b.DirIndex(s); return i }
	goal, _ := b.ZoneIndex("goal")
	want := []*vm.Goal{
		{Kind: vm.WinGoal, Players: []int{0}, Cond: &vm.Cond{Op: vm.CondAbsoluteConfig, Types: []int{0}, Positions: []int{pos("c1")}, Zones: []int{goal}}},
		{Kind: vm.WinGoal, Players: []int{1}, Cond: &vm.Cond{Op: vm.CondAbsoluteConfig, Types: []int{0, 1}, Positions: []int{pos("c3")}}},
		{Kind: vm.WinGoal, Players: []int{0, 1}, Cond: &vm.Cond{Op: vm.CondOr, Args: []*vm.Cond{
			{Op: vm.CondRelativeConfig, Pattern: []vm.PatternStep{{Type: 1, Dir: dir("n")}, {Type: 1, Dir: dir("n")}, {Type: 1, Dir: -1}}},
			{Op: vm.CondRelativeConfig, Pattern: []vm.PatternStep{{Type: 0, Not: true, Dir: dir("e")}, {Type: 1, Dir: -1}}},
		}}},
		{Kind: vm.LossGoal, Players: []int{0, 1}, Cond: &vm.Cond{Op: vm.CondCheckmated, Types: []int{0}}},
		{Kind: vm.LossGoal, Players: []int{0, 1}, Cond: &vm.Cond{Op: vm.CondAnd, Args: []*vm.Cond{
			{Op: vm.CondPiecesRemaining, N: 0, Types: []int{0}},
			{Op: vm.CondNot, Args: []*vm.Cond{{Op: vm.CondTotalPieceCount, N: 2, Types: []int{1, 0}}}},
		}}},
		{Kind: vm.LossGoal, Players: []int{0}, Cond: &vm.Cond{Op: vm.CondCaptured, Types: []int{0}}},
		{Kind: vm.DrawGoal, Players: []int{0, 1}, Cond: &vm.Cond{Op: vm.CondStalemated}},
		{Kind: vm.DrawGoal, Players: []int{0, 1}, Cond: &vm.Cond{Op: vm.CondRepetition}},
		{Kind: vm.CountGoal, Players: []int{0, 1}, Cond: &vm.Cond{Op: vm.CondPiecesRemaining, N: 3}},
	}
	if len(g.Goals) != len(want) {
		t.Fatalf("%d goals, want %d", len(g.Goals), len(want))
	}
	for i, gl := range g.Goals {
		gl.Source = ""
		if !reflect.DeepEqual(gl, want[i]) {
			t.Errorf("goal %d = %s, want %s", i, dump(gl), dump(want[i]))
		}
	}
}

// dump prints a goal with its condition tree, for failure messages.
func dump(g *vm.Goal) string {
	return fmt.Sprintf("%s %v %s", g.Kind, g.Players, dumpCond(g.Cond))
}

func dumpCond(c *vm.Cond) string {
	s := fmt.Sprintf("{op %d N %d types %v pos %v zones %v pattern %+v", c.Op, c.N, c.Types, c.Positions, c.Zones, c.Pattern)
	for _, a := range c.Args {
		s += " " + dumpCond(a)
	}
	return s + "}"
}

func TestLetters(t *testing.T) {
	cases := []struct {
		names, notations []string
		want             []string
	}{
		{[]string{"King", "Queen", "Rook", "Bishop", "Knight", "Pawn"}, nil, []string{"K", "Q", "R", "B", "N", "P"}},
		{[]string{"King", "Knight", "Kangaroo"}, nil, []string{"K", "N", "A"}},
		{[]string{"Man", "Mann"}, []string{"", "M"}, []string{"A", "M"}},
		{[]string{"a", "b"}, nil, []string{"A", "B"}},
		{[]string{"1x", "x"}, nil, []string{"X", "A"}},
	}
	for _, c := range cases {
		g := &vm.Game{}
		for i, n := range c.names {
			p := &vm.PieceType{Name: n}
			if i < len(c.notations) {
				p.Notation = c.notations[i]
			}
			g.Pieces = append(g.Pieces, p)
		}
		assignLetters(g)
		if !reflect.DeepEqual(g.Letters, c.want) {
			t.Errorf("letters(%v) = %v, want %v", c.names, g.Letters, c.want)
		}
	}
}

// TestLowerErrors loads each chunk of testdata/errors/lower*.zrf (read with
// readChunks from chunked_test.go) and checks that its errors are exactly
// the marked ones, on the marked lines.
func TestLowerErrors(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "errors", "lower*.zrf"))
	if len(files) == 0 {
		t.Fatal("no testdata/errors/lower*.zrf")
	}
	for _, path := range files {
		for _, c := range readChunks(t, path) {
			t.Run(c.Name, func(t *testing.T) {
				_, err := Load(c.File, c.Source)
				c.check(t, err)
			})
		}
	}
}

// TestSoftNames checks that stray names in data lists (links, symmetry,
// setup) are warnings and drop only their item.
func TestSoftNames(t *testing.T) {
	src := `(game (title "t") (players A B)
  (board (grid (dimensions ("a/b" (1 0)) ("1/2" (0 1))) (directions (n 0 1)))
    (links n (a1 z9)) (symmetry B (n s)) (zone (name z) (players A C) (positions a1 q7)))
  (piece (name Man))
  (board-setup (A (Man a1 c7)) (Z (Man b1))))`
	f, err := Load("soft.zrf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, w := range f.Games[0].Warnings {
		msgs = append(msgs, w.Msg)
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{"unknown position z9", "unknown direction s", "unknown player C", "unknown position q7", "unknown position c7", "unknown player Z"} {
		if !strings.Contains(all, want+"; ignored") {
			t.Errorf("no warning %q in:\n%s", want, all)
		}
	}
	if g := f.Games[0].Game; len(g.Setup) != 1 {
		t.Errorf("setup = %+v, want only Man a1", g.Setup)
	}
}
