// This file defines the comparison of two runs on the same openings and
// seeds: each figure side by side, marked where the two differ beyond
// their error.

package design

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// Figures lists a report's figures by name, the ones Compare sets side by
// side: outcome, ends, length, branching, drama, and per piece, block and
// goal (named so that the same rule of two files meets).
func (rp *Report) Figures() []Named {
	var out []Named
	out = append(out, rp.Outcome...)
	for _, e := range rp.Ends {
		out = append(out, Named{"ended: " + e.Reason + " (" + e.Kind + ")", e.Games})
	}
	out = append(out, rp.Length, rp.Branching)
	out = append(out, rp.Phases...)
	out = append(out, rp.Forced, rp.NoMove)
	out = append(out, rp.Drama...)
	for _, c := range rp.Pieces {
		out = append(out, Named{c.Name + " moves a game", c.PerGame})
	}
	for _, c := range rp.Blocks {
		out = append(out, Named{c.Name + " fired a game", c.PerGame})
	}
	for i, c := range rp.Goals {
		out = append(out, Named{fmt.Sprintf("goal %d (%s) ended", i+1, c.Name), c.Games})
	}
	return out
}

// Diff is one figure of two runs.
type Diff struct {
	Name string
	A, B Figure
	// InA, InB: the run has the figure (a piece or an end only one of
	// them has is missing from the other: a share of 0 there).
	InA, InB bool
	Differs  bool
}

// Compare sets the figures of a and b side by side. A figure only one run
// has is compared with 0 (an end or a rule the other run never had).
func Compare(a, b *Report) []Diff {
	var out []Diff
	at := map[string]int{}
	for _, f := range a.Figures() {
		at[f.Name] = len(out)
		out = append(out, Diff{Name: f.Name, A: f.Figure, InA: true})
	}
	for _, f := range b.Figures() {
		i, ok := at[f.Name]
		if !ok {
			at[f.Name] = len(out)
			out = append(out, Diff{Name: f.Name, B: f.Figure, InB: true})
			continue
		}
		out[i].B, out[i].InB = f.Figure, true
	}
	for i := range out {
		d := &out[i]
		switch {
		case d.InA && d.InB:
			d.Differs = Differs(d.A, d.B)
		case d.InA:
			d.Differs = Differs(d.A, Figure{Share: d.A.Share})
		default:
			d.Differs = Differs(Figure{Share: d.B.Share}, d.B)
		}
	}
	return out
}

// Paired compares two runs game by game: on the same seeds each game of a
// has its twin in b (the same opening), and the difference of the twins
// (b less a) varies far less than either run's games do, so a change the
// side-by-side figures cannot tell from noise shows here. Named: the mean
// difference of game length and of the first player's score with their
// normal intervals, and the shares of games whose length or result
// changed. Differs: the mean difference is beyond 1.96 standard errors
// from 0. Paired returns nil unless the runs hold the same games (the
// same seeds in the same order).
func Paired(a, b *Report) (figs []Named, differs []bool) {
	if len(a.Seeds) == 0 || !slices.Equal(a.Seeds, b.Seeds) || len(a.Lengths) != len(b.Lengths) || len(a.Scores) != len(b.Scores) {
		return nil, nil
	}
	n := len(a.Seeds)
	dl, ds := make([]float64, n), make([]float64, n)
	lenChanged, resChanged := 0, 0
	for k := range n {
		dl[k] = float64(b.Lengths[k] - a.Lengths[k])
		ds[k] = b.Scores[k] - a.Scores[k]
		if dl[k] != 0 {
			lenChanged++
		}
		if ds[k] != 0 {
			resChanged++
		}
	}
	l, sc := Mean(dl), Mean(ds)
	sc.Share = true
	figs = []Named{
		{"game length (plies), B - A", l},
		{"first player's score, B - A", sc},
		{"games whose length changed", Wilson(lenChanged, n)},
		{"games whose result changed", Wilson(resChanged, n)},
	}
	differs = []bool{Differs(l, Figure{}), Differs(sc, Figure{}), false, false}
	return figs, differs
}

// compact prints a figure in at most 24 columns.
func compact(f Figure, in bool) string {
	switch {
	case !in:
		return "-"
	case f.N == 0:
		return "n/a"
	case f.Share:
		return fmt.Sprintf("%.1f%% [%.1f,%.1f]", 100*f.Value, 100*f.Lo, 100*f.Hi)
	}
	return fmt.Sprintf("%.1f [%.1f,%.1f]", f.Value, f.Lo, f.Hi)
}

// compactSigned is compact for a difference: its sign always shown.
func compactSigned(f Figure) string {
	if f.Method == "Wilson" {
		return compact(f, true)
	}
	if f.Share {
		return fmt.Sprintf("%+.1f%% [%+.1f,%+.1f]", 100*f.Value, 100*f.Lo, 100*f.Hi)
	}
	return fmt.Sprintf("%+.1f [%+.1f,%+.1f]", f.Value, f.Lo, f.Hi)
}

// WriteCompare prints the comparison of a and b, within 100 columns: the
// figures that differ beyond their error marked "*" and listed again at
// the end.
func WriteCompare(w io.Writer, a, b *Report) []Diff {
	diffs := Compare(a, b)
	fmt.Fprintf(w, "A: %s (%s)\nB: %s (%s)\n", a.H.Title, a.H.File, b.H.Title, b.H.File)
	fmt.Fprintf(w, "%d and %d games, %s, seed %d, the same openings' seeds; * differs beyond the error\n",
		a.Games, b.Games, strength(a.H), a.H.Seed)
	fmt.Fprintln(w, "(|A-B| > 1.96 standard errors of the difference; intervals 95%, Wilson or normal)")
	fmt.Fprintf(w, "\n%-44s %-24s %s\n", "figure", "A", "B")
	var beyond []string
	for _, d := range diffs {
		mark := ""
		if d.Differs {
			mark = "*"
			beyond = append(beyond, d.Name)
		}
		line := fmt.Sprintf("%-44s %-24s %-24s %s", trim(d.Name, 44), compact(d.A, d.InA), compact(d.B, d.InB), mark)
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	if len(beyond) == 0 {
		fmt.Fprintln(w, "\nNo figure differs beyond its error.")
	} else {
		verb := "figures differ beyond their error"
		if len(beyond) == 1 {
			verb = "figure differs beyond its error"
		}
		fmt.Fprintf(w, "\n%d %s: %s\n", len(beyond), verb, strings.Join(beyond, "; "))
	}
	if figs, differs := Paired(a, b); figs != nil {
		fmt.Fprintf(w, "\nPaired by game (each game of B beside its twin of A, the same opening; * beyond the error)\n")
		var paired []string
		for i, f := range figs {
			mark := ""
			if differs[i] {
				mark = "*"
				paired = append(paired, f.Name)
			}
			line := fmt.Sprintf("%-44s %-24s %s", trim(f.Name, 44), compactSigned(f.Figure), mark)
			fmt.Fprintln(w, strings.TrimRight(line, " "))
		}
		if len(paired) == 0 {
			fmt.Fprintln(w, "No paired difference beyond its error.")
		} else {
			fmt.Fprintf(w, "Paired differences beyond their error: %s\n", strings.Join(paired, "; "))
		}
	}
	return diffs
}
