package design

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"zrun/engine/eval"
)

const ticTacToe = "../../shared/zrf-corpus/_embedded/TicTacToe-zillions-v2.zrf"

// TestWilson: Wilson's 95% interval against published values (Newcombe
// 1998, Table I; Agresti and Coull 1998): 0/10 is [0, 0.2775], 5/10 is
// [0.2366, 0.7634], 81/263 is [0.2553, 0.3662].
func TestWilson(t *testing.T) {
	tests := []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{81, 263, 0.2553, 0.3662},
		{10, 10, 0.7225, 1},
	}
	for _, tc := range tests {
		f := Wilson(tc.k, tc.n)
		if math.Abs(f.Lo-tc.lo) > 5e-4 || math.Abs(f.Hi-tc.hi) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tc.k, tc.n, f.Lo, f.Hi, tc.lo, tc.hi)
		}
	}
}

// TestMean: the normal interval of 1..5 (mean 3, s = √2.5, n = 5):
// 3 ± 1.96·0.7071.
func TestMean(t *testing.T) {
	f := Mean([]float64{1, 2, 3, 4, 5})
	if math.Abs(f.Value-3) > 1e-12 || math.Abs(f.Hi-(3+z95*math.Sqrt(0.5))) > 1e-9 {
		t.Errorf("Mean(1..5) = %v [%v, %v]", f.Value, f.Lo, f.Hi)
	}
}

// withCopy writes a copy of a rule file into a temporary directory with
// each of the replacements made (each must be found) and returns its path.
func withCopy(t *testing.T, src string, repl ...string) string {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for i := 0; i < len(repl); i += 2 {
		if !strings.Contains(s, repl[i]) {
			t.Fatalf("%s has no %q", src, repl[i])
		}
		s = strings.ReplaceAll(s, repl[i], repl[i+1])
	}
	p := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	// The values "zrun tune" keeps beside the file go with the copy, so
	// the copy's engine evaluates as the original's does and only the
	// edit differs.
	if v, err := os.ReadFile(eval.TunedPath(src)); err == nil {
		if err := os.WriteFile(eval.TunedPath(p), v, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func run(t *testing.T, o Options) (*Header, []*GameRecord, *Report) {
	t.Helper()
	h, recs, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	ld, err := Load(o.File, o.Variant)
	if err != nil {
		t.Fatal(err)
	}
	return h, recs, Analyse(h, recs, ld)
}

// TestTicTacToePerfectDraws: Tic-Tac-Toe is a draw with perfect play, and
// after any first move too; a full-depth search (9 plies) plays perfectly,
// so every game, from the start or from a random first move, is a draw by
// the file's stalemate draw-condition after 9 plies, and the
// win-condition never ends one.
func TestTicTacToePerfectDraws(t *testing.T) {
	if _, err := os.Stat(ticTacToe); err != nil {
		t.Skipf("no Tic-Tac-Toe file: %v", err)
	}
	_, recs, rp := run(t, Options{File: ticTacToe, Games: 12, Depth: 9, RandomPlies: 1, StartEvery: 4, Seed: 7})
	if got := rp.Outcome[2].Value; got != 1 {
		t.Errorf("draws %.2f, want every game", got)
	}
	for _, r := range recs {
		if r.Winner != -1 || r.Plies != 9 || r.Reason != "stalemated" {
			t.Errorf("game %d: winner %d after %d plies (%s), want a draw by stalemate after 9", r.Game, r.Winner, r.Plies, r.Reason)
		}
	}
	// The branching of a full board's game: 9, 8, ..., 1 legal moves.
	if got := rp.Branching.Value; got != 5 {
		t.Errorf("mean legal moves %.2f, want 5 (9+8+...+1 over 9 plies)", got)
	}
	for _, g := range rp.Goals {
		if want := g.Name == "draw-condition"; (g.Count == 12) != want {
			t.Errorf("%s ended %d of 12 games", g.Name, g.Count)
		}
	}
}

// TestNeverFiredBlock: a copy of our chess file whose Pawn capture to the
// north-west asks for a square both enemy-held and empty can never make
// that capture; the report names the block (the Pawn's third) as never
// fired, with the file:line where the copy writes it.
func TestNeverFiredBlock(t *testing.T) {
	dead := "(nw (verify enemy?) (verify empty?) (pawn-arrive))"
	path := withCopy(t, "../games/chess.zrf", "(pawn-take nw)", dead)
	b, _ := os.ReadFile(path)
	line := 1 + strings.Count(string(b[:strings.Index(string(b), dead)]), "\n")
	_, _, rp := run(t, Options{File: path, Games: 4, Depth: 1, RandomPlies: 4, MaxPlies: 80, Seed: 3})
	var buf bytes.Buffer
	rp.WriteText(&buf)
	want := filepath.Base(path) + ":" + strconv.Itoa(line)
	found := false
	for _, c := range rp.NeverFired() {
		if c.Name == "Pawn move 3" && strings.HasSuffix(FileLine(c.Source), want) {
			found = true
		}
	}
	if !found {
		t.Errorf("Pawn move 3 at %s not named as never fired:\n%s", want, buf.String())
	}
	if !strings.Contains(buf.String(), want) {
		t.Errorf("the text report does not name %s", want)
	}
	// The rule file sits in a long temporary path: the report still fits
	// a terminal of 100 columns.
	for _, l := range strings.Split(buf.String(), "\n") {
		if n := utf8.RuneCountInString(l); n > 100 {
			t.Errorf("a line of %d columns: %q", n, l)
		}
	}
}

func itoa(n int) string { return fmtInt(n) }

func fmtInt(n int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		if n /= 10; n == 0 {
			return string(b)
		}
	}
}

// TestSchoolbookWithoutMarshall: Schoolbook with the Marshalls taken out
// of the setup (and of the Pawn's promotion choices, the only other way
// one could enter) never moves a Marshall; the Archbishop, still set up,
// does.
func TestSchoolbookWithoutMarshall(t *testing.T) {
	path := withCopy(t, "../games/schoolbook.zrf", "(Marshall i1)", "", "(Marshall i8)", "",
		"(add Knight Bishop Rook Queen Archbishop Marshall)", "(add Knight Bishop Rook Queen Archbishop)")
	_, _, rp := run(t, Options{File: path, Games: 4, Depth: 1, RandomPlies: 4, MaxPlies: 80, Seed: 5})
	got := map[string]Coverage{}
	for _, c := range rp.Pieces {
		got[c.Name] = c
	}
	if m, ok := got["Marshall"]; !ok || m.Count != 0 || m.Games.Value != 0 {
		t.Errorf("Marshall coverage %+v, want none", m)
	}
	if a := got["Archbishop"]; a.Count == 0 {
		t.Errorf("the Archbishop never moved in 4 games")
	}
}

// TestCompareIdentical: two identical rule files played on the same seeds
// differ in no figure.
func TestCompareIdentical(t *testing.T) {
	a := withCopy(t, "../games/chess.zrf")
	b := withCopy(t, "../games/chess.zrf")
	o := Options{Games: 4, Depth: 1, RandomPlies: 4, MaxPlies: 80, Seed: 11}
	o.File = a
	_, _, ra := run(t, o)
	o.File = b
	_, _, rb := run(t, o)
	var buf bytes.Buffer
	for _, d := range WriteCompare(&buf, ra, rb) {
		if d.Differs {
			t.Errorf("%s differs: %+v vs %+v", d.Name, d.A, d.B)
		}
	}
	if !strings.Contains(buf.String(), "No figure differs beyond its error.") || !strings.Contains(buf.String(), "No paired difference beyond its error.") {
		t.Errorf("compare output:\n%s", buf.String())
	}
}

// TestPaired: twins counted by hand. Four games; B's games 1 and 3 run 10
// plies longer (mean difference 5, s = √(100/3), SE = s/2 ≈ 2.89: 5 is
// within 1.96 SE of 0), and B's game 2 turns a White win into a draw.
// With every game 10 plies longer the difference has no spread and is
// beyond the error. Runs of other seeds are not paired.
func TestPaired(t *testing.T) {
	a := &Report{Seeds: []uint64{1, 2, 3, 4}, Lengths: []int{40, 50, 60, 70}, Scores: []float64{1, 1, 0, 0.5}}
	b := &Report{Seeds: []uint64{1, 2, 3, 4}, Lengths: []int{50, 50, 70, 70}, Scores: []float64{1, 0.5, 0, 0.5}}
	figs, differs := Paired(a, b)
	if len(figs) != 4 {
		t.Fatalf("Paired: %v", figs)
	}
	l, sc := figs[0].Figure, figs[1].Figure
	if math.Abs(l.Value-5) > 1e-12 || math.Abs(l.SE-math.Sqrt(100.0/3)/2) > 1e-9 || differs[0] {
		t.Errorf("length difference %+v, differs %v", l, differs[0])
	}
	if math.Abs(sc.Value+0.125) > 1e-12 || figs[2].Value != 0.5 || figs[3].Value != 0.25 {
		t.Errorf("score difference %v, lengths changed %v, results changed %v", sc.Value, figs[2].Value, figs[3].Value)
	}
	b.Lengths = []int{50, 60, 70, 80}
	if _, differs := Paired(a, b); !differs[0] {
		t.Error("every game 10 plies longer: not beyond the error")
	}
	b.Seeds = []uint64{1, 2, 3, 5}
	if figs, _ := Paired(a, b); figs != nil {
		t.Errorf("runs of other games paired: %v", figs)
	}
}

// TestShardsMergeAsOneRun: 8 games played in 4 shards, written and merged,
// are the games of one run with the same seed, and report the same.
func TestShardsMergeAsOneRun(t *testing.T) {
	o := Options{File: "../games/chess.zrf", Games: 8, Depth: 1, RandomPlies: 4, MaxPlies: 60, Seed: 2, StartEvery: 3}
	_, whole, one := run(t, o)
	dir := t.TempDir()
	var paths []string
	for i := 1; i <= 4; i++ {
		so := o
		so.Shard, so.Of = i, 4
		h, recs, err := Run(so)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, "shard"+strconv.Itoa(i)+".jsonl")
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := WriteData(f, h, recs); err != nil {
			t.Fatal(err)
		}
		f.Close()
		paths = append(paths, p)
	}
	h, merged, err := Merge(paths)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(whole, merged) {
		t.Errorf("the merged games differ from the one run's")
	}
	ld, err := Load(o.File, "")
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	one.WriteText(&a)
	Analyse(h, merged, ld).WriteText(&b)
	if a.String() != b.String() {
		t.Errorf("merged report differs:\n%s\nvs one run:\n%s", b.String(), a.String())
	}
	if _, _, err := Merge(paths[:3]); err == nil {
		t.Errorf("merging 3 of 4 shards gave no error")
	}
	if _, _, err := Merge(append(paths, paths[0])); err == nil {
		t.Errorf("merging a shard twice gave no error")
	}
}

// TestTally: one game of each kind counts once in its column.
func TestTally(t *testing.T) {
	recs := []*GameRecord{{Winner: 0}, {Winner: 1}, {Winner: -1}, {Winner: -1, Capped: true}}
	if got, want := Tally(recs), "first player +1 -1 =1, 1 cut"; got != want {
		t.Errorf("Tally = %q, want %q", got, want)
	}
}

// TestRunning: the running figures of six made-up games (White wins 3,
// Black 1, a draw and a game cut at the cap), counted by hand: White's
// score (3 + ½ + ½)/6 = 2/3, the draws 1/6 with Wilson's interval, the
// mean length (10+20+30+40+50+60)/6 = 35.
func TestRunning(t *testing.T) {
	recs := []*GameRecord{{Winner: 0, Plies: 10}, {Winner: 0, Plies: 20}, {Winner: 0, Plies: 30},
		{Winner: 1, Plies: 40}, {Winner: -1, Plies: 50}, {Winner: -1, Capped: true, Plies: 60}}
	l := Running(recs)
	if l.Games != 6 || l.Wins != [2]int{3, 1} || l.Draws != 1 || l.Cut != 1 {
		t.Errorf("tally %+v", l)
	}
	if math.Abs(l.Score.Value-2.0/3) > 1e-12 || math.Abs(l.Length.Value-35) > 1e-12 || math.Abs(l.Draw.Value-1.0/6) > 1e-12 {
		t.Errorf("score %v, length %v, draws %v", l.Score.Value, l.Length.Value, l.Draw.Value)
	}
	if l.Draw.Lo <= 0 || l.Draw.Hi >= 1 || l.Score.Hi > 1 {
		t.Errorf("intervals: draws [%v, %v], score hi %v", l.Draw.Lo, l.Draw.Hi, l.Score.Hi)
	}
	if e := Running(nil); e.Games != 0 || e.Score.Value != 0 {
		t.Errorf("no games: %+v", e)
	}
}

// TestStopKeepsFinishedGames: a run stopped after its third game returns
// ErrStopped with the games finished, in game order, each as the whole
// run would have played it (same seed, same game).
func TestStopKeepsFinishedGames(t *testing.T) {
	if _, err := os.Stat(ticTacToe); err != nil {
		t.Skipf("reference data %s is absent (%v)", ticTacToe, err)
	}
	var stop atomic.Bool
	o := Options{File: ticTacToe, Games: 40, Depth: 2, RandomPlies: 2, Seed: 9, Stop: &stop,
		Progress: func(done, total int, recs []*GameRecord) {
			if done == 3 {
				stop.Store(true)
			}
		}}
	_, part, err := Run(o)
	if !errors.Is(err, ErrStopped) {
		t.Fatalf("Run: %v, want ErrStopped", err)
	}
	if len(part) != 3 {
		t.Fatalf("%d games kept, want the 3 finished", len(part))
	}
	o.Stop, o.Progress = nil, nil
	_, whole, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range part {
		if !reflect.DeepEqual(r, whole[r.Game]) || (i > 0 && r.Game <= part[i-1].Game) {
			t.Errorf("stopped run's game %d differs from the whole run's or is out of order", r.Game)
		}
	}
}

// TestNiceScale: axes are cut in round steps that cover the data.
func TestNiceScale(t *testing.T) {
	for _, tc := range []struct{ lo, hi, nlo, nhi, step float64 }{
		{0, 1, 0, 1, 0.2},
		{0, 320, 0, 350, 50},
		{0, 46.34, 0, 50, 10},
		{0, 55, 0, 60, 10},
		{0, 818.2, 0, 1000, 200},
		{-57, 1292, -200, 1400, 200},
		{0, 22.9, 0, 25, 5},
		{0, 0, 0, 1, 0.2},
	} {
		lo, hi, step := niceScale(tc.lo, tc.hi)
		if math.Abs(lo-tc.nlo) > 1e-9 || math.Abs(hi-tc.nhi) > 1e-9 || math.Abs(step-tc.step) > 1e-9 {
			t.Errorf("niceScale(%v, %v) = %v, %v, %v; want %v, %v, %v", tc.lo, tc.hi, lo, hi, step, tc.nlo, tc.nhi, tc.step)
		}
	}
	if got := ticks(0, 1, 0.2); len(got) != 6 || got[5] != 1 {
		t.Errorf("ticks(0, 1, .2) = %v", got)
	}
}

// TestStopCutsSearch: a run at a depth no search finishes in a test's time
// stops at once when its context is cancelled with Stop set, with no game
// finished.
func TestStopCutsSearch(t *testing.T) {
	var stop atomic.Bool
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		time.Sleep(300 * time.Millisecond)
		stop.Store(true)
		cancel()
	}()
	start := time.Now()
	_, recs, err := Run(Options{File: "../games/chess.zrf", Games: 2, Depth: 40, RandomPlies: 0, Seed: 1, Stop: &stop, Context: ctx})
	if !errors.Is(err, ErrStopped) || len(recs) != 0 {
		t.Fatalf("Run: %d games, %v; want none and ErrStopped", len(recs), err)
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("the run took %v to stop", took)
	}
}

// TestCapablancaFits100: Capablanca's report (ten piece types, twelve
// blocks of a compound piece, the longest names of our games) and its
// comparison with itself fit a terminal of 100 columns.
func TestCapablancaFits100(t *testing.T) {
	_, _, rp := run(t, Options{File: "../games/capablanca.zrf", Games: 3, Depth: 1, RandomPlies: 4, MaxPlies: 60, Seed: 7})
	var buf bytes.Buffer
	rp.WriteText(&buf)
	WriteCompare(&buf, rp, rp)
	for _, l := range strings.Split(buf.String(), "\n") {
		if n := utf8.RuneCountInString(l); n > 100 {
			t.Errorf("a line of %d columns: %q", n, l)
		}
	}
	if !strings.Contains(buf.String(), "Chancellor move 12") {
		t.Errorf("the report lacks the Chancellor's twelfth block:\n%s", buf.String())
	}
}
