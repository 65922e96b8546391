package match

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f (±%g)", what, got, want, tol)
	}
}

// The Elo formula's fixed points: a 75% score is 400·log10(3) = 190.85 Elo
// (the logistic curve, e.g. Wikipedia "Elo rating system"), 50% is 0, and
// Score inverts Elo.
func TestEloFormula(t *testing.T) {
	near(t, "Elo(0.75)", Elo(0.75), 190.848501887865, 1e-9)
	near(t, "Elo(0.5)", Elo(0.5), 0, 1e-12)
	near(t, "Elo(0.25)", Elo(0.25), -190.848501887865, 1e-9)
	near(t, "Score(Elo(0.63))", Score(Elo(0.63)), 0.63, 1e-12)
}

// Wald's bounds for alpha = beta = 0.05 are ±ln(19) = ±2.944, the numbers
// fishtest and cutechess-cli print; alpha 0.05, beta 0.10 give
// ln(0.10/0.95) = -2.251 and ln(0.90/0.05) = 2.890.
func TestBounds(t *testing.T) {
	lo, hi := SPRT{Elo1: 5, Alpha: 0.05, Beta: 0.05}.Bounds()
	near(t, "lower", lo, -2.944438979, 1e-8)
	near(t, "upper", hi, 2.944438979, 1e-8)
	lo, hi = SPRT{Elo1: 5, Alpha: 0.05, Beta: 0.10}.Bounds()
	near(t, "lower", lo, -2.251291799, 1e-8)
	near(t, "upper", hi, 2.890371758, 1e-8)
}

// Published LLRs for logistic-Elo SPRTs, from fastchess's test suite
// (tests/sprt.cpp, "logistic trinomial 1/2" and "logistic pentanomial
// 1/2"), themselves checked against fishtest; fastchess states them to two
// decimals. Its Stats(w, l, d) and pentanomial Stats(LL, LD, WL, DD, WD, WW)
// are mapped to our counts (WL and DD both score one point a pair).
func TestLLRPublished(t *testing.T) {
	cases := []struct {
		name       string
		tot        Totals
		model      Model
		elo0, elo1 float64
		want       float64
	}{
		{"logistic trinomial 1", Totals{W: 21404, L: 21184, D: 40708}, Trinomial, 0.5, 2.5, -1.57},
		{"logistic trinomial 2", Totals{W: 57433, L: 57030, D: 106593}, Trinomial, 0, 2, -2.59},
		{"logistic pentanomial 1", Totals{Penta: Penta{223, 9863, 20279 + 1000, 10037, 246}}, Pentanomial, 0.5, 2.5, -3.07},
		{"logistic pentanomial 2", Totals{Penta: Penta{871, 26175, 55003 + 980, 26678, 821}}, Pentanomial, 0, 2, -4.98},
	}
	for _, c := range cases {
		s := SPRT{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.05}
		// doctest's Approx(want).epsilon(0.01): within 1% of want.
		near(t, c.name+" LLR", s.LLR(c.tot, c.model), c.want, 0.01*math.Abs(c.want))
		near(t, c.name+" LLRApprox", s.LLRApprox(c.tot, c.model), c.want, 0.01*math.Abs(c.want))
	}
}

// A small case worked by hand from the normal-approximation formula
// n(s₁−s₀)(2x̄−s₀−s₁)/(2σ²): 10 pairs scoring 0,½,1,1½,2 points 1,2,4,2,1
// times have per-game means x = 0,¼,½,¾,1, x̄ = ½ and
// σ² = (1·¼ + 2·1/16 + 0 + 2·1/16 + 1·¼)/10 = 0.075. For elo0 = -10,
// elo1 = 10, s₀ = 1/(1+10^(1/40)) = 0.485612, s₁ = 0.514388, so
// 2x̄−s₀−s₁ = 0 and the LLR is 0; for elo0 = 0, elo1 = 10,
// n(s₁−s₀)(2x̄−s₀−s₁)/(2σ²) = 10·0.014388·(−0.014388)/0.15 = −0.013799.
func TestLLRByHand(t *testing.T) {
	tot := Totals{Penta: Penta{1, 2, 4, 2, 1}}
	s := SPRT{Elo0: -10, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	near(t, "symmetric LLRApprox", s.LLRApprox(tot, Pentanomial), 0, 1e-12)
	near(t, "symmetric LLR", s.LLR(tot, Pentanomial), 0, 1e-9)
	s = SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	near(t, "LLRApprox", s.LLRApprox(tot, Pentanomial), -0.013799, 2e-6)
	near(t, "LLR", s.LLR(tot, Pentanomial), -0.013799, 2e-4)
}

// The 95% interval worked by hand: 100 games, W 40 D 30 L 30 score
// 0.55 with per-game variance 0.4·0.45² + 0.3·0.05² + 0.3·0.55² = 0.1725,
// standard error √(0.1725/100) = 0.041533; 0.55 ± 1.96·0.041533 =
// [0.468595, 0.631405], which is Elo 34.86 in [-21.85, 93.50] by
// -400·log10(1/s−1).
func TestEloIntervalByHand(t *testing.T) {
	elo, lo, hi, ok := Totals{W: 40, D: 30, L: 30}.EloInterval(Trinomial)
	if !ok {
		t.Fatal("no interval")
	}
	near(t, "elo", elo, -400*math.Log10(1/0.55-1), 1e-9)
	near(t, "elo", elo, 34.86, 0.01)
	near(t, "lo", lo, -400*math.Log10(1/0.468595-1), 0.01)
	near(t, "hi", hi, -400*math.Log10(1/0.631405-1), 0.01)
	near(t, "lo", lo, -21.85, 0.01)
	near(t, "hi", hi, 93.50, 0.01)
	if _, _, _, ok := (Totals{W: 3}).EloInterval(Trinomial); ok {
		t.Error("a perfect score has no finite Elo, yet an interval came back")
	}
}

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT("elo0=0,elo1=5,alpha=0.05,beta=0.1")
	if err != nil || s != (SPRT{0, 5, 0.05, 0.1}) {
		t.Errorf("got %+v, %v", s, err)
	}
	for _, bad := range []string{"elo0=5,elo1=0", "elo1=5", "elo0=0,elo1=5,gamma=1", "elo0=0,elo1=5,alpha=0.7"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// Two game pairs cannot decide an SPRT at the usual error rates, whatever
// they scored: fishtest regularises zero counts so that a hypothesis
// outside the observed scores keeps a likelihood (without it, a lost pair
// and a split one gave LLR -10.0, past the -2.94 bound, after four games).
// A long one-sided run still decides.
func TestLLRShortRunsUndecided(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 15, Alpha: 0.05, Beta: 0.05}
	lower, upper := s.Bounds()
	for a := range 5 {
		for b := a; b < 5; b++ {
			var p Penta
			p[a]++
			p[b]++
			if llr := s.LLR(Totals{Penta: p}, Pentanomial); llr <= lower || llr >= upper {
				t.Errorf("pairs %v: LLR %.2f decides (bounds %.2f, %.2f)", p, llr, lower, upper)
			}
		}
	}
	if llr := s.LLR(Totals{Penta: Penta{40, 30, 20, 5, 0}}, Pentanomial); llr > lower {
		t.Errorf("95 pairs scoring 22%%: LLR %.2f, want below %.2f", llr, lower)
	}
	if llr := s.LLR(Totals{Penta: Penta{0, 5, 20, 30, 40}}, Pentanomial); llr < upper {
		t.Errorf("95 pairs scoring 78%%: LLR %.2f, want above %.2f", llr, upper)
	}
}
