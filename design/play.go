// This file defines the self-play run: the games of a run (or of one
// shard of it), each from its own seed, and what each game records.

package design

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/engine/eval/tune"
	"zrun/gamefile"
	"zrun/vm"
)

// Options say which games a run plays. The zero values of the optional
// fields are replaced by the defaults Run documents.
type Options struct {
	File, Variant string
	Games         int           // games in the whole run (all shards)
	Depth         int           // search depth of each move (when MoveTime is 0)
	MoveTime      time.Duration // time per move instead of a depth (games then vary run to run)
	Seed          uint64        // the base seed: game k's seed is GameSeed(Seed, k)
	RandomPlies   int           // plies played at random at the start of a randomised opening
	// StartEvery: games 0, StartEvery, 2*StartEvery... start from the
	// start position itself; the others from a randomised opening. At a
	// fixed depth the engine plays the same game from the same position,
	// so the default (0) starts game 0 alone there; with --movetime games
	// from the start differ, and a share of them is worth having.
	StartEvery int
	MaxPlies   int // a game still going after this many plies is cut (a draw, counted apart)
	Shard, Of  int // play games k with k % Of == Shard-1 (1 and 1: all)
	Jobs       int // games played at once (each with its own copy of the game)
	// Progress, when set, hears after every game of the shard: the games
	// done and the records so far (in no order).
	Progress func(done, total int, recs []*GameRecord)
	// Stop, when set, ends the run once true: no game starts after it,
	// and a game under way is abandoned before its next search (not
	// recorded). Run then returns ErrStopped with the games finished.
	Stop *atomic.Bool
	// Context, when set, is the searches' context: cancelled together
	// with Stop set, it ends a search under way at once (a long search of
	// a large game need not finish before the run stops).
	Context context.Context
}

// ErrStopped is Run's error when Options.Stop ended it early.
var ErrStopped = errors.New("stopped before the last game")

// withDefaults returns o with the defaults filled in.
func (o Options) withDefaults() Options {
	if o.Games <= 0 {
		o.Games = 100
	}
	if o.Depth <= 0 && o.MoveTime <= 0 {
		o.Depth = 2
	}
	if o.RandomPlies < 0 {
		o.RandomPlies = 0
	}
	if o.StartEvery <= 0 || o.StartEvery > o.Games {
		// At a fixed depth every game from the start position is the
		// same game: counted many times it would narrow the intervals
		// with no new information. By default only game 0 starts there.
		o.StartEvery = o.Games
	}
	if o.MaxPlies <= 0 {
		o.MaxPlies = 300
	}
	if o.Of < 1 {
		o.Shard, o.Of = 1, 1
	}
	if o.Jobs < 1 {
		o.Jobs = 1
	}
	return o
}

// GameSeed is game k's seed: it depends on the base seed and k alone, so
// a game is the same whichever shard plays it (splitmix64 of the two, so
// neighbouring seeds give unrelated openings).
func GameSeed(base uint64, k int) uint64 {
	z := base + uint64(k+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Loaded is a rule file's game with its evaluation, as a run plays it.
type Loaded struct {
	Game *vm.Game
	Eval *eval.Evaluator
}

// Load loads the game or variant of file with the values "zrun tune" keeps
// beside it (as every front end that searches does) and derives its
// evaluation.
func Load(file, variant string) (Loaded, error) {
	g, err := gamefile.LoadGame(file, variant)
	if err != nil {
		return Loaded{}, err
	}
	if err := eval.ApplyTunedFor(file, g); err != nil {
		return Loaded{}, err
	}
	if len(g.Players) != 2 || g.Players[0].Random || g.Players[1].Random {
		return Loaded{}, fmt.Errorf("%s: self-play needs two players who choose their moves (%q has %d players)", file, g.Title, len(g.Players))
	}
	ev, err := eval.Derive(g)
	if err != nil {
		return Loaded{}, err
	}
	return Loaded{g, ev}, nil
}

// Run plays the games of o's shard and returns the run's header and the
// records, by game number. Defaults: 100 games, depth 2, 300 plies, game
// 0 alone from the start position.
func Run(o Options) (*Header, []*GameRecord, error) {
	o = o.withDefaults()
	first, err := Load(o.File, o.Variant)
	if err != nil {
		return nil, nil, err
	}
	h := newHeader(first.Game, o)
	var mine []int
	for k := o.Shard - 1; k < o.Games; k += o.Of {
		mine = append(mine, k)
	}
	recs := make([]*GameRecord, len(mine))
	var (
		mu   sync.Mutex
		done []*GameRecord
		fail error
		wg   sync.WaitGroup
	)
	next := make(chan int)
	for j := 0; j < o.Jobs; j++ {
		// Each worker its own game and evaluation: a game's derived
		// tables and an evaluator's scratch are not shared between
		// goroutines.
		ld := first
		if j > 0 {
			if ld, err = Load(o.File, o.Variant); err != nil {
				return nil, nil, err
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r, err := playGame(ld, h, o, mine[i])
				mu.Lock()
				if errors.Is(err, ErrStopped) {
					mu.Unlock()
					continue
				}
				if err != nil && fail == nil {
					fail = fmt.Errorf("game %d: %v", mine[i]+1, err)
				}
				if err == nil {
					recs[i] = r
					done = append(done, r)
					if o.Progress != nil {
						o.Progress(len(done), len(mine), done)
					}
				}
				mu.Unlock()
			}
		}()
	}
	for i := range mine {
		mu.Lock()
		stop := fail != nil || (o.Stop != nil && o.Stop.Load())
		mu.Unlock()
		if stop {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if fail != nil {
		return nil, nil, fail
	}
	if o.Stop != nil && o.Stop.Load() {
		// The games finished, by game number: a partial run's report.
		played := recs[:0:0]
		for _, r := range recs {
			if r != nil {
				played = append(played, r)
			}
		}
		return h, played, ErrStopped
	}
	return h, recs, nil
}

// evalClamp bounds the evaluations a game records: a found win scores
// near engine.Win, and one such score would swamp every mean.
const evalClamp = 3000

// playGame plays game k of the run: its random opening, then the engine
// against itself, recording each ply.
func playGame(ld Loaded, h *Header, o Options, k int) (*GameRecord, error) {
	g := ld.Game
	s, err := vm.NewState(g)
	if err != nil {
		return nil, err
	}
	seed := GameSeed(o.Seed, k)
	r := &GameRecord{Game: k, Seed: seed, Winner: -1,
		PieceMoves: make([]int, len(h.Pieces)), BlockFired: make([]int, len(h.Blocks))}
	if k%o.StartEvery != 0 {
		r.RandomPlies = o.RandomPlies
	}
	rng := rand.New(rand.NewPCG(seed, 0x6465_7369_676e))
	pos := eval.NewPosition(s, ld.Eval)
	se := engine.New[*vm.Move](pos, 4)
	lim := engine.Limits{Depth: o.Depth}
	if o.MoveTime > 0 {
		lim = engine.Limits{MoveTime: o.MoveTime}
	}
	ctx := o.Context
	if ctx == nil {
		ctx = context.Background()
	}
	blockAt := h.blockIndex()
	nT := len(g.Pieces)
	ml := &vm.MoveList{}
	lastNoisy := false
	for ply := 0; ; ply++ {
		if err := s.Generate(ml); err != nil {
			return nil, err
		}
		r.Branching = append(r.Branching, len(ml.Moves))
		out, err := s.Outcome(ml)
		if err != nil {
			return nil, err
		}
		if out.Over {
			r.Plies, r.Winner, r.Reason, r.Source = ply, out.Winner, out.Reason, out.Source
			r.Kind = out.Kind.String()
			break
		}
		if ply >= o.MaxPlies {
			r.Plies, r.Capped, r.Kind, r.Reason = ply, true, "cap", "ply cap"
			break
		}
		if o.Stop != nil && o.Stop.Load() {
			return nil, ErrStopped
		}
		var m vm.Move
		if ply < r.RandomPlies {
			m = ml.Moves[rng.IntN(len(ml.Moves))]
		} else {
			res := se.Search(ctx, lim)
			if (o.Stop != nil && o.Stop.Load()) || ctx.Err() != nil {
				return nil, ErrStopped // the search may have been cut short
			}
			if err := pos.Err(); err != nil {
				return nil, err
			}
			if !res.Found {
				return nil, fmt.Errorf("the search found no move at ply %d", ply)
			}
			m = *res.Best
			score := max(-evalClamp, min(evalClamp, res.Score))
			if s.Chooser() != 0 {
				score = -score
			}
			r.Eval = append(r.Eval, score)
		}
		if m.Piece >= 0 && int(m.Piece) < nT {
			r.PieceMoves[m.Piece]++
		}
		b, drop, err := s.BlockOf(&m)
		if err != nil {
			return nil, err
		}
		if b >= 0 {
			r.BlockFired[blockAt[blockKey{int(m.Piece), drop, b}]]++
		}
		// A quiet position for the piece values, as eval's self-play
		// takes them: no exchange under way, no check, no turn half made.
		noisy := s.IsNoisy(&m)
		if ply >= r.RandomPlies && !lastNoisy && !noisy && s.Partial == vm.NoPos && !s.InCheck() {
			r.Material = append(r.Material, tune.MaterialDiff(s, nT))
		}
		lastNoisy = noisy
		if err := s.Make(&m); err != nil {
			return nil, err
		}
	}
	return r, nil
}
