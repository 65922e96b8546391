// This file defines the "piece" lines of an engine-defined variant: one per
// piece type whose moves a Betza string describes exactly.

package main

import "zrun/vm"

// pieceLines is empty until vm can describe a piece's moves in Betza
// (issue #10); XBoard then relies on the highlight answers alone.
func pieceLines(g *vm.Game) []string { return nil }
