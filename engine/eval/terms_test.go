package eval_test

import (
	"context"
	"time"

	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"zrun/engine"
	"zrun/internal/benchpos"

	"zrun/engine/eval"
	"zrun/vm"
	"zrun/zrf"
)

// chessAt returns the derived chess evaluation and a state at fen.
func chessAt(t testing.TB, g *vm.Game, fen string) *vm.State {
	t.Helper()
	s, err := vm.NewState(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetFEN(fen); err != nil {
		t.Fatal(err)
	}
	return s
}

func feature(t *testing.T, g *vm.Game, ev *eval.Evaluator, fen string, k eval.Term) int {
	t.Helper()
	var f [eval.NumTerms]int
	ev.Features(chessAt(t, g, fen), 0, &f)
	return f[k]
}

// TestPassers: chess's passed pawn (no enemy pawn on the squares ahead of
// it on its own file or able to capture on them: the adjacent files
// ahead) is what the generalised term finds, in positions where every
// other pawn is stopped by the rule.
func TestPassers(t *testing.T) {
	g, ev := derived(t, "../../games/chess.zrf")
	if !ev.Active(eval.TermPassed) {
		t.Fatal("chess has no passer term")
	}
	for _, c := range []struct {
		name, fen string
		passed    bool // White's e-pawn is passed; no other pawn is
	}{
		{"d7 guards e6", "4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1", false},
		{"f7 guards e6", "4k3/5p2/8/4P3/8/8/8/4K3 w - - 0 1", false},
		{"e7 blocks", "4k3/4p3/8/4P3/8/8/8/4K3 w - - 0 1", false},
		{"a-pawns face each other, e5 free", "4k3/p7/8/4P3/8/8/P7/4K3 w - - 0 1", true},
		{"c7 is two files away", "4k3/p1p5/8/4P3/8/8/P1P5/4K3 w - - 0 1", true},
		{"d4 is behind", "4k3/p7/8/4P3/3p4/8/P2P4/4K3 w - - 0 1", true},
	} {
		got := feature(t, g, ev, c.fen, eval.TermPassed)
		if (got > 0) != c.passed || got < 0 {
			t.Errorf("%s: passed term %d, want passed=%v", c.name, got, c.passed)
		}
	}
	// A passer nearer promotion is worth more; Black's counts against White.
	near := feature(t, g, ev, "4k3/p7/4P3/8/8/8/P7/4K3 w - - 0 1", eval.TermPassed)
	far := feature(t, g, ev, "4k3/p7/8/8/4P3/8/P7/4K3 w - - 0 1", eval.TermPassed)
	if near <= far || far <= 0 {
		t.Errorf("passer on e6 %d, on e4 %d: want 0 < e4 < e6", near, far)
	}
	if b := feature(t, g, ev, "4k3/p7/8/8/4p3/8/P7/4K3 w - - 0 1", eval.TermPassed); b >= 0 {
		t.Errorf("Black's passer on e4: %d for White, want < 0", b)
	}
}

// TestThreats counts, by hand on the diagram, the White pieces other
// than pawns and the King that a Black pawn captures on its next move.
func TestThreats(t *testing.T) {
	g, ev := derived(t, "../../games/chess.zrf")
	for _, c := range []struct {
		name, fen string
		attacked  int // White's pieces a pawn attacks, less Black's
	}{
		{"none", "4k3/8/8/3p4/8/8/8/N3K3 w - - 0 1", 0},
		{"knight on e4", "4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1", 1},
		{"fork of rook and knight", "4k3/8/8/3p4/2R1N3/8/8/4K3 w - - 0 1", 2},
		{"a pawn attacked is not counted", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", 0},
		{"the King is not counted", "4k3/8/8/3p4/4K3/8/8/8 w - - 0 1", 0},
		{"Black's bishop on f6 by g5", "4k3/8/5b2/6P1/8/8/8/4K3 w - - 0 1", -1},
	} {
		got := feature(t, g, ev, c.fen, eval.TermThreats)
		if want := -30 * c.attacked; got != want {
			t.Errorf("%s: threats term %d, want %d", c.name, got, want)
		}
	}
}

// TestKingAttack counts, by hand, the Black pieces whose moves on an
// empty board reach White's King or a square next to it, and weighs them
// by their value in pawns: the danger is the weights' sum times the
// attackers' number.
func TestKingAttack(t *testing.T) {
	g, ev := derived(t, "../../games/chess.zrf")
	pawns := func(name string) int {
		ti, ok := g.PieceIndex(name)
		if !ok {
			t.Fatal(name)
		}
		pi, _ := g.PieceIndex("Pawn")
		return int(math.Round(float64(ev.Value(ti)) / float64(ev.Value(pi))))
	}
	q, r, n := pawns("Queen"), pawns("Rook"), pawns("Knight")
	for _, c := range []struct {
		name, fen string
		danger    int
	}{
		{"queen on b8 reaches nothing", "1q2k3/8/8/8/8/8/8/4K3 w - - 0 1", 0},
		{"queen down the e-file", "4k3/8/8/4q3/8/8/8/4K3 w - - 0 1", q},
		{"queen and rook on the second rank", "4k3/8/8/4q3/8/8/r7/4K3 w - - 0 1", 2 * (q + r)},
		{"and a knight on g4 (f2)", "4k3/8/8/4q3/6n1/8/r7/4K3 w - - 0 1", 3 * (q + r + n)},
		{"x-ray through the queen's own pawn", "4k3/8/4q3/4p3/8/8/8/4K3 w - - 0 1", q},
	} {
		got := feature(t, g, ev, c.fen, eval.TermKingAttack)
		if got != -c.danger {
			t.Errorf("%s: king attack term %d, want %d", c.name, got, -c.danger)
		}
	}
}

// TestTermsElsewhere: games without royal pieces or pawns have no such
// terms and evaluate without error; the placement and tempo terms remain.
func TestTermsElsewhere(t *testing.T) {
	for _, c := range []struct {
		file, variant string
		active        []eval.Term
		inactive      []eval.Term
	}{
		{file: "../../games/capablanca.zrf", active: []eval.Term{eval.TermKingAttack, eval.TermThreats, eval.TermPassed, eval.TermShelter, eval.TermTempo}},
		{file: "../../../shared/zrf-corpus/CheckersCollection/CheckersCollection.zrf", variant: "Turkish Dama",
			active: []eval.Term{eval.TermTempo}, inactive: []eval.Term{eval.TermKingAttack, eval.TermShelter}},
		{file: ticTacToe, inactive: []eval.Term{eval.TermKingAttack, eval.TermThreats, eval.TermPassed, eval.TermShelter}},
	} {
		name := filepath.Base(c.file) + " " + c.variant
		if _, err := os.Stat(c.file); err != nil {
			t.Logf("skip %s: %v (shared corpus absent)", name, err)
			continue
		}
		f, err := zrf.LoadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		var g *vm.Game
		for _, fg := range f.Games {
			if c.variant == "" || fg.Game.Title == c.variant {
				g = fg.Game
				break
			}
		}
		if g == nil {
			t.Fatalf("%s: no variant", name)
		}
		ev, err := eval.Derive(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range c.active {
			if !ev.Active(k) {
				t.Errorf("%s: no %s term", name, k)
			}
		}
		for _, k := range c.inactive {
			if ev.Active(k) {
				t.Errorf("%s: has a %s term", name, k)
			}
		}
		s, err := vm.NewState(g)
		if err != nil {
			t.Fatal(err)
		}
		var feat [eval.NumTerms]int
		ev.Features(s, 0, &feat)
		for k, x := range feat {
			if x != 0 && !ev.Active(eval.Term(k)) {
				t.Errorf("%s: inactive term %s is %d", name, eval.Term(k), x)
			}
		}
		_ = ev.Evaluate(s, 0)
	}
}

// TestWeights: a values file's term weights scale each term: the
// evaluation less material is the terms' sum, each times its weight in
// percent, within rounding; weight 0 removes a term; an unknown term is an
// error naming the line.
func TestWeights(t *testing.T) {
	fens := []string{
		"4k3/8/8/3p4/2R1N3/8/8/4K3 w - - 0 1",
		"4k3/p7/4P3/8/6n1/8/r7/4K3 b - - 0 1",
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	}
	for _, weights := range []string{"", "@king-attack 0\n@threats 250\n@passed -40\n@placement 50\n@tempo 300\n@shelter 70\n"} {
		tv, err := eval.ReadTuned(strings.NewReader("[Chess]\nPawn 100\n"+weights), "x.values")
		if err != nil {
			t.Fatal(err)
		}
		f, err := zrf.LoadFile("../../games/chess.zrf")
		if err != nil {
			t.Fatal(err)
		}
		g := f.Games[0].Game
		if _, err := tv.Apply(g); err != nil {
			t.Fatal(err)
		}
		ev, err := eval.Derive(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, fen := range fens {
			s := chessAt(t, g, fen)
			material := 0
			for _, c := range s.Board {
				if c == vm.Empty {
					continue
				}
				if c.Owner() == 0 {
					material += ev.Material(c.Type())
				} else {
					material -= ev.Material(c.Type())
				}
			}
			var feat [eval.NumTerms]int
			ev.Features(s, 0, &feat)
			want := 0.0
			for k, x := range feat {
				want += float64(x) * float64(ev.Weight(eval.Term(k))) / 100
			}
			got := ev.Evaluate(s, 0) - material
			if math.Abs(float64(got)-want) > 40 { // placement rounds per square
				t.Errorf("weights %q, %s: evaluation less material %d, terms %v weigh %.0f", weights, fen, got, feat, want)
			}
		}
	}
	if _, err := eval.ReadTuned(strings.NewReader("[Chess]\n@kingsafety 10\n"), "x.values"); err == nil || !strings.Contains(err.Error(), "x.values:2") {
		t.Errorf("unknown term: error %v, want one naming x.values:2", err)
	}
	if _, err := eval.ReadTuned(strings.NewReader("[Chess]\nPawn -10\n"), "x.values"); err == nil {
		t.Error("a negative piece value was accepted")
	}
}

// allOn is every term at weight 100 (most are 0 by default).
var allOn = map[string]int{"king-attack": 100, "threats": 100, "passed": 100, "tempo": 100}

// TestEvaluateAllocs: the evaluation with every term, on the search's hot
// path, allocates nothing.
func TestEvaluateAllocs(t *testing.T) {
	f, err := zrf.LoadFile("../../games/capablanca.zrf")
	if err != nil {
		t.Fatal(err)
	}
	g := f.Games[0].Game
	g.Weights = allOn
	ev, err := eval.Derive(g)
	if err != nil {
		t.Fatal(err)
	}
	s := newState(t, g)
	if err := ev.Watch(s); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { ev.Evaluate(s, 0) }); n != 0 {
		t.Errorf("Evaluate allocates %.1f times a call", n)
	}
}

// BenchmarkEvaluate times one evaluation of Capablanca's start position.
func BenchmarkEvaluate(b *testing.B) {
	f, err := zrf.LoadFile("../../games/capablanca.zrf")
	if err != nil {
		b.Fatal(err)
	}
	g := f.Games[0].Game
	g.Weights = allOn
	ev, err := eval.Derive(g)
	if err != nil {
		b.Fatal(err)
	}
	s, err := vm.NewState(g)
	if err != nil {
		b.Fatal(err)
	}
	_ = ev.Watch(s)
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			ev.Evaluate(s, 0)
		}
	})
	b.Run("without-dyn", func(b *testing.B) {
		ev := ev.WithoutDyn()
		for b.Loop() {
			ev.Evaluate(s, 0)
		}
	})
}

// BenchmarkSearchTerms: nodes per second of zrun's bench positions with
// every term and without those of threats.go, the cost of the latter on
// the search.
func BenchmarkSearchTerms(b *testing.B) {
	for _, name := range []string{"all", "without-dyn"} {
		b.Run(name, func(b *testing.B) {
			var nodes uint64
			var el time.Duration
			for b.Loop() {
				for _, bp := range benchpos.Default {
					pos := benchPosition(b, bp.File, bp.Moves)
					g := pos.State().Game()
					g.Weights = allOn
					ev, err := eval.Derive(g)
					if err != nil {
						b.Fatal(err)
					}
					pos = eval.NewPosition(pos.State(), ev)
					if name == "without-dyn" {
						pos = eval.NewPosition(pos.State(), pos.Evaluator().WithoutDyn())
					}
					se := engine.New[*vm.Move](pos, 16)
					res := se.Search(context.Background(), engine.Limits{Nodes: 100000})
					nodes += res.Nodes
					el += res.Time
				}
			}
			b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
		})
	}
}
