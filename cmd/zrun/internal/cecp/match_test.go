// This file defines the CECP integration test: a short match of "zrun
// xboard" against Fairy-Max through the shared match runner, which must end
// without protocol errors (illegal or rejected moves, hangs, crashes). It
// runs only with "go test ./cmd/zrun -run Match -args -slow" and skips when
// Fairy-Max, python3 or /work/shared is missing. The strength match of issue
// #6 is the same test with more games at a time control with increment:
//
//	go test ./cmd/zrun -run Match -v -timeout 90m -args -slow \
//	    -match-games 40 -match-level "0 0:15 0.15" -match-log /tmp/match.log
//
// (Fairy-Max randomises its first plies, so the games differ; the runner
// prints the score and the Elo difference with its 95% margin.) Other
// opponents and games, from balanced openings each played with both colours:
//
//	go test ./cmd/zrun/internal/cecp -run Match -v -timeout 3h -args -slow \
//	    -match-opponent /usr/games/sjaakii -match-openings 20 -match-games 40 \
//	    -match-variant schoolbook -match-file games/schoolbook.zrf -match-level "0 0:15 0.15" \
//	    -match-name "schoolbook=Schoolbook 1.0" -match-option1 "Piece letters=M=C"
//
// (Sjaak II's "schoolbook" castles by the 1.0 rules and letters the
// Marshall C.) With -match-sd N both engines search N plies a move instead
// of playing on a clock, so a busy machine slows the match but cannot
// decide it (no game lost on time); two rule files compared that way:
//
//	go test ./cmd/zrun/internal/cecp -run 'MatchAgainstFairyMax$' -v -timeout 3h -args -slow \
//	    -match-variant normal -match-file ../tune/chess.zrf -match-openings 15 -match-games 30 -match-sd 6

package cecp

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"zrun/cmd/zrun/internal/testbin"
)

const (
	fairyMax  = "/usr/games/fairymax"
	matchTool = "../../../../../shared/tools/cecp_match.py"
)

var (
	// slow selects the long checks: the match against Fairy-Max and real XBoard.
	slow       = flag.Bool("slow", false, "run the match against Fairy-Max and the real-XBoard test")
	matchGames = flag.Int("match-games", 2, "games in the match against Fairy-Max (-slow)")
	matchLevel = flag.String("match-level", "40 0:10 1", "xboard level of the match: moves per control, base, increment")
	matchDepth = flag.Int("match-sd", 0, "search depth of both engines (xboard sd) instead of a clock: a match the machine's load cannot decide")
	matchLog   = flag.String("match-log", "", "keep the match transcript here (default: a temporary file)")
	// The opponent, the game and the openings: by default Fairy-Max in
	// Capablanca, varied by its own "random".
	matchOpponent = flag.String("match-opponent", fairyMax, "the opponent's command (e.g. /usr/games/sjaakii, /usr/games/fairy-stockfish)")
	matchVariant  = flag.String("match-variant", "capablanca", "the xboard variant name both engines play")
	matchFile     = flag.String("match-file", "games/capablanca.zrf", "zrun's rule file, relative to the repository")
	matchSeed     = flag.Uint64("match-seed", 2026, "the seed of the balanced openings (-match-openings): parallel runs take different ones")
	matchOpenings = flag.Int("match-openings", 0, "start from this many balanced openings (each played with both colours) instead of the opponent's randomisation")
	matchOption   = flag.String("match-option2", "", "an 'option Name=Value' for the opponent")
	matchOption1  = flag.String("match-option1", "", "an 'option Name=Value' for zrun (\"Piece letters=M=C\" also renames the openings' FEN letters)")
	match960      = flag.Bool("match-960", false, "the openings start from random Chess960 arrays (with -match-openings; the game is games/chess960.zrf)")
	matchName     = flag.String("match-name", "", "NAME=TITLE: zrun offers the game titled TITLE as NAME (zrun xboard --name), and the openings are of that game")
)

// matchProblem matches per-game reasons that mean a protocol failure rather
// than a game lost over the board.
var matchProblem = regexp.MustCompile(`(?i)illegal|rejected|hung|died|aborted|broken pipe|exit`)

func TestMatchAgainstFairyMax(t *testing.T) {
	if !*slow {
		t.Skip("integration match: run with -args -slow")
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	for _, p := range []string{*matchOpponent, matchTool} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not found", p)
		}
	}
	bin := testbin.Zrun(t)
	game, err := filepath.Abs(filepath.Join("../../../..", *matchFile))
	if err != nil {
		t.Fatal(err)
	}
	logFile := *matchLog
	if logFile == "" {
		logFile = filepath.Join(t.TempDir(), "match.log")
	}
	zrun := bin + " xboard " + game
	title := ""
	if *matchName != "" {
		var ok bool
		if _, title, ok = strings.Cut(*matchName, "="); !ok {
			t.Fatalf("-match-name %q: want NAME=TITLE", *matchName)
		}
		zrun = bin + " xboard --name '" + *matchName + "' " + game
	}
	var letters letterMap
	if name, val, _ := strings.Cut(*matchOption1, "="); name == "Piece letters" {
		if letters, err = parseLetterMap(val); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{matchTool, "-1", zrun, "-2", *matchOpponent,
		"-v", *matchVariant, "-n", strconv.Itoa(*matchGames), "--post",
		"--log", logFile, "--pgn", logFile + ".pgn"}
	if *matchDepth > 0 {
		args = append(args, "--sd", strconv.Itoa(*matchDepth))
	} else {
		args = append(args, "--level", *matchLevel)
	}
	if *matchOpenings > 0 {
		book := filepath.Join(t.TempDir(), "openings.epd")
		writeOpenings(t, game, title, letters, book, *matchOpenings)
		args = append(args, "--openings", book)
	} else {
		args = append(args, "--random")
	}
	if *matchOption != "" {
		args = append(args, "--option2", *matchOption)
	}
	if *matchOption1 != "" {
		args = append(args, "--option1", *matchOption1)
	}
	cmd := exec.Command(py, args...)
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
	if games != *matchGames || !strings.Contains(string(out), "Score of zrun") {
		t.Fatalf("match did not finish %d games", *matchGames)
	}
}
