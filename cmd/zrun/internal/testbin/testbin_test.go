package testbin

import (
	"os/exec"
	"strings"
	"testing"
)

// TestZrunBuildsAndRuns: Zrun gives a binary of the command that runs: it
// checks chess.zrf and reports the game the file declares, (title "Chess")
// on an 8x8 board, exiting 0.
func TestZrunBuildsAndRuns(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go tool on PATH to build the binary with")
	}
	if testing.Short() {
		t.Skip("building the binary takes a while; skipped with -short")
	}
	bin := Zrun(t)
	out, err := exec.Command(bin, "check", "../../../../games/chess.zrf").CombinedOutput()
	if err != nil {
		t.Fatalf("zrun check: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), `game "Chess": 64 positions (8x8)`) {
		t.Errorf("zrun check output:\n%s", out)
	}
}
