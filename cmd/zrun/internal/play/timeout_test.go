package play

import (
	"path/filepath"
	"testing"
)

// FIDE Laws 6.9: the flag's fall loses, unless the opponent cannot
// checkmate by any series of legal moves (a lone king; or both sides'
// material dead), which is a draw; a lone king with a pawn can still be
// mated (helped by the other side), so that is a loss.
func TestTimeOut(t *testing.T) {
	for _, tc := range []struct {
		fen, want string
		draw      bool
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Black wins on time (White's time ran out)", false},
		{"4k3/8/8/8/8/8/8/QR2K3 w - - 0 1", "Draw: White's time ran out, but Black has only its king left and cannot win", true},
		{"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", "Draw: White's time ran out, but neither side has the material to win", true},
		{"4k3/4p3/8/8/8/8/8/QR2K3 w - - 0 1", "Black wins on time (White's time ran out)", false},
		{"4k3/8/8/8/8/8/8/4K2R b - - 0 1", "White wins on time (Black's time ran out)", false},
	} {
		g, err := Open(filepath.Join("..", "..", "..", "..", "games", "chess.zrf"), "")
		if err != nil {
			t.Fatal(err)
		}
		if err := g.SetFEN(tc.fen); err != nil {
			t.Fatal(err)
		}
		got, draw := g.TimeOut(g.S.Chooser())
		if got != tc.want || draw != tc.draw {
			t.Errorf("%s: %q (draw %v), want %q", tc.fen, got, draw, tc.want)
		}
	}
}
