// This file tests the search adapter's move generation: pseudo-legal moves
// with the illegal ones rejected in Make must count what the published perft
// table counts.

package eval_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"zrun/engine/eval"
)

// TestPseudoLegalPerft counts perft through the search adapter, which
// generates pseudo-legal moves and rejects illegal ones in Make, and compares
// with the shared perft table (published counts and Fairy-Stockfish's).
func TestPseudoLegalPerft(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(sharedDir, "perft/perft.tsv"))
	if err != nil {
		t.Skipf("perft table not found (../shared absent?): %v", err)
	}
	files := map[string]string{"chess": "chess.zrf", "capablanca": "capablanca.zrf", "schoolbook": "schoolbook.zrf"}
	rows := 0
	for _, line := range strings.Split(string(data), "\n")[1:] {
		f := strings.Split(line, "\t")
		if len(f) < 5 || files[f[1]] == "" {
			continue
		}
		depth, _ := strconv.Atoi(f[3])
		nodes, _ := strconv.ParseUint(f[4], 10, 64)
		if nodes > 100000 || depth < 2 {
			continue
		}
		rows++
		t.Run(f[0]+"/"+f[3], func(t *testing.T) {
			s, err := tunedState(filepath.Join("../../games", files[f[1]]), "", f[2])
			if err != nil {
				t.Fatal(err)
			}
			pos, err := eval.PositionFor(s)
			if err != nil {
				t.Fatal(err)
			}
			if !pos.PseudoLegal() {
				t.Fatal("the adapter should generate pseudo-legal moves for a game with royal pieces")
			}
			if got := adapterPerft(pos, depth); got != nodes {
				t.Errorf("%s depth %d: %d nodes, want %d", f[2], depth, got, nodes)
			}
		})
	}
	if rows == 0 {
		t.Fatal("no perft rows for chess, capablanca or schoolbook")
	}
}

func adapterPerft(pos *eval.Position, depth int) uint64 {
	var n uint64
	for _, m := range pos.Generate(nil) {
		if !pos.Make(m) {
			continue
		}
		if depth == 1 {
			n++
		} else {
			n += adapterPerft(pos, depth-1)
		}
		pos.Unmake()
	}
	return n
}
