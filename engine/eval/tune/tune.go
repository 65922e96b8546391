// This file defines self-play tuning of piece values (the Texel method):
// play fast games of a game against itself, keep the positions with the
// game's result, and fit the piece values so that the material balance
// predicts the results (logistic regression). The fit gives each value an
// error bar, which is what an inventor asking "what is my new piece worth?"
// needs as much as the value.

package tune

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"sync/atomic"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
)

// Sample is one position of a self-play game: the result for the first
// player (1 a win, 0.5 a draw, 0 a loss) and, per piece type, the first
// player's pieces less the second's (on the board and in hand); Terms,
// when not nil, are the evaluation's terms for the first player
// unweighted (eval.Features, by eval.Term), which Fit then weighs too.
//
// Mobility is the searcher's own term (engine: mobilityWeight per legal
// move of the side to move more than the other side had a ply before, each
// count capped at 64) for the first player, in centipawns: Fit counts it
// as given, so that the terms it fits do not take up its share (placement,
// which goes with mobility, was fitted at twice its weight without it).
type Sample struct {
	Result   float64
	Diff     []int16
	Terms    []int32
	Mobility int32
}

// searchMobility is engine's mobilityWeight (engine/search.go), the
// searcher's score per legal move.
const searchMobility = 2

// SelfPlayOptions says which games to play.
type SelfPlayOptions struct {
	Games       int    // games in all shards together
	Shard, Of   int    // play games Shard-1, Shard-1+Of, ... (1 and 1: all)
	Depth       int    // search depth of each move
	RandomPlies int    // opening plies played at random, so games differ
	MaxPlies    int    // a game still going then is a draw
	Seed        uint64 // game i's random opening uses Seed+i
	// Progress, when set, hears after each game: games played, in all.
	Progress func(done, total int)
	// Stop, when set, ends the run before the next game once true.
	Stop *atomic.Bool
}

// SelfPlayStats counts a run's games.
type SelfPlayStats struct{ Games, Wins, Losses, Draws, Capped int }

// SelfPlay plays the games of opt's shard between two copies of the
// alpha-beta searcher with evaluation ev, and returns their positions. Only
// two-player games without random players can be tuned.
func SelfPlay(g *vm.Game, ev *eval.Evaluator, opt SelfPlayOptions) ([]Sample, SelfPlayStats, error) {
	var st SelfPlayStats
	if len(g.Players) != 2 || g.Players[0].Random || g.Players[1].Random {
		return nil, st, fmt.Errorf("self-play tuning needs two players who choose their moves (%q has %d players)", g.Title, len(g.Players))
	}
	if opt.Of < 1 {
		opt.Shard, opt.Of = 1, 1
	}
	if opt.MaxPlies <= 0 {
		opt.MaxPlies = 300
	}
	mine := 0
	for i := opt.Shard - 1; i < opt.Games; i += opt.Of {
		mine++
	}
	var out []Sample
	done := 0
	for i := opt.Shard - 1; i < opt.Games; i += opt.Of {
		if opt.Stop != nil && opt.Stop.Load() {
			break
		}
		samples, result, capped, err := selfPlayGame(g, ev, opt, opt.Seed+uint64(i))
		if err != nil {
			return out, st, fmt.Errorf("game %d: %v", i+1, err)
		}
		out = append(out, samples...)
		st.Games++
		switch {
		case capped:
			st.Capped++
		case result == 1:
			st.Wins++
		case result == 0:
			st.Losses++
		default:
			st.Draws++
		}
		done++
		if opt.Progress != nil {
			opt.Progress(done, mine)
		}
	}
	return out, st, nil
}

// selfPlayGame plays one game and returns its quiet positions labelled with
// the result.
func selfPlayGame(g *vm.Game, ev *eval.Evaluator, opt SelfPlayOptions, seed uint64) ([]Sample, float64, bool, error) {
	s, err := vm.NewState(g)
	if err != nil {
		return nil, 0, false, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x7475_6e65))
	pos := eval.NewPosition(s, ev)
	se := engine.New[*vm.Move](pos, 4)
	nT := len(g.Pieces)
	var diffs [][]int16
	var terms [][]int32
	ml := &vm.MoveList{}
	result, capped := 0.5, true
	lastNoisy := false
	var mobs []int32
	prevMoves := -1 // legal moves of the position a ply before
	for ply := 0; ply < opt.MaxPlies; ply++ {
		if err := s.Generate(ml); err != nil {
			return nil, 0, false, err
		}
		o, err := s.Outcome(ml)
		if err != nil {
			return nil, 0, false, err
		}
		if o.Over {
			capped = false
			switch {
			// A loss condition names the winner too (vm's Outcome gives
			// the win to the sole opponent who takes turns).
			case o.Winner == 0:
				result = 1
			case o.Winner == 1:
				result = 0
			}
			break
		}
		var m *vm.Move
		if ply < opt.RandomPlies {
			m = &ml.Moves[rng.IntN(len(ml.Moves))]
		} else {
			res := se.Search(context.Background(), engine.Limits{Depth: opt.Depth})
			if err := pos.Err(); err != nil {
				return nil, 0, false, err
			}
			if !res.Found {
				return nil, 0, false, fmt.Errorf("no move found at ply %d", ply)
			}
			m = res.Best
		}
		noisy := s.IsNoisy(m)
		// A quiet position: no exchange under way (the last move took
		// nothing, the chosen move takes nothing), no check, no turn half
		// made. Mid-exchange the material count is off by the piece about
		// to be taken back, and the pieces most often exchanged would be
		// undervalued for it.
		nMoves := len(ml.Moves)
		if ply >= opt.RandomPlies && !lastNoisy && !noisy && s.Partial == vm.NoPos && !s.InCheck() && prevMoves >= 0 {
			mob := int32(searchMobility * (min(nMoves, 64) - min(prevMoves, 64)))
			if s.Chooser() != 0 {
				mob = -mob
			}
			mobs = append(mobs, mob)
			diffs = append(diffs, MaterialDiff(s, nT))
			var f [eval.NumTerms]int
			ev.Features(s, 0, &f)
			row := make([]int32, eval.NumTerms)
			for k, x := range f {
				row[k] = int32(x)
			}
			terms = append(terms, row)
		}
		lastNoisy = noisy
		prevMoves = nMoves
		if err := s.Make(m); err != nil {
			return nil, 0, false, err
		}
	}
	out := make([]Sample, len(diffs))
	for i, d := range diffs {
		out[i] = Sample{Result: result, Diff: d, Terms: terms[i], Mobility: mobs[i]}
	}
	return out, result, capped, nil
}

// MaterialDiff counts, per type, the first player's pieces less the
// second's, on the board and in hand: the regressors of Fit (zrun design
// records them from its games too).
func MaterialDiff(s *vm.State, nT int) []int16 {
	d := make([]int16, nT)
	for _, c := range s.Board {
		if c == vm.Empty {
			continue
		}
		switch c.Owner() {
		case 0:
			d[c.Type()]++
		case 1:
			d[c.Type()]--
		}
	}
	for i, k := range s.Hands {
		switch i / nT {
		case 0:
			d[i%nT] += int16(k)
		case 1:
			d[i%nT] -= int16(k)
		}
	}
	return d
}

// Fitted is the result of Fit: a value per piece type in the evaluation's
// units (centipawns, on the derived values' scale), its standard error (0 where the games said nothing:
// the type never differed between the sides, and keeps its start value),
// and how many positions the fit used.
type Fitted struct {
	Values, StdErr []float64
	Positions      int
	Tuned          []bool
	// Scale is the factor the fitted values were multiplied by to keep
	// the derived values' total (see Fit).
	Scale float64
	// Weights are the evaluation terms' weights (by eval.Term, in percent
	// of their units, on the values' scale), WeightErr their standard
	// errors, WeightTuned which the samples could teach (a term always 0,
	// or samples without terms, keep 100).
	Weights, WeightErr []float64
	WeightTuned        []bool
	// WeightFixed: the term kept its given weight (FitTerms).
	WeightFixed []bool
}

// texelScale turns centipawns into log-odds: a score s predicts a win
// with probability 1/(1+10^(-s/400)), the Elo curve Texel tuning uses.
var texelScale = math.Ln10 / 400

// Fit fits the piece values to the samples by maximum likelihood (logistic
// regression of the results on the material differences, with a
// first-player term and a weak pull towards start, the derived values, so
// that a type seen in few positions stays near them), by Newton's method.
// Royal types (always on the board) keep their start values. same, when
// not nil, ties types together (MirrorTypes): same[t] is the type whose
// value t shares, and the fit learns one value for each such group.
//
// Samples with Terms fit each evaluation term's weight with the values
// (the evaluation is linear in them): its log-odds coefficient, pulled
// towards weight 100 as weakly, and rescaled with the values.
func Fit(samples []Sample, start []float64, royal []bool, same []int) (Fitted, error) {
	return FitTerms(samples, start, royal, same, nil)
}

// TermChoice says which terms FitTerms weighs: Free[k] fits term k; a
// term not free keeps the weight Fixed[k] (percent), and its part of
// each sample's evaluation is counted as given.
type TermChoice struct {
	Free  [eval.NumTerms]bool
	Fixed [eval.NumTerms]float64
}

// FitTerms is Fit with the terms choice frees (nil: every term); the
// others stay at their fixed weights. Their part of the evaluation is in
// centipawns, on the scale the values are rescaled to, so the fit is
// repeated until the scale it assumed for them is the one it finds.
func FitTerms(samples []Sample, start []float64, royal []bool, same []int, choice *TermChoice) (Fitted, error) {
	nT := len(start)
	nK := int(eval.NumTerms)
	f := Fitted{Values: append([]float64(nil), start...), StdErr: make([]float64, nT), Tuned: make([]bool, nT), Positions: len(samples),
		Weights: make([]float64, nK), WeightErr: make([]float64, nK), WeightTuned: make([]bool, nK)}
	f.WeightFixed = make([]bool, nK)
	for k := range f.Weights {
		f.Weights[k] = 100
		if choice != nil && !choice.Free[k] {
			f.Weights[k], f.WeightFixed[k] = choice.Fixed[k], true
		}
	}
	if same != nil {
		samples = foldTied(samples, same)
	}
	var cols []int // the types the fit estimates
	for t := 0; t < nT; t++ {
		if t < len(royal) && royal[t] {
			continue
		}
		for _, sm := range samples {
			if sm.Diff[t] != 0 {
				cols = append(cols, t)
				break
			}
		}
	}
	if len(cols) == 0 {
		return f, fmt.Errorf("no position has a material difference to learn from (%d positions)", len(samples))
	}
	var tcols []int // the terms the fit weighs: those not always 0
	var fixed []int // the terms counted at their fixed weight
	for kk := range nK {
		if f.WeightFixed[kk] {
			if f.Weights[kk] != 0 {
				fixed = append(fixed, kk)
			}
			continue
		}
		for _, sm := range samples {
			if kk < len(sm.Terms) && sm.Terms[kk] != 0 {
				tcols = append(tcols, kk)
				break
			}
		}
	}
	nc := len(cols)
	k := nc + len(tcols) + 1 // the last parameter is the first player's edge
	beta := make([]float64, k)
	prior := make([]float64, k)
	for j, t := range cols {
		beta[j], prior[j] = start[t]*texelScale, start[t]*texelScale
	}
	// A term's parameter is its weight over 100, its regressor the term
	// in log-odds.
	for j := range tcols {
		beta[nc+j], prior[nc+j] = 1, 1
	}
	const lambda = 1.0 // a pseudo-observation's worth of pull towards start
	h := make([][]float64, k)
	for i := range h {
		h[i] = make([]float64, k)
	}
	grad := make([]float64, k)
	x := make([]float64, k)
	delta := make([]float64, k)
	offs := make([]float64, len(samples)) // the fixed terms' and mobility's log-odds
	mobility := false
	for _, sm := range samples {
		mobility = mobility || sm.Mobility != 0
	}
	assumed, scale := 1.0, 1.0
	for round := 0; round < 8; round++ {
		for i, sm := range samples {
			offs[i] = float64(sm.Mobility) * texelScale / assumed
			for _, kk := range fixed {
				if kk < len(sm.Terms) {
					offs[i] += f.Weights[kk] / 100 * float64(sm.Terms[kk]) * texelScale / assumed
				}
			}
		}
		for iter := 0; iter < 200; iter++ {
			for i := range h {
				clear(h[i])
			}
			clear(grad)
			for i, sm := range samples {
				for j, t := range cols {
					x[j] = float64(sm.Diff[t])
				}
				for j, kk := range tcols {
					x[nc+j] = 0
					if kk < len(sm.Terms) {
						x[nc+j] = float64(sm.Terms[kk]) * texelScale
					}
				}
				x[k-1] = 1
				z := offs[i]
				for j := range x {
					z += beta[j] * x[j]
				}
				p := 1 / (1 + math.Exp(-z))
				w := p * (1 - p)
				for a := range x {
					if x[a] == 0 {
						continue
					}
					grad[a] += (sm.Result - p) * x[a]
					for b := range x {
						h[a][b] += w * x[a] * x[b]
					}
				}
			}
			for j := 0; j < k-1; j++ {
				grad[j] -= lambda * (beta[j] - prior[j])
				h[j][j] += lambda
			}
			h[k-1][k-1] += 1e-9
			inv, err := invert(h)
			if err != nil {
				return f, err
			}
			errs := func() {
				for j, t := range cols {
					f.StdErr[t] = math.Sqrt(max(inv[j][j], 0)) / texelScale
				}
				for j, kk := range tcols {
					f.WeightErr[kk] = 100 * math.Sqrt(max(inv[nc+j][nc+j], 0))
				}
			}
			// Newton's step, shortened to at most half a unit of log-odds
			// (about 90 centipawns) a parameter: a full step from far away
			// can overshoot (a piece whose advantage always won pulls hard),
			// and the objective, concave with the prior, is then still climbed.
			step := 0.0
			for a := range beta {
				d := 0.0
				for b := range grad {
					d += inv[a][b] * grad[b]
				}
				delta[a] = d
				step = max(step, math.Abs(d))
			}
			scale := 1.0
			if step > 0.5 {
				scale = 0.5 / step
			}
			for a := range beta {
				beta[a] += scale * delta[a]
			}
			errs()
			if step < 1e-7 {
				break
			}
		}
		// The fit's overall scale says how surely the self-play games turn a
		// material edge into a win (fast games less surely than strong play),
		// not what the pieces are worth against each other: the values are
		// rescaled to the derived values' total, keeping the ratios the games
		// taught, so the evaluation's other terms keep their weight.
		sumStart, sumFit := 0.0, 0.0
		for j, t := range cols {
			sumStart += start[t]
			sumFit += beta[j] / texelScale
		}
		scale = 1.0
		if sumFit > 0 && sumStart > 0 {
			scale = sumStart / sumFit
		}
		if len(fixed) == 0 && !mobility || math.Abs(scale-assumed) < 1e-4*assumed {
			break
		}
		assumed = scale
	}
	f.Scale = scale
	for j, t := range cols {
		f.Values[t] = scale * beta[j] / texelScale
		f.StdErr[t] *= scale
		f.Tuned[t] = true
	}
	for j, kk := range tcols {
		f.Weights[kk] = 100 * scale * beta[nc+j]
		f.WeightErr[kk] *= scale
		f.WeightTuned[kk] = true
	}
	for t, r := range same {
		if r != t {
			f.Values[t], f.StdErr[t], f.Tuned[t] = f.Values[r], f.StdErr[r], f.Tuned[r]
		}
	}
	return f, nil
}

// foldTied returns the samples with each tied type's difference added to
// its group's type (same[t]) and cleared.
func foldTied(samples []Sample, same []int) []Sample {
	out := make([]Sample, len(samples))
	for i, sm := range samples {
		d := append([]int16(nil), sm.Diff...)
		for t, r := range same {
			if r != t {
				d[r] += d[t]
				d[t] = 0
			}
		}
		out[i] = Sample{Result: sm.Result, Diff: d, Terms: sm.Terms, Mobility: sm.Mobility}
	}
	return out
}

// MirrorTypes ties the types that are one piece played by either side:
// a type only the first player sets up and one only the second does, with
// the same letter and the same start value. Fairy-Max tables give each
// side's pawn a type of its own (the two move in opposite directions);
// fitted apart, each would take up the first player's edge, and the
// evaluation would find the start position unbalanced. same[t] is t, or
// the first player's type of t's pair.
func MirrorTypes(g *vm.Game, start []float64) []int {
	nT := len(g.Pieces)
	owners := make([]int, nT) // bit p: player p sets up this type
	for _, it := range g.Setup {
		if it.Type >= 0 && it.Type < nT && it.Player >= 0 && it.Player < 2 {
			owners[it.Type] |= 1 << it.Player
		}
	}
	same := make([]int, nT)
	for t := range same {
		same[t] = t
	}
	letter := func(t int) string {
		if t < len(g.Letters) {
			return strings.ToUpper(g.Letters[t])
		}
		return ""
	}
	for a := 0; a < nT; a++ {
		if owners[a] != 1 || letter(a) == "" {
			continue
		}
		for b := 0; b < nT; b++ {
			if owners[b] == 2 && same[b] == b && letter(b) == letter(a) && start[b] == start[a] {
				same[b] = a
				break
			}
		}
	}
	return same
}

// invert returns the inverse of the symmetric positive definite matrix m
// (Gauss-Jordan with partial pivoting).
func invert(m [][]float64) ([][]float64, error) {
	n := len(m)
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, 2*n)
		copy(a[i], m[i])
		a[i][n+i] = 1
	}
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return nil, fmt.Errorf("the fit is singular: some piece types always change together")
		}
		a[c], a[p] = a[p], a[c]
		piv := a[c][c]
		for j := range a[c] {
			a[c][j] /= piv
		}
		for r := 0; r < n; r++ {
			if r == c || a[r][c] == 0 {
				continue
			}
			f := a[r][c]
			for j := range a[r] {
				a[r][j] -= f * a[c][j]
			}
		}
	}
	out := make([][]float64, n)
	for i := range out {
		out[i] = a[i][n:]
	}
	return out, nil
}

// StartValues returns the values ev gives g's pieces (eval's Value: a
// royal type's too, though the evaluation counts it as nothing) as a
// starting point for Fit, which types are royal, and which are one piece
// for either side (MirrorTypes): Fit's arguments.
func StartValues(g *vm.Game, ev *eval.Evaluator) (start []float64, royal []bool, same []int) {
	start = make([]float64, len(g.Pieces))
	royal = make([]bool, len(g.Pieces))
	for pl := range g.Players {
		for _, t := range g.RoyalTypes(pl) {
			royal[t] = true
		}
	}
	for t := range start {
		start[t] = float64(ev.Value(t))
	}
	return start, royal, MirrorTypes(g, start)
}

// WriteTable prints each tuned piece of g: its start (derived) and learnt
// values, in centipawns and in units of the cheapest tuned piece, with
// error bars. start and royal are what StartValues gave the fit; a piece
// the fit could not value is listed as such unless royal.
func (fit Fitted) WriteTable(w io.Writer, g *vm.Game, start []float64, royal []bool) {
	unit := math.Inf(1)
	for t := range g.Pieces {
		if fit.Tuned[t] && fit.Values[t] > 0 {
			unit = min(unit, fit.Values[t])
		}
	}
	fmt.Fprintf(w, "%-16s %8s %14s %16s\n", "piece", "derived", "self-play", "in cheapest")
	for t, p := range g.Pieces {
		if !fit.Tuned[t] {
			if !royal[t] {
				// Said rather than left out: the user asked about every piece.
				fmt.Fprintf(w, "%-16s %8.0f   no position had more of it on one side\n", p.Name, start[t])
			}
			continue
		}
		fmt.Fprintf(w, "%-16s %8.0f %8.0f ± %-4.0f %7.2f ± %.2f\n", p.Name, start[t], fit.Values[t], fit.StdErr[t], fit.Values[t]/unit, fit.StdErr[t]/unit)
	}
	for k, tuned := range fit.WeightTuned {
		if tuned {
			fmt.Fprintf(w, "%-16s %7d%% %7.0f%% ± %-4.0f (term weight)\n", "@"+eval.Term(k).String(), 100, fit.Weights[k], fit.WeightErr[k])
		}
	}
}

// PieceNames lists g's piece names by type, as the samples file's columns.
func PieceNames(g *vm.Game) []string {
	out := make([]string, len(g.Pieces))
	for i, p := range g.Pieces {
		out[i] = p.Name
	}
	return out
}
