// This file runs Fairy-Stockfish for a position's FEN.

package fsf

import (
	"context"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Path is where Fairy-Stockfish is, or "" when it is not installed (the
// Debian package puts it in /usr/games, which is not always on PATH).
func Path() string {
	if p, err := exec.LookPath("fairy-stockfish"); err == nil {
		return p
	}
	if p, err := exec.LookPath("/usr/games/fairy-stockfish"); err == nil {
		return p
	}
	return ""
}

var fenLine = regexp.MustCompile(`(?m)^Fen: (.*)$`)

// FEN returns the FEN Fairy-Stockfish prints after "position POSITION"
// (e.g. "startpos moves e2e4"), skipping the test when the program is
// not installed.
func FEN(t testing.TB, position string) string {
	t.Helper()
	path := Path()
	if path == "" {
		t.Skip("fairy-stockfish is not installed: cannot verify independently")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path)
	cmd.Stdin = strings.NewReader("uci\nposition " + position + "\nd\nquit\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	m := fenLine.FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("no Fen: line from Fairy-Stockfish:\n%s", out)
	}
	return strings.TrimSpace(m[1])
}
