// This file defines the intervals the report gives its figures: Wilson's
// for proportions, the normal approximation for means.

package design

import "math"

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959964

// Figure is one measured quantity with its 95% interval.
type Figure struct {
	Value, Lo, Hi float64
	// SE is the standard error Compare combines (for a proportion,
	// sqrt(p(1-p)/n)).
	SE     float64
	N      int    // the observations (games, or positions)
	Method string // "Wilson" or "normal"
	// Share: a proportion, printed as a percentage.
	Share bool
}

// Wilson is the share k/n with Wilson's score interval, which stays inside
// [0, 1] and is right for the shares near 0 or 1 a rule's coverage often
// has (a rule that never fired: 0, and how surely it is rare).
func Wilson(k, n int) Figure {
	f := Figure{N: n, Method: "Wilson", Share: true}
	if n == 0 {
		return f
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	z2 := z95 * z95
	den := 1 + z2/nf
	mid := (p + z2/(2*nf)) / den
	half := z95 * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	f.Value, f.Lo, f.Hi = p, max(0, mid-half), min(1, mid+half)
	f.SE = math.Sqrt(p * (1 - p) / nf)
	return f
}

// Mean is the mean of xs with the normal interval mean ± 1.96 s/√n (the
// games are independent, and a mean of many is near normal).
func Mean(xs []float64) Figure {
	f := Figure{N: len(xs), Method: "normal"}
	if len(xs) == 0 {
		return f
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	m := sum / float64(len(xs))
	ss := 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	if len(xs) > 1 {
		f.SE = math.Sqrt(ss / float64(len(xs)-1) / float64(len(xs)))
	}
	f.Value, f.Lo, f.Hi = m, m-z95*f.SE, m+z95*f.SE
	return f
}

// MeanShare is Mean of values in [0, 1], printed as a percentage, its
// interval kept within [0, 1].
func MeanShare(xs []float64) Figure {
	f := Mean(xs)
	f.Share = true
	// The normal interval of a share can pass 0 or 1 with few games;
	// beyond them it says nothing.
	f.Lo, f.Hi = max(0, f.Lo), min(1, f.Hi)
	return f
}

// Differs reports whether a and b differ beyond their error: their
// difference is more than 1.96 standard errors of the difference. Two
// figures measured without spread (both SE 0) differ when their values do.
func Differs(a, b Figure) bool {
	se := math.Sqrt(a.SE*a.SE + b.SE*b.SE)
	d := math.Abs(a.Value - b.Value)
	if se == 0 {
		return d > 1e-12
	}
	return d > z95*se
}

// quantile returns the q-quantile of sorted xs (nearest rank).
func quantile(sorted []int, q float64) int {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[max(0, min(len(sorted)-1, i))]
}
