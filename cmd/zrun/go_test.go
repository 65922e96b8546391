// This file tests "zrun go" on real rule files: short mates it must find
// (with an independent brute-force check of the mating line), the composed
// forced wins of testdata/mates (checked by Fairy-Stockfish or brute force),
// and the --hash flag's clamp.

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
	"zrun/internal/fsf"
	"zrun/vm"
)

const corpusDir = "../../../shared/zrf-corpus"

// goBest runs "zrun go" and returns the bestmove and the output.
func goBest(t *testing.T, args ...string) (string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	if rc := runMain(append([]string{"go"}, args...), &out, &errb); rc != 0 {
		t.Fatalf("zrun go %v: exit %d: %s", args, rc, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "bestmove ") {
		t.Fatalf("no bestmove line:\n%s", out.String())
	}
	return strings.TrimPrefix(last, "bestmove "), out.String()
}

// forcedWin reports whether the player to move (the attacker) can force a win
// within plies plies, by plain minimax over vm's own rules (no engine code).
func forcedWin(s *vm.State, attacker, plies int) bool {
	ml := &vm.MoveList{}
	if err := s.Generate(ml); err != nil {
		return false
	}
	if o, _ := s.Outcome(ml); o.Over {
		return o.Winner == attacker
	}
	if plies == 0 {
		return false
	}
	moves := append([]vm.Move(nil), ml.Moves...)
	for i := range moves {
		m := moves[i]
		// Regenerate so the move's effect slices are not shared with children.
		_ = s.Generate(ml)
		m = ml.Moves[i]
		s.Make(&m)
		w := forcedWin(s, attacker, plies-1)
		s.Unmake()
		if s.Mover() == attacker && w {
			return true
		}
		if s.Mover() != attacker && !w {
			return false
		}
	}
	return s.Mover() != attacker && len(moves) > 0
}

func TestGoMates(t *testing.T) {
	cases := []struct {
		name, file, fen, moves, want string
		depth, matePlies             int
	}{
		// Fool's mate: 1. f3 e5 2. g4 Qh4#.
		{"fools-mate", "chess.zrf", "", "f2f3 e7e5 g2g4", "d8h4", 4, 1},
		// Schoolbook's fool's mate (seed 000): 1. f3 Ad6 2. Bf2 Axh2#; the
		// archbishop's knight move from h2 checks f1, g1 was left by the bishop.
		{"schoolbook-fools-mate", "schoolbook.zrf", "", "f2f3 e8d6 g1f2", "d6h2", 4, 1},
		// The Schoolbook seed's (000) 4-move bishop mate, found by David
		// Paulowich: 1. e4 g6 2. f4 Kg7? 3. Bf2 Kh6?? 4. Bi5#.
		{"schoolbook-bishop-mate", "schoolbook.zrf", "", "e2e4 g7g6 f2f4 f8g7 g1f2 g7h6", "f2i5", 4, 1},
		// A bishop mate set up for this test: 1. e4 f6 2. Be2 a6 3. d3 g5 4. Bh5#.
		{"bishop-mate", "chess.zrf", "", "e2e4 f7f6 f1e2 a7a6 d2d3 g7g5", "e2h5", 4, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join("../../games", c.file)
			args := []string{"--depth", itoa(c.depth)}
			if c.fen != "" {
				args = append(args, "--fen", c.fen)
			}
			if c.moves != "" {
				args = append(args, "--moves", c.moves)
			}
			best, out := goBest(t, append(args, path)...)
			if best != c.want {
				t.Errorf("bestmove %s, want %s\n%s", best, c.want, out)
			}
			if want := "mate " + itoa((c.matePlies+1)/2); !strings.Contains(out, want) {
				t.Errorf("no %q in the output:\n%s", want, out)
			}
			// Independently: after the move, the defender cannot avoid a
			// win of the attacker within the remaining plies.
			s, err := play.NewState(path, "", c.fen)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.PlayCoords(c.moves + " " + c.want); err != nil {
				t.Fatal(err)
			}
			attacker := 1 - s.Mover()
			if !forcedWin(s, attacker, c.matePlies-1) {
				t.Errorf("%s does not force a win in %d plies (brute force)", c.want, c.matePlies)
			}
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// mateCase is one line of testdata/mates/mates.tsv.
type mateCase struct {
	name, file, variant, fsfVariant, fen string
	depth, plies                         int
}

// readMateCases reads the composed forced wins; paths become relative to
// this package (games/ in the repository, corpus/ in ../shared/zrf-corpus).
func readMateCases(t *testing.T) []mateCase {
	t.Helper()
	data, err := os.ReadFile("testdata/mates/mates.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var cases []mateCase
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 7 {
			t.Fatalf("mates.tsv:%d: %d fields, want 7", i+1, len(f))
		}
		c := mateCase{name: f[0], file: f[1], variant: f[2], fsfVariant: f[3], fen: f[4]}
		if c.depth, err = strconv.Atoi(f[5]); err != nil {
			t.Fatalf("mates.tsv:%d: depth: %v", i+1, err)
		}
		if c.plies, err = strconv.Atoi(f[6]); err != nil {
			t.Fatalf("mates.tsv:%d: plies: %v", i+1, err)
		}
		switch {
		case strings.HasPrefix(c.file, "games/"):
			c.file = filepath.Join("../..", c.file)
		case strings.HasPrefix(c.file, "corpus/"):
			c.file = filepath.Join(corpusDir, strings.TrimPrefix(c.file, "corpus/"))
		default:
			t.Fatalf("mates.tsv:%d: file %q is neither games/ nor corpus/", i+1, c.file)
		}
		if c.variant == "-" {
			c.variant = ""
		}
		if c.fsfVariant == "-" {
			c.fsfVariant = ""
		}
		cases = append(cases, c)
	}
	return cases
}

// TestComposedMates: the searcher must report the shortest forced win of
// each composed position, and its move must be proved to win in the rest of
// the plies by a reference that shares no code with it: Fairy-Stockfish for
// games it knows, else the brute-force minimax over the VM's rules.
func TestComposedMates(t *testing.T) {
	for _, c := range readMateCases(t) {
		t.Run(c.name, func(t *testing.T) {
			if _, err := os.Stat(c.file); err != nil {
				t.Skipf("%s not found (../shared absent?): %v", c.file, err)
			}
			args := []string{"--depth", itoa(c.depth), "--fen", c.fen}
			if c.variant != "" {
				args = append(args, "--variant", c.variant)
			}
			best, out := goBest(t, append(args, c.file)...)
			infos := strings.Split(strings.TrimSpace(out), "\n")
			last := infos[len(infos)-2]
			if want := "score mate " + itoa((c.plies+1)/2) + " "; !strings.Contains(last, want) {
				t.Fatalf("last info line %q lacks %q\n%s", last, want, out)
			}
			if c.fsfVariant != "" {
				checkMateWithFSF(t, c, best)
				return
			}
			s, err := play.NewState(c.file, c.variant, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			attacker := s.Mover()
			if c.plies > 1 && forcedWin(s, attacker, c.plies-2) {
				t.Errorf("a win in %d plies exists: the table's %d is not the shortest", c.plies-2, c.plies)
			}
			if err := s.PlayCoords(best); err != nil {
				t.Fatal(err)
			}
			if !forcedWin(s, attacker, c.plies-1) {
				t.Errorf("%s does not force a win in %d plies (brute force)", best, c.plies)
			}
		})
	}
}

var fsfScore = regexp.MustCompile(`\bscore (cp|mate) (-?\d+)`)

// checkMateWithFSF asks Fairy-Stockfish whether the root is a mate in
// exactly n moves, and whether after our move the defender is mated in n-1.
func checkMateWithFSF(t *testing.T, c mateCase, best string) {
	t.Helper()
	if fsf.Path() == "" {
		t.Skip("fairy-stockfish is not installed: cannot verify independently")
	}
	n := (c.plies + 1) / 2
	if got := fsfMateScore(t, c.fsfVariant, c.fen, "", fmt.Sprintf("go mate %d", n)); got != fmt.Sprintf("mate %d", n) {
		t.Errorf("Fairy-Stockfish scores the root %q, want mate %d", got, n)
	}
	if got := fsfMateScore(t, c.fsfVariant, c.fen, best, fmt.Sprintf("go depth %d", 2*n+12)); /* deep enough to see the shortest mate */ got != fmt.Sprintf("mate -%d", n-1) && !(n == 1 && got == "mate 0") {
		t.Errorf("after %s Fairy-Stockfish scores the defender %q, want mate -%d", best, got, n-1)
	}
}

// fsfMateScore runs one UCI search and returns the last reported score
// ("mate N" or "cp N").
func fsfMateScore(t *testing.T, variant, fen, moves, goCmd string) string {
	t.Helper()
	pos := "fen " + fen
	if moves != "" {
		pos += " moves " + moves
	}
	score := ""
	fsf.Search(t, []string{"UCI_Variant value " + variant}, pos, goCmd, func(line string) {
		if m := fsfScore.FindStringSubmatch(line); m != nil {
			score = m[1] + " " + m[2]
		}
	})
	return score
}

// TestGoHashClamped: "zrun go --hash" takes any number; one beyond what
// the engine allows (issue #42) is clamped with a line saying so, and the
// search runs (a 999999999 MB table used to panic the allocation).
func TestGoHashClamped(t *testing.T) {
	limit, _ := engine.ClampHashMB(engine.MaxHashMB)
	tests := []struct {
		hash, line string // line: the clamp line expected, "" none
	}{
		{"999999999", fmt.Sprintf("info string Hash clamped to %d MB (999999999 MB asked, ", limit)},
		{"0", "info string Hash clamped to 1 MB (0 MB is too small"},
		{"16", ""},
	}
	for _, tc := range tests {
		t.Run(tc.hash, func(t *testing.T) {
			_, out := goBest(t, "--depth", "1", "--hash", tc.hash, filepath.Join("../../games", "chess.zrf"))
			got := strings.Contains(out, "Hash clamped")
			if tc.line == "" && got || tc.line != "" && !strings.Contains(out, tc.line) {
				t.Errorf("--hash %s: want clamp line %q in\n%s", tc.hash, tc.line, out)
			}
		})
	}
}
