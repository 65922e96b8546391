// This file defines the two baseline players a player's strength is
// measured against: one that moves at random and one that looks one move
// ahead; and the player that always takes the first move.

package engine

import (
	"context"
	"math/rand/v2"
	"time"
)

// RandomPlayer plays a legal move chosen uniformly at random: the weakest
// opponent there is, and the chooser of a game's random player (dice).
type RandomPlayer[M any] struct {
	pos   Position[M]
	rng   *rand.Rand
	moves []M
	legal []M
}

// NewRandomPlayer makes a random player for pos; seed fixes its choices.
func NewRandomPlayer[M any](pos Position[M], seed uint64) *RandomPlayer[M] {
	return &RandomPlayer[M]{pos: pos, rng: rand.New(rand.NewPCG(seed, seed^0x6a09e667f3bcc909))}
}

// SetInfo does nothing: a random choice has no progress to report.
func (r *RandomPlayer[M]) SetInfo(func(Info)) {}

// Search picks the move; limits do not matter.
func (r *RandomPlayer[M]) Search(_ context.Context, _ Limits) Result[M] {
	start := time.Now()
	r.moves = r.pos.Generate(r.moves[:0])
	r.legal = legalMoves(r.pos, r.moves, r.legal[:0])
	var res Result[M]
	if len(r.legal) > 0 {
		res.Best, res.Found = r.legal[r.rng.IntN(len(r.legal))], true
	}
	res.Nodes, res.Time = uint64(len(r.moves)), time.Since(start)
	return res
}

// FirstPlayer plays the first legal move in the position's order: what an
// Axiom script's {first} asks for (axiom.4th's $FirstMoveEngine).
type FirstPlayer[M any] struct {
	pos   Position[M]
	moves []M
}

// NewFirstPlayer makes a first-move player for pos.
func NewFirstPlayer[M any](pos Position[M]) *FirstPlayer[M] { return &FirstPlayer[M]{pos: pos} }

// SetInfo does nothing: there is no search to report.
func (f *FirstPlayer[M]) SetInfo(func(Info)) {}

// Search picks the move; limits do not matter.
func (f *FirstPlayer[M]) Search(_ context.Context, _ Limits) Result[M] {
	start := time.Now()
	f.moves = f.pos.Generate(f.moves[:0])
	var res Result[M]
	for _, m := range f.moves {
		if f.pos.Make(m) {
			f.pos.Unmake()
			res.Best, res.Found = m, true
			break
		}
	}
	res.Nodes, res.Time = uint64(len(f.moves)), time.Since(start)
	return res
}

// GreedyPlayer plays the move whose resulting position scores best for it
// by the position's evaluation, one move deep: a win at once first, a loss
// at once last, ties broken at random. It sees every immediate capture and
// goal but nothing of the reply.
type GreedyPlayer[M any] struct {
	pos   Position[M]
	rng   *rand.Rand
	moves []M
	reply []M
}

// NewGreedyPlayer makes a one-move-deep player for pos; seed fixes how it
// breaks ties.
func NewGreedyPlayer[M any](pos Position[M], seed uint64) *GreedyPlayer[M] {
	return &GreedyPlayer[M]{pos: pos, rng: rand.New(rand.NewPCG(seed, seed^0xbb67ae8584caa73b))}
}

// SetInfo does nothing: the player reports no progress.
func (g *GreedyPlayer[M]) SetInfo(func(Info)) {}

// Search scores every legal move; limits do not matter.
func (g *GreedyPlayer[M]) Search(_ context.Context, _ Limits) Result[M] {
	start := time.Now()
	pos := g.pos
	me := pos.ToMove()
	g.moves = pos.Generate(g.moves[:0])
	var res Result[M]
	best, ties := -Inf, 0
	for _, m := range g.moves {
		if !pos.Make(m) {
			continue
		}
		v := g.score(me)
		pos.Unmake()
		res.Nodes++
		switch {
		case v > best:
			best, ties = v, 1
			res.Best, res.Found = m, true
		case v == best:
			// Reservoir sampling: each of the tied moves is kept with
			// equal chance.
			ties++
			if g.rng.IntN(ties) == 0 {
				res.Best = m
			}
		}
	}
	res.Score, res.Depth, res.Time = best, 1, time.Since(start)
	return res
}

// score values the position after a move of player me.
func (g *GreedyPlayer[M]) score(me int) int {
	pos := g.pos
	if pos.Random() {
		return pos.Evaluate(me)
	}
	g.reply = pos.Generate(g.reply[:0])
	over, w, l := pos.Outcome()
	if !over && !hasLegal(pos, g.reply) {
		over, w, l = pos.NoMoves()
	}
	if !over {
		return pos.Evaluate(me)
	}
	switch {
	case w == me || (w < 0 && l >= 0 && l != me):
		return Win
	case w >= 0 || l == me:
		return -Win
	}
	return 0
}

// legalMoves appends to out the moves of moves that Make accepts.
func legalMoves[M any](pos Position[M], moves, out []M) []M {
	for _, m := range moves {
		if pos.Make(m) {
			pos.Unmake()
			out = append(out, m)
		}
	}
	return out
}

// hasLegal reports whether Make accepts one of moves.
func hasLegal[M any](pos Position[M], moves []M) bool {
	for _, m := range moves {
		if pos.Make(m) {
			pos.Unmake()
			return true
		}
	}
	return false
}
