package tune

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"zrun/vm"
)

// TestFitRecoversKnownValues: samples drawn from the Texel model with known
// values (100, 300 and 500 centipawns, and a first-player edge) are fitted
// back within three standard errors, and the error bars shrink as the
// samples grow; a type that never differs keeps its start value.
func TestFitRecoversKnownValues(t *testing.T) {
	truth := []float64{100, 300, 500, 0}
	// The start values total what the true ones do (900): Fit keeps the
	// derived values' total and learns the ratios.
	start := []float64{90, 310, 500, 42}
	royal := []bool{false, false, false, false}
	fit := func(n int) Fitted {
		rng := rand.New(rand.NewPCG(1, 2))
		var samples []Sample
		for range n {
			d := []int16{int16(rng.IntN(7) - 3), int16(rng.IntN(5) - 2), int16(rng.IntN(3) - 1), 0}
			s := 20.0 // the first player's edge
			for i, v := range truth {
				s += v * float64(d[i])
			}
			p := 1 / (1 + math.Pow(10, -s/400))
			r := 0.0
			if rng.Float64() < p {
				r = 1
			}
			samples = append(samples, Sample{Result: r, Diff: d})
		}
		f, err := Fit(samples, start, royal, nil)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	small, big := fit(2000), fit(20000)
	for i := 0; i < 3; i++ {
		if d := math.Abs(big.Values[i] - truth[i]); d > 3*big.StdErr[i] || big.StdErr[i] <= 0 {
			t.Errorf("type %d: %.1f ± %.1f, true value %.0f", i, big.Values[i], big.StdErr[i], truth[i])
		}
		if big.StdErr[i] >= small.StdErr[i] {
			t.Errorf("type %d: error %.1f with 20000 samples, %.1f with 2000", i, big.StdErr[i], small.StdErr[i])
		}
	}
	if big.Tuned[3] || big.Values[3] != 42 {
		t.Errorf("a type never seen: tuned %v, value %v; want its start value 42", big.Tuned[3], big.Values[3])
	}
}

func TestInvert(t *testing.T) {
	m := [][]float64{{4, 1}, {1, 3}}
	inv, err := invert(m)
	if err != nil {
		t.Fatal(err)
	}
	// The inverse of [[4 1] [1 3]] is [[3 -1] [-1 4]] / 11.
	want := [][]float64{{3.0 / 11, -1.0 / 11}, {-1.0 / 11, 4.0 / 11}}
	for i := range want {
		for j := range want[i] {
			if math.Abs(inv[i][j]-want[i][j]) > 1e-12 {
				t.Fatalf("inverse %v, want %v", inv, want)
			}
		}
	}
	if _, err := invert([][]float64{{1, 2}, {2, 4}}); err == nil {
		t.Error("a singular matrix inverted")
	}
}

// TestHeaderFields: titles and paths with spaces survive the data file's
// header (Capablanca Chess, Tenjiku Shogi [No AI].zrf).
func TestHeaderFields(t *testing.T) {
	kv, err := headerFields(`file="a dir/Tenjiku Shogi [No AI].zrf" variant="Capablanca Chess" games=200 shard=3/8`)
	if err != nil {
		t.Fatal(err)
	}
	if kv["file"] != "a dir/Tenjiku Shogi [No AI].zrf" || kv["variant"] != "Capablanca Chess" || kv["games"] != "200" || kv["shard"] != "3/8" {
		t.Errorf("fields %q", kv)
	}
	if _, err := headerFields(`file="unterminated`); err == nil {
		t.Error("an unterminated quote was accepted")
	}
}

// TestTiedTypesShareOneValue: a pawn that is a type of its own for each
// side (as in Fairy-Max tables) is one value. MirrorTypes finds the pair,
// and Fit learns one value for it, close to the truth; fitted apart, each
// side's pawn count would also carry the first player's edge.
func TestTiedTypesShareOneValue(t *testing.T) {
	g := &vm.Game{
		Players: []vm.Player{{Name: "White"}, {Name: "Black"}},
		Pieces:  []*vm.PieceType{{Name: "p1"}, {Name: "p2"}, {Name: "R3"}},
		Letters: []string{"P", "P", "R"},
		Setup: []vm.SetupItem{{Player: 0, Type: 0, Pos: 0}, {Player: 1, Type: 1, Pos: 1},
			{Player: 0, Type: 2, Pos: 2}, {Player: 1, Type: 2, Pos: 3}},
	}
	start := []float64{90, 90, 510}
	same := MirrorTypes(g, start)
	if !slices.Equal(same, []int{0, 0, 2}) {
		t.Fatalf("MirrorTypes = %v, want [0 0 2]", same)
	}
	if s := MirrorTypes(g, []float64{90, 95, 510}); !slices.Equal(s, []int{0, 1, 2}) {
		t.Errorf("with other start values: MirrorTypes = %v, want nothing tied", s)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var samples []Sample
	for range 20000 {
		white, black, rooks := rng.IntN(3)+6, rng.IntN(3)+6, rng.IntN(3)-1
		s := 40 + 100*float64(white-black) + 500*float64(rooks)
		r := 0.0
		if rng.Float64() < 1/(1+math.Pow(10, -s/400)) {
			r = 1
		}
		samples = append(samples, Sample{Result: r, Diff: []int16{int16(white), int16(-black), int16(rooks)}})
	}
	f, err := Fit(samples, start, []bool{false, false, false}, same)
	if err != nil {
		t.Fatal(err)
	}
	if f.Values[0] != f.Values[1] || !f.Tuned[1] || math.Abs(f.Values[0]-100) > 3*f.StdErr[0] {
		t.Errorf("tied pawns: %.1f ± %.1f and %.1f (tuned %v), want one value near 100", f.Values[0], f.StdErr[0], f.Values[1], f.Tuned[1])
	}
}

func TestCheckPieces(t *testing.T) {
	h := SampleHeader{File: "x.zrf", Pieces: []string{"Pawn", "Knight"}}
	for _, tc := range []struct {
		pieces []string
		ok     bool
	}{
		{[]string{"Pawn", "Knight"}, true},
		{[]string{"Knight", "Pawn"}, false}, // same names, other numbers
		{[]string{"Pawn"}, false},
		{[]string{"Pawn", "Knight", "Marshall"}, false},
	} {
		g := &vm.Game{}
		for _, n := range tc.pieces {
			g.Pieces = append(g.Pieces, &vm.PieceType{Name: n})
		}
		err := h.CheckPieces(g)
		if (err == nil) != tc.ok {
			t.Errorf("pieces %v: err %v, want ok=%v", tc.pieces, err, tc.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "x.zrf's pieces have changed") {
			t.Errorf("pieces %v: error %q does not name the file", tc.pieces, err)
		}
	}
}
