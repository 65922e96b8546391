// This file defines the REPL tests: transcripts in testdata/repl/*.txt run
// through a script-mode session (one expected output block per input line),
// the "zrun FILE < script" path of the built binary, and a real terminal
// session in tmux.

package repl

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"zrun/cmd/zrun/internal/testbin"
)

// transcript is a parsed testdata/repl file:
//
//	file: ../../games/chess.zrf     the rule file (optional "variant: NAME")
//	status: 1                       the expected exit status (default 0)
//	> INPUT                         an input line...
//	OUTPUT                          ...and the exact output it must produce
type transcript struct {
	file, variant string
	status        int
	steps         []step
}

type step struct {
	input string
	want  []string
}

func parseTranscript(t *testing.T, path string) transcript {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var tr transcript
	for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "> "):
			tr.steps = append(tr.steps, step{input: line[2:]})
		case len(tr.steps) > 0:
			st := &tr.steps[len(tr.steps)-1]
			st.want = append(st.want, line)
		case strings.HasPrefix(line, "file: "):
			tr.file = strings.TrimPrefix(line, "file: ")
		case strings.HasPrefix(line, "variant: "):
			tr.variant = strings.TrimPrefix(line, "variant: ")
		case strings.HasPrefix(line, "status: "):
			tr.status = int(line[len("status: ")] - '0')
		}
	}
	if tr.file == "" || len(tr.steps) == 0 {
		t.Fatalf("%s: no file: line or no input", path)
	}
	return tr
}

// TestTranscripts runs each transcript line by line, so a mismatch names the
// input that produced it.
func TestTranscripts(t *testing.T) {
	t.Chdir("../..") // transcripts name files relative to cmd/zrun
	paths, _ := filepath.Glob("internal/repl/testdata/*.txt")
	if len(paths) == 0 {
		t.Fatal("no transcripts")
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			tr := parseTranscript(t, path)
			if _, err := os.Stat(tr.file); err != nil && strings.Contains(tr.file, "shared/") {
				t.Skipf("corpus file absent: %v", err)
			}
			var out bytes.Buffer
			r, err := New(tr.file, tr.variant, &out, false, false)
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range tr.steps {
				out.Reset()
				r.Exec(st.input)
				got := strings.TrimRight(out.String(), "\n")
				if want := strings.Join(st.want, "\n"); got != want {
					t.Errorf("> %s\ngot:\n%s\nwant:\n%s", st.input, got, want)
				}
			}
			status := 0
			if r.failed {
				status = 1
			}
			if status != tr.status {
				t.Errorf("exit status %d, want %d", status, tr.status)
			}
		})
	}
}

// TestScriptBinary runs "zrun FILE < script" (no terminal): no prompt, the
// transcript's output, and exit status 1 once a command failed; standard
// error says how to see the board.
func TestScriptBinary(t *testing.T) {
	t.Chdir("../..") // transcripts name files relative to cmd/zrun
	bin := testbin.Zrun(t)
	for _, name := range []string{"foolsmate_san.txt", "illegal.txt"} {
		tr := parseTranscript(t, filepath.Join("internal/repl/testdata", name))
		var in, want strings.Builder
		for _, st := range tr.steps {
			in.WriteString(st.input + "\n")
			for _, w := range st.want {
				want.WriteString(w + "\n")
			}
		}
		cmd := exec.Command(bin, tr.file)
		cmd.Stdin = strings.NewReader(in.String())
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if !strings.Contains(stderr.String(), `"board" shows the position`) {
			t.Errorf("%s: standard error %q does not say how to see the board", name, stderr.String())
		}
		status := 0
		if ee, ok := err.(*exec.ExitError); ok {
			status = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if string(out) != want.String() {
			t.Errorf("%s: output\n%s\nwant\n%s", name, out, want.String())
		}
		if status != tr.status {
			t.Errorf("%s: exit status %d, want %d", name, status, tr.status)
		}
	}
}

// TestTmux plays in a real terminal: liner's prompt, a move, an engine
// reply and tab completion must all appear on the screen.
func TestTmux(t *testing.T) {
	t.Chdir("../..") // transcripts name files relative to cmd/zrun
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not installed")
	}
	bin := testbin.Zrun(t)
	cache := t.TempDir()
	tmux, screen, waitFor := startTmux(t, 100, 50, "env", "XDG_CACHE_HOME="+cache, "NO_COLOR=1", bin, "../../games/chess.zrf")
	waitFor("White 1>")
	tmux("send-keys", "-t", "zrun", "level depth 3", "Enter")
	waitFor("Level: depth 3")
	tmux("send-keys", "-t", "zrun", "e2e4", "Enter")
	waitFor("White plays e4 (e2e4, Pawn e2 - e4)")
	tmux("send-keys", "-t", "zrun", "go", "Enter")
	waitFor("Black plays ")
	waitFor("White 2>")
	// "vari" completes to the common prefix of variant and variants; a
	// second Tab after "N" prints the knight moves; "Nh" completes to the
	// only such move.
	tmux("send-keys", "-t", "zrun", "vari", "Tab")
	waitFor("White 2> variant")
	tmux("send-keys", "-t", "zrun", "C-u", "N", "Tab", "Tab")
	waitFor("Ne2")
	tmux("send-keys", "-t", "zrun", "C-u", "Nh", "Tab")
	s := waitFor("White 2> Nh3")
	tmux("send-keys", "-t", "zrun", "Enter")
	s = waitFor("White plays Nh3")
	for _, want := range []string{"♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜", "a b c d e f g h", "info depth"} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, s)
		}
	}
	// Ctrl-C stops a long search and the session goes on with the
	// position it had before the search.
	tmux("send-keys", "-t", "zrun", "fen", "Enter")
	before := fenLine(waitFor(" b KQkq - "))
	if before == "" {
		t.Fatalf("no FEN line on screen")
	}
	tmux("send-keys", "-t", "zrun", "level time 60", "Enter")
	waitFor("Level: 60 s per move")
	tmux("send-keys", "-t", "zrun", "go", "Enter")
	waitFor("info depth 2")
	tmux("send-keys", "-t", "zrun", "C-c")
	waitFor("Error: search stopped")
	tmux("send-keys", "-t", "zrun", "fen", "Enter")
	last := screen()
	for deadline := time.Now().Add(10 * time.Second); strings.Count(last, before) < 2; last = screen() {
		if time.Now().After(deadline) {
			t.Fatalf("position changed by the stopped search: want %q again after the stop; screen:\n%s", before, last)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Ctrl-C stops perft 9 (hours of counting) within a second, and the
	// position is the one before it.
	tmux("send-keys", "-t", "zrun", "perft 9", "Enter")
	time.Sleep(500 * time.Millisecond)
	tmux("send-keys", "-t", "zrun", "C-c")
	stopAt := time.Now()
	waitFor("Error: stopped (Ctrl-C)")
	if d := time.Since(stopAt); d > time.Second {
		t.Errorf("perft 9 took %v to stop after Ctrl-C", d)
	}
	tmux("send-keys", "-t", "zrun", "fen", "Enter")
	after := func(s string) string { _, rest, _ := strings.Cut(s, "Error: stopped (Ctrl-C)"); return rest }
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(after(last), before); last = screen() {
		if time.Now().After(deadline) {
			t.Fatalf("position changed by the stopped perft: want %q again; screen:\n%s", before, last)
		}
		time.Sleep(100 * time.Millisecond)
	}
	tmux("send-keys", "-t", "zrun", "C-d")
	if _, err := os.Stat(filepath.Join(cache, "zrun", "history")); err != nil {
		time.Sleep(300 * time.Millisecond)
		if _, err := os.Stat(filepath.Join(cache, "zrun", "history")); err != nil {
			t.Errorf("history not saved: %v", err)
		}
	}
	if os.Getenv("ZRUN_SHOW_SCREEN") != "" {
		t.Logf("screen:\n%s", last)
	}
}

// fenLine returns the last screen line that looks like a FEN (eight ranks).
func fenLine(screen string) string {
	found := ""
	for _, l := range strings.Split(screen, "\n") {
		l = strings.TrimSpace(l)
		if strings.Count(l, "/") == 7 && strings.Contains(l, " KQkq ") {
			found = l
		}
	}
	return found
}

// TestTmuxBoards draws the boards of every kind in a real terminal (with
// colours and Unicode on): mancala pits with counts, 3-D levels and
// several grids side by side, hexagonal and position-by-position boards,
// and Tic-Tac-Toe played by typing a square. The lines looked for follow
// the rule files' geometry (see the board_*.txt transcripts).
func TestTmuxBoards(t *testing.T) {
	t.Chdir("../..")
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not installed")
	}
	const corpus = "../../../shared/zrf-corpus/"
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("corpus absent: %v", err)
	}
	bin := testbin.Zrun(t)
	games := []struct {
		file, prompt string
		keys         []string
		want         []string
	}{
		{"ToguzKumalak/ToguzKumalak.zrf", "South 1>", []string{"a1"},
			[]string{"2  9  9  9  9  9  9  9  9  9", "1  1  10 10 10 10 10 10 10 10", "Store a10-u7: empty"}},
		{"DagazProject+DagazProject.github.io/checkmate/zrf/raumschach.zrf", "White 1>", []string{"board"},
			[]string{"Level A        Level B        Level C        Level D        Level E"}},
		{"DagazProject+DagazProject.github.io/morris/zrf/3d-morris.zrf", "Blue 1>", []string{"e2"},
			[]string{"2  . . .   2  . S .   2  . . .", "   a b c      d e f      g h i"}},
		{"DagazProject+DagazProject.github.io/checkmate/zrf/hexes.zrf", "White 1>", []string{"board"},
			[]string{"    ♚   ♝", "  ♛   ♝   ♜", "a13 c13 e13"}},
		{"Ur/Ur.zrf", "White 1>", []string{"board"},
			[]string{"y0    a30 b30 c30 d30         g30 h30     B"}},
		// After White's move the dice (Zillions' random player ?Dice)
		// choose: the first such prompt says what the "?" means.
		{"Ur/Ur.zrf", "White 1>", []string{"go"},
			[]string{`A name starting with "?" (?Dice) is a random player`, "?Dice 1>"}},
		// QXO's x1..x9 look like counts, but every grid starts empty:
		// each is drawn (not listed as a store), the marks as digits.
		{"QXO/QXO.zrf", "X 1>", []string{"e5"},
			[]string{"9  . . . . . . . . .", "   a b c d e f g h i      A B C", "O 1>"}},
		{"_embedded/TicTacToe-zillions-v2.zrf", "X 1>", []string{"b2"},
			[]string{"middle-  .      X      .", "X plays M@middle-middle"}},
	}
	for i, gm := range games {
		tmux, _, waitFor := startTmux(t, 120, 60, "env", "XDG_CACHE_HOME="+t.TempDir(), bin, corpus+gm.file)
		waitFor(gm.prompt)
		for _, k := range gm.keys {
			tmux("send-keys", "-t", "zrun", k, "Enter")
		}
		var s string
		for _, w := range gm.want {
			s = waitFor(w)
		}
		if dir := os.Getenv("ZRUN_TMUX_OUT"); dir != "" {
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("board-%d.txt", i)), []byte(s), 0o644)
		}
		tmux("kill-server")
	}
}

// startTmux runs a command in a new tmux server of its own, w x h
// characters; it returns tmux itself, the screen's text, and a wait for a
// text on the screen (the test fails after 15 s). The server ends with
// the test.
func startTmux(t *testing.T, w, h int, cmd ...string) (tmux func(args ...string) string, screen func() string, waitFor func(what string) string) {
	sock := filepath.Join(t.TempDir(), "tmux.sock")
	tmux = func(args ...string) string {
		out, err := exec.Command("tmux", append([]string{"-S", sock}, args...)...).CombinedOutput()
		if err != nil && args[0] != "kill-server" {
			t.Fatalf("tmux %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	tmux(append([]string{"new-session", "-d", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), "-s", "zrun"}, cmd...)...)
	t.Cleanup(func() { exec.Command("tmux", "-S", sock, "kill-server").Run() })
	screen = func() string { return tmux("capture-pane", "-p", "-t", "zrun") }
	waitFor = func(what string) string {
		deadline := time.Now().Add(15 * time.Second)
		for {
			s := screen()
			if strings.Contains(s, what) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("%q did not appear; screen:\n%s", what, s)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	return tmux, screen, waitFor
}

// TestSetboardNotToMoveInCheck: setboard refuses a position where the side
// not to move is in check (FIDE 3.9: kings side by side; a rook giving
// check with the checking side to move), printing the reason and keeping
// the game; the checked side to move is a legal position.
func TestSetboardNotToMoveInCheck(t *testing.T) {
	tests := []struct {
		fen, refused string // refused: in the output, "" for a legal position
	}{
		{"8/8/8/8/8/8/8/kK6 w - - 0 1", "Black is not to move but its King is attacked"},
		{"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "Black is not to move but its King is attacked"},
		{"4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", ""},
	}
	for _, tc := range tests {
		t.Run(tc.fen, func(t *testing.T) {
			var out bytes.Buffer
			r, err := New("../../../../games/chess.zrf", "", &out, false, false)
			if err != nil {
				t.Fatal(err)
			}
			before, _ := r.game.S.FEN()
			r.Exec("setboard " + tc.fen)
			after, _ := r.game.S.FEN()
			if tc.refused == "" {
				if after != tc.fen || r.failed {
					t.Errorf("setboard %s: position %s, output %s", tc.fen, after, out.String())
				}
				return
			}
			if !strings.Contains(out.String(), tc.refused) || !r.failed {
				t.Errorf("setboard %s: output %q, want an error saying %q", tc.fen, out.String(), tc.refused)
			}
			if after != before {
				t.Errorf("refused position changed the game: %s, was %s", after, before)
			}
		})
	}
}
