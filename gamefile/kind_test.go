package gamefile

import "testing"

// TestKindOf: the reader is chosen by extension in any case (Zillions'
// files come from Windows, where CHESS.ZRF is Chess.zrf); .inc files are
// Zillions includes (the Zillions manual's "include" keyword), loadable but
// not games on their own.
func TestKindOf(t *testing.T) {
	for _, c := range []struct {
		path string
		kind Kind
		game bool
	}{
		{"games/chess.zrf", ZRF, true},
		{`C:\Zillions\Rules\CHESS.ZRF`, ZRF, true},
		{"pieces.inc", ZRF, false},
		{"fmax.ini", Ini, true},
		{"FMAX.INI", Ini, true},
		{"chess.zsg", Unknown, false},
		{"chess.values", Unknown, false},
		{"README", Unknown, false},
		{"zrf", Unknown, false},
	} {
		if got := KindOf(c.path); got != c.kind {
			t.Errorf("KindOf(%q) = %v, want %v", c.path, got, c.kind)
		}
		if got := IsGameFile(c.path); got != c.game {
			t.Errorf("IsGameFile(%q) = %v, want %v", c.path, got, c.game)
		}
	}
}
