// This file defines the bench positions.

package benchpos

// Position is one bench position: a rule file (relative to the games
// directory for the default set), coordinate moves from its start (so
// that engines without a setboard, as Fairy-Max, can be given the same
// ones), and the search depth.
type Position struct {
	Name  string
	File  string
	Moves string
	Depth int
}

// Default is the standard set: chess, Capablanca and Schoolbook openings
// and middlegames, chosen so the whole bench takes seconds.
var Default = []Position{
	{"chess-start", "chess.zrf", "", 9},
	{"chess-ruy-lopez", "chess.zrf", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7", 8},
	{"capablanca-start", "capablanca.zrf", "", 8},
	{"capablanca-mid", "capablanca.zrf", "h1i3 h8i6 i3i6 j7i6 d2d4 i8h6 c1e3 c8d6 i1h3 f7f6 f2f3 e8h5", 7},
	{"capablanca-late", "capablanca.zrf", "h1i3 h8i6 i3i6 j7i6 d2d4 i8h6 c1e3 c8d6 i1h3 f7f6 f2f3 e8h5 e1i5 g8e6 i5h5 i6h5 d4d5 e6f5 b1d2 h6i4", 7},
	{"schoolbook-start", "schoolbook.zrf", "", 8},
}

// HashMB is the transposition table of every bench search: fixed, so the
// node counts do not depend on the machine.
const HashMB = 16
