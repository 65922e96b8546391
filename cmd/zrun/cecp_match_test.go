// This file defines the CECP integration test: a short match of "zrun
// xboard" against Fairy-Max through the shared match runner, which must end
// without protocol errors (illegal or rejected moves, hangs, crashes). It
// runs only with "go test ./cmd/zrun -run Match -args -slow" and skips when
// Fairy-Max, python3 or /work/shared is missing.

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const (
	fairyMax   = "/usr/games/fairymax"
	matchTool  = "../../../shared/tools/cecp_match.py"
	matchGames = "2"
	matchLevel = "40 0:10 1"
)

// matchProblem matches per-game reasons that mean a protocol failure rather
// than a game lost over the board.
var matchProblem = regexp.MustCompile(`(?i)illegal|rejected|hung|died|aborted|broken pipe|exit`)

func TestMatchAgainstFairyMax(t *testing.T) {
	if !*slowSelfPlay {
		t.Skip("integration match: run with -args -slow")
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	for _, p := range []string{fairyMax, matchTool} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not found", p)
		}
	}
	bin := buildZrun(t)
	game, err := filepath.Abs("../../games/capablanca.zrf")
	if err != nil {
		t.Fatal(err)
	}
	logFile := filepath.Join(t.TempDir(), "match.log")
	cmd := exec.Command(py, matchTool, "-1", bin+" xboard "+game, "-2", fairyMax,
		"-v", "capablanca", "-n", matchGames, "--level", matchLevel, "--log", logFile)
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("match runner: %v", err)
	}
	games := 0
	for _, l := range strings.Split(string(out), "\n") {
		if !strings.HasPrefix(l, "Game ") {
			continue
		}
		games++
		if matchProblem.MatchString(l) {
			t.Errorf("protocol problem: %s (transcript %s)", l, logFile)
		}
	}
	if games != 2 || !strings.Contains(string(out), "Score of zrun vs ") {
		t.Fatalf("match did not finish %s games", matchGames)
	}
}
