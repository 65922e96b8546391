//go:build slow

// This file defines the deep perft rows (more than maxNodes nodes), run with
// `go test -tags slow ./fmaxini`.

package fmaxini

import "testing"

func TestPerftTableSlow(t *testing.T) {
	runPerftTable(t, maxNodes, 30000000)
}
