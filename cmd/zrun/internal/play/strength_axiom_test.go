// This file measures auto (the calibration's pick) against a random player
// in Axiom games of different families, whose moves, end and (where the
// script has one) evaluation come from their ForthScript.

package play

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"zrun/axiom"
	"zrun/engine"
)

var (
	axiomStrength    = flag.Bool("strength.axiom", false, "TestAxiomStrength: play auto against random in 16 Axiom games (an hour or more)")
	axiomGames       = flag.Int("strength.axiomgames", 10, "TestAxiomStrength: games per Axiom game (half with each side)")
	axiomMoveTime    = flag.Duration("strength.axiommovetime", 100*time.Millisecond, "TestAxiomStrength: the engine's time per move")
	axiomStrengthRun = flag.String("strength.axiomrun", "", "TestAxiomStrength: only games whose file matches this regexp")
	// The games of different families: the mancalas, races, a tafl, a
	// territory game, a chess-like game, a push game and a tic-tac-toe.
	// Rithmomachy is left out: its script takes about a second a position
	// (its arithmetic captures), so a game at 100 ms a move searches one
	// node; Ordo's (its connected-group test of every move: some 4.5
	// million Forth words, 21 ms of CPU to generate a position's moves and
	// 40 ms to evaluate it, since package forth's decoded words; 44 and 80
	// before) is in.
	//
	// Senet (race, throw sticks; no OnEvaluate) was 3/0/7 at 500 ms a
	// move when material was all the derived evaluation saw: a piece
	// borne off, which is how Senet is won, read as a piece lost. With
	// package eval's race term (race.go: each runner counts by the moves
	// it still needs to leave the board, found from seeded random games)
	// it was 7/0/3 at 500 ms in a first series (17 minutes, the machine
	// shared at a load of 5-6) and 10/0/0 in a second (16 minutes, load
	// 1-3): 17/0/3 in all, 85%. Abstract Mancala (no OnEvaluate either; its
	// seeds belong to ?C, the sowing player, so material was the same for
	// both sides) was 0/0/10; with eval's score term (scorevars.go: FP and
	// SP, the seeds First and Second have taken) 10/0/0 at 500 ms. Ur, whose
	// WhitePieces and BlackPieces now count as scores, stays 10/0/0 at
	// 500 ms.
	// Jofur stops with a script error after some 45-250 random plies
	// (Code.4th:342: EXECUTE of address 0 in common-slide): the script's
	// own stack imbalance, not the interpreter's. calc-pass, declared
	// ( n -- n ), leaves its argument below its result ("max-val @
	// calc-rang" over the n it never drops), and check-pass's ELSE branch
	// ("1 COMPILE-LITERAL" where the IF branch consumes the DUPed rank)
	// leaves the rank 0 as well: a step or a jump ends at add-move with
	// them on its stack, but common-slide's loop goes on, and its "DUP
	// EXECUTE" runs the 0 where its direction was (traced with .S in a
	// copy of the script: "0 0 0 0 104536 4 0" after check-pass, the
	// direction's address, then the 4 and the 0). What Axiom does on
	// EXECUTE 0 no source says, as for Tavreli's board read. QXO's
	// variant 1 in a game's tenth turn (drop-piece makes piece 20, past
	// the script's 19): its variant 2, without drop-piece, plays. The go
	// games are left out: LifeOrDeath's Go.4th and every MarGo game file
	// define no OnIsGameOver (MarGo's Atari.4th has one, and no file
	// LOADs it), so their games never end and would all be capped draws.
	//
	// Filler (6/0/4 at 2 s a move) searches two or three plies now, but
	// still loses to random: the engine often takes the rule file's pass
	// ((option "pass turn" true): a pass the VM adds) while it has floods
	// to make; that pass, unlike the script's pass-move, does not count
	// towards the end (passed). Not resolved.
	axiomStrengthList = []strengthGame{
		{path: "Gabata/Gabata.zrf", family: "mancala (3 rows)"},
		{path: "Gabata/Selus.zrf", family: "mancala (4 rows, traps)"},
		{path: "Ohojitxi/Ohojitxi.zrf", family: "mancala (2 rows, fours)"},
		{path: "Afrika/Afrika.zrf", family: "mancala (sowing with direction)"},
		{path: "AbstractMancala/AbstractMancala.zrf", family: "mancala (4 rows)"},
		{path: "Ur/Axiomatic.Ur.zrf", family: "race (dice)"},
		{path: "Senet/Senet.zrf", family: "race (throw sticks)"},
		{path: "Gwyddbwyll/Gwyddbwyll.zrf", family: "tafl (dice)"},
		{path: "Viruses/viruses.zrf", family: "territory (drops)"},
		{path: "Viruses/filler.zrf", family: "territory (colour flooding)"},
		{path: "GlukKazan+ZoG/Rules/Gwidwill.zrf", family: "tafl (dice)"},
		{path: "Chase/Axiomatic.Chase.zrf", family: "chess-like (dice-valued pieces)"},
		{path: "Ordo/Ordo.zrf", family: "breakthrough (connected groups)"},
		{path: "GlukKazan+ZoG/Rules/08.Axiomatic.Splut.zrf", variant: "Duel", family: "push (stones)"},
		{path: "QXO/QXO.zrf", variant: "Quantum tic-tac-toe (variant 2)", family: "tic-tac-toe (quantum)"},
		{path: "QXO/QXO.zrf", variant: "Three Men's Morris (variant 1)", family: "tic-tac-toe (morris)"},
	}
	// axiomMoveTimes is the least time a move of a game gets, where the
	// flag's would not see each of its moves once. Ordo's script takes
	// some 0.06 s of CPU a position (its connected-group test of every
	// move, and its OnEvaluate's mobility generates the opponent's moves
	// too): at 2 s a move the search sees its 20-40 moves once or twice
	// (at 100 ms it made the first move it generated: 3/0/7). 8/0/2 at
	// 2 s before package forth's decoded words; 9/0/1 and 10/0/0 after
	// (12 minutes each), on a machine shared at a load of 2.5-7 (the
	// search got a third to a half of a CPU). Kept at 2 s: 1 s is what
	// 2 s was before, 8/0/2.
	axiomMoveTimes = map[string]time.Duration{"Ordo/Ordo.zrf": 2 * time.Second}
)

// TestAxiomStrength plays, for each Axiom game of the list, auto's
// calibration and then its pick against a random player, and prints the
// table (game, games, W/D/L, score). It wants at least 90%. The games are
// of two choosing players (Fox Hunting, a puzzle of one player against a
// random setter, and Splut's four-player game are left out; Splut's Duel
// is in), each taking one side in half the games (ChoosingPlayers). A
// game still going after strengthPlies moves is a draw. Run with
//
//	go test -run TestAxiomStrength -v -timeout 2h ./cmd/zrun/internal/play -args -strength.axiom
func TestAxiomStrength(t *testing.T) {
	if !*axiomStrength {
		t.Skip("plays Axiom games against random (minutes): run with -args -strength.axiom")
	}
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("the corpus is not at %s: %v", corpusDir, err)
	}
	// the framework for the GlukKazan+ZoG folders that lack it
	axiom.SetFrameworkDir(filepath.Join(corpusDir, "Senet", "Axiom", "Senet"))
	var filter *regexp.Regexp
	if *axiomStrengthRun != "" {
		filter = regexp.MustCompile(*axiomStrengthRun)
	}
	var rows []string
	for _, sg := range axiomStrengthList {
		if filter != nil && !filter.MatchString(sg.path) {
			continue
		}
		g, ev, err := LoadEvaluated(filepath.Join(corpusDir, sg.path), sg.variant)
		if err != nil {
			t.Errorf("%s: %v", sg.path, err)
			continue
		}
		if g.Moves == nil {
			t.Errorf("%s: no moves: %s", sg.path, g.EngineErr)
			continue
		}
		start := time.Now()
		c, err := Calibrate(g, ev, CalibrationGames, CalibrationMoveTime)
		if err != nil {
			t.Errorf("%s: calibration: %v", g.Title, err)
			continue
		}
		ours := c.Pick()
		lim := engine.Limits{MoveTime: max(*axiomMoveTime, axiomMoveTimes[sg.path])}
		sc, err := series(g, ev, ours, PlayerRandom, *axiomGames, lim)
		if err != nil {
			t.Errorf("%s against random: %v", g.Title, err)
			continue
		}
		verdict := "ok"
		if sc.fraction() < 0.9 {
			verdict = "random < 90%"
			t.Errorf("%s (%s): %s", g.Title, sg.path, verdict)
		}
		evalBy := "derived"
		if g.Eval != nil {
			evalBy = "script's OnEvaluate"
		}
		row := fmt.Sprintf("| %s (%s) | %s | %s, %s | %v | %d | %d/%d/%d | %.0f%% (%d capped) | %s | %s |",
			g.Title, sg.path, sg.family, ours, evalBy, lim.MoveTime, sc.games(), sc.wins, sc.draws, sc.lost, 100*sc.fraction(), sc.capped,
			time.Since(start).Round(time.Second), verdict)
		t.Log(row)
		rows = append(rows, row)
	}
	t.Logf("%d Axiom games, auto at %v a move or the game's own time against random, %d games each (half with each side), capped at %d moves:\n"+
		"| game | family | auto's pick, evaluation | move time | games | W/D/L | score | time | verdict |\n"+
		"| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n%s",
		len(rows), *axiomMoveTime, *axiomGames, strengthPlies, strings.Join(rows, "\n"))
}
