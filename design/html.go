// This file defines the HTML report: the text tables and SVG plots drawn
// here (game lengths, outcomes with error bars, branching over the game,
// rule coverage, piece values), for one run or two side by side.

package design

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// seriesColours tell run A from run B in every plot.
var seriesColours = []string{"#3b6fb6", "#d9822b"}

// WriteHTML writes a self-contained page (no script, no external file)
// for one report, or for two compared (a and b, each plot showing both).
func WriteHTML(w io.Writer, reports ...*Report) error {
	var b strings.Builder
	title := "zrun design: " + reports[0].H.Title
	if len(reports) == 2 {
		title = "zrun design: " + reports[0].H.Title + " vs " + reports[1].H.Title
	}
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>%s</title>
<style>
body{font-family:sans-serif;margin:1.5em;max-width:1100px;color:#222}
h1{font-size:1.4em} h2{font-size:1.1em;margin-top:1.6em;border-bottom:1px solid #ccc}
.plots{display:flex;flex-wrap:wrap;gap:1em}
figure{margin:0} figcaption{font-size:.85em;color:#555;max-width:520px}
pre{font-size:12px;background:#f6f6f6;padding:.8em;overflow-x:auto}
.legend span{display:inline-block;width:1em;height:1em;margin:0 .3em 0 1em;vertical-align:middle}
</style></head><body>
<h1>%s</h1>
`, html.EscapeString(title), html.EscapeString(title))
	if len(reports) == 2 {
		b.WriteString(`<p class="legend">`)
		for i, rp := range reports {
			fmt.Fprintf(&b, `<span style="background:%s"></span>%s %s`, seriesColours[i], "AB"[i:i+1], html.EscapeString(rp.H.File+" "+rp.H.Variant))
		}
		b.WriteString("</p>\n")
	}
	b.WriteString(`<p>Error bars and bands are 95% intervals: Wilson's for shares of games, the normal approximation (mean ± 1.96 standard errors over games) for means; the piece values' bars are ± one standard error of the fit.</p>`)
	b.WriteString("\n<h2>Plots</h2>\n<div class=\"plots\">\n")
	plot(&b, outcomePlot(reports), "Outcome: shares of games with 95% Wilson intervals (the score: normal interval).")
	plot(&b, lengthPlot(reports), "Game length: games by plies (bins of equal width; the last bar includes games cut at the cap).")
	plot(&b, branchingPlot(reports), fmt.Sprintf("Branching over the game: mean legal moves in each %d plies, 95%% band.", PlyBucket))
	plot(&b, coveragePlot(reports), "Coverage: share of games in which each piece type moved and each goal ended the game.")
	plot(&b, blockPlot(reports), "Blocks: moves played from each move and drop block a game (mean, 95% interval); 0 marks a rule that never fired.")
	plot(&b, valuesPlot(reports), "Piece values learnt from the games (bars, ± one standard error) and derived from the rules (black ticks).")
	b.WriteString("</div>\n<h2>Tables</h2>\n")
	var t strings.Builder
	if len(reports) == 2 {
		WriteCompare(&t, reports[0], reports[1])
		t.WriteString("\n\n")
	}
	for _, rp := range reports {
		rp.WriteText(&t)
		t.WriteString("\n\n")
	}
	fmt.Fprintf(&b, "<pre>%s</pre>\n</body></html>\n", html.EscapeString(t.String()))
	_, err := io.WriteString(w, b.String())
	return err
}

func plot(b *strings.Builder, svg, caption string) {
	fmt.Fprintf(b, "<figure>%s<figcaption>%s</figcaption></figure>\n", svg, html.EscapeString(caption))
}

// bar is one bar of a horizontal bar chart: a value with an optional
// interval (lo == hi: none) and an optional tick (NaN: none).
type bar struct {
	value, lo, hi, tick float64
}

// hbars draws a horizontal bar chart: one row per label, one bar per
// series in the row. The axis runs from 0 (or the least value) to top.
func hbars(labels []string, series [][]bar, top float64, unit string) string {
	const w, left, right, rowH = 520, 170, 20, 16
	ns := len(series)
	h := 30 + len(labels)*(rowH*ns+6)
	lo := 0.0
	for _, s := range series {
		for _, b := range s {
			lo = math.Min(lo, math.Min(b.value, b.lo))
			top = math.Max(top, math.Max(b.value, b.hi))
		}
	}
	lo, top, step := niceScale(lo, top)
	x := func(v float64) float64 { return left + (v-lo)/(top-lo)*(w-left-right) }
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-size="11" font-family="sans-serif">`, w, h)
	for _, v := range ticks(lo, top, step) {
		fmt.Fprintf(&s, `<line x1="%.1f" y1="10" x2="%.1f" y2="%d" stroke="#ddd"/><text x="%.1f" y="%d" text-anchor="middle" fill="#555">%s</text>`,
			x(v), x(v), h-18, x(v), h-5, html.EscapeString(tickText(v, unit)))
	}
	for i, label := range labels {
		y0 := 12 + i*(rowH*ns+6)
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="end">%s</text>`, left-6, y0+rowH*ns/2+4, html.EscapeString(trim(label, 28)))
		for k, ser := range series {
			if i >= len(ser) {
				continue
			}
			b := ser[i]
			y := y0 + k*rowH
			x0, x1 := x(math.Min(0, b.value)), x(math.Max(0, b.value))
			fmt.Fprintf(&s, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>`, x0, y+2, math.Max(x1-x0, 0.5), rowH-4, seriesColours[k])
			if b.hi > b.lo {
				cy := y + rowH/2
				fmt.Fprintf(&s, `<path d="M%.1f %dH%.1fM%.1f %dV%dM%.1f %dV%d" stroke="#000" fill="none"/>`,
					x(b.lo), cy, x(b.hi), x(b.lo), cy-4, cy+4, x(b.hi), cy-4, cy+4)
			}
			if !math.IsNaN(b.tick) {
				fmt.Fprintf(&s, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#000" stroke-width="2"/>`, x(b.tick), y, x(b.tick), y+rowH)
			}
		}
	}
	s.WriteString("</svg>")
	return s.String()
}

// niceScale widens [lo, hi] to whole steps of a round size (1, 2, 2.5 or
// 5 times a power of ten) that cut it in three to seven, so an axis is
// labelled 0, 50, 100 ... 350 rather than 0, 80.5, 161, 241.5, and ends
// close to the data.
func niceScale(lo, hi float64) (nlo, nhi, step float64) {
	if !(hi > lo) {
		hi = lo + 1
	}
	raw := (hi - lo) / 7
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step = 10 * mag
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*mag >= raw*(1-1e-9) {
			step = m * mag
			break
		}
	}
	nlo = math.Floor(lo/step+1e-9) * step
	nhi = math.Ceil(hi/step-1e-9) * step
	return nlo, nhi, step
}

// ticks are lo, lo+step, ... hi (hi and lo on whole steps: niceScale's).
func ticks(lo, hi, step float64) []float64 {
	var out []float64
	for i := 0; ; i++ {
		v := lo + float64(i)*step
		if v > hi+step/2 {
			return out
		}
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		out = append(out, v)
	}
}

func tickText(v float64, unit string) string {
	if unit == "%" {
		return fmt.Sprintf("%.0f%%", 100*v)
	}
	return fmt.Sprintf("%.4g", v)
}

func figBar(f Figure) bar { return bar{value: f.Value, lo: f.Lo, hi: f.Hi, tick: math.NaN()} }

func outcomePlot(rs []*Report) string {
	var labels []string
	for _, f := range rs[0].Outcome {
		labels = append(labels, f.Name)
	}
	var series [][]bar
	for _, rp := range rs {
		var s []bar
		for _, f := range rp.Outcome {
			s = append(s, figBar(f.Figure))
		}
		series = append(series, s)
	}
	return hbars(labels, series, 1, "%")
}

func coveragePlot(rs []*Report) string {
	var labels []string
	for _, c := range rs[0].Pieces {
		labels = append(labels, c.Name+" moved")
	}
	for i, c := range rs[0].Goals {
		labels = append(labels, fmt.Sprintf("goal %d %s", i+1, c.Name))
	}
	var series [][]bar
	for _, rp := range rs {
		var s []bar
		for _, c := range rp.Pieces {
			s = append(s, figBar(c.Games))
		}
		for _, c := range rp.Goals {
			s = append(s, figBar(c.Games))
		}
		series = append(series, s)
	}
	return hbars(labels, series, 1, "%")
}

func blockPlot(rs []*Report) string {
	var labels []string
	for _, c := range rs[0].Blocks {
		labels = append(labels, c.Name+" "+lineOf(c.Source))
	}
	var series [][]bar
	for _, rp := range rs {
		var s []bar
		for _, c := range rp.Blocks {
			s = append(s, figBar(c.PerGame))
		}
		series = append(series, s)
	}
	return hbars(labels, series, 0, "")
}

// lineOf is a source's ":line".
func lineOf(src string) string {
	fl := FileLine(src)
	if i := strings.LastIndexByte(fl, ':'); i >= 0 {
		return fl[i:]
	}
	return ""
}

func valuesPlot(rs []*Report) string {
	var labels []string
	rp0 := rs[0]
	var series [][]bar
	for k, rp := range rs {
		var s []bar
		for t, name := range rp.H.Pieces {
			if t < len(rp.Royal) && rp.Royal[t] {
				continue
			}
			if k == 0 {
				labels = append(labels, name)
			}
			b := bar{tick: math.NaN()}
			if rp.Values != nil && rp.Values.Tuned[t] {
				v, e := rp.Values.Values[t], rp.Values.StdErr[t]
				b = bar{value: v, lo: v - e, hi: v + e, tick: rp.Start[t]}
			} else if t < len(rp.Start) {
				b.tick = rp.Start[t]
			}
			s = append(s, b)
		}
		series = append(series, s)
	}
	if len(labels) == 0 || (rp0.Values == nil && (len(rs) < 2 || rs[1].Values == nil)) {
		return noData("no piece values: " + fmt.Sprint(rp0.ValuesErr))
	}
	return hbars(labels, series, 0, "")
}

func noData(msg string) string {
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="520" height="40" font-size="12" font-family="sans-serif"><text x="10" y="24" fill="#777">%s</text></svg>`, html.EscapeString(trim(msg, 80)))
}

// axes draws a plot frame of width w and height h with its x and y
// ranges, returning the coordinate maps.
func axes(s *strings.Builder, w, h int, xmax, ymax float64, xlabel, ylabel string) (func(float64) float64, func(float64) float64) {
	const left, bottom, top, right = 50, 36, 12, 16
	_, xmax, xstep := niceScale(0, xmax)
	_, ymax, ystep := niceScale(0, ymax)
	if ylabel == "games" && ystep < 1 {
		// A count of games: no tick between whole games.
		ystep, ymax = 1, math.Ceil(ymax)
	}
	x := func(v float64) float64 { return left + v/xmax*float64(w-left-right) }
	y := func(v float64) float64 { return float64(h-bottom) - v/ymax*float64(h-bottom-top) }
	fmt.Fprintf(s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-size="11" font-family="sans-serif">`, w, h)
	for _, yv := range ticks(0, ymax, ystep) {
		fmt.Fprintf(s, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/><text x="%d" y="%.1f" text-anchor="end" fill="#555">%.4g</text>`,
			left, y(yv), w-right, y(yv), left-4, y(yv)+4, yv)
	}
	for _, xv := range ticks(0, xmax, xstep) {
		fmt.Fprintf(s, `<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%.4g</text>`, x(xv), h-bottom+14, xv)
	}
	fmt.Fprintf(s, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000"/><text x="%d" y="%d" text-anchor="middle">%s</text>`,
		left, h-bottom, w-right, h-bottom, (left+w-right)/2, h-4, html.EscapeString(xlabel))
	fmt.Fprintf(s, `<text x="12" y="%d" transform="rotate(-90 12 %d)" text-anchor="middle">%s</text>`, (h-bottom)/2, (h-bottom)/2, html.EscapeString(ylabel))
	return x, y
}

func lengthPlot(rs []*Report) string {
	maxLen := 1
	for _, rp := range rs {
		maxLen = max(maxLen, rp.Max)
	}
	const bins = 20
	width := (maxLen + bins) / bins
	counts := make([][]int, len(rs))
	ymax := 1
	for k, rp := range rs {
		counts[k] = make([]int, bins)
		for _, n := range rp.Lengths {
			i := min(bins-1, n/width)
			counts[k][i]++
			ymax = max(ymax, counts[k][i])
		}
	}
	var s strings.Builder
	x, y := axes(&s, 520, 240, float64(width*bins), float64(ymax), "plies", "games")
	bw := (x(float64(width)) - x(0)) / float64(len(rs))
	for k := range rs {
		for i, c := range counts[k] {
			if c == 0 {
				continue
			}
			x0 := x(float64(i*width)) + float64(k)*bw
			fmt.Fprintf(&s, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, x0, y(float64(c)), math.Max(bw-1, 0.5), y(0)-y(float64(c)), seriesColours[k])
		}
	}
	s.WriteString("</svg>")
	return s.String()
}

func branchingPlot(rs []*Report) string {
	xmax, ymax := 1.0, 1.0
	for _, rp := range rs {
		xmax = math.Max(xmax, float64(len(rp.ByPly)*PlyBucket))
		for _, f := range rp.ByPly {
			ymax = math.Max(ymax, f.Hi)
		}
	}
	var s strings.Builder
	x, y := axes(&s, 520, 240, xmax, ymax*1.05, "ply", "legal moves")
	for k, rp := range rs {
		var line, upper, lower []string
		for i, f := range rp.ByPly {
			if f.N == 0 {
				continue
			}
			xv := x(float64(i*PlyBucket) + PlyBucket/2.0)
			line = append(line, fmt.Sprintf("%.1f,%.1f", xv, y(f.Value)))
			upper = append(upper, fmt.Sprintf("%.1f,%.1f", xv, y(f.Hi)))
			lower = append([]string{fmt.Sprintf("%.1f,%.1f", xv, y(math.Max(0, f.Lo)))}, lower...)
		}
		if len(line) == 0 {
			continue
		}
		fmt.Fprintf(&s, `<polygon points="%s" fill="%s" fill-opacity="0.2"/>`, strings.Join(append(upper, lower...), " "), seriesColours[k])
		fmt.Fprintf(&s, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`, strings.Join(line, " "), seriesColours[k])
	}
	s.WriteString("</svg>")
	return s.String()
}
