// This file runs Fairy-Stockfish for a position's FEN.

package fsf

import (
	"bufio"
	"context"
	"io"
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

// Search runs one UCI search: the options (setoption lines, e.g.
// "MultiPV value 3"), then "position POSITION" and goCmd ("go depth 12");
// each line Fairy-Stockfish prints goes to each until its bestmove. The
// test is skipped when the program is not installed.
func Search(t testing.TB, options []string, position, goCmd string, each func(line string)) {
	t.Helper()
	path := Path()
	if path == "" {
		t.Skip("fairy-stockfish is not installed: cannot verify independently")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer in.Close()
	// Standard input stays open until bestmove: "quit" right after "go"
	// would end the search before it reports.
	io.WriteString(in, "uci\n")
	for _, o := range options {
		io.WriteString(in, "setoption name "+o+"\n")
	}
	io.WriteString(in, "isready\nposition "+position+"\n"+goCmd+"\n")
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		line := sc.Text()
		each(line)
		if strings.HasPrefix(line, "bestmove") {
			io.WriteString(in, "quit\n")
			return
		}
	}
	t.Fatalf("Fairy-Stockfish ended without bestmove (%v)", ctx.Err())
}
