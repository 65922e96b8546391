// This file defines the player a game's own files ask for (an Axiom
// script's {random}, {first}, {UCT} or {search-engine}), which the engine
// plays when the user has not chosen one.

package play

import (
	"fmt"
	"strings"

	"zrun/vm"
)

// PlayerFirst is the player that always takes the first legal move (an
// Axiom script's {first}).
const PlayerFirst = "first"

// GameEngine is the kind of player g's files ask for, for its choosing
// players, and why; "" when they ask for none (or not all the same).
// Axiom's default engine, $NegamaxMove, is zrun's alpha-beta (with the
// script's OnEvaluate where it has one), so it asks for nothing; {random}
// and {first} are played as asked; {UCT} is zrun's MCTS; a {search-engine}
// of the script's own cannot be run, and alpha-beta plays in its place.
func GameEngine(g *vm.Game) (kind, why string) {
	asked, seen := "", false
	for _, p := range g.Players {
		if p.Random {
			continue
		}
		if seen && p.Engine != asked {
			return "", ""
		}
		asked, seen = p.Engine, true
	}
	switch {
	case asked == "":
		return "", ""
	case asked == vm.PlayerRandom:
		return PlayerRandom, "the game's script asks for a random player ({random})"
	case asked == vm.PlayerFirst:
		return PlayerFirst, "the game's script asks for the first move ({first})"
	case asked == vm.PlayerUCT:
		return PlayerMCTS, "the game's script asks for UCT ({UCT}): zrun's MCTS"
	case strings.HasPrefix(asked, "search-engine "):
		return PlayerAlphaBeta, fmt.Sprintf("the script's own search engine %s ({search-engine}) is not run: "+
			"Axiom's engines search through the closed axiom.dll's move-list and board-copy words "+
			"($FirstMove, $NextMove, $CloneBoard, $Yield, BestMove! ...), which zrun does not implement; "+
			"zrun's alpha-beta plays instead", strings.TrimPrefix(asked, "search-engine "))
	}
	return "", ""
}
