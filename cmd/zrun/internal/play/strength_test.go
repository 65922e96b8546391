// This file measures the engine's player against the baseline players
// (random and one-move greedy) and the auto choice against the other mode,
// over corpus games of every family: a table of scores, failing where the
// player falls short.

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

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
)

var (
	strengthGames    = flag.Int("strength.games", 6, "TestStrength: games against each baseline (half with each side)")
	strengthModes    = flag.Int("strength.modes", 4, "TestStrength: games of auto's pick against the other mode")
	strengthMoveTime = flag.Duration("strength.movetime", 25*time.Millisecond, "TestStrength: the engine's time per move")
	strengthRun      = flag.String("strength.run", "", "TestStrength: only games whose title matches this regexp")
	strengthAll      = flag.Bool("strength.all", false, "TestStrength: every game of the list (by default only a few quick ones run)")
)

const corpusDir = "../../../../../shared/zrf-corpus"

// strengthGame is a game of the strength table: a rule file (games/ or
// the corpus), a variant title ("" for the first game) and its family.
type strengthGame struct {
	path, variant, family string
	quick                 bool // part of the default run
	// drawn: the game is a draw with correct play, and the greedy player's
	// evaluation (its line term) blocks every threat one move ahead, so
	// against it not losing is the most there is.
	drawn bool
}

const dagazGames = "GlukKazan+Dagaz/src/debug/games/"

// strengthList holds games whose rules are whole in the rule file: Dagaz
// files that leave their goals to Dagaz's JavaScript (its mancala, Reversi,
// Pentago, Lines of Action and Atari Go end with no move left, a draw
// here; its Three Men's Morris, Halma and Surakarta have no goal at all and
// never end; its Hasami Shogi and Tablut make their custodian captures
// there, so no piece is ever taken) or read absolute-config as any of the
// listed squares (its Breakthrough: Zillions wants all of them) are left
// out.
var strengthList = []strengthGame{
	{"games/chess.zrf", "", "chess-like", false, false},
	{"games/schoolbook.zrf", "", "chess-like", false, false},
	{"GlukKazan+ZoG/Rules/Chess_mandatory.zrf", "", "chess-like", false, false},
	{dagazGames + "xiangqi/xiangqi.zrf", "Mini XiangQi", "chess-like", false, false},
	{"Thud/Thud.zrf", "", "chess-like (asymmetric)", false, false},
	{"_embedded/TicTacToe-zillions-v2.zrf", "", "line", true, true},
	{"Shisima/shisima.zrf", "", "line", true, false},
	{"Bolotoudou/bolotoudou.zrf", "", "line (alignment captures)", false, false},
	{"GlukKazan+ZoG/External/Checker Games.zrf", "English Draughts", "checkers", false, false},
	{dagazGames + "checkers/russian-checkers.zrf", "Russian Checkers", "checkers", false, false},
	{"CheckersCollection/CheckersCollection.zrf", "", "checkers", false, false},
	{"CheckersCollection/CheckersCollection.zrf", "Losing Checkers", "checkers (giveaway)", false, false},
	{dagazGames + "checkers-like/alquerque.zrf", "Alquerque", "checkers", false, false},
	{dagazGames + "checkers-like/fanorona.zrf", "Fanorona", "checkers", false, false},
	{"ToguzKumalak/ToguzKumalak.zrf", "", "mancala", false, false},
	{"Dakon/Dakon.zrf", "", "mancala", false, false},
	{"Ur/Ur.zrf", "", "race (dice)", false, false},
	{"GlukKazan+ZoG/Rules/Daldosa.zrf", "", "race (dice)", false, false},
	{dagazGames + "races/dodgem.zrf", "Dodgem (5x5)", "race", false, false},
	{"GlukKazan+ZoG/Rules/qireq.zrf", "", "race (dice)", false, false},
	{dagazGames + "breakthrough/jeson-mor.zrf", "Jeson Mor", "zone", false, false},
	{dagazGames + "breakthrough/jungle.zrf", "Jungle", "zone", false, false},
	{"Kamisado/kamisado.zrf", "Kamisado (Single round)", "zone", false, false},
	{"Agon/agon.zrf", "", "zone (hex)", false, false},
	{"DobutsuShogi/Dobutsu.zrf", "", "drops", false, false},
	{"LittleShogiPack/SimpleShogi.zrf", "", "drops", false, false},
	{dagazGames + "stalemate/konane.zrf", "Konane", "stalemate", false, false},
	{dagazGames + "checkers-like/bagh-chal.zrf", "Bagh-Chal", "hunt (asymmetric)", false, false},
	{"Makyek/Makyek.zrf", "", "custodian", false, false},
	{"Spock/spock.zrf", "", "elimination", false, false},
	{"GlukKazan+ZoG/Rules/Escalation.zrf", "Simple Escalation", "elimination", false, false},
	{"KnightCourt/KnightCourt.zrf", "", "chess-like (checkmate)", false, false},
	{"GlukKazan+ZoG/Rules/EleHunt.zrf", "", "hunt (asymmetric)", false, false},
	{dagazGames + "breakthrough/game-of-dwarfs.zrf", "", "hunt (asymmetric)", false, false},
	{dagazGames + "breakthrough/archimedes.zrf", "", "zone", false, false},
	{"GlukKazan+ZoG/Rules/OssetianKens.zrf", "", "checkers-like", false, false},
	{"Gonu/Gonu.zrf", "", "elimination", false, false},
}

// strengthPlies caps a game's moves (dice throws not counted); one still
// going then is a draw. Races need it long: random games of Ur take some
// 330 moves (1,300 plies with the throws), more with captures sending men
// back.
const strengthPlies = 1000

// score is a side's results in a series of games (capped games are among
// the draws).
type score struct {
	wins, draws, lost int
	capped            int
}

func (s score) games() int { return s.wins + s.draws + s.lost }

func (s score) String() string {
	if s.games() == 0 {
		return "–"
	}
	return fmt.Sprintf("+%d =%d −%d (%.0f%%)", s.wins, s.draws, s.lost, 100*s.fraction())
}

// fraction is the share of the points, a draw being half a point.
func (s score) fraction() float64 {
	return (float64(s.wins) + float64(s.draws)/2) / float64(max(s.games(), 1))
}

// series plays n games of ours against theirs on g, ours taking the first
// of the two choosing players (ChoosingPlayers: not the dice, nor a player
// who never moves) in the even games and the second in the odd ones; each
// game's seed differs, so the seeded players vary their play.
func series(g *vm.Game, ev *eval.Evaluator, ours, theirs string, n int, lim engine.Limits) (score, error) {
	var sc score
	choosers := ChoosingPlayers(g)
	if len(choosers) != 2 {
		return sc, fmt.Errorf("%d players choose their moves, not 2", len(choosers))
	}
	for i := range n {
		side := choosers[i%2]
		seed := uint64(1000 + i)
		seats := make([]Seat, len(g.Players))
		for _, p := range choosers {
			seats[p] = SeatOf(theirs, seed)
		}
		seats[side] = SeatOf(ours, seed)
		r, err := MatchGame(g, ev, seats, lim, strengthPlies, seed)
		if err != nil {
			return sc, fmt.Errorf("game %d: %v", i+1, err)
		}
		switch {
		case r.Capped:
			sc.capped++
			sc.draws++
		case r.Winner == side:
			sc.wins++
		case r.Winner < 0:
			sc.draws++
		default:
			sc.lost++
		}
	}
	return sc, nil
}

// TestStrength plays, for each game of the list, auto's calibration, then
// its pick against a random player, against a one-move greedy player and
// against the other mode, and prints the table. It wants at least 90%
// against random, 75% against greedy and half the points against the other
// mode. By default it plays the quick games only; -strength.all plays all
// (-tags is not needed: the flag is the switch), e.g.
//
//	go test -run TestStrength -v -timeout 3h ./cmd/zrun/internal/play -args -strength.all
func TestStrength(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("the corpus is not at %s: %v", corpusDir, err)
	}
	var filter *regexp.Regexp
	if *strengthRun != "" {
		filter = regexp.MustCompile(*strengthRun)
	}
	lim := engine.Limits{MoveTime: *strengthMoveTime}
	var rows []string
	for _, sg := range strengthList {
		if !*strengthAll && !sg.quick {
			continue
		}
		path := filepath.Join(corpusDir, sg.path)
		if strings.HasPrefix(sg.path, "games/") {
			path = filepath.Join("../../../..", sg.path)
		}
		g, ev, err := LoadEvaluated(path, sg.variant)
		if err != nil {
			t.Errorf("%s: %v", sg.path, err)
			continue
		}
		title := g.Title
		if filter != nil && !filter.MatchString(title) && !filter.MatchString(sg.path) {
			continue
		}
		start := time.Now()
		c, err := Calibrate(g, ev, CalibrationGames, CalibrationMoveTime)
		if err != nil {
			t.Errorf("%s: calibration: %v", title, err)
			continue
		}
		ours := c.Pick()
		other := PlayerMCTS
		if ours == PlayerMCTS {
			other = PlayerAlphaBeta
		}
		vsRandom, err := series(g, ev, ours, PlayerRandom, *strengthGames, lim)
		if err != nil {
			t.Errorf("%s against random: %v", title, err)
			continue
		}
		vsGreedy, err := series(g, ev, ours, PlayerGreedy, *strengthGames, lim)
		if err != nil {
			t.Errorf("%s against greedy: %v", title, err)
			continue
		}
		vsOther, err := series(g, ev, ours, other, *strengthModes, lim)
		if err != nil {
			t.Errorf("%s against %s: %v", title, other, err)
			continue
		}
		var short []string
		if vsRandom.fraction() < 0.9 {
			short = append(short, "random < 90%")
		}
		if sg.drawn && vsGreedy.lost > 0 {
			short = append(short, "lost to greedy in a drawn game")
		} else if !sg.drawn && vsGreedy.fraction() < 0.75 {
			short = append(short, "greedy < 75%")
		}
		if vsOther.games() > 0 && vsOther.fraction() < 0.5 {
			short = append(short, "auto lost to "+other)
		}
		verdict := "ok"
		if len(short) > 0 {
			verdict = strings.Join(short, ", ")
			t.Errorf("%s (%s): %s", title, sg.path, verdict)
		}
		capped := vsRandom.capped + vsGreedy.capped + vsOther.capped
		row := fmt.Sprintf("| %s (%s) | %s | %s (mcts %.1f, ab %.1f) | %s | %s | %s | %d | %s | %s |",
			title, filepath.Base(sg.path), sg.family, ours, c.MCTS, c.AlphaBeta, vsRandom, vsGreedy, vsOther, capped,
			time.Since(start).Round(time.Second), verdict)
		t.Log(row)
		rows = append(rows, row)
	}
	t.Logf("%d games at %v a move, %d games against each baseline, %d against the other mode, capped at %d plies:\n"+
		"| game | family | auto's pick (calibration points) | vs random | vs greedy | vs other mode | capped | time | verdict |\n"+
		"| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n%s",
		len(rows), *strengthMoveTime, *strengthGames, *strengthModes, strengthPlies, strings.Join(rows, "\n"))
}
