package axiom_test

import (
	"context"
	"flag"
	"math/rand/v2"
	"strings"
	"syscall"
	"testing"
	"time"

	"zrun/engine"
	"zrun/engine/eval"
	"zrun/vm"
)

var (
	speed    = flag.Bool("axiom.speed", false, "TestSpeed: measure positions/s of a few Axiom games (random games and a search)")
	speedRun = flag.String("axiom.speedrun", "", "TestSpeed: only the games whose file contains this")
)

// speedGames are the games TestSpeed measures: sowing, a slide-and-push
// game, a race with dice, a line game.
var speedGames = []struct{ file, variant string }{
	{"Ohojitxi/Ohojitxi.zrf", ""},
	{"Afrika/Afrika.zrf", ""},
	{"GlukKazan+ZoG/Rules/08.Axiomatic.Splut.zrf", ""},
	{"QXO/QXO.zrf", ""},
	{"Senet/Senet.zrf", ""},
	{"Ur/Axiomatic.Ur.zrf", ""},
	{"Viruses/filler.zrf", ""},
	{"Ordo/Ordo.zrf", ""},
}

// cpuTime is the CPU time the process has used: speeds are per CPU second,
// so that a machine shared with other work measures the same.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestSpeed reports, for each game of speedGames, the positions per second
// of random games (each position's moves generated, its outcome asked and
// a random move made: fresh positions, the move lists' cache of no help)
// and of a search of the start position for a fixed time, per second of
// the process's CPU time. It measures and
// fails on nothing but an error: run with -args -axiom.speed -v.
func TestSpeed(t *testing.T) {
	if !*speed {
		t.Skip("measures speed (about 5 s a game): run with -args -axiom.speed")
	}
	for _, c := range speedGames {
		if !strings.Contains(c.file, *speedRun) {
			continue
		}
		g := load(t, c.file, c.variant)
		// Random games.
		s := start(t, g)
		rng := rand.New(rand.NewPCG(1, 2))
		var ml vm.MoveList
		n := 0
		t0, c0 := time.Now(), cpuTime()
		for time.Since(t0) < 2*time.Second {
			if err := s.Generate(&ml); err != nil {
				t.Fatalf("%s: %v", c.file, err)
			}
			o, err := s.Outcome(&ml)
			if err != nil {
				t.Fatalf("%s: %v", c.file, err)
			}
			n++
			if o.Over || len(ml.Moves) == 0 || s.Ply > 400 {
				s = start(t, g)
				continue
			}
			if err := s.Make(&ml.Moves[rng.IntN(len(ml.Moves))]); err != nil {
				t.Fatalf("%s: %v", c.file, err)
			}
		}
		random := float64(n) / (cpuTime() - c0).Seconds()
		// A search, from the first position a choosing player moves in
		// (Senet and Ur begin with a throw).
		s = start(t, g)
		for g.Players[s.Chooser()].Random {
			if err := s.Generate(&ml); err != nil || len(ml.Moves) == 0 {
				t.Fatalf("%s: no throw: %v", c.file, err)
			}
			if err := s.Make(&ml.Moves[0]); err != nil {
				t.Fatal(err)
			}
		}
		d0 := cpuTime()
		pos, err := eval.PositionFor(s)
		derive := cpuTime() - d0
		if err != nil {
			t.Fatal(err)
		}
		se := engine.New[*vm.Move](pos, 16)
		c0 = cpuTime()
		res := se.Search(context.Background(), engine.Limits{MoveTime: 2 * time.Second})
		cpu := cpuTime() - c0
		if err := pos.Err(); err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		t.Logf("%-44s random games %7.0f positions/s; evaluation derived in %v; search %7d nodes in %v (CPU %v): %7.0f nodes/s (depth %d)",
			c.file, random, derive.Round(time.Millisecond), res.Nodes, res.Time.Round(time.Millisecond), cpu.Round(time.Millisecond), float64(res.Nodes)/cpu.Seconds(), res.Depth)
	}
}
