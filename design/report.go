// This file defines the report: the figures a run's games give (Analyse)
// and their text tables (WriteText).

package design

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"zrun/engine/eval/tune"
	"zrun/vm"
)

// ClearMargin is the evaluation lead (in the evaluation's centipawns) that
// counts as "ahead": the loser was ahead when its lead reached it, and a
// game's result became clear at the ply after which the winner's lead
// never fell below it.
const ClearMargin = 150

// PlyBucket is the width, in plies, of the branching plot's buckets.
const PlyBucket = 10

// Named is a figure with its name, the unit of the report's tables and of
// Compare.
type Named struct {
	Name string
	Figure
}

// Coverage is how often one rule (a piece type, a block, a goal) fired.
type Coverage struct {
	Name   string
	Source string // file:line:col, for blocks and goals
	Count  int    // moves made (pieces, blocks) or games ended (goals)
	Games  Figure // share of games in which it fired
	// PerGame: moves made a game (pieces and blocks), mean over games.
	PerGame Figure
}

// End is one way the games ended.
type End struct {
	Kind, Reason, Source string
	Games                Figure
}

// Report is the figures of a run.
type Report struct {
	H     *Header
	Games int
	// Outcome: the first player's wins, the second's, draws, cut games,
	// the first player's score.
	Outcome []Named
	Ends    []End
	// Length: mean plies; the rest of the distribution as numbers.
	Length                   Named
	Median, Q1, Q3, Min, Max int
	Lengths                  []int // each game's plies, by game
	// Seeds and Scores: each game's seed and the first player's score
	// in it (1, ½, 0), by game: Paired sets a game beside its twin.
	Seeds  []uint64
	Scores []float64
	// Branching: the mean legal moves per position (a game's mean, then
	// over games); Phases: in each third of a game; ByPly: by PlyBucket.
	Branching Named
	Phases    []Named
	ByPly     []Named
	// Forced: a game's share of positions with one legal move, mean over
	// games; NoMove: games ended with the player to move having none.
	Forced, NoMove Named
	Drama          []Named // comebacks, when clear, lead changes, swing
	Pieces         []Coverage
	Blocks         []Coverage
	Goals          []Coverage
	// Values are the piece values the games teach (tune.Fit), when they
	// could be fitted; ValuesErr says why not otherwise.
	Values         *tune.Fitted
	Start          []float64
	Royal          []bool
	ValuesErr      error
	ValuesPosition int
	g              *vm.Game
}

// Analyse computes the report of a run's games. ld, the run's game, gives
// the derived values the fit starts from.
func Analyse(h *Header, recs []*GameRecord, ld Loaded) *Report {
	n := len(recs)
	rp := &Report{H: h, Games: n, g: ld.Game}
	var w0, w1, draws, capped, noMove int
	var score, lengths, branch, forced []float64
	phases := make([][]float64, 3)
	var byPly [][]float64
	ends := map[[3]string]int{}
	for _, r := range recs {
		switch {
		case r.Capped:
			capped++
		case r.Winner == 0:
			w0++
		case r.Winner == 1:
			w1++
		default:
			draws++
		}
		s := 0.5
		if r.Winner == 0 {
			s = 1
		} else if r.Winner == 1 {
			s = 0
		}
		score = append(score, s)
		rp.Seeds = append(rp.Seeds, r.Seed)
		rp.Scores = append(rp.Scores, s)
		if !r.Capped {
			ends[[3]string{r.Kind, r.Reason, r.Source}]++
		}
		lengths = append(lengths, float64(r.Plies))
		rp.Lengths = append(rp.Lengths, r.Plies)
		// The positions a player chose in: the final one (the game over)
		// is not a choice, unless its player to move had no move.
		pos := r.Branching
		if len(pos) > r.Plies {
			if pos[r.Plies] == 0 && !r.Capped {
				noMove++
			}
			pos = pos[:r.Plies]
		}
		if len(pos) == 0 {
			continue
		}
		sum, one := 0, 0
		for _, b := range pos {
			sum += b
			if b == 1 {
				one++
			}
		}
		for len(byPly)*PlyBucket < len(pos) {
			byPly = append(byPly, nil)
		}
		branch = append(branch, float64(sum)/float64(len(pos)))
		forced = append(forced, float64(one)/float64(len(pos)))
		for ph := 0; ph < 3; ph++ {
			lo, hi := ph*len(pos)/3, (ph+1)*len(pos)/3
			if hi > lo {
				phases[ph] = append(phases[ph], meanInts(pos[lo:hi]))
			}
		}
		for bk := 0; bk*PlyBucket < len(pos); bk++ {
			byPly[bk] = append(byPly[bk], meanInts(pos[bk*PlyBucket:min(len(pos), (bk+1)*PlyBucket)]))
		}
	}
	p1, p2 := playerName(h, 0), playerName(h, 1)
	rp.Outcome = []Named{
		{p1 + " wins", Wilson(w0, n)},
		{p2 + " wins", Wilson(w1, n)},
		{"draws", Wilson(draws, n)},
		{"cut at the ply cap", Wilson(capped, n)},
		{p1 + "'s score", MeanShare(score)},
	}
	for k, c := range ends {
		rp.Ends = append(rp.Ends, End{Kind: k[0], Reason: k[1], Source: k[2], Games: Wilson(c, n)})
	}
	sort.Slice(rp.Ends, func(i, j int) bool {
		a, b := rp.Ends[i], rp.Ends[j]
		if a.Games.Value != b.Games.Value {
			return a.Games.Value > b.Games.Value
		}
		return a.Kind+a.Reason+a.Source < b.Kind+b.Reason+b.Source
	})
	rp.Length = Named{"game length (plies)", Mean(lengths)}
	sorted := append([]int(nil), rp.Lengths...)
	sort.Ints(sorted)
	if len(sorted) > 0 {
		rp.Median, rp.Q1, rp.Q3 = quantile(sorted, 0.5), quantile(sorted, 0.25), quantile(sorted, 0.75)
		rp.Min, rp.Max = sorted[0], sorted[len(sorted)-1]
	}
	rp.Branching = Named{"legal moves per position", Mean(branch)}
	for i, name := range []string{"opening third", "middle third", "last third"} {
		rp.Phases = append(rp.Phases, Named{"legal moves, " + name, Mean(phases[i])})
	}
	for bk, xs := range byPly {
		rp.ByPly = append(rp.ByPly, Named{fmt.Sprintf("plies %d-%d", bk*PlyBucket, (bk+1)*PlyBucket-1), Mean(xs)})
	}
	rp.Forced = Named{"positions with one legal move", MeanShare(forced)}
	rp.NoMove = Named{"games ended with no legal move", Wilson(noMove, n)}
	rp.Drama = drama(recs)
	rp.coverage(h, recs)
	rp.fitValues(recs, ld)
	return rp
}

func meanInts(xs []int) float64 {
	s := 0
	for _, x := range xs {
		s += x
	}
	return float64(s) / float64(len(xs))
}

func playerName(h *Header, i int) string {
	if i < len(h.Players) {
		return h.Players[i]
	}
	return fmt.Sprintf("player %d", i+1)
}

// drama measures how the evaluation moved in the games: of the decided
// games, how often the loser had been ahead by ClearMargin and how late
// (as a share of the game) the winner's lead last fell below it; over all
// games, how often the lead changed hands and the largest one-ply swing.
func drama(recs []*GameRecord) []Named {
	var decided, comeback int
	var clearAt, changes, swing []float64
	for _, r := range recs {
		if len(r.Eval) == 0 {
			continue
		}
		lead, ch, sw := 0, 0, 0
		for i, e := range r.Eval {
			side := 0
			if e >= ClearMargin {
				side = 1
			} else if e <= -ClearMargin {
				side = -1
			}
			if side != 0 {
				if lead != 0 && side != lead {
					ch++
				}
				lead = side
			}
			if i > 0 {
				sw = max(sw, abs(e-r.Eval[i-1]))
			}
		}
		changes = append(changes, float64(ch))
		swing = append(swing, float64(sw))
		if r.Winner < 0 || r.Plies == 0 {
			continue
		}
		decided++
		sign := 1
		if r.Winner == 1 {
			sign = -1
		}
		ahead, last := false, -1
		for i, e := range r.Eval {
			if -sign*e >= ClearMargin {
				ahead = true
			}
			if sign*e < ClearMargin {
				last = i
			}
		}
		if ahead {
			comeback++
		}
		clear := r.RandomPlies + last + 1
		clearAt = append(clearAt, float64(clear)/float64(r.Plies))
	}
	return []Named{
		{"decided games the loser had led", Wilson(comeback, decided)},
		{"share of a decided game before it was clear", MeanShare(clearAt)},
		{"lead changes a game", Mean(changes)},
		{"largest one-ply swing of the evaluation", Mean(swing)},
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// coverage counts how often each piece type moved, each block fired and
// each goal ended a game.
func (rp *Report) coverage(h *Header, recs []*GameRecord) {
	n := len(recs)
	pm, pg := make([]int, len(h.Pieces)), make([]int, len(h.Pieces))
	bm, bg := make([]int, len(h.Blocks)), make([]int, len(h.Blocks))
	pPer, bPer := make([][]float64, len(h.Pieces)), make([][]float64, len(h.Blocks))
	gm := make([]int, len(h.Goals))
	for _, r := range recs {
		for t, c := range r.PieceMoves {
			pm[t] += c
			pPer[t] = append(pPer[t], float64(c))
			if c > 0 {
				pg[t]++
			}
		}
		for b, c := range r.BlockFired {
			bm[b] += c
			bPer[b] = append(bPer[b], float64(c))
			if c > 0 {
				bg[b]++
			}
		}
		if r.Source != "" {
			for i, gl := range h.Goals {
				if gl.Source == r.Source {
					gm[i]++
					break
				}
			}
		}
	}
	for t, name := range h.Pieces {
		rp.Pieces = append(rp.Pieces, Coverage{Name: name, Count: pm[t], Games: Wilson(pg[t], n), PerGame: Mean(pPer[t])})
	}
	for i, b := range h.Blocks {
		kind := "move"
		if b.Drop {
			kind = "drop"
		}
		name := fmt.Sprintf("%s %s %d", h.Pieces[b.Piece], kind, b.Index+1)
		rp.Blocks = append(rp.Blocks, Coverage{Name: name, Source: b.Source, Count: bm[i], Games: Wilson(bg[i], n), PerGame: Mean(bPer[i])})
	}
	for i, gl := range h.Goals {
		rp.Goals = append(rp.Goals, Coverage{Name: gl.Kind, Source: gl.Source, Count: gm[i], Games: Wilson(gm[i], n)})
	}
}

// fitValues fits the piece values to the games' quiet positions as "zrun
// values --selfplay" does (tune.Fit from the derived values).
func (rp *Report) fitValues(recs []*GameRecord, ld Loaded) {
	var samples []tune.Sample
	for _, r := range recs {
		res := 0.5
		if r.Winner == 0 {
			res = 1
		} else if r.Winner == 1 {
			res = 0
		}
		for _, d := range r.Material {
			samples = append(samples, tune.Sample{Result: res, Diff: d})
		}
	}
	rp.ValuesPosition = len(samples)
	start, royal, same := tune.StartValues(ld.Game, ld.Eval)
	rp.Start, rp.Royal = start, royal
	fit, err := tune.Fit(samples, start, royal, same)
	if err != nil {
		rp.ValuesErr = err
		return
	}
	rp.Values = &fit
}

// NeverFired names the blocks that no game played, each with its
// file:line.
func (rp *Report) NeverFired() []Coverage {
	var out []Coverage
	for _, b := range rp.Blocks {
		if b.Count == 0 {
			out = append(out, b)
		}
	}
	return out
}

// FileLine cuts a "file:line:col" source to "file:line".
func FileLine(src string) string {
	if i := strings.LastIndexByte(src, ':'); i > 0 && strings.IndexByte(src[:i], ':') > 0 {
		return src[:i]
	}
	return src
}

// fmtFigure prints a figure with its interval: "52.3% [49.1, 55.4]" or
// "84.2 [80.1, 88.3]".
func fmtFigure(f Figure) string {
	if f.N == 0 {
		return "n/a"
	}
	if f.Share {
		return fmt.Sprintf("%5.1f%% [%4.1f, %4.1f]", 100*f.Value, 100*f.Lo, 100*f.Hi)
	}
	return fmt.Sprintf("%6.1f [%.1f, %.1f]", f.Value, f.Lo, f.Hi)
}

// WriteText prints the report as text tables, each line within 100
// columns.
func (rp *Report) WriteText(w io.Writer) {
	h := rp.H
	fmt.Fprintf(w, "%s (%s)\n", h.Title, h.File)
	starts := fmt.Sprintf("every %dth game from the start", h.StartEvery)
	if h.StartEvery >= h.Games {
		starts = "game 1 from the start"
	}
	fmt.Fprintf(w, "%d games, %s, seed %d, %d random plies (%s), cap %d plies\n",
		rp.Games, strength(h), h.Seed, h.RandomPlies, starts, h.MaxPlies)
	if h.Of <= 1 && rp.Games < h.Games {
		fmt.Fprintf(w, "Stopped early: %d of the run's %d games were played.\n", rp.Games, h.Games)
	}
	fmt.Fprintln(w, "Intervals are 95%: Wilson's for shares of games, normal (mean ± 1.96 SE over games) for means.")
	section(w, "Outcome")
	for _, f := range rp.Outcome {
		row(w, f.Name, f.Figure, "")
	}
	section(w, "How the games ended")
	for _, e := range rp.Ends {
		src := FileLine(e.Source)
		if src == "" {
			src = "(runtime rule)"
		}
		row(w, trim(e.Reason+" ("+e.Kind+")", 38), e.Games, trim(src, 32))
	}
	section(w, "Game length")
	row(w, rp.Length.Name, rp.Length.Figure, "")
	fmt.Fprintf(w, "  median %d, quartiles %d-%d, shortest %d, longest %d\n", rp.Median, rp.Q1, rp.Q3, rp.Min, rp.Max)
	section(w, "Branching")
	row(w, rp.Branching.Name, rp.Branching.Figure, "")
	for _, f := range rp.Phases {
		row(w, f.Name, f.Figure, "")
	}
	row(w, rp.Forced.Name, rp.Forced.Figure, "")
	row(w, rp.NoMove.Name, rp.NoMove.Figure, "")
	section(w, fmt.Sprintf("Decisiveness and drama (ahead: by %d or more)", ClearMargin))
	for _, f := range rp.Drama {
		row(w, f.Name, f.Figure, "")
	}
	section(w, "Rule coverage: pieces (moves made, share of games they moved in)")
	for _, c := range rp.Pieces {
		row(w, trim(fmt.Sprintf("%s: %d moves", c.Name, c.Count), 38), c.Games, "")
	}
	section(w, "Rule coverage: move and drop blocks")
	for _, c := range rp.Blocks {
		row(w, trim(fmt.Sprintf("%s: %d", c.Name, c.Count), 38), c.Games, trim(FileLine(c.Source), 32))
	}
	section(w, "Rule coverage: goals (games ended)")
	for _, c := range rp.Goals {
		row(w, trim(fmt.Sprintf("%s: %d", c.Name, c.Count), 38), c.Games, trim(FileLine(c.Source), 32))
	}
	if nf := rp.NeverFired(); len(nf) > 0 {
		fmt.Fprintf(w, "\nRules that never fired (%d):\n", len(nf))
		for _, c := range nf {
			fmt.Fprintf(w, "  %-30s %s\n", c.Name, FileLine(c.Source))
		}
	}
	for _, c := range rp.Goals {
		if c.Count == 0 {
			fmt.Fprintf(w, "  goal never ended a game: %-14s %s\n", c.Name, FileLine(c.Source))
		}
	}
	section(w, fmt.Sprintf("Piece values from the games (%d quiet positions)", rp.ValuesPosition))
	if rp.Values == nil {
		fmt.Fprintf(w, "  not fitted: %v\n", rp.ValuesErr)
		return
	}
	var b strings.Builder
	rp.Values.WriteTable(&b, rp.g, rp.Start, rp.Royal)
	for _, line := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n") {
		fmt.Fprintln(w, "  "+line)
	}
}

// strength says how the engine played.
func strength(h *Header) string {
	if h.MoveTimeMS > 0 {
		return fmt.Sprintf("%d ms a move", h.MoveTimeMS)
	}
	return fmt.Sprintf("depth %d", h.Depth)
}

func section(w io.Writer, title string) { fmt.Fprintf(w, "\n%s\n", title) }

// row prints a name (38 columns), a figure with its interval (26) and a
// note: 100 columns at most with the notes trimmed to 36.
func row(w io.Writer, name string, f Figure, note string) {
	line := fmt.Sprintf("  %-38s %-26s %s", trim(name, 38), fmtFigure(f), note)
	fmt.Fprintln(w, strings.TrimRight(line, " "))
}

// trim shortens s to n runes, marking the cut with "…" at the front for
// sources (the line number is the part that matters) and at the end else.
func trim(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	if strings.Contains(s, ".zrf:") || strings.Contains(s, ".ini:") {
		return "…" + string(r[len(r)-n+1:])
	}
	return string(r[:n-1]) + "…"
}
