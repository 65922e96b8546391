// This file checks zrun perft against the reference perft table with the
// shared perft_check.py tool (independent counts from Fairy-Stockfish and
// published tables).

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"zrun/cmd/zrun/internal/testbin"
)

const sharedDir = "../../../shared"

// buildZrun compiles the command once into a temporary directory.
func buildZrun(t *testing.T) string { return testbin.Zrun(t) }

func needShared(t *testing.T, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if _, err := os.Stat(filepath.Join(sharedDir, p)); err != nil {
			t.Skipf("reference data %s not found (../shared absent): %v", p, err)
		}
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed; perft_check.py cannot run")
	}
}

// perftMaxNodes skips perft.tsv rows with more nodes in the default run;
// "0" (the slow build, perft_slow_test.go) runs every row.
var perftMaxNodes = "5000000"

func TestPerftTable(t *testing.T) {
	needShared(t, "tools/perft_check.py", "perft/perft.tsv")
	bin := buildZrun(t)
	cases := []struct {
		variants string
		maxNodes string
	}{
		{"chess", perftMaxNodes},
		{"chess960", perftMaxNodes},
		{"capablanca,schoolbook", perftMaxNodes},
	}
	if testing.Short() {
		cases[0].maxNodes = "200000"
		cases[1].maxNodes = "200000"
	}
	for _, c := range cases {
		t.Run(c.variants, func(t *testing.T) {
			cmd := exec.Command("python3", filepath.Join(sharedDir, "tools/perft_check.py"),
				"--table", filepath.Join(sharedDir, "perft/perft.tsv"),
				"--cmd", bin+" perft --fen {fen} {game} {depth}",
				"--game-map", "chess=../../games/chess.zrf,chess960=../../games/chess960.zrf,capablanca=../../games/capablanca.zrf,schoolbook=../../games/schoolbook.zrf",
				"--variants", c.variants, "--max-nodes", c.maxNodes, "-j", "2", "--timeout", "300")
			out, err := cmd.CombinedOutput()
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			last := lines[len(lines)-1]
			t.Logf("%s (max %s nodes): %s", c.variants, c.maxNodes, last)
			if err != nil || !regexp.MustCompile(`^\d+ passed, 0 failed`).MatchString(last) {
				t.Fatalf("perft_check failed: %v\n%s", err, out)
			}
		})
	}
}
