// This file defines WhyNoMoves: the reason the player to move has no legal
// move, in terms a person can act on ("no pieces on the board and nothing in
// hand", "no move definitions for Tile"), for front ends that would otherwise
// only say "draw by no legal move".

package vm

import (
	"fmt"
	"strings"
)

// NoMoveKind classifies why the player to move has no legal move.
type NoMoveKind uint8

const (
	// HasMoves: the player to move has a legal move (passing included).
	HasMoves NoMoveKind = iota
	// NoMoveEngine: the moves come from an external engine (Axiom).
	NoMoveEngine
	// NoMovePieces: the player owns no piece on the board and has nothing in hand.
	NoMovePieces
	// NoMoveDefs: none of the player's pieces has a move definition (of the
	// turn's move type), and nothing in hand can be dropped.
	NoMoveDefs
	// NoMoveSupply: the player's pieces have no move definitions, and the
	// drops the game defines need pieces in hand, where the player has none.
	NoMoveSupply
	// NoMoveTurnType: the turn allows only one move type, and none of the
	// player's definitions has it.
	NoMoveTurnType
	// NoMoveBlocked: the definitions ran and produced no move.
	NoMoveBlocked
	// NoMoveCheck: there are moves, but each leaves a royal piece attacked.
	NoMoveCheck
	// NoMoveContinuation: a partial move is pending and its piece has no
	// continuation (and passing the rest of the move is not allowed).
	NoMoveContinuation
)

var noMoveNames = [...]string{"has moves", "external engine", "no pieces", "no move definitions",
	"nothing in hand to drop", "no definitions of the turn's move type", "blocked", "every move leaves a royal piece attacked",
	"no continuation"}

func (k NoMoveKind) String() string {
	if int(k) < len(noMoveNames) {
		return noMoveNames[k]
	}
	return fmt.Sprintf("NoMoveKind(%d)", k)
}

// NoMoves explains a position without legal moves.
type NoMoves struct {
	Kind   NoMoveKind
	Player int    // the player the moves are made for (Turn.As)
	Msg    string // one English sentence, empty when Kind is HasMoves
}

// WhyNoMoves says why the player to move has no legal move in the current
// position, or returns Kind HasMoves when there is one. The causes are tested
// from the most basic (no pieces at all) to the most specific (every move
// leaves the king attacked), so the first that holds is what a person must
// fix or know. It returns an error only when a program exceeds its budget.
func (s *State) WhyNoMoves() (NoMoves, error) {
	g := s.g
	pl := s.Mover()
	out := NoMoves{Kind: HasMoves, Player: pl}
	name := g.Players[pl].Name
	if g.Engine != "" && g.Moves == nil {
		out.Kind = NoMoveEngine
		out.Msg = fmt.Sprintf("the moves of this game come from an external engine (%s), which zrun cannot run", g.Engine)
		if g.EngineErr != "" {
			out.Msg += ": " + g.EngineErr
		}
		return out, nil
	}
	var ml MoveList
	if err := s.Generate(&ml); err != nil {
		return out, err
	}
	if len(ml.Moves) > 0 {
		return out, nil
	}
	if s.Partial != NoPos {
		out.Kind = NoMoveContinuation
		out.Msg = fmt.Sprintf("%s's partial move cannot be continued from %s and the rest of the move cannot be passed",
			name, g.Board.Positions[s.Partial].Name)
		return out, nil
	}
	only := g.TurnOrder[s.Turn].MoveType
	onBoard, inHand := s.ownedTypes(pl)
	if len(onBoard) == 0 && len(inHand) == 0 {
		out.Kind = NoMovePieces
		out.Msg = fmt.Sprintf("%s has no pieces on the board and nothing in hand", name)
		if len(g.Setup) == 0 {
			out.Msg += " (the game has no board-setup)"
		}
		return out, nil
	}
	movable := g.typesWithBlocks(onBoard, only, false)
	droppable := g.typesWithBlocks(inHand, only, true)
	if len(movable) == 0 && len(droppable) == 0 {
		out.Msg, out.Kind = s.noDefsMsg(pl, onBoard, inHand, only)
		return out, nil
	}
	if err := s.GeneratePseudo(&ml); err != nil {
		return out, err
	}
	if len(ml.Moves) > 0 {
		out.Kind = NoMoveCheck
		out.Msg = fmt.Sprintf("each of %s's %d moves leaves a royal piece (%s) attacked",
			name, len(ml.Moves), g.TypeNames(g.RoyalTypes(pl)))
		return out, nil
	}
	out.Kind = NoMoveBlocked
	out.Msg = fmt.Sprintf("%s's pieces (%s) have move definitions, but none of them can move in this position",
		name, g.TypeNames(append(movable, droppable...)))
	return out, nil
}

// noDefsMsg explains why none of pl's pieces (on the board or in hand) has a
// definition the turn can use.
func (s *State) noDefsMsg(pl int, onBoard, inHand []int, only int) (string, NoMoveKind) {
	g := s.g
	name := g.Players[pl].Name
	if only != AnyMoveType {
		all := append(g.typesWithBlocks(onBoard, AnyMoveType, false), g.typesWithBlocks(inHand, AnyMoveType, true)...)
		if len(all) > 0 {
			return fmt.Sprintf("this turn of %s allows only %s moves, and none of %s's pieces (%s) has a definition of that type",
				name, g.moveTypeName(only), name, g.TypeNames(all)), NoMoveTurnType
		}
	}
	var msg strings.Builder
	switch {
	case len(onBoard) > 0:
		fmt.Fprintf(&msg, "%s's pieces on the board (%s) have no move definitions", name, g.TypeNames(onBoard))
	default:
		fmt.Fprintf(&msg, "%s has no pieces on the board", name)
	}
	if len(inHand) > 0 {
		fmt.Fprintf(&msg, ", and the pieces in hand (%s) have no drop definitions", g.TypeNames(inHand))
	}
	// Drops defined for types the player holds none of: the usual reason a
	// drop game has no move, since a missing "off N" means none in hand.
	var dry []int
	for t, pt := range g.Pieces {
		if len(pt.Drops) > 0 && !s.HasInHand(pl, t) && g.hasBlockOfType(pt.Drops, only) {
			dry = append(dry, t)
		}
	}
	if len(dry) > 0 {
		fmt.Fprintf(&msg, "; drops are defined for %s, but %s has none of them in hand (board-setup gives no \"off\" count)",
			g.TypeNames(dry), name)
		return msg.String(), NoMoveSupply
	}
	return msg.String(), NoMoveDefs
}

// ownedTypes lists the piece types pl has on the board and in hand.
func (s *State) ownedTypes(pl int) (onBoard, inHand []int) {
	seen := make([]bool, len(s.g.Pieces))
	for _, c := range s.Board {
		if c != Empty && c.Owner() == pl && !seen[c.Type()] {
			seen[c.Type()] = true
			onBoard = append(onBoard, c.Type())
		}
	}
	for t := range s.g.Pieces {
		if s.HasInHand(pl, t) {
			inHand = append(inHand, t)
		}
	}
	return onBoard, inHand
}

// typesWithBlocks keeps the types that have a move (or drop) definition the
// turn's move type allows.
func (g *Game) typesWithBlocks(types []int, only int, drops bool) []int {
	var out []int
	for _, t := range types {
		blocks := g.Pieces[t].Moves
		if drops {
			blocks = g.Pieces[t].Drops
		}
		if g.hasBlockOfType(blocks, only) {
			out = append(out, t)
		}
	}
	return out
}

func (g *Game) hasBlockOfType(blocks []MoveBlock, only int) bool {
	for _, b := range blocks {
		if b.Prog != nil && (only == AnyMoveType || b.Type == only) {
			return true
		}
	}
	return false
}

// TypeNames joins the names of piece types with commas, for messages.
func (g *Game) TypeNames(types []int) string {
	names := make([]string, len(types))
	for i, t := range types {
		names[i] = g.Pieces[t].Name
	}
	return strings.Join(names, ", ")
}

func (g *Game) moveTypeName(t int) string {
	if t >= 0 && t < len(g.MoveTypes) && g.MoveTypes[t] != "" {
		return g.MoveTypes[t]
	}
	return "untyped"
}
