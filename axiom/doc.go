// Package axiom plays the games whose rule file names an Axiom engine
// ((engine "Axiom/<Game>/axiom.dll"): 41 corpus rule files): their moves
// and their end are written in ForthScript, which package forth runs. It
// finds a game's scripts (Locate), loads the framework (CORE.4TH,
// axiom.4th) and the game's script into a forth.Machine, implements the
// Axiom natives of the closed axiom.dll on zrun's board model, and gives
// the game a vm.MoveSource (Attach, which gamefile calls for every Axiom
// game it loads), so that the VM's make/unmake, hash, notation, playouts
// and searcher work on the moves as on any other game's.
//
// It imports forth and vm only.
//
// # How a turn is generated
//
// The VM keeps the position; the script sees it through the machine's
// memory. Before each call (Source.Generate, Source.Outcome) the board is
// written into the script's board ($board, a cell per position: piece
// type | player << 11 | attributes << 16, axiom.4th's encoding) and the
// turn set with the framework's own $SetTurn (the VM's turn index times
// #TurnOrderCells), which sets $player, $forPlayer, $ofType and the
// symmetries' $playerOffset. Then, as axiom.4th's {pieces comment says,
// each piece's {moves} words run from every position holding a piece of
// that type of the player to move and its {drops} words from every
// position, with $from and $pos at the position and $piece the piece.
// A word builds a move with move, capture(-at), drop, create...,
// change-type/-owner and ends it with add-move; verify ("NOT IF $Exit
// ENDIF") abandons the word from any depth (forth.Machine.Catch).
//
// What is inferred, and how it was checked:
//
//   - The board does not change while a move is built: the edits are
//     recorded and played in order on a copy at add-move. TchukaRuma's
//     Pieces.4th reads the pits after "from here move" and treats "from"
//     as emptied by hand ("from here = IF 0"), which only makes sense so.
//   - add-move starts the next move from no edits: Ordo's Common.4th adds
//     one move per step of a slide with "from here move add-move" in a
//     loop, each a single step from "from".
//   - create... on an occupied position replaces its piece (TchukaRuma
//     re-creates every pit it sows into with the new count); drop puts
//     $piece (the dropping player's piece) at here, also over an enemy
//     (Viruses' drop-dead).
//   - create-piece-type and drop-piece give the piece to current-player;
//     the stack orders are AxiomChecker's lib.4th signatures
//     (create-player-piece-type-at is ( player type pos -- ), as Game of
//     Life's exec-moves and Fox Hunting's recalc-all pass them).
//   - A turn's {of-type} admits only moves of that {move-type};
//     {move-priorities} keep the moves of the best-ranked type (lower
//     number first, #NoPriority for the rest); with $passTurnForced a
//     player without moves passes. Pass is a move like the others.
//   - OnIsGameOver speaks for the player about to move (axiom.4th's own
//     comment): #WinScore is that player's win, #LossScore its loss,
//     #DrawScore a draw and #UnknownScore no decision, for which the rule
//     file's goals decide (a player without moves then draws, as in the
//     VM). move-count and stalemate? read the number of legal moves.
//   - Players are friends only of themselves (OnFriends?).
//   - Scripts drawing random numbers while they generate get the same
//     numbers for the same position: the machine is seeded with the
//     position's hash before each call, so a position has one move list.
//
// Pieces, players and positions are matched with the rule file's by name
// (the script's grid names come from axiom.4th's $IndexToPosition); a
// script whose turn order differs from the rule file's is refused.
//
// # Not implemented
//
// Board variables ({variable}, {array}, {carray}: game state kept beyond
// the positions), partial moves (partial, partial-move-type), and the
// search-engine natives ($NegamaxMove, $UCTMove, $Yield, BestMove!, ...):
// zrun searches with its own engine, and does not call OnEvaluate. A game
// that needs what is missing loads and says why it cannot move
// (vm.Game.EngineErr).
//
// # Files
//
//	find.go     Locate: the game's Axiom folder, script and framework files;
//	            the framework folder the user names (FrameworkEnv)
//	source.go   Source and Load: the machine loaded, the script's board,
//	            pieces, players and turn order matched with the game's
//	natives.go  the Axiom natives on the machine's board and the move
//	            being built
//	gen.go      Generate and Outcome (vm.MoveSource): a turn's moves from
//	            the move words, add-move, OnIsGameOver, $GenerateMoves
//	attach.go   Attach: a loaded game given its source, or the reason not
package axiom
