package match

import (
	"slices"
	"testing"
	"time"
)

func TestParseTC(t *testing.T) {
	l, err := ParseTC("10+0.1")
	if err != nil || l.Base != 10*time.Second || l.Inc != 100*time.Millisecond {
		t.Errorf("10+0.1: %+v %v", l, err)
	}
	if l, err = ParseTC("60"); err != nil || l.Base != time.Minute || l.Inc != 0 {
		t.Errorf("60: %+v %v", l, err)
	}
	for _, bad := range []string{"", "x+1", "10+-1", "0+1"} {
		if _, err := ParseTC(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// XBoard's level takes the base as minutes:seconds.
	if got := minSec(90 * time.Second); got != "1:30" {
		t.Errorf("minSec(90s) = %q", got)
	}
	if got := minSec(2500 * time.Millisecond); got != "0:2.5" {
		t.Errorf("minSec(2.5s) = %q", got)
	}
}

func TestSplitCommand(t *testing.T) {
	got, err := splitCommand(`zrun xboard --name 'schoolbook=Schoolbook 1.0' "games/a b.zrf"`)
	want := []string{"zrun", "xboard", "--name", "schoolbook=Schoolbook 1.0", "games/a b.zrf"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("got %q, %v", got, err)
	}
	if _, err := splitCommand(`a 'b`); err == nil {
		t.Error("unclosed quote accepted")
	}
}

// Features as the CECP specification writes them (quoted strings with
// spaces, bare numbers).
func TestParseFeatures(t *testing.T) {
	f := parseFeatures(`myname="Fairy Max 5.0b" setboard=1 usermove=1 done=1`)
	if f["myname"] != "Fairy Max 5.0b" || f["setboard"] != "1" || f["usermove"] != "1" || f["done"] != "1" {
		t.Errorf("got %q", f)
	}
}

func TestSpec(t *testing.T) {
	if s := ParseSpec("b", "uci:/usr/games/fairy-stockfish"); !s.UCI || s.Command != "/usr/games/fairy-stockfish" {
		t.Errorf("uci spec: %+v", s)
	}
	if s := ParseSpec("c", "zrun xboard x.zrf"); s.UCI || s.Command != "zrun xboard x.zrf" {
		t.Errorf("xboard spec: %+v", s)
	}
}

// A pair's two games count as single games and as one pentanomial pair.
func TestPairCount(t *testing.T) {
	var tot Totals
	PairRecord{Score: []float64{1, 0.5}}.Count(&tot)
	PairRecord{Score: []float64{0, 1}}.Count(&tot)
	PairRecord{Score: []float64{0, 0}}.Count(&tot)
	if tot.W != 2 || tot.D != 1 || tot.L != 3 || tot.Penta != (Penta{1, 0, 1, 1, 0}) {
		t.Errorf("got %+v", tot)
	}
}
