// This file defines the insufficient-material draw (Options.InsufficientMaterial):
// a position from which no sequence of legal moves can end in checkmate.

package vm

import (
	"math/bits"
	"slices"
	"sync"
)

// deadMaxPieces is the most pieces (royal ones included) a position may have
// for the draw: two royal pieces and one other piece. Larger material is
// never declared dead.
const deadMaxPieces = 3

// deadMaxPlacements bounds the enumeration (a 10x10 board's 1e6 placements
// take about half a second); on larger boards material is never declared
// dead, which is always safe.
const deadMaxPlacements = 1_000_000

// materialKey is the sorted list of the cells on the board (type, owner and
// attributes), zero-padded; it keys the cache of dead-material verdicts.
type materialKey [deadMaxPieces]Cell

// deadCache remembers, per material, whether it is dead. Deciding takes one
// enumeration of all placements, done once per game and material.
type deadCache struct {
	mu sync.Mutex
	m  map[materialKey]bool
}

// InsufficientMaterial reports whether the game's insufficient-material
// draw holds now: see deadMaterial for the rule. It is false unless the game
// sets Options.InsufficientMaterial, and cheap when more than deadMaxPieces
// pieces are on the board.
func (s *State) InsufficientMaterial() bool {
	if !s.g.Options.InsufficientMaterial || len(s.g.Players) != 2 || s.g.Options.RecycleCaptures {
		return false
	}
	if s.occ.pieces > deadMaxPieces {
		return false
	}
	for pl := range s.g.Players {
		if len(s.occ.royal[pl]) == 0 {
			return false
		}
	}
	for _, h := range s.Hands {
		if h != 0 {
			return false
		}
	}
	var key materialKey
	i := 0
	for pl := range s.g.Players {
		for w, word := range s.occ.ownBits(pl) {
			for ; word != 0; word &= word - 1 {
				key[i] = s.Board[w*64+bits.TrailingZeros64(word)]
				i++
			}
		}
	}
	slices.Sort(key[:i])
	d := &s.pre.dead
	d.mu.Lock()
	dead, ok := d.m[key]
	d.mu.Unlock()
	if ok {
		return dead
	}
	dead = s.g.deadMaterial(key[:i])
	d.mu.Lock()
	if d.m == nil {
		d.m = map[materialKey]bool{}
	}
	d.m[key] = dead
	d.mu.Unlock()
	return dead
}

// deadMaterial decides whether material (each side's royal pieces plus at
// most one other piece) can never be checkmated, whatever the moves:
//
//   - no piece of the material can change what is on the board other than by
//     moving and capturing: its programs have no promotion (add with types),
//     create, change-type, change-owner, flip or partial move, so the material
//     can only shrink, by captures of the non-royal piece;
//   - for the material and for every material a capture leaves, no placement
//     of those pieces on the board, with either side to move, is checkmate
//     (the side to move has no legal move and a royal piece attacked). The
//     placements are enumerated with the game's own move programs, so the rule
//     follows the pieces' reach, not their names: King+Knight or King+Bishop
//     against a lone King is dead on any board where no placement mates; a
//     Rook, a Ferz-and-Wazir or a Pawn that promotes is not.
//
// Placements include unreachable ones, which can only find more mates, so the
// rule never calls a position dead that is not (nor does it when there are
// more than deadMaxPlacements placements to try). Attributes are taken as
// they are on the board and, when some program of the game sets attributes,
// also cleared.
func (g *Game) deadMaterial(cells []Cell) bool {
	setsAttrs := false
	for _, pt := range g.Pieces {
		for _, b := range pt.Moves {
			if b.Prog == nil {
				continue
			}
			for _, in := range b.Prog.Code {
				if in.Op == OpSetAttr {
					setsAttrs = true
				}
			}
		}
	}
	for _, c := range cells {
		if !g.fixedMaterial(c.Type()) {
			return false
		}
	}
	placements := 1
	for range cells {
		placements *= g.Board.N()
	}
	if placements > deadMaxPlacements {
		return false
	}
	st, err := NewState(g)
	if err != nil {
		return false
	}
	royal := st.pre.isRoyal
	// The material itself and each material left after captures of non-royal pieces.
	var configs [][]Cell
	var nonRoyal []int
	for i, c := range cells {
		if !royal[c.Owner()][c.Type()] {
			nonRoyal = append(nonRoyal, i)
		}
	}
	for mask := 0; mask < 1<<len(nonRoyal); mask++ {
		var cfg []Cell
		for i, c := range cells {
			if j := slices.Index(nonRoyal, i); j >= 0 && mask&(1<<j) != 0 {
				continue
			}
			cfg = append(cfg, c)
		}
		configs = append(configs, cfg)
	}
	for _, cfg := range configs {
		for _, v := range attrVariants(cfg, setsAttrs) {
			if st.mateExists(v) {
				return false
			}
		}
	}
	return true
}

// fixedMaterial reports whether pieces of type t can only move and capture.
func (g *Game) fixedMaterial(t int) bool {
	for _, b := range g.Pieces[t].Moves {
		if b.Prog == nil {
			continue
		}
		for _, in := range b.Prog.Code {
			switch in.Op {
			case OpCreate, OpChangeType, OpChangeOwner, OpFlip, OpAddPartial, OpAddCopy, OpAddCopyPartial, OpAddGate:
				return false
			case OpAdd:
				if in.A >= 0 {
					return false
				}
			}
		}
	}
	return true
}

// attrVariants returns cfg and, when attributes can change, the variants
// with some pieces' attributes cleared.
func attrVariants(cfg []Cell, setsAttrs bool) [][]Cell {
	out := [][]Cell{cfg}
	if !setsAttrs {
		return out
	}
	for mask := 1; mask < 1<<len(cfg); mask++ {
		v := slices.Clone(cfg)
		changed := false
		for i, c := range cfg {
			if mask&(1<<i) != 0 && c.Attrs() != 0 {
				v[i] = MakeCell(c.Type(), c.Owner(), 0)
				changed = true
			}
		}
		if changed {
			out = append(out, v)
		}
	}
	return out
}

// mateExists tries every placement of cells on distinct squares of the
// (scratch) state's board, with each player to move, and reports whether one
// is checkmate. Placements where the player not to move is in check cannot
// arise from a legal move and are skipped (two-player games only).
func (s *State) mateExists(cells []Cell) bool {
	turnOf := make([]int, len(s.g.Players))
	for pl := range turnOf {
		turnOf[pl] = -1
		for i, t := range s.g.TurnOrder {
			if t.As == pl && (turnOf[pl] < 0 || t.MoveType == AnyMoveType) {
				turnOf[pl] = i
			}
		}
	}
	s.Clear()
	var ml MoveList
	n := len(s.Board)
	var place func(i int) bool
	place = func(i int) bool {
		if i < len(cells) {
			for p := 0; p < n; p++ {
				if s.Board[p] != Empty {
					continue
				}
				s.Board[p] = cells[i]
				s.occ.add(s, int32(p), cells[i])
				found := place(i + 1)
				s.occ.remove(s, int32(p), cells[i])
				s.Board[p] = Empty
				if found {
					return true
				}
			}
			return false
		}
		for pl, turn := range turnOf {
			// A position after a legal move has the mover in check and
			// the player who just moved not in check.
			if turn < 0 || !s.royalAttacked(pl, 0) || s.royalAttacked(1-pl, 0) {
				continue
			}
			s.Turn = turn
			if err := s.Generate(&ml); err != nil || len(ml.Moves) == 0 {
				return true
			}
		}
		return false
	}
	return place(0)
}
