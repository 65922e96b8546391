package eval_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"zrun/axiom"
	"zrun/engine/eval"
	"zrun/gamefile"
	"zrun/vm"
)

const raceCorpus = "../../../shared/zrf-corpus"

// raceGame loads a corpus game whose moves an Axiom script makes.
func raceGame(t *testing.T, rel string) *vm.Game {
	t.Helper()
	p := filepath.Join(raceCorpus, filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		t.Skipf("corpus not found: %v", err)
	}
	axiom.SetFrameworkDir(filepath.Join(raceCorpus, "Senet", "Axiom", "Senet"))
	t.Cleanup(eval.SetObserveTime(time.Minute))
	g, err := gamefile.LoadGame(p, "")
	if err != nil {
		t.Fatal(err)
	}
	if g.Moves == nil {
		t.Fatalf("%s: no moves: %s", rel, g.EngineErr)
	}
	return g
}

// senetTrack is Senet's track as its readme numbers it (Senet/readme.txt:
// "15: House of Rebirth", "26: House of Happiness", "27: House of Water",
// squares 28 to 30 the last): thirty squares, the top row left to right,
// the middle row back, the bottom row left to right, as the rule file's
// board draws them and the script's "next" links run (a4 b4 ... j4, j3
// ... a3, a2 ... j2).
func senetTrack() []string {
	var tr []string
	for _, f := range "abcdefghij" {
		tr = append(tr, string(f)+"4")
	}
	for _, f := range "jihgfedcba" {
		tr = append(tr, string(f)+"3")
	}
	for _, f := range "abcdefghij" {
		tr = append(tr, string(f)+"2")
	}
	return tr
}

// TestRaceSenet checks the race term Derive gives Senet (no OnEvaluate,
// pieces borne off at the end of the track) against the readme's track:
// for both players a piece counts more the further along the track it
// stands (the rank correlation of the squares' worth with their numbers
// is high: the special squares' own moves, House of Water and the last
// three, may reorder a few), a piece borne off counts more than one on
// any square, and the derivation, from seeded games, is the same twice.
func TestRaceSenet(t *testing.T) {
	g := raceGame(t, "Senet/Senet.zrf")
	ev, err := eval.Derive(g)
	if err != nil {
		t.Fatal(err)
	}
	if !ev.HasRace() {
		t.Fatal("Senet has no race term")
	}
	man := -1
	for i, pt := range g.Pieces {
		if pt.Name == "Man" {
			man = i
		}
	}
	track := senetTrack()
	for _, name := range []string{"White", "Black"} {
		pl := -1
		for i, p := range g.Players {
			if p.Name == name {
				pl = i
			}
		}
		worth := make([]float64, len(track))
		for i, sq := range track {
			p, ok := g.Board.PositionIndex(sq)
			if !ok {
				t.Fatalf("no square %s", sq)
			}
			w := ev.Material(man) + ev.Placement(pl, man, p)
			if w >= 0 {
				t.Errorf("%s: a Man on %s (square %d) counts %d, not less than one borne off (0)", name, sq, i+1, w)
			}
			worth[i] = float64(w)
		}
		t.Logf("%s: a Man's worth on squares 1-30: %v", name, worth)
		if rho := spearman(worth); rho < 0.9 {
			t.Errorf("%s: rank correlation of worth with the track's numbers %.2f, want >= 0.9: %v", name, rho, worth)
		}
		if worth[0] >= worth[len(worth)-1] {
			t.Errorf("%s: square 1 worth %v, not less than square 30 (%v)", name, worth[0], worth[len(worth)-1])
		}
	}
	ev2, err := eval.Derive(g)
	if err != nil {
		t.Fatal(err)
	}
	for pl := range g.Players {
		for p := 0; p < g.Board.N(); p++ {
			if a, b := ev.Placement(pl, man, p), ev2.Placement(pl, man, p); a != b {
				t.Fatalf("derived twice: player %d square %d: %d then %d", pl, p, a, b)
			}
		}
	}
}

// TestRaceNotElsewhere: games that are no race keep their tables: chess
// (a rule file's own moves: not derived for), a tic-tac-toe and a mancala
// written in Axiom (no piece borne off by its own move), and Ur, whose
// pieces stack and move on after landing.
func TestRaceNotElsewhere(t *testing.T) {
	g, err := gamefile.LoadGame("../../games/chess.zrf", "")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := eval.Derive(g)
	if err != nil {
		t.Fatal(err)
	}
	if ev.HasRace() {
		t.Error("chess has a race term")
	}
	for _, rel := range []string{"QXO/QXO.zrf", "AbstractMancala/AbstractMancala.zrf", "Ur/Axiomatic.Ur.zrf"} {
		g := raceGame(t, rel)
		ev, err := eval.Derive(g)
		if err != nil {
			t.Fatal(err)
		}
		if ev.HasRace() {
			t.Errorf("%s has a race term", rel)
		}
	}
}

// spearman is the rank correlation of xs with their indices.
func spearman(xs []float64) float64 {
	n := len(xs)
	rank := make([]float64, n)
	for i := range xs {
		less, same := 0, 0
		for j := range xs {
			if xs[j] < xs[i] {
				less++
			} else if xs[j] == xs[i] {
				same++
			}
		}
		rank[i] = float64(less) + float64(same+1)/2
	}
	var mx, my float64
	for i := range rank {
		mx += rank[i]
		my += float64(i + 1)
	}
	mx /= float64(n)
	my /= float64(n)
	var sxy, sxx, syy float64
	for i := range rank {
		dx, dy := rank[i]-mx, float64(i+1)-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	if sxx == 0 || syy == 0 {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}
