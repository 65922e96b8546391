package play

import (
	"path/filepath"
	"testing"

	"zrun/engine"
)

// TestSetHashClamped: every front end sets the table size through
// SetHash; whatever it passes, the size kept is engine.ClampHashMB's (a
// front end that forgot to clamp must not reach the allocation with
// 999999999 MB, issue #42).
func TestSetHashClamped(t *testing.T) {
	cat, err := LoadCatalog([]string{filepath.Join("../../../../games", "chess.zrf")})
	if err != nil {
		t.Fatal(err)
	}
	limit, _ := engine.ClampHashMB(engine.MaxHashMB)
	tests := []struct{ mb, want int }{
		{16, 16},
		{999999999, limit},
		{-3, 1},
	}
	for _, tc := range tests {
		g, err := cat.Find("chess").NewGame(16, PlayerAlphaBeta)
		if err != nil {
			t.Fatal(err)
		}
		g.SetHash(tc.mb)
		if got := g.Hash(); got != tc.want {
			t.Errorf("SetHash(%d): %d MB kept, want %d", tc.mb, got, tc.want)
		}
	}
}
