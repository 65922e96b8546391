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
