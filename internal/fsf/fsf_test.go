package fsf

import "testing"

// TestFEN: after 1. e4, Fairy-Stockfish gives the FEN the FIDE rules and
// every chess program write (the en passant square is written only when a
// capture there is legal, as Stockfish does).
func TestFEN(t *testing.T) {
	const want = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	if got := FEN(t, "startpos moves e2e4"); got != want {
		t.Errorf("FEN after e4: %q, want %q", got, want)
	}
}
