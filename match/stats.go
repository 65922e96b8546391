// This file defines the statistics of a match: Elo from a score, its 95%
// interval, and the sequential probability ratio test that stops a match
// once the games decide between two Elo hypotheses.

package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Pair scores are counted as a pentanomial: a game pair (one opening, each
// engine with each colour) scores 0, ½, 1, 1½ or 2 points for the
// candidate. Counting pairs rather than games takes out the bias an opening
// gives one side, so the variance (and the games needed) is smaller than the
// trinomial count of single games suggests; fishtest and fastchess count
// this way.
type Penta [5]int

// Pairs is the number of game pairs counted.
func (p Penta) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Add counts one pair whose two games scored a and b (1, ½ or 0 each) for the
// candidate.
func (p *Penta) Add(a, b float64) { p[int(math.Round(2*(a+b)))]++ }

// Totals is the tally of a match: single games (W/D/L from the candidate's
// side) and complete pairs.
type Totals struct {
	W, D, L int
	Penta   Penta
}

// Games is the number of games counted.
func (t Totals) Games() int { return t.W + t.D + t.L }

// Merge adds u's counts to t.
func (t *Totals) Merge(u Totals) {
	t.W, t.D, t.L = t.W+u.W, t.D+u.D, t.L+u.L
	for i := range t.Penta {
		t.Penta[i] += u.Penta[i]
	}
}

// Elo is the logistic Elo difference a mean score s (0 < s < 1) stands
// for: the inverse of the expected score 1/(1+10^(-elo/400)).
func Elo(s float64) float64 { return -400 * math.Log10(1/s-1) }

// Score is the expected score of a player elo points stronger.
func Score(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// dist is a discrete distribution of per-unit scores: values x[i] observed
// with frequencies p[i], n units.
type dist struct {
	x, p []float64
	n    float64
}

// pentaDist is the pair-score distribution: a pair's mean score per game
// (0, ¼, ½, ¾, 1) with the observed frequencies.
func (t Totals) pentaDist() dist {
	n := float64(t.Penta.Pairs())
	d := dist{x: []float64{0, 0.25, 0.5, 0.75, 1}, p: make([]float64, 5), n: n}
	for i, c := range t.Penta {
		if n > 0 {
			d.p[i] = float64(c) / n
		}
	}
	return d
}

// triDist is the single-game distribution (loss, draw, win).
func (t Totals) triDist() dist {
	n := float64(t.Games())
	d := dist{x: []float64{0, 0.5, 1}, p: make([]float64, 3), n: n}
	if n > 0 {
		d.p[0], d.p[1], d.p[2] = float64(t.L)/n, float64(t.D)/n, float64(t.W)/n
	}
	return d
}

// regularizeCount is what a count of zero becomes in the LLR (fishtest's
// LLRcalc.regularize epsilon).
const regularizeCount = 1e-3

// regularized is d with every count of zero raised to regularizeCount and
// the frequencies and unit count taken over the raised counts.
func (d dist) regularized() dist {
	counts := make([]float64, len(d.p))
	n := 0.0
	for i, p := range d.p {
		counts[i] = p * d.n
		if counts[i] == 0 {
			counts[i] = regularizeCount
		}
		n += counts[i]
	}
	r := dist{x: d.x, p: make([]float64, len(d.p)), n: n}
	for i, c := range counts {
		r.p[i] = c / n
	}
	return r
}

func (d dist) mean() float64 {
	m := 0.0
	for i := range d.x {
		m += d.p[i] * d.x[i]
	}
	return m
}

func (d dist) variance() float64 {
	m, v := d.mean(), 0.0
	for i := range d.x {
		v += d.p[i] * (d.x[i] - m) * (d.x[i] - m)
	}
	return v
}

// Model says which count the statistics use: pairs (pentanomial) or single
// games (trinomial).
type Model int

const (
	Pentanomial Model = iota
	Trinomial
)

// String names the model as the reports do.
func (m Model) String() string {
	if m == Trinomial {
		return "trinomial"
	}
	return "pentanomial"
}

// Describe says how a match is decided: by the SPRT s (nil: a game count)
// on model m, as the first line of a report gives it.
func Describe(s *SPRT, m Model) string {
	if s == nil {
		return m.String()
	}
	return fmt.Sprintf("SPRT %s (%s)", s, m)
}

// DecisionText words an SPRT's decision ("H1" or "H0").
func DecisionText(d string) string {
	if d == "H1" {
		return "SPRT: H1 accepted (the candidate is at least elo1 stronger at the stated error rates)"
	}
	return "SPRT: H0 accepted (the candidate is not elo1 stronger; rejected)"
}

func (t Totals) dist(m Model) dist {
	if m == Trinomial {
		return t.triDist()
	}
	return t.pentaDist()
}

// EloInterval is the Elo estimate with its 95% confidence interval: the
// mean score ± 1.96 standard errors (the normal approximation of the mean of
// n independent units, each with the observed variance), each end mapped to
// Elo, as fishtest's "elo95" and cutechess-cli's error margin compute it. ok
// is false while the score is 0 or 1 (an infinite Elo) or nothing is
// counted.
func (t Totals) EloInterval(m Model) (elo, lo, hi float64, ok bool) {
	d := t.dist(m)
	if d.n == 0 {
		return 0, 0, 0, false
	}
	s := d.mean()
	if s <= 0 || s >= 1 {
		return 0, 0, 0, false
	}
	se := math.Sqrt(d.variance() / d.n)
	clamp := func(v float64) float64 { return math.Min(math.Max(v, 1e-9), 1-1e-9) }
	// + 0 turns the -0 of an even score into 0 for printing.
	return Elo(s) + 0, Elo(clamp(s-1.96*se)) + 0, Elo(clamp(s+1.96*se)) + 0, true
}

// SPRT is a sequential probability ratio test between H0 "the candidate is
// Elo0 stronger" and H1 "Elo1 stronger" (logistic Elo), with error rates
// Alpha (accepting H1 when H0 holds) and Beta.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// ParseSPRT reads "elo0=0,elo1=5,alpha=0.05,beta=0.05" (alpha and beta
// default to 0.05).
func ParseSPRT(s string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, kv := range strings.Split(s, ",") {
		k, val, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return t, fmt.Errorf("sprt %q: want key=value, got %q", s, kv)
		}
		v, err := strconv.ParseFloat(val, 64)
		if err != nil {
			return t, fmt.Errorf("sprt %q: %s: %v", s, kv, err)
		}
		switch k {
		case "elo0":
			t.Elo0 = v
		case "elo1":
			t.Elo1 = v
		case "alpha":
			t.Alpha = v
		case "beta":
			t.Beta = v
		default:
			return t, fmt.Errorf("sprt %q: unknown key %q (elo0, elo1, alpha, beta)", s, k)
		}
		seen[k] = true
	}
	if !seen["elo0"] || !seen["elo1"] || t.Elo1 <= t.Elo0 {
		return t, fmt.Errorf("sprt %q: want elo0 < elo1", s)
	}
	if t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5 {
		return t, fmt.Errorf("sprt %q: alpha and beta must be in (0, 0.5)", s)
	}
	return t, nil
}

func (t SPRT) String() string {
	return fmt.Sprintf("elo0=%g,elo1=%g,alpha=%g,beta=%g", t.Elo0, t.Elo1, t.Alpha, t.Beta)
}

// Bounds are Wald's stopping bounds: accept H0 at or below lower, H1 at or
// above upper.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the generalised log-likelihood ratio of H1 against H0 for the
// counts, as fishtest computes it (Michel Van den Bergh, "Comments on
// Normalized Elo", and fishtest's fishtest/stats/LLRcalc.py,
// LLR_logistic): for each hypothesis the distribution of the observed scores
// of greatest likelihood whose mean is that hypothesis's expected score,
// and LLR = n Σ p̂ᵢ log(p₁ᵢ/p₀ᵢ). With the pentanomial model the units are
// game pairs.
//
// Counts of zero are regularised first, as fishtest's LLRcalc does
// (regularize: a count of 0 becomes 0.001): without it a short run whose
// units all fall on one side of the hypotheses (two lost pairs and a
// drawn one) has no likelihood for them but at the boundary, and the
// LLR jumps past either bound after a handful of games.
func (t SPRT) LLR(tot Totals, m Model) float64 {
	d := tot.dist(m)
	if d.n == 0 {
		return 0
	}
	d = d.regularized()
	s0, s1 := Score(t.Elo0), Score(t.Elo1)
	l0, l1 := mleLambda(d, s0), mleLambda(d, s1)
	llr := 0.0
	for i := range d.x {
		if d.p[i] == 0 {
			continue
		}
		// The constrained MLE is pᵢ = p̂ᵢ/(1+λ(xᵢ-s)), so the ratio of the
		// two is the ratio of the denominators, swapped.
		llr += d.p[i] * math.Log((1+l0*(d.x[i]-s0))/(1+l1*(d.x[i]-s1)))
	}
	return d.n * llr
}

// LLRApprox is the normal approximation of the same ratio (Van den Bergh,
// "A GSPRT approximation", used by cutechess-cli and fastchess):
// n (s₁−s₀)(2x̄−s₀−s₁) / (2σ²), with x̄ and σ² the observed mean and
// variance of a unit's score. Close to LLR for the small Elo differences
// engine tests use.
func (t SPRT) LLRApprox(tot Totals, m Model) float64 {
	d := tot.dist(m)
	v := d.variance()
	if d.n == 0 || v == 0 {
		return 0
	}
	s0, s1 := Score(t.Elo0), Score(t.Elo1)
	return d.n * (s1 - s0) * (2*d.mean() - s0 - s1) / (2 * v)
}

// mleLambda finds the Lagrange multiplier of the constrained MLE: the λ
// with Σ p̂ᵢ (xᵢ−s)/(1+λ(xᵢ−s)) = 0 and every 1+λ(xᵢ−s) > 0 (where p̂ᵢ >
// 0). The sum falls strictly in λ on that interval, so bisection finds it.
func mleLambda(d dist, s float64) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for i := range d.x {
		if d.p[i] == 0 {
			continue
		}
		u := d.x[i] - s
		// 1+λu > 0: λ > -1/u for u > 0, λ < -1/u for u < 0.
		if u > 0 {
			lo = math.Max(lo, -1/u)
		} else if u < 0 {
			hi = math.Min(hi, -1/u)
		}
	}
	f := func(l float64) float64 {
		sum := 0.0
		for i := range d.x {
			if d.p[i] > 0 {
				u := d.x[i] - s
				sum += d.p[i] * u / (1 + l*u)
			}
		}
		return sum
	}
	// Every observed score is on one side of s: the likelihood has no
	// maximum inside; the boundary is the limit.
	if math.IsInf(lo, -1) {
		lo = -1e6
	}
	if math.IsInf(hi, 1) {
		hi = 1e6
	}
	for range 200 {
		mid := (lo + hi) / 2
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// Decision is the SPRT's state: "H1" (accepted), "H0" (rejected) or "".
func (t SPRT) Decision(llr float64) string {
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return "H1"
	case llr <= lower:
		return "H0"
	}
	return ""
}
