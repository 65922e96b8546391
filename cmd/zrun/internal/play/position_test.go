package play

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSetPositionNotToMoveInCheck: FIDE 3.9 forbids leaving one's own king
// in check, so a position where the side not to move is in check (kings
// side by side, a rook on the open file of the king not to move) is
// reached by no game; SetPosition refuses it, with the reason, and keeps
// the game as it was (issue #42: the engine went on to capture the king).
// The same positions with the checked side to move are legal.
func TestSetPositionNotToMoveInCheck(t *testing.T) {
	cat, err := LoadCatalog([]string{filepath.Join("../../../../games", "chess.zrf")})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, fen, refused string // refused: in the error, "" for a legal position
	}{
		{"adjacent kings", "8/8/8/8/8/8/8/kK6 w - - 0 1", "Black is not to move but its King is attacked"},
		{"adjacent kings, black to move", "8/8/8/8/8/8/8/kK6 b - - 0 1", "White is not to move but its King is attacked"},
		{"rook checks black, white to move", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "Black is not to move"},
		{"rook checks black, black to move", "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", ""},
		{"rook blocked", "4k3/4p3/8/8/8/8/4R3/4K3 w - - 0 1", ""},
		{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := cat.Find("chess").NewGame(16, PlayerAlphaBeta)
			if err != nil {
				t.Fatal(err)
			}
			before, _ := g.S.FEN()
			err = g.SetPosition(tc.fen)
			after, _ := g.S.FEN()
			if tc.refused == "" {
				if err != nil || after != tc.fen {
					t.Errorf("SetPosition(%s): %v, position %s", tc.fen, err, after)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.refused) {
				t.Errorf("SetPosition(%s) = %v, want an error saying %q", tc.fen, err, tc.refused)
			}
			if after != before {
				t.Errorf("refused position changed the game: %s, was %s", after, before)
			}
		})
	}
}
