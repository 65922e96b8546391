// This file plays games between two zrun engines in the real XBoard under
// Xvfb (xboard -fcp zrun -scp zrun, Two Machines mode): Kamisado, whose 41 piece
// types need dressed letters and whose dragons slide forward diagonally
// (XBoard forfeited them while the piece lines said "fmQ", which XBoard
// reads as straight forward only), and Thud on its 15x15 board, whose
// trolls capture by multi-leg moves. Every move passes XBoard's own
// legality test of the piece lines; the debug log must show no forfeit,
// illegal move or error, and at least ten moves a side must be played. A
// game that ends sooner by the rules (a Kamisado dragon home) is played
// again, up to three times. XBoard's claim test is off (-testClaims
// false): it cannot see Kamisado's win, a dragon on the far rank, and
// would forfeit the winner for a "false claim". Runs with -args -slow;
// ZRUN_XBOARD_OUT=DIR keeps the logs, PGNs and screenshots.

package cecp

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"zrun/cmd/zrun/internal/testbin"
)

// Kamisado's first game, Non stop: a dragon home scores and play goes on,
// with forced passes that XBoard relays as setboard (dressed IDs).
func TestRealXBoardKamisadoEngines(t *testing.T) {
	xboardEngineGame(t, "kamisado-engines", kamisadoZRF, "kamisado-(non-stop)", 10, "-tc", "2", "-inc", "2")
}

// Kamisado's single round ends when a dragon reaches home, here within
// ten moves a side (observed: 4 to 11 moves): one game is played to its
// result, the winner's claim taken, no move refused. The first engine
// plays by Monte Carlo tree search: two alpha-beta engines repeat one
// three-move game.
func TestRealXBoardKamisadoSingleRound(t *testing.T) {
	xboardEngineGame(t, "kamisado-single", kamisadoZRF, "kamisado-(single-round)", 0,
		"-firstOptions", "Player=mcts", "-tc", "2", "-inc", "2")
}

func TestRealXBoardThudEngines(t *testing.T) {
	xboardEngineGame(t, "thud-engines", thudZRF, "thud", 10, "-tc", "1", "-inc", "1", "-searchDepth", "2")
}

// relayRx matches a move XBoard passes on to the other engine: one a ply.
var relayRx = regexp.MustCompile(`(?m)>(first |second): usermove \S+`)

// xboardEngineGame runs XBoard with two zrun engines on variant of rules
// until moves moves a side are played (or, for a game the rules end
// sooner, up to three games) and checks the debug log. With moves 0 one
// game is played to its result.
func xboardEngineGame(t *testing.T, name, rules, variant string, moves int, extra ...string) {
	if !*slow {
		t.Skip("real-XBoard games: run with -args -slow")
	}
	tools := map[string]string{}
	for _, prog := range []string{"xboard", "Xvfb", "import"} {
		p, err := exec.LookPath(prog)
		if err != nil && fileExists("/usr/games/"+prog) {
			p, err = "/usr/games/"+prog, nil
		}
		if err != nil {
			t.Skipf("%s not installed", prog)
		}
		tools[prog] = p
	}
	rules, err := filepath.Abs(rules)
	if err != nil || !fileExists(rules) {
		t.Skipf("%s not found", rules)
	}
	out := t.TempDir()
	if dir := os.Getenv("ZRUN_XBOARD_OUT"); dir != "" {
		out = filepath.Join(dir, name)
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin := testbin.Zrun(t)
	display := freeDisplay(t)
	xvfb := exec.Command(tools["Xvfb"], display, "-screen", "0", "1024x768x24", "-nolisten", "tcp")
	if err := xvfb.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { xvfb.Process.Kill(); xvfb.Wait() }()
	waitFor(t, 10*time.Second, "Xvfb socket", func() bool {
		return fileExists("/tmp/.X11-unix/X" + strings.TrimPrefix(display, ":"))
	})
	engine := bin + " xboard " + rules
	for game := 1; game <= 3; game++ {
		debug := filepath.Join(out, fmt.Sprintf("game%d.debug", game))
		pgn := filepath.Join(out, fmt.Sprintf("game%d.pgn", game))
		xb := exec.Command(tools["xboard"], append([]string{
			"-fcp", engine, "-scp", engine, "-fd", out, "-sd", out, "-variant", variant,
			"-initialMode", "TwoMachines", "-testClaims", "false",
			"-debugMode", "true", "-nameOfDebugFile", debug, "-saveGameFile", pgn,
			"-saveSettingsOnExit", "false", "-popupExitMessage", "false", "-autoCallFlag", "false"}, extra...)...)
		xb.Env = append(os.Environ(), "DISPLAY="+display)
		xb.Dir = out
		if err := xb.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- xb.Wait() }()
		shot := filepath.Join(out, fmt.Sprintf("game%d.png", game))
		screenshot := func() {
			imp := exec.Command(tools["import"], "-window", "root", shot)
			imp.Env = xb.Env
			if msg, err := imp.CombinedOutput(); err != nil {
				t.Errorf("screenshot: %v %s", err, msg)
			}
		}
		// A screenshot after every move: XBoard may close its window
		// when the game ends, and the last one shows the end.
		var log string
		plies, shotAt, over := 0, -1, false
		deadline := time.Now().Add(6 * time.Minute)
		for (moves == 0 || plies < 2*moves) && !over && time.Now().Before(deadline) {
			select {
			case <-exited:
				over = true
			case <-time.After(500 * time.Millisecond):
			}
			data, _ := os.ReadFile(debug)
			log = string(data)
			plies = len(relayRx.FindAllString(log, -1))
			over = over || strings.Contains(log, ": result ")
			if plies != shotAt && !over {
				time.Sleep(300 * time.Millisecond) // the move is drawn
				screenshot()
				shotAt = plies
			}
		}
		if !over {
			time.Sleep(time.Second)
			screenshot()
		} else {
			// The end, if XBoard still shows it (else a black screen).
			shot = filepath.Join(out, fmt.Sprintf("game%d-end.png", game))
			screenshot()
		}
		xb.Process.Kill()
		<-exited
		for _, bad := range []string{"Illegal move", "Error (", "tellusererror", "Forfeit", "illegal-move claim", "False win claim"} {
			if i := strings.Index(log, bad); i >= 0 {
				t.Fatalf("game %d: the debug log %s says %q: %.300s", game, debug, bad, log[i:])
			}
		}
		result := regexp.MustCompile(`>first : result (.*)`).FindStringSubmatch(log)
		t.Logf("game %d: %d plies relayed by XBoard; result %v; screenshot %s", game, plies, result, shot)
		if moves > 0 && plies >= 2*moves || moves == 0 && result != nil {
			return
		}
		if result == nil {
			t.Fatalf("game %d: %d plies in 6 minutes, no result", game, plies)
		}
	}
	t.Errorf("three games ended by the rules before %d moves a side", moves)
}
