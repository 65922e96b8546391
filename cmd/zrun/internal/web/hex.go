// This file recognises boards of hexagons among those drawn as points.

package web

import (
	"math"
	"math/bits"
	"sort"
)

// hexTiling decides whether the cells' centres lie on a hexagonal lattice
// (Glinski's chess, hex shogi and xiangqi files place their positions one
// by one): two cells at the typical neighbour distance lie at a multiple of
// 60 degrees from each other, and some cell has six such neighbours. Cells
// off the lattice (Dragonfly's columns of captured pieces beside its hex
// board, two to a row) are left out, as long as a third of the cells are on it. It returns
// the hexagons' orientation ("flat" when neighbours stand above each other,
// "pointy" when beside each other), their circumradius in layout units,
// and per cell its shade, 0 to 2, so that neighbours differ as on hex
// chess boards, or -1 off the lattice.
func hexTiling(cells []cellJSON) (orient string, radius float64, shades []int, ok bool) {
	n := len(cells)
	if n < 7 || n > 800 {
		return "", 0, nil, false
	}
	cx := make([]float64, n)
	cy := make([]float64, n)
	for i, c := range cells {
		cx[i], cy[i] = c.X+c.W/2, c.Y+c.H/2
	}
	nearest := make([]float64, n)
	for i := range cells {
		nearest[i] = math.Inf(1)
		for j := range cells {
			if i != j {
				nearest[i] = min(nearest[i], math.Hypot(cx[j]-cx[i], cy[j]-cy[i]))
			}
		}
	}
	// The lattice's step is one of the nearest-neighbour distances: the
	// median's, or another when reserve cells packed closer than the board
	// (hex Kyoto shogi's columns of captured pieces) make most of them.
	sorted := append([]float64(nil), nearest...)
	sort.Float64s(sorted)
	var candidates []float64
	for _, d := range append([]float64{sorted[n/2]}, sorted...) {
		if d <= 0 || len(candidates) >= 4 {
			continue
		}
		near := false
		for _, c := range candidates {
			near = near || math.Abs(d-c) < 0.1*c
		}
		if !near {
			candidates = append(candidates, d)
		}
	}
	for _, d := range candidates {
		if orient, radius, shades, ok = hexLattice(cells, cx, cy, d); ok {
			return orient, radius, shades, true
		}
	}
	return "", 0, nil, false
}

// hexLattice tests the cells for a hexagonal lattice of step d (see
// hexTiling).
func hexLattice(cells []cellJSON, cx, cy []float64, d float64) (orient string, radius float64, shades []int, ok bool) {
	n := len(cells)
	// Each neighbour step's angle modulo 60 degrees is near 0 (neighbours
	// beside each other), near 30 (above each other) or neither; the
	// lattice's offset is the one most steps have.
	type step struct{ i, j, kind, axis int } // kind: 0, 30 or -1; axis: 0-2 (angle mod 180 / 60)
	var steps []step
	votes := map[int]int{}
	for i := range cells {
		for j := i + 1; j < n; j++ {
			dx, dy := cx[j]-cx[i], cy[j]-cy[i]
			if dist := math.Hypot(dx, dy); dist < 0.85*d || dist > 1.15*d {
				continue
			}
			deg := math.Mod(math.Atan2(dy, dx)*180/math.Pi+360, 180)
			a := math.Mod(deg, 60)
			kind := -1
			switch {
			case min(a, 60-a) <= 4:
				kind = 0
			case math.Abs(a-30) <= 4:
				kind = 30
			}
			axis := int(math.Round((deg-float64(max(kind, 0)))/60)) % 3
			steps = append(steps, step{i, j, kind, axis})
			votes[kind]++
		}
	}
	theta := 0
	if votes[30] > votes[0] {
		theta = 30
	}
	// A cell is on the lattice when its lattice steps go along two of the
	// lattice's three axes at least: a column of reserve cells (one axis)
	// or a lone cell is not, whatever cells stand near it.
	axes := make([]uint8, n)
	for _, st := range steps {
		if st.kind == theta {
			axes[st.i] |= 1 << st.axis
			axes[st.j] |= 1 << st.axis
		}
	}
	off := make([]bool, n)
	for i := range off {
		off[i] = bits.OnesCount8(axes[i]) < 2
	}
	neighbours := make([]int, n)
	onLattice := 0
	for _, st := range steps {
		if st.kind == theta && !off[st.i] && !off[st.j] {
			neighbours[st.i]++
			neighbours[st.j]++
		}
	}
	most := 0
	for i := range cells {
		if !off[i] {
			onLattice++
			most = max(most, neighbours[i])
		}
	}
	if most != 6 || 3*onLattice < n || onLattice < 7 {
		return "", 0, nil, false
	}
	orient = "pointy"
	if theta == 30 {
		orient = "flat"
	}
	// Lattice coordinates along two neighbour steps 60 degrees apart give
	// the three colours: the steps change (i - j) mod 3 by 1, -1 or -2.
	rad := float64(theta) * math.Pi / 180
	ax, ay := d*math.Cos(rad), d*math.Sin(rad)
	bx, by := d*math.Cos(rad+math.Pi/3), d*math.Sin(rad+math.Pi/3)
	det := ax*by - ay*bx
	origin := -1
	shades = make([]int, n)
	for k := range cells {
		if off[k] {
			shades[k] = -1
			continue
		}
		if origin < 0 {
			origin = k
		}
		vx, vy := cx[k]-cx[origin], cy[k]-cy[origin]
		i := math.Round((vx*by - vy*bx) / det)
		j := math.Round((ax*vy - ay*vx) / det)
		shades[k] = ((int(i-j) % 3) + 3) % 3
	}
	return orient, d / math.Sqrt(3), shades, true
}

// fitHexagons moves the cells (and the file labels below them) so that
// the hexagons, wider than the cells the layout gave, stay inside the
// board's area right of the rank labels, and grows the area to hold them.
func fitHexagons(lj *layoutJSON, labelMargin float64) {
	r := lj.HexR
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range lj.Cells {
		if c.Shade < 0 {
			minX, minY, maxX, maxY = min(minX, c.X), min(minY, c.Y), max(maxX, c.X+c.W), max(maxY, c.Y+c.H)
			continue
		}
		x, y := c.X+c.W/2, c.Y+c.H/2
		minX, minY, maxX, maxY = min(minX, x-r), min(minY, y-r), max(maxX, x+r), max(maxY, y+r)
	}
	dx, dy := max(0, labelMargin-minX), max(0, -minY)
	for i := range lj.Cells {
		c := &lj.Cells[i]
		c.X, c.Y = c.X+dx, c.Y+dy
		c.R = [4]float64{round1(c.X), round1(c.Y), round1(c.W), round1(c.H)}
	}
	for i := range lj.Labels {
		l := &lj.Labels[i]
		if l.X >= labelMargin {
			l.X = round1(l.X + dx)
		}
		l.Y = round1(l.Y + dy)
	}
	lj.W, lj.H = max(lj.W+dx, maxX+dx), max(lj.H+dy, maxY+dy)
}
