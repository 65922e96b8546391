package play

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzSetPositionIDs: any text gives the position it names or an error,
// never a panic, and an error leaves the game as it was. Kamisado (dressed
// IDs past the alphabet) when the corpus is there, else chess.
func FuzzSetPositionIDs(f *testing.F) {
	f.Add("8/ob1kyzB'b'/2p3g'1/8/8/8/8/4K3/1G'ZY1PBO w - - 0 4")
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	f.Add("8/8/8/8/8/8/8/8[B'b!] b - - 0 1")
	f.Add("9/X!/'''/*8/+~ w")
	f.Add("")
	file := "../../../../../shared/zrf-corpus/Kamisado/kamisado.zrf"
	if _, err := os.Stat(file); err != nil {
		file = filepath.Join(gamesDir, "chess.zrf")
	}
	g, err := Open(file, "")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		before := g.S.Hash()
		if err := g.SetPositionIDs(fen); err != nil && g.S.Hash() != before {
			t.Fatalf("%q: refused (%v) but the position changed", fen, err)
		}
	})
}
