// This file defines compiled move programs: a flat slice of fixed-width
// instructions with a source position for each.

package vm

import "sort"

// Program is the compiled form of one move or drop definition.
type Program struct {
	Name string // e.g. "Pawn moves #1"
	Code []Inst
	// Src holds the "file:line:col" of the statement each instruction came
	// from (SrcAt), in runs: consecutive instructions mostly come from one
	// statement, and a big file compiles to millions of instructions.
	Src []SrcRun
	// Lists holds the piece-type lists of (add T1 T2 ...) instructions.
	Lists [][]int32
	// fused is the code exec runs (scan.go).
	fused fusedCode
}

// SrcRun says that the instructions from PC up to the next run's (or the
// end) came from the statement at Src.
type SrcRun struct {
	PC  int
	Src string
}

// SrcAt returns the "file:line:col" of the statement instruction pc came
// from, or "" when the program does not say.
func (p *Program) SrcAt(pc int) string {
	i := sort.Search(len(p.Src), func(i int) bool { return p.Src[i].PC > pc }) - 1
	if i < 0 || pc >= len(p.Code) {
		return ""
	}
	return p.Src[i].Src
}

// SrcRuns turns the source of each instruction into runs (Program.Src).
func SrcRuns(src []string) []SrcRun {
	var runs []SrcRun
	for pc, s := range src {
		runs = AppendSrc(runs, pc, s)
	}
	return runs
}

// AppendSrc notes that instruction pc, emitted after those runs covers,
// came from src.
func AppendSrc(runs []SrcRun, pc int, src string) []SrcRun {
	if n := len(runs); n > 0 && runs[n-1].Src == src {
		return runs
	}
	return append(runs, SrcRun{PC: pc, Src: src})
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
