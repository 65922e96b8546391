// This file tests the "zrun check" command.

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const lowerTestdata = "../../zrf/testdata/lower/"

func runCheckCmd(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := runMain(append([]string{"check"}, args...), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestCheckGood(t *testing.T) {
	code, out, _ := runCheckCmd(lowerTestdata+"board2d.zrf", lowerTestdata+"variants.zrf")
	if code != 0 {
		t.Fatalf("exit status %d, output:\n%s", code, out)
	}
	for _, want := range []string{
		`game "Board 2D": 14 positions (4x3), 2 players, 1 piece types, 1 move blocks, 0 drop blocks, 2 warnings`,
		"warning: " + lowerTestdata + "board2d.zrf:",
		`variant "Capture Loss": 6 positions (3x2)`,
		"2 files (0 failed, 0 loaded with move definitions left out), 2 games, 3 variants, 0 errors, 2 warnings in ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestCheckBroken(t *testing.T) {
	code, out, _ := runCheckCmd(lowerTestdata+"broken.zrf", lowerTestdata+"turns.zrf")
	if code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	errLine := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(lowerTestdata) + `broken\.zrf:(\d+):(\d+): (.*)$`)
	m := errLine.FindAllStringSubmatch(out, -1)
	if len(m) != 2 || m[0][1] != "6" || !strings.Contains(m[0][3], "noth") || m[1][1] != "8" {
		t.Errorf("want 2 errors as file:line:col: message on lines 6 and 8, got %q in:\n%s", m, out)
	}
	if !strings.Contains(out, "broken.zrf:7:") {
		t.Errorf("the unknown setup position z9 should be a warning:\n%s", out)
	}
	if !strings.Contains(out, `game "Turns"`) || !strings.Contains(out, "2 files (1 failed, 0 loaded with move definitions left out), 1 games, 0 variants, 2 errors") {
		t.Errorf("report wrong:\n%s", out)
	}
}

func TestCheckQuietAndUsage(t *testing.T) {
	code, out, _ := runCheckCmd("-q", lowerTestdata+"board2d.zrf")
	if code != 0 || strings.Contains(out, "Board 2D") || !strings.HasPrefix(out, "1 files (0 failed, 0 loaded with move definitions left out)") {
		t.Errorf("-q: status %d, output:\n%s", code, out)
	}
	if code, _, _ := runCheckCmd(); code != 2 {
		t.Errorf("no files: status %d, want 2", code)
	}
	if code, out, _ := runCheckCmd("no-such-file.zrf"); code != 1 || !strings.Contains(out, "no-such-file.zrf") {
		t.Errorf("missing file: status %d, output %s", code, out)
	}
}

// --play runs playouts under the invariants and reports each game; a toy
// game that used to leave a player with a pending partial move and no
// legal move (vm/playout/testdata/pinned-partial.zrf) now plays clean.
func TestCheckPlay(t *testing.T) {
	code, out, _ := runCheckCmd("--play", "3", "--seed", "5", "../../vm/playout/testdata/pinned-partial.zrf", "../../games/chess.zrf")
	if code != 0 {
		t.Fatalf("exit status %d:\n%s", code, out)
	}
	for _, want := range []string{
		`"Pinned partial": 3 playouts, `,
		`"Chess": 3 playouts, `,
		"2 files (0 failed to load), 2 games played (0 left out: external engine), 6 playouts, ",
		"; 0 violations in ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if code, _, errOut := runCheckCmd("--status", "x.md", "../../games"); code != 2 || !strings.Contains(errOut, "--status needs --play") {
		t.Errorf("--status without --play: status %d, %q", code, errOut)
	}
}

// TestCheckNoGame: "zrun check" fails (status 1) on a rule file holding no
// game, a .zrf of nothing but comments and an fmax.ini of nothing but its
// header (issue #42: both passed with status 0), naming file:line.
func TestCheckNoGame(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ name, src, want string }{
		{"empty.zrf", "", "empty.zrf:1:1: no game in file"},
		{"comments.zrf", "; nothing here\n\n", "comments.zrf:1:1: no game in file"},
		{"header.ini", "version 4.8(w)", "header.ini:1: no game in file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			if err := os.WriteFile(path, []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, _ := runCheckCmd(path)
			if code != 1 || !strings.Contains(out, tc.want) || !strings.Contains(out, "1 files (1 failed") {
				t.Errorf("status %d, want 1 and %q in:\n%s", code, tc.want, out)
			}
		})
	}
}

// TestCheckIncludeOutside: "zrun check" refuses a rule file's include of a
// file outside its folder (issue #42: /etc/passwd was read and its lines
// quoted), at the include's file:line:col and without the file's content;
// --include-any lets it be read.
func TestCheckIncludeOutside(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "rules")
	if err := os.Mkdir(rules, 0o755); err != nil {
		t.Fatal(err)
	}
	// A library of defines outside, and a game that uses it: loadable
	// only when the include is allowed.
	lib := "(define secret-step ($1 add))\n"
	game := `(include "../lib.zrf")
(game (title "Inc") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("2/1" (0 10))) (directions (e 1 0))))
  (piece (name P) (moves (secret-step e)))
  (board-setup (White (P a1)) (Black (P a2)))
  (loss-condition (White Black) stalemated))
`
	if err := os.WriteFile(filepath.Join(dir, "lib.zrf"), []byte(lib), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(rules, "game.zrf")
	if err := os.WriteFile(path, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		args  []string
		code  int
		wants []string
	}{
		{"refused", []string{path}, 1, []string{path + ":1:1: include \"../lib.zrf\" refused", "--include-any"}},
		{"allowed", []string{"--include-any", path}, 0, []string{`game "Inc"`}},
		// The flag holds for one run only.
		{"refused again", []string{path}, 1, []string{"refused"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, _ := runCheckCmd(tc.args...)
			if code != tc.code {
				t.Errorf("status %d, want %d:\n%s", code, tc.code, out)
			}
			for _, w := range tc.wants {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if strings.Contains(out, "secret-step ($1") {
				t.Errorf("the included file's text is in the output:\n%s", out)
			}
		})
	}
}
