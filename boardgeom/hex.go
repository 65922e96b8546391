// This file recognises boards of hexagons among those drawn as points,
// shades them, fits them into the board's area and gives their outlines.

package boardgeom

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
// board, two to a row) are left out, as long as a third of the cells are
// on it. It returns the hexagons' orientation ("flat" when neighbours stand
// above each other, "pointy" when beside each other), their circumradius
// in layout units, per cell its shade, 0 to 2, so that neighbours differ
// as on hex chess boards, or -1 off the lattice, and per cell on the
// lattice its centre snapped to the exact lattice.
func hexTiling(cells []Cell) (orient string, radius float64, shades []int, centres [][2]float64, ok bool) {
	n := len(cells)
	if n < 7 || n > 800 {
		return "", 0, nil, nil, false
	}
	cx := make([]float64, n)
	cy := make([]float64, n)
	for i, c := range cells {
		cx[i], cy[i] = c.Centre()
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
		if orient, radius, shades, centres, ok = hexLattice(cx, cy, d); ok {
			return orient, radius, shades, centres, true
		}
	}
	return "", 0, nil, nil, false
}

// hexLattice tests the centres for a hexagonal lattice of step d (see
// hexTiling).
func hexLattice(cx, cy []float64, d float64) (orient string, radius float64, shades []int, centres [][2]float64, ok bool) {
	n := len(cx)
	// Each neighbour step's angle modulo 60 degrees is near 0 (neighbours
	// beside each other), near 30 (above each other) or neither; the
	// lattice's offset is the one most steps have.
	type step struct{ i, j, kind, axis int } // kind: 0, 30 or -1; axis: 0-2 (angle mod 180 / 60)
	var steps []step
	votes := map[int]int{}
	for i := range n {
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
	for i := range n {
		if !off[i] {
			onLattice++
			most = max(most, neighbours[i])
		}
	}
	if most != 6 || 3*onLattice < n || onLattice < 7 {
		return "", 0, nil, nil, false
	}
	orient = "pointy"
	if theta == 30 {
		orient = "flat"
	}
	// Lattice coordinates along two neighbour steps 60 degrees apart give
	// the three colours: the steps change (i - j) mod 3 by 1, -1 or -2.
	// They also place the cell exactly on the lattice: files whose
	// rectangles are whole pixels put Glinski's vertical neighbours 80
	// units apart and its diagonal ones 79.4, so hexagons of one size
	// would overlap one way and gape the other.
	rad := float64(theta) * math.Pi / 180
	ax, ay := d*math.Cos(rad), d*math.Sin(rad)
	bx, by := d*math.Cos(rad+math.Pi/3), d*math.Sin(rad+math.Pi/3)
	det := ax*by - ay*bx
	origin := -1
	shades = make([]int, n)
	centres = make([][2]float64, n)
	for k := range n {
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
		centres[k] = [2]float64{cx[origin] + i*ax + j*bx, cy[origin] + i*ay + j*by}
	}
	return orient, d / math.Sqrt(3), shades, centres, true
}

// fitHexagons moves the cells (and the file labels below them) so that
// the hexagons, wider than the cells the layout gave, stay inside the
// board's area right of the rank labels, and grows the area to hold them.
func (l *Layout) fitHexagons() {
	r := l.HexR
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range l.Cells {
		if c.Shade < 0 {
			minX, minY, maxX, maxY = min(minX, c.X), min(minY, c.Y), max(maxX, c.X+c.W), max(maxY, c.Y+c.H)
			continue
		}
		x, y := c.Centre()
		minX, minY, maxX, maxY = min(minX, x-r), min(minY, y-r), max(maxX, x+r), max(maxY, y+r)
	}
	dx, dy := max(0, l.Margin-minX), max(0, -minY)
	for i := range l.Cells {
		l.Cells[i].X += dx
		l.Cells[i].Y += dy
	}
	for i := range l.Labels {
		lb := &l.Labels[i]
		if lb.X >= l.Margin {
			lb.X += dx
		}
		lb.Y += dy
	}
	l.W, l.H = max(l.W+dx, maxX+dx), max(l.H+dy, maxY+dy)
}

// HexCorners is the outline of c's hexagon on a hex layout: flat-topped
// hexagons have corners at 0, 60, ... degrees from the centre,
// pointy-topped ones at 30, 90, ... (y downwards).
func (l *Layout) HexCorners(c Cell) [6][2]float64 {
	cx, cy := c.Centre()
	start := 30.0
	if l.Hex == "flat" {
		start = 0
	}
	var pts [6][2]float64
	for k := range pts {
		a := (start + 60*float64(k)) * math.Pi / 180
		pts[k] = [2]float64{cx + l.HexR*math.Cos(a), cy + l.HexR*math.Sin(a)}
	}
	return pts
}
