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
//   - create-piece-type and drop-piece give the piece to the for-player
//     (below), current-player unless the turn says otherwise; the stack
//     orders are AxiomChecker's lib.4th signatures (create-player-piece-type-at is ( player type pos -- ), as Game of
//     Life's exec-moves and Fox Hunting's recalc-all pass them).
//   - A turn's {for-player} ($forPlayer: "Player makes moves for this
//     player", axiom.4th) names whose pieces move and whose pieces
//     create-piece-type and drop-piece make; {turn} alone makes it the
//     player itself. AbstractMancala's rule file has "(First ?C)" where
//     its Players.4th has "{turn} First {for-player} ?C": First sows the
//     seeds ?C owns (TestForPlayer). OnIsGameOver and OnEvaluate still
//     speak for current-player, the player whose turn it is (the VM's
//     Chooser).
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
//   - $GenerateMoves ( player flag 0 -- ) with TRUE generates the moves
//     of player's opponent: the scripts' mobility term "move-count
//     current-player TRUE 0 $GenerateMoves move-count -" is added to a
//     score for current-player (Ordo's AI.4th), and in OnEvaluate the
//     moves list is current-player's (axiom.4th's stalemate?), so the
//     term is the player to move's moves less the opponent's; read as
//     player's own moves it would always be 0. splut's own search passes
//     FALSE for the player whose moves it walks (TestMobilityIdiom).
//   - A move is code: natives and "COMPILE w" inside a move word lay down
//     what the move does when it is made (Ur.4th's "COMPILE WhitePieces++",
//     axiom.4th's partial and remove-from-reserve; splut's search runs a
//     move by ".moveCFA EXECUTE" on a cloned board). What a word COMPILEs
//     is run at add-move on the board as it stood (then put back), and
//     the positions and board variables it changed become the move's
//     effects, after the edits'.
//   - {variable}, {array} and {carray} are cells of the board after the
//     positions (axiom.4th's "$boardSize @ ... $board @ +"): they are
//     state of the position, which the VM keeps as State.Vars (hashed,
//     made and unmade like the board, EffVar effects); their start values
//     are the board's after OnNewGame.
//   - A move is written as the script built it, part by part in its
//     order, a repeat each time, "x" where the destination held a piece
//     before the move (vm.State.MoveString for a Game.Moves game): every
//     corpus save of an Axiom game replays and writes back byte for byte
//     so (play's TestAxiomSaves: QXO/Morris.zsg's "X M a3 x PF x g7 X M
//     c1 ...", drop-half's order; Ordo/Crazy.zsg's "Man c7 - d7 Man b7 x
//     c7 Man a7 x b7").
//   - A capture of an empty square is still written ("x q5"): Ur.4th
//     clears its marker square with "r5 capture-at" on every move, and
//     Zillions' saved Ur games (GlukKazan+ZoG/Axiom/Ur/*.zsg) show "init
//     i1 - l2 x q5" from the start, where it is empty. (Those saves come
//     from an older layout of the board, with the dice on q1-q4 where the
//     rule file now has r1-r4, so they cannot be replayed whole: play's
//     axiomsaves_test.go says how.)
//   - Axiom does not check its data stack for underflow: MarGo's clear-f
//     DROPs a cell it never pushed and still adds its move, so a move
//     word finds a few zero cells below its stack.
//   - Scripts drawing random numbers while they generate get the same
//     numbers for the same position: the machine is seeded with the
//     position's hash before each call, so a position has one move list.
//   - No script redefines OnNextTurn, OnMakeAMove or OnSearch for its
//     rules: dice are thrown by a random player's moves (?Dice), which
//     the VM's random players make.
//
// Pieces, players and positions are matched with the rule file's by name
// (exact case first: QXO has both x1 and X1; the script's grid names come
// from axiom.4th's $IndexToPosition). A script piece or position the rule
// file lacks (Rithmomachy's R0, Splut's corners) is allowed until a move
// puts a piece there. A script whose turn order differs from the rule
// file's is refused.
//
// The rules were checked against the games' own documentation
// (rules_test.go, rules2_test.go): Game of Life's drops against Conway's
// B3/S23 computed independently; Tchuka Ruma's sowing against its
// readme.txt (where a lap goes all the way round, the script decides on
// the board as it was before the move, unlike the readme: kept, as Axiom
// plays it, and told apart in the test); Fox Hunting's counts along the
// eight lines; Viruses' accessible squares; Gwidwill's die table, reach
// and passing (the Gwyddbwyll readme); Ohojitxi's sowing and its capture
// of fours.
//
// Move lists of the last 64 positions are kept (Source.Generate): the
// scripts are slow next to compiled programs (Game of Life runs a whole
// life tick for each of its ~80 drops, 0.2 s a position), and the VM asks
// for one position's moves several times.
//
// A call into the script (a move word, OnIsGameOver, OnEvaluate) may run
// a billion words before it is stopped as an endless loop (stepLimit;
// package forth's default is 10 million): Axiom itself sets no bound, and
// MarGo's clear-e, quadratic in its list of live points, ran 32 million
// words in random games of the 9x9 board (about 0.4 s).
//
// # The three games that do not play, and why
//
//   - ChessCraft (GlukKazan+ZoG/Axiom/ChessCraft) is unfinished: its
//     pieces.4th uses slide, r-slide and jump, which none of its four
//     files, no framework file and no other corpus script defines, and
//     which AxiomChecker's lib.4th (the natives' signatures) does not
//     list. Its "jump;" (pieces.4th:67, for "jump ;") is one word to any
//     Forth reader, Axiom's included: every ";" of the 100-odd other
//     scripts stands apart. Read as "jump ;", the script still names
//     jump, r-slide and slide, defined nowhere.
//   - Chase "Problem 1" in Chase/Axiomatic.Chase.zrf: its Problem-1.4th
//     loads Players.4th (Red, ?R for White, White, ?R for Red) while the
//     variant keeps the game's (turn-order Red White); axiom.4th says the
//     two must be the same ("Zillions doesn't allow plug-ins to define
//     the turn order"). The author's later GlukKazan+ZoG/Rules/
//     Axiomatic.Chase.zrf gives the order "Red (?R White) White (?R Red)",
//     and its Problem 1 plays.
//   - Tavreli: Code.4th's unpromote-at (marked "TODO") leaves each
//     "piece-type-at X = Y change-type" flag on the stack, so the next
//     "DUP piece-type-at" reads the flag as a position: -1 after a true
//     comparison (TRUE is -1 here, package forth's choice; fig-Forth's 1
//     would read a wrong square silently), off the board: the error
//     names it, with its file:line. Axiom
//     does not check its board reads; what it would read there is not
//     known, so zrun stops with the error.
//
// # Natives
//
// Implemented (natives.go, gen.go): board[], OnFriends?, $Exit, add-move,
// move, capture, capture-at, drop, drop-piece(-at), create, create-at,
// create-player(-at), create-piece-type(-at), create-player-piece-type(-at),
// change-type(-at), change-owner(-at), piece-value, material-balance,
// $GenerateMoves, $DeallocateMoves, (add-piece), (remove-piece), ^string
// (the move's text: zrun writes its own), $EngineSetTurn (the VM keeps the
// turn), repetition-reset (zrun keeps no repetition count of its own for
// these games: the rule file's goals decide). Defined to fail by name if
// ever run: the search-only natives (searchOnly).
//
// # Evaluation and engines
//
// A script that defines its own OnEvaluate (the framework's returns 0)
// gives the game its evaluation (vm.Game.Eval, evaluate.go), which zrun's
// searcher uses in place of the one it derives. OnEvaluate scores for
// current-player, the player whose turn it is (the scripts that score for
// a fixed side negate for the other: Afrika's and Gabata's "current-player
// Second = IF NEGATE ENDIF", Ordo's with Dark; Ohojitxi's "current-player
// material-balance NEGATE" favours the player with fewer seeds, as its
// readme's goal does; TestEvaluateOhojitxi checks it against the seeds
// counted from the rule file's pieces). Scores are scaled by 10 (the
// framework's example Pawn is "10 {value}", zrun's pawn 100), read from
// the start position's score, which is their zero (Gwyddbwyll's and
// Gwidwill's White, one Pendragon of 800 against four Kings of 700,
// read -60,000 from the first move and sought draws by repetition; the
// games of equal armies score their start 0, or a mobility's worth),
// and bounded well inside the searcher's win scores without losing their
// order (past 10,000 they approach 40,000: squash; TestSquash,
// TestEvaluateZeroAtStart). At a throw of the dice the script
// runs for the player asked about, with that player's turn. The script's
// {value}s, scaled alike, are the game's piece values (vm.Game.Values),
// and package eval derives nothing else for such a game. A game whose
// script has no OnEvaluate (Senet, Ur, Abstract Mancala) gets package
// eval's derived evaluation, which for script games is found from seeded
// random games: a race's runners counted by the moves they need to leave
// the board (eval's race.go, Senet) and the {variable}s only one player's
// moves raise counted as that player's score (scorevars.go: Abstract
// Mancala's seeds taken, Ur's pieces borne off).
//
// The {players ... players} block's engines are read (vm.Player.Engine):
// {random} and {first} are played as asked by the front ends' default
// player (package play's GameEngine), {UCT} by zrun's MCTS; the default
// $NegamaxMove is zrun's alpha-beta. A {search-engine} of the script's own
// (Ur-[aggressive]'s Custom-Engine, AbstractMancala's AI) is not run, and
// says why: it walks Axiom's move lists and copies boards through the
// closed DLL's search natives.
//
// # Not implemented
//
// Partial moves (partial, partial-move-type: an error naming them when a
// move uses one), and the search-engine natives ($NegamaxMove, $UCTMove,
// $Yield, BestMove!, $CloneBoard, ...), which only a script's own search
// engine calls. A game that needs what is missing loads and says why it
// cannot move (vm.Game.EngineErr); a script error while playing names its
// file:line and word.
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
//	evaluate.go Evaluate (vm.ScriptEvaluator): the script's OnEvaluate for
//	            the searcher; the engine kind each player's slot asks for
//	attach.go   Attach: a loaded game given its source, or the reason not
package axiom
