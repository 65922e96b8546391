// This file defines the evaluation's terms as a list with names and
// weights: each term's weight is a percentage of its unit, which a values
// file may set ("@king-attack 140", vm.Game.Weights) and "zrun tune"
// fits; Features gives each term's unweighted value (at weight 100), the
// regressors of that fit.
//
// Without a values file's weight, placement and shelter count at 100 and
// the others at 0, so a game plays as it did before them until a tuning
// run and a match say they pay: at 100 the terms of threats.go lost in
// Capablanca (-81 Elo [-165, -6] in 96 games at equal nodes,
// docs/strength-log.md) and cost a third of the search's speed; the
// exposure term scored +3 [-56, +62] in 114 games at weight 200 and +5
// [-37, +48] in 200 at 400, at equal nodes (session 29): no gain shown.

package eval

import (
	"fmt"
	"math/bits"
	"strings"

	"zrun/vm"
)

// Term names one term of the evaluation besides material.
type Term int

const (
	// TermPlacement: the placement tables (centralisation by mobility,
	// promotion and goal distance).
	TermPlacement Term = iota
	// TermShelter: own pieces next to the royal piece (shelter.go).
	TermShelter
	// TermKingAttack: enemy pieces whose moves reach the royal piece's
	// neighbourhood on an open board (threats.go).
	TermKingAttack
	// TermThreats: pieces standing where an enemy piece of the cheapest
	// kind captures (threats.go).
	TermThreats
	// TermPassed: promoting pieces no enemy piece of the cheapest kind can
	// stop on their way (threats.go).
	TermPassed
	// TermTempo: the side to move's edge.
	TermTempo
	// TermExposure: open lines to the royal piece while the enemy has
	// the pieces to use them (exposure.go).
	TermExposure
	// NumTerms is the number of terms.
	NumTerms
)

// termNames are the terms' names in values files and the tuner's columns.
var termNames = [NumTerms]string{"placement", "shelter", "king-attack", "threats", "passed", "tempo", "exposure"}

// tempoUnit is the tempo term's value at weight 100.
const tempoUnit = 10

// defaultWeight is each term's weight when the values file gives none.
var defaultWeight = [NumTerms]int{TermPlacement: 100, TermShelter: 100}

// DefaultWeight is term k's weight where a values file gives none.
func DefaultWeight(k Term) int { return defaultWeight[k] }

// String is the term's name ("king-attack").
func (k Term) String() string {
	if k >= 0 && k < NumTerms {
		return termNames[k]
	}
	return fmt.Sprintf("term%d", int(k))
}

// TermByName returns the term named name (as String gives it).
func TermByName(name string) (Term, bool) {
	for k, n := range termNames {
		if strings.EqualFold(n, name) {
			return Term(k), true
		}
	}
	return 0, false
}

// TermNames lists every term's name, in Term order.
func TermNames() []string { return append([]string(nil), termNames[:]...) }

// weightsOf reads g's term weights (percent; defaultWeight where g has
// none).
func weightsOf(g *vm.Game) [NumTerms]int {
	var w [NumTerms]int
	for k := range w {
		w[k] = defaultWeight[k]
		if v, ok := g.Weights[termNames[k]]; ok {
			w[k] = v
		}
	}
	return w
}

// Weight is term k's weight in percent of its unit.
func (ev *Evaluator) Weight(k Term) int { return ev.weight[k] }

// Active reports whether term k exists in this game (a game without a
// royal piece has no king attack; one without promotion, no passers).
func (ev *Evaluator) Active(k Term) bool {
	switch k {
	case TermPlacement:
		return true
	case TermShelter:
		return ev.shelter != nil
	case TermKingAttack:
		return ev.dyn != nil && ev.dyn.kings
	case TermThreats:
		return ev.dyn != nil && ev.dyn.threats
	case TermPassed:
		return ev.dyn != nil && ev.dyn.passers
	case TermTempo:
		return ev.tempo
	case TermExposure:
		return ev.exposure != nil
	}
	return false
}

// Features writes each term's value for pl against the others at weight
// 100 (the unweighted term) into out: the evaluation less material is
// the sum of out[k]*Weight(k)/100 (up to rounding). Not for the search: it
// scans the board.
func (ev *Evaluator) Features(s *vm.State, pl int, out *[NumTerms]int) {
	*out = [NumTerms]int{}
	for p, c := range s.Board {
		if c == vm.Empty {
			continue
		}
		x := ev.pstRaw[c.Owner()*ev.nT+c.Type()][p]
		if c.Owner() == pl {
			out[TermPlacement] += x
		} else {
			out[TermPlacement] -= x
		}
	}
	if ev.giveaway {
		out[TermPlacement] = -out[TermPlacement]
	}
	if ev.shelter != nil {
		out[TermShelter] = ev.shelter.raw(s, pl)
	}
	if ev.dyn != nil {
		var r dynRaw
		ev.dyn.raw(s, pl, &r, dynAll)
		out[TermKingAttack], out[TermThreats], out[TermPassed] = r.king, r.threats, r.passed
	}
	if ev.exposure != nil {
		out[TermExposure] = ev.exposure.raw(s, pl)
	}
	if ev.tempo {
		out[TermTempo] = tempoUnit
		if s.Chooser() != pl {
			out[TermTempo] = -tempoUnit
		}
	}
}

// weighted is raw*w/100 rounded towards zero, with the common weight 100
// costing a compare.
func weighted(raw, w int) int {
	if w == 100 {
		return raw
	}
	return raw * w / 100
}

// popcount2 counts the bits of a two-word set.
func popcount2(a [2]uint64) int { return bits.OnesCount64(a[0]) + bits.OnesCount64(a[1]) }
