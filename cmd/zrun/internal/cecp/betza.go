// This file defines the "piece" lines of an engine-defined variant: the
// Betza string describe.Piece derives from each piece's move programs,
// for the pieces whose moves it describes exactly and whose moves differ
// from what XBoard already assumes for the image the piece is drawn with.
// Pieces it cannot describe exactly are drawn with a wildcard image and
// get no line: a wrong Betza string would override XBoard's legality
// checks (protocols.md §1.4, Fairy-Stockfish #192), and the highlight
// answers tell XBoard their moves instead. There are two wildcard images;
// a game with more such pieces (Kamisado's dragons move forward like a
// Queen, but only the one whose colour the last move landed on) gets
// describe's approximate Betza for the others, which XBoard then judges
// zrun's moves by: without it XBoard would judge them by whatever piece
// the image is, and forfeit zrun for a dragon's first move. The user's
// moves stay limited to the squares zrun highlights.

package cecp

import (
	"slices"
	"strings"

	"zrun/vm"
	"zrun/vm/describe"
)

// xboardBuiltin is the Betza XBoard gives each image it knows by itself.
// A pawn's en passant and promotion come with XBoard's own pawn, which a
// probe of one pawn on an empty board cannot see, so a pawn that moves like
// the orthodox one keeps XBoard's rules rather than a line without "e".
var xboardBuiltin = map[byte][]string{
	'P': {"fmWfcFifmnD", "fmWfceFifmnD"},
	'N': {"N"}, 'B': {"B"}, 'R': {"R"}, 'Q': {"Q"}, 'K': {"K"},
	'A': {"BN"}, 'C': {"RN"}, 'F': {"F"}, 'W': {"W"}, 'E': {"A"}, 'M': {"K"},
}

// pieceLines returns "piece X& BETZA" for each piece type of g as drawn
// by the piece-to-char table ptc (white half first).
func pieceLines(g *vm.Game, ptc string) []string {
	var lines []string
	slots := ptcSlots(ptc)
	var wildSlots []int
	for _, w := range []byte(wildcardImages) {
		wildSlots = append(wildSlots, strings.IndexByte(xboardImages, w))
	}
	for t := range g.Pieces {
		letter := strings.ToUpper(pieceLetter(g, t))
		slot := slices.Index(slots, letter)
		if slot < 0 {
			continue
		}
		d := describe.Piece(g, t)
		if d.Betza == "" {
			continue
		}
		if !d.Exact && (isRoyalLetter(g, letter) || slices.Contains(wildSlots, slot)) {
			continue
		}
		var img byte // an image beyond the first 22: XBoard assumes no moves we know
		if slot < len(xboardImages)-1 {
			img = xboardImages[slot]
		}
		if slot == len(slots)-1 {
			img = 'K' // the last slot of each half is the King
		}
		betza := xboardBetza(d.Betza)
		known := false
		for _, b := range xboardBuiltin[img] {
			known = known || b == betza
		}
		if !known {
			lines = append(lines, "piece "+letter+"& "+betza)
		}
	}
	return lines
}

// xboardBetza rewrites a Betza string for XBoard's reader. describe
// merges a W and an F move with the same modifiers into K (R and B into
// Q): "fK" is its forward step straight and both forward diagonal steps.
// XBoard reads a lone direction on K or Q the narrow way: fK and fQ go
// straight forward only (moves.c, MovesFromString: "when alone, use
// narrow version"), so XBoard forfeited a Kamisado dragon ("fmQ") for its
// forward diagonal slide. A K or Q with directions is therefore written
// as its W and F parts (R and B), each with the same modifiers; the range
// suffix stays with both ("fmQ3" is "fmR3fmB3"). Other atoms, and K or Q
// without directions, stay as they are.
func xboardBetza(betza string) string {
	var b strings.Builder
	for i := 0; i < len(betza); {
		// One move: lower-case modifiers, the upper-case atom, digits.
		j := i
		for j < len(betza) && betza[j] >= 'a' && betza[j] <= 'z' {
			j++
		}
		mods := betza[i:j]
		atom := j
		if j < len(betza) {
			j++
		}
		for j < len(betza) && betza[j] >= '0' && betza[j] <= '9' {
			j++
		}
		move, rng := betza[i:j], ""
		if atom < j {
			rng = betza[atom+1 : j]
		}
		i = j
		if atom >= len(betza) || (betza[atom] != 'K' && betza[atom] != 'Q') {
			b.WriteString(move)
			continue
		}
		// The directions follow the initial-move marks ("ifK").
		k := 0
		for k < len(mods) && mods[k] == 'i' {
			k++
		}
		d := k
		for d < len(mods) && strings.IndexByte("fblrvs", mods[d]) >= 0 {
			d++
		}
		if d == k {
			b.WriteString(move)
			continue
		}
		orth, diag := "W", "F"
		if betza[atom] == 'Q' {
			orth, diag = "R", "B"
		}
		if betza[atom] == 'K' && rng != "" {
			orth, diag = "R", "B" // K3 is a three-step ride
		}
		b.WriteString(mods + orth + rng + mods + diag + rng)
	}
	return b.String()
}
