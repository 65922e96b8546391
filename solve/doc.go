// Package solve finds solutions: the shortest solution of a one-player
// puzzle (Sokoban, peg solitaire, the corpus's other solitaires) and the
// shortest forced win of the side to move in a two-player game (mate in N),
// on a vm.State with the game's own moves and goals, for "zrun solve".
//
// Puzzles are searched by A* (Puzzle): best first on f = g + h, where g
// counts the moves made and h is a lower bound derived from the game's win
// goal (heuristic.go); a transposition table keeps each position once, with
// the fewest moves it was reached in; Limits.Moves is a move-count bound
// (no line longer is looked at) and Limits.Weight turns it into weighted
// A*. Forced wins are searched by depth-bounded proof-number search (Mate),
// one winner's move deeper at a time, so the first win proved is the
// shortest. Both honour node and time limits and a context (Ctrl-C), and
// report progress.
//
// Positions the A* search keeps are stored as their differences from the
// start position (snapshot.go), not as whole states.
//
// A game of one moving piece pushing goal pieces that do not move of their
// own (Sokoban) is searched on pushes instead, unless Limits.Generic: a
// push model is learned from the rules' own moves (pushmodel.go: the
// floor, the player's walks, the pushes and the squares each needs free)
// and searched by A* whose nodes are the positions right after a push
// (pushsearch.go), with the assignment of boxes to targets as the estimate
// and deadlock pruning (dead squares, frozen boxes, dead pairs and walled-off
// pockets: pushpairs.go, pushcorral.go); weighted searches also follow a filling order of
// the targets (pushorder.go) and pack them (pushpack.go): a box filled in
// its turn is never pushed again, and a box is pushed onto the next
// targets in one macro move; they take their positions in turn from that
// packing-led order and from the cells of a feature space (boxes packed,
// parts the boxes cut the floor into: Festival's FESS, pushfess.go). Every
// solution is replayed on the rules.
//
// # Files
//
//	limits.go     Limits, Progress and Result, shared by both searches; the
//	              clock that applies the limits and calls Progress
//	puzzle.go     Puzzle: A* with a transposition table and a move-count bound
//	macro.go      the same A* on macro moves (Limits.Macro): a position's walk
//	              closure, then each push from it, costed walk + 1
//	heuristic.go  the puzzle estimate from a (pieces-remaining N T...) goal: the
//	              count over N, or (N = 0) each piece's fewest own moves to be
//	              gone, enumerated in a relaxed world with that piece alone; dead
//	              squares, and frozen pairs (two pieces side by side that can
//	              never be gone, found in the world of the two alone); for
//	              weighted searches, the assignment of pieces to distinct free
//	              targets (Hungarian method)
//	heap.go       the binary heap the searches keep their open items in
//	snapshot.go   positions stored as differences from a reference board
//	pushmodel.go  the push model learned from the rules' moves: floor, player
//	              and box squares, walks, pushes and their blockers; moves to
//	              positions it cannot hold are left out and counted
//	pushsearch.go Puzzle's search on the push model: A* on pushes (walk + 1
//	              move each), the assignment estimate with player-aware box
//	              distances, frozen boxes, weighted mode merging positions by
//	              the player's least reachable square; the solution replayed
//	              on the rules as vm move indices
//	pushpairs.go  deadlocks of a few boxes: a pushed box and a neighbour that
//	              can never both reach targets; a cluster of boxes walling the
//	              player out of a pocket
//	pushcorral.go corrals: the boxes walling the player out of a part of the
//	              floor, where every push of theirs goes in, searched alone
//	              for a way to targets or out (deadlocks); in weighted
//	              searches only such a corral's pushes made (PI-corral pruning)
//	pushorder.go  the targets' filling order (boxes pulled off a full goal
//	              area in rounds) and the weighted estimate's penalty for
//	              targets filled out of turn
//	pushpack.go   the weighted search's packing mode: boxes on targets filled
//	              in the filling order's turn are walls, and a macro move
//	              pushes one box alone onto an open target; positions with the
//	              most boxes packed first
//	pushfess.go   the weighted search's feature-space open list: positions in
//	              cells by boxes packed and the floor's parts, taken from each
//	              cell in turn, alternately with the packing-led open list
//	mate.go       Mate: proof-number search for a forced win, shortest first
//
// Tests: mate_test.go solves mate-in-N problems of a published collection
// (vondele/matetrack) in exactly N, checked with Fairy-Stockfish;
// puzzle_test.go solves Sokoban levels of the corpus and replays each
// solution to the win by the rules (the push model's answers compared with
// the search on the rules' moves and a breadth-first search on small
// levels; by default the levels of the corpus's Sokoban that weighted
// searches solve in a few thousand positions, replayed to the win; a
// level whose push model leaves moves out and finds nothing goes on with
// the rules' moves);
// pushmodel_test.go checks what the model learns against the rule
// file's setup, and the cluster deadlock search and the feature space's
// floor parts on positions counted by hand.
package solve
