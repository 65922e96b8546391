// This file defines the calibration match that picks a player per game.

package play

import (
	"fmt"
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
// at random in the match too; others keep alpha-beta.
func Calibrate(g *vm.Game, ev *eval.Evaluator, games int, moveTime time.Duration) (Calibration, error) {
	c := Calibration{MoveTime: moveTime}
	var choosers []int
	for p, pl := range g.Players {
		if !pl.Random {
			choosers = append(choosers, p)
		}
	}
	if len(choosers) != 2 {
		c.Skipped = fmt.Sprintf("%d players", len(choosers))
		return c, nil
	}
	for i := range games {
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

// calibrationGame plays one game and returns the winner (-1: a draw, or
// the game reached the move cap).
func calibrationGame(g *vm.Game, ev *eval.Evaluator, mctsSide, abSide int, moveTime time.Duration) (int, error) {
	seats := make([]Seat, len(g.Players)) // nil: the game's random players
	seats[mctsSide], seats[abSide] = SeatOf(PlayerMCTS, 1), SeatOf(PlayerAlphaBeta, 0)
	r, err := MatchGame(g, ev, seats, engine.Limits{MoveTime: moveTime}, calibrationPlies, 1)
	return r.Winner, err
}
