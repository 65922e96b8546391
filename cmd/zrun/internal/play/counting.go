// This file recognises pieces that stand for a number of seeds.

package play

import (
	"regexp"
	"strconv"

	"zrun/vm"
)

// countName is a counting piece's name: letters, then the number it stands
// for (P09).
var countName = regexp.MustCompile(`^([A-Za-z]+)([0-9]+)$`)

// CountingPieces finds pieces that stand for a number: at least three types
// named by one prefix and a number, as Zillions mancalas name a pit of
// seeds by its count (Toguz Kumalak's P01..P30). Front ends draw such a
// piece as its count. The result is the count per type, -1 for other types.
func CountingPieces(g *vm.Game) []int {
	out := make([]int, len(g.Pieces))
	family := map[string]int{}
	for t, pt := range g.Pieces {
		out[t] = -1
		if m := countName.FindStringSubmatch(pt.Name); m != nil {
			family[m[1]]++
		}
	}
	for t, pt := range g.Pieces {
		if m := countName.FindStringSubmatch(pt.Name); m != nil && family[m[1]] >= 3 {
			out[t], _ = strconv.Atoi(m[2])
		}
	}
	return out
}

// CountingPrefix is the letters before a counting piece's number ("P" of
// "P09"), "" for another name.
func CountingPrefix(name string) string {
	if m := countName.FindStringSubmatch(name); m != nil {
		return m[1]
	}
	return ""
}
