package tune

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zrun/engine/eval"
	"zrun/vm"
)

// TestFitRecoversTermWeights: samples drawn from the Texel model whose
// evaluation is material plus two terms at known weights (king attack at
// 160%, threats at 60%) are fitted back within three standard errors; a
// term always 0 keeps weight 100 and is not tuned.
func TestFitRecoversTermWeights(t *testing.T) {
	truth := []float64{100, 300}
	start := []float64{100, 300}
	wantW := map[eval.Term]float64{eval.TermKingAttack: 160, eval.TermThreats: 60}
	rng := rand.New(rand.NewPCG(3, 4))
	var samples []Sample
	for range 30000 {
		d := []int16{int16(rng.IntN(5) - 2), int16(rng.IntN(3) - 1)}
		terms := make([]int32, eval.NumTerms)
		terms[eval.TermKingAttack] = int32(rng.IntN(161) - 80)
		terms[eval.TermThreats] = int32(30 * (rng.IntN(5) - 2))
		s := 0.0
		for i, v := range truth {
			s += v * float64(d[i])
		}
		for k, w := range wantW {
			s += w / 100 * float64(terms[k])
		}
		r := 0.0
		if rng.Float64() < 1/(1+math.Pow(10, -s/400)) {
			r = 1
		}
		samples = append(samples, Sample{Result: r, Diff: d, Terms: terms})
	}
	f, err := Fit(samples, start, []bool{false, false}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, w := range wantW {
		if !f.WeightTuned[k] || f.WeightErr[k] <= 0 || math.Abs(f.Weights[k]-w) > 3*f.WeightErr[k] {
			t.Errorf("%s: %.0f%% ± %.0f (tuned %v), true weight %.0f%%", k, f.Weights[k], f.WeightErr[k], f.WeightTuned[k], w)
		}
	}
	if f.WeightTuned[eval.TermPassed] || f.Weights[eval.TermPassed] != 100 {
		t.Errorf("a term always 0: tuned %v, weight %v; want 100 untuned", f.WeightTuned[eval.TermPassed], f.Weights[eval.TermPassed])
	}
	// With threats held at their true weight, king attack is fitted alone
	// to the same answer; held at 0, the fit is told they count nothing.
	var ch TermChoice
	ch.Free[eval.TermKingAttack] = true
	ch.Fixed[eval.TermThreats] = 60
	for k := range ch.Fixed {
		if eval.Term(k) != eval.TermThreats {
			ch.Fixed[k] = 100
		}
	}
	g2, err := FitTerms(samples, start, []bool{false, false}, nil, &ch)
	if err != nil {
		t.Fatal(err)
	}
	if w := g2.Weights[eval.TermKingAttack]; math.Abs(w-160) > 3*g2.WeightErr[eval.TermKingAttack] || !g2.WeightTuned[eval.TermKingAttack] {
		t.Errorf("king attack with threats fixed: %.0f%% ± %.0f, want 160%%", w, g2.WeightErr[eval.TermKingAttack])
	}
	if g2.WeightTuned[eval.TermThreats] || g2.Weights[eval.TermThreats] != 60 {
		t.Errorf("threats fixed at 60: tuned %v, weight %v", g2.WeightTuned[eval.TermThreats], g2.Weights[eval.TermThreats])
	}
	// The values file keeps the weights, and eval reads them back.
	g := &vm.Game{Title: "Two", Pieces: []*vm.PieceType{{Name: "Pawn"}, {Name: "Knight"}}}
	b, err := ReplaceTuned(nil, g, f, "test")
	if err != nil {
		t.Fatal(err)
	}
	tv, err := eval.ReadTuned(strings.NewReader(string(b)), "x.values")
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if got := tv["Two"]["@king-attack"]; got != int(math.Round(f.Weights[eval.TermKingAttack])) {
		t.Errorf("values file's @king-attack %d, fitted %.0f\n%s", got, f.Weights[eval.TermKingAttack], b)
	}
}

// TestSamplesFileTerms: a shard written with term columns reads back the
// same; one written before terms existed (no @ columns) still reads, with
// no terms.
func TestSamplesFileTerms(t *testing.T) {
	dir := t.TempDir()
	h := SampleHeader{File: "x.zrf", Variant: "X", Games: 1, Shard: 1, Of: 1, Depth: 2, Seed: 1, Pieces: []string{"Pawn", "Rook"}}
	terms := make([]int32, eval.NumTerms)
	terms[eval.TermPassed], terms[eval.TermTempo] = 56, -10
	in := []Sample{{Result: 1, Diff: []int16{1, -1}, Terms: terms, Mobility: -14}}
	p := filepath.Join(dir, "new.tsv")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteSamples(f, h, SelfPlayStats{Games: 1}, in); err != nil {
		t.Fatal(err)
	}
	f.Close()
	gh, got, err := ReadSampleFiles([]string{p})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || len(gh.Pieces) != 2 || got[0].Terms[eval.TermPassed] != 56 || got[0].Terms[eval.TermTempo] != -10 || got[0].Diff[1] != -1 || got[0].Mobility != -14 {
		t.Errorf("read back %+v (pieces %v)", got, gh.Pieces)
	}
	old := "# zrun tune data file=\"x.zrf\" variant=\"X\" games=1 depth=2 seed=1 shard=1/1\nresult\tPawn\tRook\n0.5\t1\t0\n# done games=1 positions=1\n"
	p = filepath.Join(dir, "old.tsv")
	if err := os.WriteFile(p, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, got, err := ReadSampleFiles([]string{p}); err != nil || len(got) != 1 || got[0].Terms != nil {
		t.Errorf("old file: %+v, %v", got, err)
	}
	bad := strings.Replace(old, "Rook\n", "Rook\t@mystery\n", 1)
	if err := os.WriteFile(p, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadSampleFiles([]string{p}); err == nil || !strings.Contains(err.Error(), "mystery") {
		t.Errorf("unknown term column: error %v", err)
	}
}

// TestFitCountsMobility: samples drawn from the Texel model whose
// evaluation adds the searcher's mobility term to material and a
// placement term at 100% are fitted back to those weights when the
// samples carry the mobility term (Fit counts it as given), though the
// placement term here goes with mobility; without it, placement takes up
// mobility's share.
func TestFitCountsMobility(t *testing.T) {
	truth := []float64{100, 300}
	rng := rand.New(rand.NewPCG(5, 6))
	var with, without []Sample
	for range 30000 {
		d := []int16{int16(rng.IntN(5) - 2), int16(rng.IntN(3) - 1)}
		mob := int32(2 * (rng.IntN(41) - 20))
		terms := make([]int32, eval.NumTerms)
		terms[eval.TermPlacement] = mob/2 + int32(rng.IntN(21)-10) // goes with mobility
		s := float64(mob) + float64(terms[eval.TermPlacement])
		for i, v := range truth {
			s += v * float64(d[i])
		}
		r := 0.0
		if rng.Float64() < 1/(1+math.Pow(10, -s/400)) {
			r = 1
		}
		with = append(with, Sample{Result: r, Diff: d, Terms: terms, Mobility: mob})
		without = append(without, Sample{Result: r, Diff: d, Terms: terms})
	}
	f, err := Fit(with, truth, []bool{false, false}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if w, e := f.Weights[eval.TermPlacement], f.WeightErr[eval.TermPlacement]; math.Abs(w-100) > 3*e {
		t.Errorf("placement with mobility counted: %.0f%% ± %.0f, want 100%%", w, e)
	}
	g, err := Fit(without, truth, []bool{false, false}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if w := g.Weights[eval.TermPlacement]; w < 200 {
		t.Errorf("placement without mobility: %.0f%%, want it to take up mobility's share (about 300%%)", w)
	}
}
