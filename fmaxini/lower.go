// This file defines the lowering of a section to a *vm.Game: board and
// directions, setup, letters, values, attributes, zones, goals and options.

package fmaxini

import (
	"fmt"
	"strings"

	"zrun/vm"
)

// lowering holds what the ray compiler needs to know about a section.
type lowering struct {
	file   string
	sec    *Section
	g      *vm.Game
	b      *vm.Board
	dirs   map[[3]int]int // (dx, dy, cylinder) -> direction
	track  []bool         // types whose moves keep the virgin attribute up to date
	virgin int32
	promo  int32 // zone "promotion"
	third  int32 // zone "third" (own 3rd rank, for C24 pawns)
	// promoLists[colour] is the promotion choice; fileLists[f] the per-file
	// choice with pawns on the 4th rank (nil otherwise).
	promoLists [2][]int32
	fileLists  [][]int32
	promoRank  int // 1-based rank where white promotes
	iron       []int32
	gates      []int32 // the types a move may gate in (nil: no gating)
}

// lower builds sec.Game.
func lower(file string, sec *Section) error {
	l := &lowering{file: file, sec: sec, dirs: map[[3]int]int{}}
	g := &vm.Game{
		Title:       sec.Name,
		Source:      fmt.Sprintf("%s:%d", file, sec.Line),
		Players:     []vm.Player{{Name: "White"}, {Name: "Black"}},
		TurnOrder:   []vm.Turn{{Mover: 0, As: 0, MoveType: vm.AnyMoveType}, {Mover: 1, As: 1, MoveType: vm.AnyMoveType}},
		MoveTypes:   []string{""},
		Options:     vm.Options{FiftyMove: 50, ResetTypes: []int{0, 1}},
		Description: sec.Info,
	}
	l.g = g
	if err := l.board(); err != nil {
		return err
	}
	if err := l.setup(); err != nil {
		return err
	}
	l.pieces()
	l.goals()
	for _, p := range sec.Pieces {
		// "Last one counts" royalty (a negative value other than -1 and the
		// special -2); Fairy-Max's duple-check rule then forbids leaving
		// two royal pieces attacked at once.
		if p.Value < -2 && p.Value >= -665 {
			g.Options.SpareRoyals = true
		}
	}
	if err := l.programs(); err != nil {
		return err
	}
	l.b.ComputeOpposites()
	l.b.SetIdentitySymmetry(2)
	g.ReadFEN, g.WriteFEN = sec.SetFEN, sec.FEN
	sec.Game = g
	return nil
}

// board creates the positions a1.., the grid and the zones.
func (l *lowering) board() error {
	sec := l.sec
	b := vm.NewBoard()
	files, ranks := make([]string, sec.W), make([]string, sec.H)
	for f := range files {
		files[f] = string(rune('a' + f))
	}
	for r := range ranks {
		ranks[r] = fmt.Sprint(r + 1)
	}
	for r := 0; r < sec.H; r++ {
		for f := 0; f < sec.W; f++ {
			b.AddPosition(vm.Position{Name: files[f] + ranks[r], Grid: 0, Coords: []int{f, r}})
		}
	}
	b.Grids = []vm.Grid{{Labels: [][]string{files, ranks}, First: 0}}
	l.b, l.g.Board = b, b
	l.promoRank = sec.H
	if sec.ZoneN >= 2 {
		l.promoRank = sec.H + 1 - sec.ZoneN
	}
	var wz, bz, w3, b3 []int
	for r := 1; r <= sec.H; r++ {
		for f := 0; f < sec.W; f++ {
			if r >= l.promoRank {
				wz = append(wz, l.sq(f, r))
			}
			if r <= sec.H+1-l.promoRank {
				bz = append(bz, l.sq(f, r))
			}
			if r == 3 {
				w3 = append(w3, l.sq(f, r))
			}
			if r == sec.H-2 {
				b3 = append(b3, l.sq(f, r))
			}
		}
	}
	l.promo = int32(b.AddZone("promotion", []int{0}, 2, wz))
	b.AddZone("promotion", []int{1}, 2, bz)
	l.third = int32(b.AddZone("third", []int{0}, 2, w3))
	b.AddZone("third", []int{1}, 2, b3)
	return nil
}

// sq is the position of file f (0-based) and rank r (1-based).
func (l *lowering) sq(f, r int) int { return (r-1)*l.sec.W + f }

// pawnRank is the 1-based rank of white's pawns (section 3.1).
func (l *lowering) pawnRank() int {
	switch n := l.sec.ZoneN; {
	case n >= 2:
		return n
	case n < 0:
		return 1 - n
	}
	return 2
}

// setup places the back ranks and fills both pawn rows.
func (l *lowering) setup() error {
	sec := l.sec
	pr := l.pawnRank()
	if pr >= sec.H+1-pr {
		return &Error{l.file, sec.Line, fmt.Sprintf("section %q: pawn rows %d and %d overlap on a board of %d ranks", sec.Name, pr, sec.H+1-pr, sec.H)}
	}
	for side, rank := range [2]int{1, sec.H} {
		for f, idx := range sec.Setup[side] {
			if idx > len(sec.Pieces) {
				return &Error{l.file, sec.SetupLines[side], fmt.Sprintf("setup: piece %d does not exist (section %q has %d)", idx, sec.Name, len(sec.Pieces))}
			}
			if idx > 0 {
				l.g.Setup = append(l.g.Setup, vm.SetupItem{Player: side, Type: idx - 1, Pos: l.sq(f, rank)})
			}
		}
	}
	for f := 0; f < sec.W; f++ {
		l.g.Setup = append(l.g.Setup,
			vm.SetupItem{Player: 0, Type: 0, Pos: l.sq(f, pr)},
			vm.SetupItem{Player: 1, Type: 1, Pos: l.sq(f, sec.H+1-pr)})
	}
	return nil
}

// pieces creates the piece types, letters, values and the virgin attribute.
func (l *lowering) pieces() {
	sec := l.sec
	l.g.Attributes = []string{"virgin"}
	l.track = make([]bool, len(sec.Pieces))
	castles := false
	for t, p := range sec.Pieces {
		for _, r := range p.Rays {
			if r.Mode&15 == 4 {
				l.track[t] = true
				castles = castles || (t > 1 && r.Mode&0x80 == 0)
			}
		}
	}
	if gatingSection(sec) {
		l.setupGating()
	}
	if castles {
		// Castling moves whatever never-moved piece stands in the corner.
		for side := range sec.Setup {
			for _, f := range []int{0, sec.W - 1} {
				if idx := sec.Setup[side][f]; idx > 0 {
					l.track[idx-1] = true
				}
			}
		}
	}
	for t, p := range sec.Pieces {
		pt := &vm.PieceType{
			Name:   fmt.Sprintf("%c%d", p.Letter, t+1),
			Source: fmt.Sprintf("%s:%d", l.file, p.Line),
		}
		if l.track[t] {
			pt.Attrs = []vm.AttrDecl{{Attr: 0, Default: true}}
		}
		l.g.Pieces = append(l.g.Pieces, pt)
		l.g.Letters = append(l.g.Letters, strings.ToUpper(string(p.Letter)))
		l.g.Values = append(l.g.Values, p.Value)
		if p.Value < -665 {
			l.iron = append(l.iron, int32(t))
		}
	}
	l.promotions()
}

// letterMeaning returns, for colour c, the type each letter means: the first
// piece with that letter for white, the last for black (section 3.4).
func (l *lowering) letterMeaning(c int) map[byte]int {
	m := map[byte]int{}
	for t, p := range l.sec.Pieces {
		k := p.Letter | 0x20
		if _, ok := m[k]; !ok || c == 1 {
			m[k] = t
		}
	}
	return m
}

// promotions computes the promotion choices: every piece Fairy-Max accepts
// as a promotion choice (section 8): not a -1 royal, not a value ending in 3,
// not a pawn; with pawns on the 4th rank only the file's default piece.
func (l *lowering) promotions() {
	sec := l.sec
	if sec.ZoneN == -3 {
		l.fileLists = make([][]int32, sec.W)
		for f := 0; f < sec.W; f++ {
			src := f
			if idx := sec.Setup[0][f]; idx > 0 && sec.Pieces[idx-1].Value < 0 && f > 0 {
				src = f - 1 // the king's file takes the piece to its left
			}
			if idx := sec.Setup[0][src]; idx > 0 {
				l.fileLists[f] = []int32{int32(idx - 1)}
			}
		}
		return
	}
	for c := 0; c < 2; c++ {
		mean := l.letterMeaning(c)
		seen := map[int]bool{}
		for _, p := range sec.Pieces {
			t := mean[p.Letter|0x20]
			v := sec.Pieces[t].Value
			if seen[t] || t < 2 || v == -1 || (v > 0 && v%10 == 3) {
				continue
			}
			seen[t] = true
			l.promoLists[c] = append(l.promoLists[c], int32(t))
		}
	}
}

// goals adds checkmate of the royal types (value < 0), and Fairy-Max's
// special rules by value: piece 9 at -2 makes stalemate a loss, piece 3 at -2
// is king of the hill.
func (l *lowering) goals() {
	sec := l.sec
	for pl := 0; pl < 2; pl++ {
		// The player's own royal types come first: vm's FEN castling reads the
		// first royal type of each player.
		var own, other []int
		mine := map[int]bool{}
		for _, idx := range sec.Setup[pl] {
			if idx > 0 {
				mine[idx-1] = true
			}
		}
		for t, p := range sec.Pieces {
			if p.Value >= 0 {
				continue
			}
			if mine[t] {
				own = append(own, t)
			} else {
				other = append(other, t)
			}
		}
		if types := append(own, other...); len(types) > 0 {
			l.g.Goals = append(l.g.Goals, &vm.Goal{Kind: vm.LossGoal, Players: []int{pl},
				Cond: &vm.Cond{Op: vm.CondCheckmated, Types: types}, Source: l.g.Source})
		}
	}
	if len(sec.Pieces) >= 9 && sec.Pieces[8].Value == -2 {
		l.g.Goals = append(l.g.Goals, &vm.Goal{Kind: vm.LossGoal, Players: []int{0, 1},
			Cond: &vm.Cond{Op: vm.CondStalemated}, Source: l.g.Source})
	}
	if len(sec.Pieces) >= 3 && sec.Pieces[2].Value == -2 {
		l.hill()
	}
}

// hill adds the king-of-the-hill win: a royal piece on one of the four centre
// squares (rows 3-4 from the top, files W/2-1 and W/2).
func (l *lowering) hill() {
	sec := l.sec
	var sq []int
	for _, r := range []int{sec.H - 3, sec.H - 4} {
		for _, f := range []int{sec.W/2 - 1, sec.W / 2} {
			sq = append(sq, l.sq(f, r))
		}
	}
	z := l.b.AddZone("hill", []int{0, 1}, 2, sq)
	var royal []int
	for t, p := range sec.Pieces {
		if p.Value < 0 {
			royal = append(royal, t)
		}
	}
	l.g.Goals = append(l.g.Goals, &vm.Goal{Kind: vm.WinGoal, Players: []int{0, 1},
		Cond: &vm.Cond{Op: vm.CondAbsoluteConfig, Types: royal, Zones: []int{z}}, Source: l.g.Source})
}

// vec decodes a Fairy-Max step into (dx, dy): dx towards the h-file, dy
// towards the last rank (section 4.1).
func vec(s int32) (int, int) {
	df := ((int(s)+8)%16+16)%16 - 8
	drow := (int(s) - df) / 16
	return df, -drow
}

// dirFor returns the direction for vector (dx, dy), creating it and its
// links on first use. Cylinder directions wrap around the side edges.
func (l *lowering) dirFor(dx, dy int, cyl bool) int32 {
	key := [3]int{dx, dy, 0}
	name := fmt.Sprintf("d%d_%d", dx, dy)
	if cyl {
		key[2] = 1
		name = fmt.Sprintf("c%d_%d", dx, dy)
	}
	if d, ok := l.dirs[key]; ok {
		return int32(d)
	}
	d := l.b.AddDir(name)
	l.dirs[key] = d
	W, H := l.sec.W, l.sec.H
	for r := 1; r <= H; r++ {
		for f := 0; f < W; f++ {
			tf, tr := f+dx, r+dy
			if cyl {
				tf = ((tf % W) + W) % W
			}
			if tf < 0 || tf >= W || tr < 1 || tr > H {
				continue
			}
			l.b.SetLink(d, l.sq(f, r), l.sq(tf, tr))
		}
	}
	return int32(d)
}
