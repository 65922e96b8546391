// This file defines a match: balanced openings, game pairs scheduled on
// workers, the shard a run plays, the record of each pair, and the stop by
// game count or SPRT.

package match

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"sync"

	"zrun/vm"
)

// Config is a match between a candidate and a base engine.
type Config struct {
	Cand, Base   Spec
	Rules        Rules
	Limit        Limit
	Pairs        int   // game pairs to play (0: until the SPRT decides)
	SPRT         *SPRT // stop when it decides (nil: play Pairs)
	Model        Model
	Seed         uint64
	OpeningPlies int
	// Balanced, if set, keeps an opening only if it returns true (a short
	// search finds neither side far ahead).
	Balanced    func(*vm.State) bool
	MaxPlies    int
	Concurrency int
	Shard, Of   int // play the pairs i with i % Of == Shard-1 (1-based Shard)
	Out         io.Writer
	Progress    io.Writer
}

// PairRecord is one finished pair, as a shard's file holds it (one JSON
// object a line): pair index, opening and the candidate's score in each
// game, first with White.
type PairRecord struct {
	Pair    int        `json:"pair"`
	Opening []string   `json:"opening"`
	Score   []float64  `json:"cand_score"` // [cand White, cand Black]
	Reasons []string   `json:"reasons"`
	Plies   []int      `json:"plies"`
	Moves   [][]string `json:"moves,omitempty"`
}

// Count adds the pair to t.
func (r PairRecord) Count(t *Totals) {
	for _, s := range r.Score {
		switch s {
		case 1:
			t.W++
		case 0.5:
			t.D++
		default:
			t.L++
		}
	}
	t.Penta.Add(r.Score[0], r.Score[1])
}

// openings hands out opening i, generating them in order from the seed so
// every run and shard of a match gets the same i-th opening.
type openings struct {
	mu   sync.Mutex
	rng  *rand.Rand
	list [][]string
	seen map[string]bool
	cfg  *Config
}

func (o *openings) get(i int) ([]string, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for tries := 0; len(o.list) <= i; tries++ {
		if tries > 1000 {
			return nil, fmt.Errorf("no new balanced opening in %d tries after %d", tries, len(o.list))
		}
		op, s, err := randomOpening(o.cfg.Rules, o.cfg.OpeningPlies, o.rng)
		if err != nil {
			return nil, err
		}
		key := fmt.Sprint(op)
		if o.seen[key] || s == nil {
			continue
		}
		o.seen[key] = true
		if o.cfg.Balanced != nil && !o.cfg.Balanced(s) {
			continue
		}
		o.list = append(o.list, op)
		tries = 0
	}
	return o.list[i], nil
}

// randomOpening plays plies uniformly random legal moves from the start; s
// is nil if the game ended on the way.
func randomOpening(rules Rules, plies int, rng *rand.Rand) ([]string, *vm.State, error) {
	s, err := rules()
	if err != nil {
		return nil, nil, err
	}
	ml := &vm.MoveList{}
	var out []string
	for range plies {
		if err := s.Generate(ml); err != nil {
			return nil, nil, err
		}
		if o, err := s.Outcome(ml); err != nil || o.Over {
			return nil, nil, err
		}
		m := &ml.Moves[rng.IntN(len(ml.Moves))]
		out = append(out, s.CoordString(m))
		if err := s.Make(m); err != nil {
			return nil, nil, err
		}
	}
	if err := s.Generate(ml); err != nil {
		return nil, nil, err
	}
	if o, err := s.Outcome(ml); err != nil || o.Over {
		return nil, nil, err
	}
	return out, s, nil
}

// Run plays the match and returns its totals; decision is the SPRT's ("H0",
// "H1" or "" when the pair count ran out or the context ended first).
func Run(ctx context.Context, cfg Config) (tot Totals, decision string, err error) {
	if cfg.Of == 0 {
		cfg.Shard, cfg.Of = 1, 1
	}
	cfg.Concurrency = max(cfg.Concurrency, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	op := &openings{rng: rand.New(rand.NewPCG(cfg.Seed, 0x6d61746368)), seen: map[string]bool{}, cfg: &cfg}
	jobs := make(chan int)
	go func() {
		defer close(jobs)
		for i := cfg.Shard - 1; cfg.Pairs == 0 || i < cfg.Pairs; i += cfg.Of {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
		out      *bufio.Writer
	)
	if cfg.Out != nil {
		out = bufio.NewWriter(cfg.Out)
		defer out.Flush()
	}
	for range cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				rec, err := playPair(ctx, &cfg, op, i)
				mu.Lock()
				if err != nil {
					if firstErr == nil && ctx.Err() == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					return
				}
				if ctx.Err() != nil { // stopped mid-pair: not counted
					mu.Unlock()
					return
				}
				rec.Count(&tot)
				if out != nil {
					b, _ := json.Marshal(rec)
					out.Write(append(b, '\n'))
					out.Flush()
				}
				if cfg.Progress != nil {
					fmt.Fprintln(cfg.Progress, Summary(tot, cfg.SPRT, cfg.Model))
				}
				if cfg.SPRT != nil {
					if d := cfg.SPRT.Decision(cfg.SPRT.LLR(tot, cfg.Model)); d != "" && decision == "" {
						decision = d
						cancel()
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	// The closing line says the shard played all its pairs: a shard cut
	// off (Ctrl-C, a killed batch task) lacks it, and the merge says so.
	if out != nil && firstErr == nil && ctx.Err() == nil && cfg.Pairs > 0 {
		b, _ := json.Marshal(doneRecord{Shard: cfg.Shard, Of: cfg.Of, Done: true})
		out.Write(append(b, '\n'))
	}
	return tot, decision, firstErr
}

// doneRecord closes a finished shard's file.
type doneRecord struct {
	Shard int  `json:"shard"`
	Of    int  `json:"of"`
	Done  bool `json:"done"`
}

// playPair plays opening i twice, the candidate White first.
func playPair(ctx context.Context, cfg *Config, op *openings, i int) (PairRecord, error) {
	opening, err := op.get(i)
	if err != nil {
		return PairRecord{}, err
	}
	rec := PairRecord{Pair: i, Opening: opening}
	for g := range 2 {
		// Fresh processes every game: no hash table or history carried
		// from one game to the next, so a game's result does not depend
		// on which games a run or shard played before it.
		cand, err := Start(ctx, cfg.Cand)
		if err != nil {
			return rec, err
		}
		base, err := Start(ctx, cfg.Base)
		if err != nil {
			cand.Close()
			return rec, err
		}
		white, black := cand, base
		if g == 1 {
			white, black = base, cand
		}
		r, err := PlayGame(cfg.Rules, opening, white, black, cfg.Limit, cfg.MaxPlies)
		cand.Close()
		base.Close()
		if err != nil {
			return rec, err
		}
		s := r.White
		if g == 1 {
			s = 1 - s
		}
		rec.Score = append(rec.Score, s)
		rec.Reasons = append(rec.Reasons, r.Reason)
		rec.Plies = append(rec.Plies, r.Plies)
		rec.Moves = append(rec.Moves, r.Moves)
	}
	return rec, nil
}

// Summary is the one-line state of a match: games, W/D/L, pentanomial
// pairs, Elo with its 95% interval, and the LLR with its bounds.
func Summary(t Totals, s *SPRT, m Model) string {
	line := fmt.Sprintf("games %d: W %d D %d L %d  pairs [%d %d %d %d %d]", t.Games(), t.W, t.D, t.L,
		t.Penta[0], t.Penta[1], t.Penta[2], t.Penta[3], t.Penta[4])
	if elo, lo, hi, ok := t.EloInterval(m); ok {
		line += fmt.Sprintf("  Elo %.1f [%.1f, %.1f]", elo, lo, hi)
	} else {
		line += "  Elo -"
	}
	if s != nil {
		lo, hi := s.Bounds()
		// Rounded first, + 0: no "-0.00" for an LLR just below zero.
		llr := math.Round(s.LLR(t, m)*100)/100 + 0
		line += fmt.Sprintf("  LLR %.2f [%.2f, %.2f]", llr, lo, hi)
	}
	return line
}

// ReadRecords reads the pair records of shard files, refusing a pair
// recorded twice (overlapping shards would count it twice). missing lists
// the shards (1-based, of the n the files name) with no closing line: cut
// off, or not given.
func ReadRecords(files []string) (recs []PairRecord, missing []int, err error) {
	seen := map[int]string{}
	done := map[int]bool{}
	of := 0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			return nil, nil, err
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for n := 1; sc.Scan(); n++ {
			var d doneRecord
			if json.Unmarshal(sc.Bytes(), &d) == nil && d.Done {
				if of != 0 && d.Of != of {
					fh.Close()
					return nil, nil, fmt.Errorf("%s: a shard of %d, others of %d", f, d.Of, of)
				}
				of = d.Of
				done[d.Shard] = true
				continue
			}
			var r PairRecord
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil || len(r.Score) != 2 {
				fh.Close()
				return nil, nil, fmt.Errorf("%s:%d: not a pair record", f, n)
			}
			if prev, dup := seen[r.Pair]; dup {
				fh.Close()
				return nil, nil, fmt.Errorf("%s: pair %d is in %s too", f, r.Pair, prev)
			}
			seen[r.Pair] = f
			recs = append(recs, r)
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			return nil, nil, err
		}
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].Pair < recs[j].Pair })
	if of == 0 {
		of = 1
	}
	for i := 1; i <= of; i++ {
		if !done[i] {
			missing = append(missing, i)
		}
	}
	return recs, missing, nil
}
