// This file replays hand-written saved games of the Schoolbook seed's example
// games (testdata/zsg/schoolbook-*.zsg) against the corpus Schoolbook rule
// files and our own games/schoolbook.zrf.

package zrf

import (
	"os"
	"path/filepath"
	"testing"

	"zrun/vm"
)

// schoolbookCorpusDir holds Sam Trenholme's Schoolbook-a.zrf and -b.zrf.
var schoolbookCorpusDir = filepath.Join(corpusDir, "samboy+ChessVariantResearch", "Schoolbook", "Zillions")

// TestReplaySchoolbookSeedGames replays the two mates the Schoolbook seed
// (shared/seeds/000) gives — the fool's mate 1. f3 Ad6 2. Bf2?? Axh2# and
// David Paulowich's 1. e4 g6 2. f4 Kg7? 3. Bf2 Kh6?? 4. Bi5# — written by
// hand in Zillions' notation for each rule file (Schoolbook-a.zrf creates a
// hidden H piece on centre pawn moves; both corpus files and ours set the
// king's never-moved attribute, written "@ sq 0 0"). Each must replay
// exactly, write back byte for byte and end in the seed's mate.
func TestReplaySchoolbookSeedGames(t *testing.T) {
	tests := []struct {
		file, dir string
		loser     int // player index that is mated: 0 White, 1 Black
	}{
		{"schoolbook-fools-mate-a.zsg", schoolbookCorpusDir, 0},
		{"schoolbook-fools-mate-b.zsg", schoolbookCorpusDir, 0},
		{"schoolbook-fools-mate-ours.zsg", filepath.Join("..", "games"), 0},
		{"schoolbook-bishop-mate-a.zsg", schoolbookCorpusDir, 1},
		{"schoolbook-bishop-mate-b.zsg", schoolbookCorpusDir, 1},
		{"schoolbook-bishop-mate-ours.zsg", filepath.Join("..", "games"), 1},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			if _, err := os.Stat(tc.dir); err != nil {
				t.Skipf("Schoolbook rule files not available (%v): expected in %s", err, tc.dir)
			}
			_, s, r, err := replayTestdataIn(t, tc.file, tc.dir)
			if err != nil {
				t.Fatal(err)
			}
			if r.Loose != 0 {
				t.Errorf("%d moves matched only loosely", r.Loose)
			}
			var ml vm.MoveList
			if err := s.Generate(&ml); err != nil {
				t.Fatal(err)
			}
			o, err := s.Outcome(&ml)
			if err != nil {
				t.Fatal(err)
			}
			// Schoolbook-a.zrf has a third, dummy player, so a mate names
			// the loser, not a winner.
			if !o.Over || o.Loser != tc.loser || o.Reason != "checkmated" || len(ml.Moves) != 0 {
				t.Errorf("after the last move: outcome %+v with %d legal moves, want player %d checkmated", o, len(ml.Moves), tc.loser)
			}
		})
	}
}

// TestSchoolbookCastleBMarks checks the text of Schoolbook-b's Castle-b
// against the line issue 22 reports Zillions writing for it: the run sets
// never-moved? on d8, where no piece stands before or after the castling,
// and then on the king's b8, and Zillions writes both marks in that order.
// A replay matches lines by this text, so a missing mark stopped a replay of
// a save with this castling.
func TestSchoolbookCastleBMarks(t *testing.T) {
	path := filepath.Join(schoolbookCorpusDir, "Schoolbook-b.zrf")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("Schoolbook rule files not available (%v): expected in %s", err, schoolbookCorpusDir)
	}
	const zillions = "King f8 - b8 Rook a8 - c8 @ d8 0 0 @ b8 0 0"
	s := loadState(t, path, nil, "")
	if err := s.SetFEN("r4k3r/10/10/10/10/10/10/R4K3R b KQkq - 0 1"); err != nil {
		t.Fatal(err)
	}
	var ml vm.MoveList
	if err := s.Generate(&ml); err != nil {
		t.Fatal(err)
	}
	var texts []string
	for i := range ml.Moves {
		m := &ml.Moves[i]
		text := s.MoveString(m)
		texts = append(texts, text)
		if text != zillions {
			continue
		}
		if name := s.Game().Board.Positions; name[m.From].Name != "f8" || name[m.To].Name != "b8" {
			t.Errorf("%q is the move %s-%s, want the king's castling f8-b8", zillions, name[m.From].Name, name[m.To].Name)
		}
		return
	}
	t.Errorf("no move is written %q; the moves are %q", zillions, texts)
}
