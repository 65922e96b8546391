package vm

// SpecKinds returns, for each block of piece type t, the kind of its
// specialised form: "hops", "slide", "loop", or "" for the interpreter.
func SpecKinds(g *Game, t int) []string {
	out := make([]string, len(g.Pieces[t].Moves))
	row := g.prep().specs
	if row == nil || row[t] == nil {
		return out
	}
	for b, sp := range row[t] {
		if sp != nil {
			out[b] = [...]string{"hops", "slide", "loop"}[sp.kind]
		}
	}
	return out
}
