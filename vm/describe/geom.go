// This file defines the board geometry the Betza analysis works in: the
// largest 2-D grid, with x to the right and y up the board as drawn, so a
// move is an offset (dx, dy) and "forward" for the first player is +y.

package describe

import "zrun/vm"

type betzaGeom struct {
	w, h int
	// staggered: neighbouring columns (or rows) are drawn offset by part of
	// a cell, as on hexagonal boards; Betza describes square grids only.
	staggered bool
	at        []int32  // at[y*w+x]: position, or NoPos for a hole
	xy        [][2]int // by position: (x, y), or (-1, -1) outside the grid
}

// newBetzaGeom returns the geometry of b's largest 2-D grid, or nil.
func newBetzaGeom(b *vm.Board) *betzaGeom {
	if b == nil {
		return nil
	}
	o := b.Orientation()
	if o.Grid < 0 {
		return nil
	}
	labels := b.Grids[o.Grid].Labels
	n0, n1 := len(labels[0]), len(labels[1])
	if n0*n1 < 2 {
		return nil
	}
	byCoord := map[[2]int]int{}
	for c, p := range o.At {
		byCoord[c] = int(p)
	}
	// rev: a dimension runs against x to the right or y up the screen.
	horiz0, rev0, rev1 := true, o.Step[0][0] < 0, o.Step[1][1] > 0
	if o.Across == 1 {
		horiz0, rev0, rev1 = false, o.Step[0][1] > 0, o.Step[1][0] < 0
	}
	geo := &betzaGeom{xy: make([][2]int, len(b.Positions)), staggered: o.Staggered}
	for i := range geo.xy {
		geo.xy[i] = [2]int{-1, -1}
	}
	// Screen axes: across (x) and up (y).
	if horiz0 {
		geo.w, geo.h = n0, n1
	} else {
		geo.w, geo.h = n1, n0
	}
	geo.at = make([]int32, geo.w*geo.h)
	for i := range geo.at {
		geo.at[i] = vm.NoPos
	}
	for c, p := range byCoord {
		a, d := c[0], c[1]
		if rev0 {
			a = n0 - 1 - a
		}
		if rev1 {
			d = n1 - 1 - d
		}
		x, y := a, d
		if !horiz0 {
			x, y = d, a
		}
		if x < 0 || y < 0 || x >= geo.w || y >= geo.h {
			continue
		}
		geo.at[y*geo.w+x] = int32(p)
		geo.xy[p] = [2]int{x, y}
	}
	return geo
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pos returns the position at (x, y), or NoPos.
func (g *betzaGeom) pos(x, y int) int32 {
	if x < 0 || y < 0 || x >= g.w || y >= g.h {
		return vm.NoPos
	}
	return g.at[y*g.w+x]
}

// offset returns the position at p+(dx,dy), or NoPos.
func (g *betzaGeom) offset(p int32, dx, dy int) int32 {
	c := g.xy[p]
	if c[0] < 0 {
		return vm.NoPos
	}
	return g.pos(c[0]+dx, c[1]+dy)
}

// delta returns q-p as (dx, dy); ok is false when either is outside the grid.
func (g *betzaGeom) delta(p, q int32) (int, int, bool) {
	a, b := g.xy[p], g.xy[q]
	if a[0] < 0 || b[0] < 0 {
		return 0, 0, false
	}
	return b[0] - a[0], b[1] - a[1], true
}

// turned returns the geometry seen from the other side of the board.
func (g *betzaGeom) turned() *betzaGeom {
	t := &betzaGeom{w: g.w, h: g.h, at: make([]int32, len(g.at)), xy: make([][2]int, len(g.xy))}
	for i := range t.at {
		t.at[len(t.at)-1-i] = g.at[i]
	}
	for p, c := range g.xy {
		if c[0] < 0 {
			t.xy[p] = c
			continue
		}
		t.xy[p] = [2]int{g.w - 1 - c[0], g.h - 1 - c[1]}
	}
	return t
}

// wraps reports whether some link of a direction joins opposite edges of
// the grid while that direction's usual step is short (a cylinder board).
func (g *betzaGeom) wraps(b *vm.Board) bool {
	for d := range b.Dirs {
		count := map[[2]int]int{}
		for p := range b.Positions {
			if q := b.Link(d, p); q != vm.NoPos {
				if dx, dy, ok := g.delta(int32(p), int32(q)); ok {
					count[[2]int{dx, dy}]++
				}
			}
		}
		usual, best := [2]int{}, 0
		for v, n := range count {
			if n > best || (n == best && (v[0] < usual[0] || (v[0] == usual[0] && v[1] < usual[1]))) {
				usual, best = v, n
			}
		}
		if iabs(usual[0]) > 2 || iabs(usual[1]) > 2 {
			continue
		}
		for v := range count {
			// the usual step, taken modulo the board's width or height
			if (v[1] == usual[1] && iabs(v[0]-usual[0]) == g.w && g.w > 2) ||
				(v[0] == usual[0] && iabs(v[1]-usual[1]) == g.h && g.h > 2) {
				return true
			}
		}
	}
	return false
}

// firstPlayerDown reports whether the first player's pieces start higher up
// the board than the second player's (so the first player moves down).
func (g *betzaGeom) firstPlayerDown(game *vm.Game) bool {
	var sum [2]int
	var n [2]int
	for _, it := range game.Setup {
		if it.Player > 1 || it.Pos < 0 || g.xy[it.Pos][0] < 0 {
			continue
		}
		sum[it.Player] += g.xy[it.Pos][1]
		n[it.Player]++
	}
	return n[0] > 0 && n[1] > 0 && sum[0]*n[1] > sum[1]*n[0]
}
