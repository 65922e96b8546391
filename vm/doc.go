// Package vm owns the game model (board topology, pieces, players, goals),
// the instruction set of the move-description machine, the interpreter
// that turns a program into moves, make/unmake, hashing and goal
// evaluation.
//
// It imports nothing else from zrun: the front ends (zrf, fmaxini) build a
// *Game and the searcher (engine, through engine/eval) drives a *State.
//
// What a move program means (the registers of a run, the order in which a
// move's changes apply, how moves are written, attack queries, priorities
// and the check filter, partial moves, goals, draws, gating) is specified
// in docs/vm-language.md; how the ZRF front end fills the model is in
// docs/zrf-compilation.md.
//
// # Files
//
// The model:
//
//	game.go             players, turn order, pieces, setup, options, goals
//	board.go            positions, directions as link tables, symmetry, zones
//	cell.go             Cell: a board square's contents packed in one word
//	orient.go           how a board's main 2-D grid is oriented and its files
//	                    and ranks named (screen order and FEN order)
//	gridview.go         GridView: the main grid laid out as on screen, for
//	                    terminal boards, SVG diagrams and SAN
//	prepare.go          the tables a game needs at play time, computed once
//	                    per Game from its model
//
// The machine (the reference every fast path below must agree with):
//
//	inst.go             the instruction set and Disassemble (the golden-test format)
//	program.go          Program: instructions with a source position each
//	exec.go             the interpreter: one run of a program from one square
//	emit.go             how a run's pending changes become a Move at add
//	move.go             Move: primitive effects plus acts for notation
//	movesource.go       MoveSource: a host's moves and outcome in place of the
//	                    programs (the Axiom games); MoveList.AddMove;
//	                    ScriptEvaluator: a host's evaluation (Game.Eval)
//	generate.go         all runs for the side to move; dedup, priorities,
//	                    maximal captures, check filter, pass
//	gate.go             gating: add-gate places a held piece on a square the
//	                    move vacated
//	attack.go           attacked?/defended? queries (the programs run in query
//	                    mode), narrowed by the reach table
//
// Positions:
//
//	state.go            State and its hash (the last move's squares only where
//	                    they can change the mover's moves: lastKey)
//	make.go             Make / Unmake with an undo stack (a piece's move in one
//	                    step: occupancy.move); HashAfter, the hash a move would give
//	occupancy.go        per-player sets of occupied squares, kept by Make and
//	                    Unmake, that generation and attack tests iterate
//	placement.go        placement sums: a weight table summed over each
//	                    player's pieces, kept as pieces come and go
//	engineapi.go        the queries the searcher's adapter needs: InCheck,
//	                    LeftInCheck, Move.Key, royal pieces
//	goal.go             win/loss/draw/count conditions, the fifty-move rule,
//	                    repetitions; GoesOn, the searcher's quick "not over"
//	material.go         the insufficient-material draw
//	nomoves.go          WhyNoMoves: why the player to move has no legal move, in words
//	blockof.go          BlockOf: which move or drop block produced a move (rule
//	                    coverage), by rerunning the piece's blocks
//	perft.go            perft and divide, a move a whole turn (the parts of a
//	                    partial move together) or, with PerftParts, each part
//	fen.go              FEN (a front end may give its game its own reader and
//	                    writer, Game.ReadFEN/WriteFEN)
//	setup.go            SetUp: a position placed piece by piece (a board editor)
//	notation.go         Zillions move text and coordinates
//	squarecase.go       PositionIndexFold: a position named in another case
//	                    (typed or saved input)
//
// Fast paths (each must give exactly what the machine gives):
//
//	spec.go             specialised programs: the shapes (a leap, a chain of
//	                    leaps such as a pawn's push and double push, a slide)
//	                    and the choice of a block's form
//	spec_recognise.go   recognition of those shapes from the bytecode alone
//	spec_entry.go       entry checks: a block's tests of its start square read
//	                    once, so a run that cannot start is refused unrun
//	spec_prepare.go     the per-game tables of a specialised program: rays and
//	                    landings per square and player, looping directions
//	spec_run.go         specialised runs in the generator: table-driven walks
//	                    and the move assembly
//	groups.go           leap and slide groups: a piece's consecutive leaps or
//	                    slides run as one loop
//	scan.go             scan loops ("while on-board? d, d, test") fused into one OpScan
//	squareset.go        square sets of boards up to 128 squares: captures-only
//	                    leaps and pieces with no enemy where they could capture,
//	                    en passant and castling blocks refused without a run
//	reach.go            the reach table: the squares each block could capture
//	                    on, so attack tests skip the blocks that cannot hit
//	queryskip.go        the board sweeps (mark ... back) an attack query skips
//	noisy.go            IsNoisy and GenerateNoisy: only the captures and
//	                    promotions (quiescence), with the full list's length,
//	                    most quiet moves never built; GenerateCapturesOf: only
//	                    the captures of types worth taking
//	quietonly.go        programs that make quiet moves alone (castling), which
//	                    captures-only generation does not run
//	legal.go            the check filter's shortcut: moves that cannot expose
//	                    the royal piece are legal without being made
//	checkguard.go       the searcher's guards: moves that cannot give check,
//	                    moves that are legal, and (in check) moves that cannot
//	                    escape it, each told without making the move
//
// # What must agree with what
//
// The interpreter (exec.go, emit.go, generate.go, with attack.go running
// every enemy block in query mode) is the reference. Each fast path above
// answers a question the reference also answers, and a test compares the
// two:
//
//   - spec*.go, groups.go, scan.go, squareset.go and queryskip.go against
//     exec.go: State.DisableSpecialised runs every program in the
//     interpreter (and turns off fused scans, query skips and the check
//     filter's shortcut in legal.go). playout.CompareSpecialised walks move
//     trees comparing generation and attack tests both ways (games/,
//     fmaxini/ and zrf/ spec tests over perft positions and a corpus
//     sample), and every random playout of package vm/playout checks a
//     copy of the position generates the same moves with DisableSpecialised
//     set. TestScanRunsAsTheInterpreter, TestQuerySkipAnswersAsTheRun,
//     TestSimpleMatchesEffects and TestDedupInterpretedMatchesDedup
//     compare single paths.
//   - reach.go and attack.go's shortcuts against running every block of
//     every enemy piece: State.noReach, set by the test hook
//     AttackedByInterpreter (export_test.go), is that reference, and
//     TestAttackedMatchesInterpreter compares them on every square.
//     TestLandingQueriesMatchMaking compares LandingAttacked and
//     LandingDefended with making the move and asking Attacked.
//   - noisy.go and quietonly.go against the full generation: playouts
//     require GenerateNoisy to list exactly the noisy moves of Generate, in
//     its order, with its count (TestGenerateNoisy, TestQuietOnly,
//     TestGenerateCapturesOf for GenerateCapturesOf, and
//     TestGenerateCapturesOnto for the captures onto one square).
//   - checkguard.go and legal.go against making the move: TestCheckGuard
//     (a move MayGiveCheck clears never leaves the enemy king attacked),
//     TestLegalGuard and TestGuardsThroughGates (LegalGuard agrees with
//     LeftInCheck after making the move); playouts check the legal moves are
//     exactly the pseudo-legal ones that LeftInCheck passes.
//   - make.go's HashAfter against Make (TestHashAfter), the incremental hash
//     against Rehash (playouts), and occupancy.go against the board
//     (TestOccupancyFollowsTheBoard, TestEnemySquaresFollowTheBoard).
//
// Descriptions of pieces for people (Betza strings, English sentences,
// movement diagrams) live in package vm/describe, which probes a piece's
// programs through State.RunProgram; vm does not import it.
package vm
