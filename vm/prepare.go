// This file computes the tables a game needs at play time from its model.

package vm

import "sync"

// prepared holds derived, read-only data, computed once per Game.
type prepared struct {
	nTypes   int
	nPlayers int
	// royal[pl] lists the types whose attack makes a move of pl illegal:
	// the T of every (checkmated T) loss-condition that lists pl.
	royal    [][]int
	isRoyal  [][]bool
	defaults []uint64 // default attribute bits per type
	usesLast bool     // some program tests last-from?/last-to? (they go into the hash)
	// turnKeys[t] is partKey(t, NoPos, -1): the hash's part for turn
	// entry t outside a partial move (every Make that ends a turn reads one).
	turnKeys     []uint64
	tracksTaken  bool // some goal tests captured (make records captured pieces)
	posFlagWords int
	reach        *reachTable
	// plinks[pl] is the link table with pl's symmetry applied:
	// plinks[pl][d*N+p] = links[Symmetry[pl][d]*N+p], one load per step.
	plinks [][]int32
	// rays[pl][d*N+p], on boards of at most maxSetSquares squares, is
	// the set of squares a slide from p along direction d passes for pl
	// (plinks), to the board's edge: attack tests judge slides by it
	// (judgeSlide). A direction that comes back round has none (empty).
	rays [][]squareSet
	// resetsQuiet[t]: a move of type t resets the fifty-move count:
	// Options.ResetTypes, or the types lettered P when the game names none.
	resetsQuiet []bool
	dead        deadCache // insufficient-material verdicts (material.go)
	// blocks[t][b] is what generation knows of block b of type t's moves
	// before running it: its specialised form and entry tests (spec.go).
	blocks [][]blockPre
	// runs[t] lists type t's move blocks that have a program, as runMoves
	// runs them with blocks (one slice walk per piece instead of a look at
	// every block and its pre-knowledge apart).
	runs [][]blockRun
	// plans[t] is what runBlocks reads of type t for each piece (typePlan).
	plans []typePlan
	// lastSets has one lastSet for each type with blocks after its
	// lastTail (en passant): where they may run from after a last move.
	lastSets []lastSet
	// lastByStarts: every program that tests last-from?/last-to? is one
	// of those blocks, so lastSets tell where the last move can make a
	// difference (the hash keeps its squares only there: lastKey).
	lastByStarts bool
	// goalsWithMoves and goalsNoMoves are Outcome's goal-player pairs
	// (goalPlans).
	goalsWithMoves, goalsNoMoves []goalPair
	// repeatOnly: every condition of goalsWithMoves is repetition, so
	// where the hash filter has not seen the position none can hold.
	repeatOnly bool
	// dropTypes lists the piece types that have drop programs (runDrops
	// looks at no other).
	dropTypes []int
	// alternates: two players whose turns strictly alternate, so the
	// player to move's opponent has just moved and (legal moves leaving
	// no royal piece attacked) is not in check (checkguard.go).
	alternates bool
	// specDistinct: the specialised programs never emit one move twice
	// (spec.go), so a generation of theirs alone needs no dedup.
	specDistinct bool
	// maxSpecSteps is the largest step budget a specialised form (and so
	// a group of them) needs.
	maxSpecSteps int
}

type gamePrep struct {
	once sync.Once
	p    *prepared
}

func (g *Game) prep() *prepared {
	g.prepOnce.once.Do(func() { g.prepOnce.p = g.computePrepared() })
	return g.prepOnce.p
}

func (g *Game) computePrepared() *prepared {
	p := &prepared{nTypes: len(g.Pieces), nPlayers: len(g.Players)}
	p.royal = make([][]int, p.nPlayers)
	b := g.Board
	n := b.N()
	p.plinks = make([][]int32, len(b.Symmetry))
	for pl, sym := range b.Symmetry {
		p.plinks[pl] = make([]int32, len(sym)*n)
		for d, sd := range sym {
			copy(p.plinks[pl][d*n:(d+1)*n], b.links[sd*n:(sd+1)*n])
		}
	}
	if n <= maxSetSquares {
		p.rays = make([][]squareSet, len(p.plinks))
		for pl, links := range p.plinks {
			p.rays[pl] = slideRays(links, n)
		}
	}
	p.turnKeys = make([]uint64, len(g.TurnOrder))
	for t := range p.turnKeys {
		p.turnKeys[t] = partKey(t, NoPos, -1)
	}
	p.isRoyal = make([][]bool, p.nPlayers)
	for pl := range p.isRoyal {
		p.isRoyal[pl] = make([]bool, p.nTypes)
	}
	for _, goal := range g.Goals {
		if goal.Kind != LossGoal {
			continue
		}
		for _, t := range checkmatedTypes(goal.Cond) {
			for _, pl := range goal.Players {
				if !p.isRoyal[pl][t] {
					p.isRoyal[pl][t] = true
					p.royal[pl] = append(p.royal[pl], t)
				}
			}
		}
	}
	for _, goal := range g.Goals {
		if usesCond(goal.Cond, CondCaptured) {
			p.tracksTaken = true
		}
	}
	p.defaults = make([]uint64, p.nTypes)
	for t, pt := range g.Pieces {
		for _, a := range pt.Attrs {
			if a.Default {
				p.defaults[t] |= 1 << uint(a.Attr)
			}
		}
		for _, blocks := range [][]MoveBlock{pt.Moves, pt.Drops} {
			for _, b := range blocks {
				if b.Prog != nil && b.Prog.ReadsLastMove() {
					p.usesLast = true
				}
			}
		}
	}
	p.resetsQuiet = make([]bool, p.nTypes)
	for _, t := range g.Options.ResetTypes {
		p.resetsQuiet[t] = true
	}
	if len(g.Options.ResetTypes) == 0 {
		for t, l := range g.Letters {
			if l == "P" || l == "p" {
				p.resetsQuiet[t] = true
			}
		}
	}
	p.goalsWithMoves, p.goalsNoMoves = g.goalPlans()
	p.repeatOnly = true
	for _, gp := range p.goalsWithMoves {
		if g.Goals[gp.goal].Cond.Op != CondRepetition {
			p.repeatOnly = false
		}
	}
	for t, pt := range g.Pieces {
		if len(pt.Drops) > 0 {
			p.dropTypes = append(p.dropTypes, t)
		}
	}
	p.alternates = len(g.Players) == 2 && len(g.TurnOrder) > 0
	for i, t := range g.TurnOrder {
		next := g.NextTurn(i)
		if next < 0 || next >= len(g.TurnOrder) || g.TurnOrder[next].As == t.As {
			p.alternates = false
		}
	}
	p.posFlagWords = (g.Board.N() + 63) / 64
	p.reach = g.computeReach()
	if !g.Options.SharedPieces {
		// The specialised forms walk the mover's own pieces (the
		// occupancy's own sets); with shared pieces every piece moves,
		// so the interpreter alone runs them.
		p.blocks = g.recogniseBlocks(p)
	}
	if p.blocks != nil {
		p.runs = make([][]blockRun, len(g.Pieces))
		for t, pt := range g.Pieces {
			for bi, b := range pt.Moves {
				if b.Prog != nil {
					p.runs[t] = append(p.runs[t], blockRun{pre: &p.blocks[t][bi], prog: b.Prog, moveType: int32(b.Type), quietOnly: quietOnly(b.Prog)})
				}
			}
			groupBlocks(p.runs[t], p.nPlayers, g.Board.N(), p.plinks)
			kindRuns(p.runs[t])
		}
		p.plans = make([]typePlan, len(p.runs))
		p.lastByStarts = p.usesLast
		for t, rs := range p.runs {
			tp := &p.plans[t]
			tp.runs = rs
			if tp.lastTail = lastTail(rs); tp.lastTail < len(rs) {
				p.lastSets = append(p.lastSets, newLastSet(t, rs[tp.lastTail:], p.nPlayers, g.Board.N()))
			}
			for i, r := range rs {
				if i < tp.lastTail && r.prog.ReadsLastMove() {
					p.lastByStarts = false
				}
			}
			for _, b := range g.Pieces[t].Drops {
				if b.Prog != nil && b.Prog.ReadsLastMove() {
					p.lastByStarts = false
				}
			}
			if g.Board.N() <= maxSetSquares {
				tp.captures = newCaptureSquares(rs[:tp.lastTail], p.plinks, p.nPlayers, int32(g.Board.N()))
			}
			tp.allSpecialised = true
			for _, r := range rs {
				if r.pre.spec == nil {
					tp.allSpecialised = false
					continue
				}
				// A group's budget is its members' largest, and
				// every member is a run of its own.
				p.maxSpecSteps = max(p.maxSpecSteps, r.pre.spec.maxSteps)
			}
		}
	}
	return p
}

// typePlan is what runBlocks reads of a piece type for every piece of it
// that it visits, in one place (one lookup a piece).
type typePlan struct {
	runs []blockRun // runs[t] of prepared
	// lastTail is lastTail(runs): the blocks from there on (en passant)
	// run only where the last move lets them (lastSets).
	lastTail int
	// captures, where every block before lastTail is a leap group, a
	// slide group, a hop chain that takes nothing or a program that makes
	// quiet moves alone, says from each square where a piece of this type
	// can capture (captureSquares); nil elsewhere, and on boards of more
	// than maxSetSquares squares.
	captures *captureSquares
	// allSpecialised: every block with a program has a specialised form
	// (noisy-only generation counts these pieces' quiet moves, noisy.go).
	allSpecialised bool
}

func checkmatedTypes(c *Cond) []int {
	if c == nil {
		return nil
	}
	if c.Op == CondCheckmated {
		return c.Types
	}
	var out []int
	for _, a := range c.Args {
		out = append(out, checkmatedTypes(a)...)
	}
	return out
}

// usesCond reports whether c or one of its parts has operator op.
func usesCond(c *Cond, op CondOp) bool {
	if c == nil {
		return false
	}
	if c.Op == op {
		return true
	}
	for _, a := range c.Args {
		if usesCond(a, op) {
			return true
		}
	}
	return false
}

// FreshPiece returns a piece of type t owned by player pl that has not
// moved: its type's default attribute values set, as board-setup places it.
func (g *Game) FreshPiece(t, pl int) Cell { return MakeCell(t, pl, g.prep().defaults[t]) }

// RoyalTypes returns the types of player pl that may not be left attacked.
func (g *Game) RoyalTypes(pl int) []int { return g.prep().royal[pl] }

// PieceIndex returns the index of the named piece type.
func (g *Game) PieceIndex(name string) (int, bool) {
	for i, p := range g.Pieces {
		if p.Name == name {
			return i, true
		}
	}
	return -1, false
}

// PlayerIndex returns the index of the named player.
func (g *Game) PlayerIndex(name string) (int, bool) {
	for i, p := range g.Players {
		if p.Name == name {
			return i, true
		}
	}
	return -1, false
}
