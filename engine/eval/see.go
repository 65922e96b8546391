// This file defines the static exchange evaluation (engine.ExchangeEvaluator):
// the material balance of the captures and recaptures on one square, each
// side taking with its least valuable piece, built from the game's own
// capture moves (no attack tables: whatever moves a rule file defines, the
// exchange is played with them).

package eval

import (
	"zrun/vm"
)

// seeMaxSteps bounds the exchange (a square rarely sees more captures).
const seeMaxSteps = 16

// ExchangeAtLeast reports whether the exchange m starts on its landing
// square wins at least threshold for the player making m: m is made, then
// the players take turns capturing on that square, each with its least
// valuable capture there, each free to stop (stand pat); the result is the
// minimax of that sequence. Only simple moves (a piece from one square to
// another, taking what stands there) are judged; for any other move, and
// where m is illegal, the answer is what m wins by itself (its Victim)
// measured against threshold, as the searcher would assume without an
// exchange evaluation.
//
// Two attack queries come first (vm's LandingAttacked and LandingDefended,
// which make nothing): a moved piece no other player can take keeps its
// victim, and one the mover cannot take back on the square is lost for its
// victim, without the exchange played out. That last answer may be below
// the exchange's value where every recapture is pinned, or where the
// recapturing piece opens a line of the mover's to the square (about 0.5%
// of the exchanges of random chess and Capablanca positions): never above.
//
// It makes the captures on the position (through Make, so legality is
// tested as in the search) and takes them all back before it returns. It
// allocates nothing once the per-ply move lists have grown.
func (p *Position) ExchangeAtLeast(m *vm.Move, threshold int) bool {
	victim, _, _ := p.gain(m)
	retype, simple := plainStep(m)
	if !simple {
		return int(victim) >= threshold
	}
	// The cheap bounds first: what m wins at most (its victim, the mover
	// never taken back) and at least (its victim less the piece landed).
	if int(victim) < threshold {
		return false
	}
	landed := int(m.Piece)
	if retype >= 0 {
		landed = retype
	}
	if landed < 0 || landed >= len(p.ev.value) || int(victim)-p.ev.value[landed] >= threshold {
		return true
	}
	// Then the attack queries, which make nothing: a piece no other player
	// can take keeps the victim; one the mover cannot take back there
	// loses what it is worth for the victim (the exchange's first
	// recapture ends it). Only a piece both attacked and defended needs
	// the exchange played out.
	if !p.s.LandingAttacked(m) {
		return true
	}
	if !p.s.LandingDefended(m) {
		return false
	}
	if !p.Make(m) {
		return int(victim) >= threshold
	}
	to := m.To
	var gains [seeMaxSteps + 1]int
	gains[0] = int(victim) - threshold
	d, made := 0, 0
	for d < seeMaxSteps {
		// The piece now standing on to is what the next capture wins.
		c := p.s.Board[to]
		if c == vm.Empty {
			break
		}
		next := p.ev.value[c.Type()] - gains[d]
		// Neither side can do better by going on than by stopping here
		// (the usual swap-list cut): the sign of what is left is known
		// whatever the next capture, or none, so it need not be looked for.
		if max(-gains[d], next) < 0 {
			d++
			gains[d] = next
			break
		}
		r, isMade := p.leastCaptureOn(to, c.Type())
		if r == nil {
			break
		}
		d++
		gains[d] = next
		if isMade {
			made++
		}
		if d == seeMaxSteps {
			break
		}
		if !isMade {
			if !p.Make(r) {
				break
			}
			made++
		}
	}
	for ; made > 0; made-- {
		p.Unmake()
	}
	p.Unmake() // m
	for ; d > 0; d-- {
		gains[d-1] = -max(-gains[d-1], gains[d])
	}
	return gains[0] >= 0
}

// leastCaptureOn returns the legal simple capture onto square to by the
// least valuable piece of the player to move (nil if none): the captures are
// generated at this ply (its list, reused by the search only at its own
// ply, which the caller has made moves past). Where moves are pseudo-legal
// the capture is made to test it, and left made (made true): the caller
// takes it back.
//
// Only the captures onto to of the piece's type (t) need be built: vm's
// GenerateCapturesOnto may leave out the others, and does not visit the
// pieces that cannot capture there.
func (p *Position) leastCaptureOn(to int32, t int) (r *vm.Move, made bool) {
	ml := p.list()
	worth := ^uint64(0)
	if t < 64 {
		worth = 1 << uint(t)
	}
	if err := p.s.GenerateCapturesOnto(ml, !p.pseudo, worth, to); err != nil {
		return nil, false
	}
	// A pseudo-legal list may hold captures that leave the king attacked:
	// the cheapest is tried, and if Make rejects it the cheapest above it
	// (by value, then place) is next.
	lastV, lastI := -1, -1
	for {
		best, bestV, bestI := (*vm.Move)(nil), 0, -1
		for i := range ml.Moves {
			r := &ml.Moves[i]
			if _, simple := plainStep(r); r.To != to || !simple || r.Piece < 0 {
				continue
			}
			v := p.ev.value[r.Piece]
			if v < lastV || v == lastV && i <= lastI {
				continue // rejected already
			}
			if best == nil || v < bestV {
				best, bestV, bestI = r, v, i
			}
		}
		if best == nil || !p.pseudo {
			return best, false
		}
		if p.Make(best) {
			return best, true
		}
		lastV, lastI = bestV, bestI
	}
}

// plainStep reports whether m is a move the exchange can judge (a piece
// from one square to another, taking what stands there), and the type it
// lands as (-1: its own).
func plainStep(m *vm.Move) (retype int, ok bool) {
	_, retype, simple := m.Simple()
	return retype, simple && !m.Drop && m.From != m.To && m.From >= 0 && m.To >= 0
}
