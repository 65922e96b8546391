// This file defines one game between two engines, refereed by our own
// rules: every move an engine sends must be legal there, and the rules (not
// the engines' claims) say when the game is over, except that a CECP engine
// may claim a result on its turn (trusted, as XBoard and cecp_match.py do).

package match

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"zrun/vm"
)

// Result is how a game ended: the score of White (1, ½, 0) and why.
type Result struct {
	White  float64
	Reason string
	Plies  int
	Moves  []string // the game's moves in coordinates, opening included
}

// Rules makes the start position of the match's game.
type Rules func() (*vm.State, error)

// timeMargin is the overrun forgiven an engine on the clock: process
// scheduling on a loaded machine, not thinking.
const timeMargin = 100 * time.Millisecond

// moveTimeout bounds a move without a clock (fixed depth or nodes): an
// engine silent this long has hung.
const moveTimeout = 5 * time.Minute

// PlayGame plays white against black from the start followed by opening,
// until the rules end the game, an engine resigns, claims, fails, plays an
// illegal move or loses on time, or maxPlies moves after the opening (a
// draw). An engine's failure is its loss; err is only for failures of ours
// (the rules).
func PlayGame(rules Rules, opening []string, white, black *Engine, lim Limit, maxPlies int) (Result, error) {
	s, err := rules()
	if err != nil {
		return Result{}, err
	}
	ml := &vm.MoveList{}
	moves := append([]string(nil), opening...)
	for _, m := range opening {
		if _, err := playCoord(s, ml, m); err != nil {
			return Result{}, fmt.Errorf("opening move %s: %v", m, err)
		}
	}
	engines := [2]*Engine{white, black}
	for _, e := range engines {
		if err := e.NewGame(opening, lim); errors.Is(err, ErrUnsupported) {
			return Result{}, err
		} else if err != nil {
			return lossOf(e == black, "setup: "+err.Error(), moves), nil
		}
	}
	clock := [2]time.Duration{lim.Base, lim.Base}
	last := ""
	for ply := 0; ; ply++ {
		if err := s.Generate(ml); err != nil {
			return Result{}, err
		}
		o, err := s.Outcome(ml)
		if err != nil {
			return Result{}, err
		}
		if o.Over {
			r := Result{White: 0.5, Reason: o.Reason, Plies: len(moves), Moves: moves}
			switch o.Winner {
			case 0:
				r.White = 1
			case 1:
				r.White = 0
			}
			return r, nil
		}
		if ply >= maxPlies {
			return Result{White: 0.5, Reason: fmt.Sprintf("adjudicated draw after %d plies", maxPlies), Plies: len(moves), Moves: moves}, nil
		}
		side := s.Mover()
		if side > 1 {
			return Result{}, fmt.Errorf("player %d to move: matches are between two players", side)
		}
		e := engines[side]
		timeout := moveTimeout
		if lim.clocked() {
			timeout = clock[side] + timeMargin + time.Second
		}
		start := time.Now()
		rep, err := e.Move(moves, last, lim, Clocks{Own: clock[side], Opp: clock[1-side], White: side == 0}, timeout)
		used := time.Since(start)
		if err != nil {
			if errors.Is(err, errEngine) && lim.clocked() && strings.Contains(err.Error(), "silent") {
				return lossOf(side == 1, "loses on time", moves), nil
			}
			return lossOf(side == 1, err.Error(), moves), nil
		}
		if lim.clocked() {
			clock[side] -= used
			if clock[side] < -timeMargin {
				return lossOf(side == 1, "loses on time", moves), nil
			}
			clock[side] = max(clock[side], 0) + lim.Inc
		}
		switch {
		case rep.Resign:
			return lossOf(side == 1, "resigns", moves), nil
		case rep.Claim != "":
			w := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[rep.Claim]
			return Result{White: w, Reason: "claimed " + rep.Claim + " " + rep.Why, Plies: len(moves), Moves: moves}, nil
		}
		played, err := playCoord(s, ml, rep.Move)
		if err != nil {
			return lossOf(side == 1, fmt.Sprintf("illegal move %q", rep.Move), moves), nil
		}
		moves = append(moves, played)
		last = played
	}
}

// lossOf is a loss for the side that failed (black if blackLost).
func lossOf(blackLost bool, why string, moves []string) Result {
	side := "White"
	w := 0.0
	if blackLost {
		side, w = "Black", 1
	}
	return Result{White: w, Reason: side + " " + why, Plies: len(moves), Moves: moves}
}

// playCoord makes the legal move written m in coordinates (exactly, else
// ignoring case: engines differ on promotion letters' case), or castling
// written O-O or O-O-O (with letter O or digit 0), as Sjaak II sends it
// in Capablanca and XBoard accepts. It returns the move as the other
// engine is told it: m itself, or a castling move's coordinates.
func playCoord(s *vm.State, ml *vm.MoveList, m string) (string, error) {
	if err := s.Generate(ml); err != nil {
		return "", err
	}
	found := -1
	if side := castleSide(m); side != 0 {
		if v := vm.NewGridView(s.Game()); v != nil {
			for i := range ml.Moves {
				if v.CastleSide(s, &ml.Moves[i]) == side {
					if found >= 0 {
						return "", fmt.Errorf("%q names more than one move", m)
					}
					found = i
				}
			}
		}
		if found >= 0 {
			c := s.CoordString(&ml.Moves[found])
			return c, s.Make(&ml.Moves[found])
		}
	}
	for i := range ml.Moves {
		c := s.CoordString(&ml.Moves[i])
		if c == m {
			found = i
			break
		}
		if found < 0 && strings.EqualFold(c, m) {
			found = i
		}
	}
	if found < 0 {
		return "", fmt.Errorf("no legal move %q", m)
	}
	return m, s.Make(&ml.Moves[found])
}

// castleSide reads castling text: 1 for O-O, -1 for O-O-O, 0 for other
// text (check marks after it are allowed).
func castleSide(m string) int {
	switch strings.TrimRight(strings.ReplaceAll(m, "0", "O"), "+#") {
	case "O-O":
		return 1
	case "O-O-O":
		return -1
	}
	return 0
}
