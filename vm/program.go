// This file defines compiled move programs: a flat slice of fixed-width
// instructions with a source position for each.

package vm

// Program is the compiled form of one move or drop definition.
type Program struct {
	Name string // e.g. "Pawn moves #1"
	Code []Inst
	// Src[i] is the "file:line:col" of the statement instruction i came from.
	Src []string
	// Lists holds the piece-type lists of (add T1 T2 ...) instructions.
	Lists [][]int32
}

// ReadsLastMove reports whether the program looks at the previous move
// (last-from?, last-to?, or a go to one of its squares).
func (p *Program) ReadsLastMove() bool {
	for _, in := range p.Code {
		if in.Op == OpLastFrom || in.Op == OpLastTo || (in.Op == OpGo && (in.A == GoLastFrom || in.A == GoLastTo)) {
			return true
		}
	}
	return false
}
