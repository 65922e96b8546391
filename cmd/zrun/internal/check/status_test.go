package check

import (
	"testing"
	"time"

	"zrun/vm/playout"
)

// TestStatusCommand: the table's header gives the command that rebuilds it
// with the settings of its run, defaults left out.
func TestStatusCommand(t *testing.T) {
	for _, tc := range []struct {
		opt  playout.Options
		jobs int
		want string
	}{
		{playout.Options{Playouts: 3, Seed: 1, MaxMoves: playout.DefaultMaxMoves, Budget: 10 * time.Second}, 2,
			"go run ./cmd/zrun check --play 3 --time 10s -j 2 --status docs/corpus-status.md ../shared/zrf-corpus"},
		{playout.Options{Playouts: 100, Seed: 7, MaxMoves: 300}, 1,
			"go run ./cmd/zrun check --play 100 --seed 7 --cap 300 --status docs/corpus-status.md ../shared/zrf-corpus"},
	} {
		if got := StatusCommand("../shared/zrf-corpus", "docs/corpus-status.md", tc.opt, tc.jobs); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}
