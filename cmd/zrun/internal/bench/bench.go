// This file defines the positions and runs them.

package bench

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"time"

	"zrun/cmd/zrun/internal/play"
	"zrun/engine"
	"zrun/internal/benchpos"
	"zrun/vm"
)

// Position is one bench position (package benchpos owns the list).
type Position = benchpos.Position

// Default is the standard set.
var Default = benchpos.Default

// HashMB is the transposition table of every bench search.
const HashMB = benchpos.HashMB

// Line is one position's result.
type Line struct {
	Position
	Nodes uint64
	Time  time.Duration
	Best  string // the best move in coordinates
}

// Summary totals the searches.
type Summary struct {
	Nodes uint64
	Time  time.Duration
}

// NodesPerSecond is the search speed over the whole bench.
func (s Summary) NodesPerSecond() float64 { return float64(s.Nodes) / max(s.Time.Seconds(), 1e-9) }

// Search runs the positions (files relative to dir) and reports each line
// as it finishes.
func Search(dir, variant string, positions []Position, each func(Line)) (Summary, error) {
	var sum Summary
	for _, p := range positions {
		s, err := play.NewState(filepath.Join(dir, p.File), variant, "")
		if err != nil {
			return sum, err
		}
		if err := s.PlayCoords(p.Moves); err != nil {
			return sum, fmt.Errorf("%s: %v", p.Name, err)
		}
		res, _, err := play.SearchState(s, engine.Limits{Depth: p.Depth}, HashMB, nil)
		if err != nil {
			return sum, fmt.Errorf("%s: %v", p.Name, err)
		}
		l := Line{Position: p, Nodes: res.Nodes, Time: res.Time}
		if res.Found && len(res.PV) > 0 {
			l.Best = res.PV[0]
		}
		sum.Nodes += res.Nodes
		sum.Time += res.Time
		each(l)
	}
	return sum, nil
}

// ForFile is the bench set of a user's rule file: its start position and
// the positions after 10 and 20 plies of moves picked from a fixed seed
// (so the same every run), each searched to depth.
func ForFile(path, variant string, depth int) ([]Position, error) {
	s, err := play.NewState(path, variant, "")
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(1, 2))
	base := filepath.Base(path)
	out := []Position{{Name: base + " start", File: base, Depth: depth}}
	var moves []string
	ml := &vm.MoveList{}
	for ply := 1; ply <= 20; ply++ {
		if err := s.Generate(ml); err != nil {
			return nil, err
		}
		if o, err := s.Outcome(ml); err != nil || o.Over || len(ml.Moves) == 0 {
			break
		}
		m := &ml.Moves[rng.IntN(len(ml.Moves))]
		moves = append(moves, s.CoordString(m))
		if err := s.Make(m); err != nil {
			return nil, err
		}
		if ply%10 == 0 {
			out = append(out, Position{Name: fmt.Sprintf("%s after %d plies", base, ply), File: base, Moves: strings.Join(moves, " "), Depth: depth})
		}
	}
	return out, nil
}

// PerftResult is the generation speed measured by perft.
type PerftResult struct {
	Depth int
	Nodes uint64
	Time  time.Duration
}

// Perft counts chess perft(depth) from the start (games/chess.zrf in dir).
func Perft(dir string, depth int) (PerftResult, error) {
	s, err := play.NewState(filepath.Join(dir, "chess.zrf"), "", "")
	if err != nil {
		return PerftResult{}, err
	}
	start := time.Now()
	n, err := s.Perft(depth)
	return PerftResult{Depth: depth, Nodes: n, Time: time.Since(start)}, err
}
