// This file checks a chess game Zillions saved against Fairy-Stockfish.

package play

import (
	"os"
	"strings"
	"testing"

	"zrun/internal/fsf"
)

// TestReplayZillionsChessFEN replays a chess game Zillions saved (from the
// corpus) and checks the final position against Fairy-Stockfish playing the
// same moves.
func TestReplayZillionsChessFEN(t *testing.T) {
	game := "../../../../../shared/zrf-corpus/samboy+ChessVariantResearch/_history/Congo/Games/Chess1-7ply.zsg"
	if _, err := os.Stat(game); err != nil {
		t.Skipf("corpus game absent: %v", err)
	}
	sv, err := LoadSaved(game, "../../../../games/chess.zrf", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := sv.Start.Clone()
	var coords []string
	for i := range sv.Replay.Moves {
		coords = append(coords, s.CoordString(&sv.Replay.Moves[i]))
		if err := s.Make(&sv.Replay.Moves[i]); err != nil {
			t.Fatal(err)
		}
	}
	ours, err := sv.End.FEN()
	if err != nil {
		t.Fatal(err)
	}
	if theirs := fsf.FEN(t, "startpos moves "+strings.Join(coords, " ")); theirs != ours {
		t.Errorf("after %d moves: our FEN %s, Fairy-Stockfish %s", len(coords), ours, theirs)
	}
}
