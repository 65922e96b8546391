// This file defines a game between players from the start position: the
// calibration match of the auto player and the strength tests use it.

package play

import (
	"context"
	"fmt"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
)

// Baseline players, for measuring the others against: a uniformly random
// mover and one that looks one move ahead with the evaluation.
const (
	PlayerRandom = "random"
	PlayerGreedy = "greedy"
)

// Seat makes the player of one side of a match game, on the position the
// game is played on.
type Seat func(pos *eval.Position) engine.Player[*vm.Move]

// matchHashMB is each alpha-beta seat's table: small, as match moves are
// quick.
const matchHashMB = 4

// SeatOf is a seat of the given kind (alphabeta, mcts, random, greedy);
// seed fixes the random choices of those that make any.
func SeatOf(kind string, seed uint64) Seat {
	switch kind {
	case PlayerMCTS:
		return func(pos *eval.Position) engine.Player[*vm.Move] { return engine.NewMCTS[*vm.Move](pos, seed) }
	case PlayerRandom:
		return func(pos *eval.Position) engine.Player[*vm.Move] { return engine.NewRandomPlayer[*vm.Move](pos, seed) }
	case PlayerGreedy:
		return func(pos *eval.Position) engine.Player[*vm.Move] { return engine.NewGreedyPlayer[*vm.Move](pos, seed) }
	}
	return func(pos *eval.Position) engine.Player[*vm.Move] { return engine.New[*vm.Move](pos, matchHashMB) }
}

// maxThrowsPerMove bounds the plies of a match game at this many times its
// move cap, counting the dice players' plies too.
const maxThrowsPerMove = 8

// MatchResult is how a match game ended.
type MatchResult struct {
	Winner int  // the winning player, -1 for a draw or the ply cap
	Capped bool // still going after the cap (counted a draw)
}

// MatchGame plays g from its start, seats[p] choosing for player p, each
// move searched within lim, until the game ends or the seated players have
// made maxPlies moves (a draw). A random player of the game's own (dice)
// chooses uniformly, seeded by seed; its throws do not count towards
// maxPlies, since a race game throws several times a turn (Ur: three dice
// plies before each move), but a game of throws alone still stops after
// maxThrowsPerMove times as many plies.
func MatchGame(g *vm.Game, ev *eval.Evaluator, seats []Seat, lim engine.Limits, maxPlies int, seed uint64) (MatchResult, error) {
	r := MatchResult{Winner: -1}
	s, err := vm.NewState(g)
	if err != nil {
		return r, err
	}
	pos := eval.NewPosition(s, ev)
	players := make([]engine.Player[*vm.Move], len(g.Players))
	for p := range g.Players {
		if g.Players[p].Random || p >= len(seats) || seats[p] == nil {
			players[p] = engine.NewRandomPlayer[*vm.Move](pos, seed+uint64(p))
		} else {
			players[p] = seats[p](pos)
		}
	}
	ml := &vm.MoveList{}
	moves := 0
	for ply := 0; moves < maxPlies && ply < maxThrowsPerMove*maxPlies; ply++ {
		if err := s.Generate(ml); err != nil {
			return r, err
		}
		o, err := s.Outcome(ml)
		if err != nil {
			return r, err
		}
		if o.Over {
			// A loss condition names the winner too: vm's Outcome gives
			// the win to the sole opponent who takes turns.
			r.Winner = o.Winner
			return r, nil
		}
		if !g.Players[s.Chooser()].Random {
			moves++
		}
		res := players[s.Chooser()].Search(context.Background(), lim)
		if err := pos.Err(); err != nil {
			return r, err
		}
		if !res.Found {
			return r, fmt.Errorf("no move found at ply %d, though the game goes on", ply)
		}
		if err := s.Make(res.Best); err != nil {
			return r, err
		}
	}
	r.Capped = true
	return r, nil
}
