// This file defines the calibration match that picks a player per game.

package play

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
)

// The auto player's calibration: a few quick games, each player taking
// each side, long enough to tell a player that understands the game from
// one that does not, short enough to wait for when a game is opened.
const (
	CalibrationGames    = 4
	CalibrationMoveTime = 40 * time.Millisecond
	calibrationPlies    = 160 // a game still going then is a draw
	// calibrationBudget bounds the match: no game starts that would end
	// after it (the games played decide).
	calibrationBudget = 30 * time.Second
)

// Calibration is the result of a calibration match.
type Calibration struct {
	Games           int
	MCTS, AlphaBeta float64 // points (a draw is half a point each)
	MoveTime        time.Duration
	Skipped         string // why no match was played (not two players)
}

// Pick is the player that scored more; alpha-beta on a tie (it is the
// stronger where the evaluation means something, and deterministic).
func (c Calibration) Pick() string {
	if c.MCTS > c.AlphaBeta {
		return PlayerMCTS
	}
	return PlayerAlphaBeta
}

func (c Calibration) String() string {
	if c.Skipped != "" {
		return fmt.Sprintf("auto: %s, no calibration (%s)", c.Pick(), c.Skipped)
	}
	return fmt.Sprintf("auto: %s (calibration: mcts %.1f, alphabeta %.1f in %d games at %v a move)",
		c.Pick(), c.MCTS, c.AlphaBeta, c.Games, c.MoveTime)
}

// Calibrate plays games quick games between MCTS and alpha-beta on g from
// its start, alternating who moves first. Games of two choosing players
// are calibrated, with or without random players of the game's own (dice,
// or Dakon's helpers that make the sowing's forced captures), which choose
// at random in the match too; others keep alpha-beta. So do games whose
// positions are slow to generate (positionCost): there a UCT playout would
// not fit in a move, and the match would take minutes.
func Calibrate(g *vm.Game, ev *eval.Evaluator, games int, moveTime time.Duration) (Calibration, error) {
	c := Calibration{MoveTime: moveTime}
	choosers := ChoosingPlayers(g)
	if len(choosers) != 2 {
		c.Skipped = fmt.Sprintf("%d players", len(choosers))
		return c, nil
	}
	cost, err := positionCost(g)
	if err != nil {
		return c, err
	}
	if cost*playoutPlies > moveTime {
		c.Skipped = fmt.Sprintf("a position takes %v to generate: a playout of %d plies would not fit in %v a move", cost.Round(10*time.Microsecond), playoutPlies, moveTime)
		return c, nil
	}
	start := time.Now()
	for i := range games {
		// no game starts that would end past the budget, at the mean
		// length of those played
		if el := time.Since(start); i > 0 && el+el/time.Duration(i) > calibrationBudget {
			break
		}
		mctsSide := choosers[i%2] // the player MCTS plays
		abSide := choosers[1-i%2]
		w, err := calibrationGame(g, ev, mctsSide, abSide, moveTime)
		if err != nil {
			return c, err
		}
		c.Games++
		switch w {
		case mctsSide:
			c.MCTS++
		case abSide:
			c.AlphaBeta++
		default: // a draw, the cap, or (oddly) a random player's win
			c.MCTS += 0.5
			c.AlphaBeta += 0.5
		}
	}
	return c, nil
}

// ChoosingPlayers are g's players who choose their moves: those the turn
// order gives a turn, random players (dice) left out, by number. Splut's
// Duel has South and North: West and East, its neutral stones' owners,
// never move; Abstract Mancala's First and Second come after its random
// ?C, which sets the board up.
func ChoosingPlayers(g *vm.Game) []int {
	moves := make([]bool, len(g.Players))
	for _, t := range g.TurnOrder {
		if t.Mover >= 0 && t.Mover < len(moves) {
			moves[t.Mover] = true
		}
	}
	var out []int
	for p, pl := range g.Players {
		if !pl.Random && (moves[p] || len(g.TurnOrder) == 0) {
			out = append(out, p)
		}
	}
	return out
}

// calibrationGame plays one game and returns the winner (-1: a draw, or
// the game reached the move cap).
func calibrationGame(g *vm.Game, ev *eval.Evaluator, mctsSide, abSide int, moveTime time.Duration) (int, error) {
	seats := make([]Seat, len(g.Players)) // nil: the game's random players
	seats[mctsSide], seats[abSide] = SeatOf(PlayerMCTS, 1), SeatOf(PlayerAlphaBeta, 0)
	r, err := MatchGame(g, ev, seats, engine.Limits{MoveTime: moveTime}, calibrationPlies, 1)
	return r.Winner, err
}

// playoutPlies is a short random game's length, for telling whether UCT
// can play a few playouts a move: an Axiom game's moves come from its
// ForthScript, milliseconds a position (Ordo's 0.1 s), where a rule
// file's take microseconds.
const playoutPlies = 40

// costPlies is how many plies of a random line from the start positionCost
// times.
const costPlies = 5

// positionCost is the time a position of g takes to generate its moves
// and outcome: the median over a random line of costPlies from the start
// (the first generation may pay for tables built on first use, and a
// loaded machine for a pause now and then).
func positionCost(g *vm.Game) (time.Duration, error) {
	s, err := vm.NewState(g)
	if err != nil {
		return 0, err
	}
	rng := rand.New(rand.NewPCG(1, 2))
	ml := &vm.MoveList{}
	var took []time.Duration
	for len(took) < costPlies {
		start := time.Now()
		if err := s.Generate(ml); err != nil {
			return 0, err
		}
		o, err := s.Outcome(ml)
		if err != nil {
			return 0, err
		}
		took = append(took, time.Since(start))
		if o.Over || len(ml.Moves) == 0 {
			break
		}
		m := ml.Moves[rng.IntN(len(ml.Moves))].Clone()
		if s.Make(&m) != nil {
			break // an illegal pseudo-legal move: enough is timed
		}
	}
	slices.Sort(took)
	return took[len(took)/2], nil
}
