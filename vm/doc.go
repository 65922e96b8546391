// Package vm owns the game model (board topology, pieces, players, goals), the
// instruction set of the move-description machine, the interpreter that turns a
// program into moves, make/unmake, hashing and goal evaluation.
//
// It imports nothing else from zrun: the front ends (zrf, fmaxini) build a
// *Game and the searcher (engine) drives a *State.
//
// # Files
//
//	game.go, board.go   the model: players, turn order, pieces, setup, options, goals; positions and links
//	cell.go             Cell: a board square's contents packed in one word
//	inst.go, program.go the instruction set, Program and Disassemble (the golden-test format)
//	exec.go             the interpreter: one run of a program from one square
//	emit.go             how a run's pending changes become a Move at add
//	generate.go         all runs for the side to move; dedup, priorities, maximal captures, check filter, pass
//	noisy.go            IsNoisy and GenerateNoisy: only the captures and promotions (quiescence),
//	                    with the full list's length, most quiet moves never built;
//	                    GenerateCapturesOf: only the captures of types worth taking
//	quietonly.go        programs that make quiet moves alone (castling), which
//	                    captures-only generation does not run
//	make.go             Make / Unmake with an undo stack (a piece's move in one step:
//	                    occupancy.move); HashAfter, the hash a move would give
//	attack.go, reach.go attacked?/defended? and the reach table that keeps them cheap;
//	                    leaps and slides judged from the table and their rays unrun
//	spec.go             specialised programs: leaps, leap chains and slides recognised
//	                    by their bytecode and run from tables (a pawn's push: its
//	                    landings per start); entry paths checked before a run starts
//	legal.go            the check filter's shortcut: moves that cannot expose the
//	                    royal piece are legal without being made
//	checkguard.go       the searcher's guards: moves that cannot give check, moves that
//	                    are legal, and (in check) moves that cannot escape it, each told
//	                    without making the move
//	groups.go           leap and slide groups: a piece's consecutive leaps or slides run
//	                    as one loop
//	squareset.go        square sets of boards up to 128 squares: captures-only leaps and
//	                    pieces with no enemy where they could capture, en passant and
//	                    castling blocks refused without a run
//	queryskip.go        the board sweeps (mark ... back) an attack query skips
//	scan.go             scan loops ("while on-board? d, d, test") fused into one OpScan
//	state.go            State and its hash (the last move's squares only where they can
//	                    change the mover's moves: lastKey)
//	goal.go             win/loss/draw/count conditions, the fifty-move rule, repetitions;
//	                    GoesOn, the searcher's quick "not over"
//	material.go         the insufficient-material draw
//	fen.go, notation.go FEN (a front end may give its game its own reader and
//	                    writer, Game.ReadFEN/WriteFEN), Zillions move text and coordinates
//	perft.go            perft and divide, a move a whole turn (the parts of a partial
//	                    move together) or, with PerftParts, each part
//	gate.go             gating: add-gate places a held piece on a square the move vacated
//	nomoves.go          WhyNoMoves: why the player to move has no legal move, in words
//	squarecase.go       PositionIndexFold: a position named in another case (typed or saved input)
//
// Descriptions of pieces for people (Betza strings, English sentences,
// movement diagrams) live in package vm/describe, which probes a piece's
// programs through State.RunProgram; vm does not import it.
//
// # The machine
//
// A run has registers: the cursor, the mark (initially the start square), the
// piece in hand with the square it came from, run-local flags (one word) and
// position flags (a bitset per flag), and the pending changes: squares left by
// moving pieces, captures, placements and creations in program order, and
// position-attached changes. Tests read the board as it was when the move
// started (the snapshot rule); nothing a run does is visible to its own tests.
// A run is one deterministic path: add emits the move built so far and the run
// goes on with the same registers (no forking is needed, because if/while pick
// one branch). Conditions compile to short-circuit jumps; a test's optional
// location (direction, position or opposite direction) is an operand of the
// test instruction. The common idiom "d (while empty? add d)" compiles to one
// table-driven OpSlide. Whole programs of the commonest shapes (a leap, a
// pawn's push and double push, a slide, with set-attributes and promotion
// lists) are recognised by their instructions when a game is prepared and
// run from per-square tables that emit exactly the interpreter's moves
// (spec.go; State.DisableSpecialised runs everything in the interpreter, and
// the tests compare the two). A loop that walks a direction to the next
// square passing a test of it runs in one dispatch (OpScan, scan.go; also
// off with DisableSpecialised). Every run has a step budget (Limits.StepsPerRun) and
// every generation a move budget, so an endless while is a RunError naming the
// rule's file:line:col, not a hang.
//
// A Move is a list of primitive effects (set square p to cell c; add n to a
// hand count) computed when it is emitted, plus a record of acts for notation.
// Make applies the effects and pushes the old values; Unmake pops them, so the
// position and its hash are restored bit for bit, and neither allocates once
// the stacks have grown.
//
// # Decisions on the reference's open questions (zrf-language.md §12)
//
// Application order of a move: squares left by moving pieces are emptied
// first; then the piece still in hand at add lands (moved or dropped); then
// captures, placements (to, cascade) and creations apply in program order (so
// a piece placed on a square another piece left stays there — Sokoban's create
// at the start square, cascades). Zillions applies a move's main part first:
// its saved Chase game's exchange "p2 A8 x A7 Red p1 A8 Red p4 A7" leaves a
// p4 on A7 (the create replaces the landed die); Dynastic Dispute
// (Duke.zrf) drops a Blank and captures it on the same square ("South Blank
// c1 x d6 x R11 x c1"), and c1 is empty for the DukeA dropped there later;
// Bolotoudou's Lock drop ends with a capture of its own square, which is
// then empty. So "create at start, step, capture, add" is a strike that does
// not move (Tenjiku's igui, Ragnarok's thor-strike). With "recycle captures"
// a piece this move put down and then captured, or replaced by a create,
// goes back to its owner's hand too (Bolotoudou drops its single Lock again;
// an older MarGo's save drops its single stone every turn, each time replaced
// by a create on its square). Then position-attached
// changes (set-attribute, change-type, change-owner, flip) apply to whatever
// stands on their square at the end (Chess.zrf's rook-slide sets never-moved?
// on the empty destination before the rook arrives; Dobutsu's change-owner on
// an empty hand cell). Move text writes "x" for a landing on a square occupied
// when the move began even if another piece of the move left it, though no
// capture is counted there (Zillions' Chase save ends a ring of bumps "p1 A9 x
// A1" on the start square).
//
// A capture of a square that held no piece before the move and holds none
// when the capture applies is not written. This was read from KoShogi's save
// ("E 10J x 15O x 15O": the g-slide also captured the empty 14N it passed),
// which spent captures (next paragraph but one) now explain as well, so no
// corpus save decides it any more; Zillions does write a capture of the square the moving
// piece left ("EN 16M - 15N x 15O x 16M x 14O = PF on 15N") and of a square
// the move put a piece on (Luzhanqi's "South Start c5 x c5").
//
// Changes of several pieces to one type or owner written one after the other
// share one "= T on sq sq" (KoShogi's "= EV on 1F 19J = HV on 19N 1P").
//
// An add spends what the run did before it. Its captures and creations belong
// to that add only: a later add of the same run has only those made after the
// add before it. Zillions' saved Focus game writes "w z7 x g4 = wbwbw" where
// the same run passed a stack whose merge (r w) created an overflow piece in
// reserve before its own add; its Shafran Checkers game writes the king's
// landing on a4 without the capture long-king-jump made before the landing on
// a3 ("partial 4 King a1 - a4 @ a2 0 1"); its Ko Shogi game writes "E 10J x
// 15O x 15O" without check-flame's capture at an earlier landing; and
// CheckersCollection's king-jump walks back to capture the jumped man again
// before every add. Position-attached changes are written only with the first
// add after them, though later adds still apply them: the saved Northern
// Checkers and Northern Kings games (CheckersCollection.zrf) write "King a1 -
// b2 @ e1 0 0" for a one-step king move but "King a1 - e5" for a longer one,
// though north-king-shift clears the checkers' captured? attribute once before
// its (while (empty? $1) $1 add) loop. Whether Zillions also stops applying
// them cannot be told from the corpus (the values written there never
// change); we keep applying them. A move that needs a capture or creation
// with every add makes it again before each (games/reserve-chess.zrf's
// again macro re-runs its bring-reserve prefix from the start square).
//
// Every attribute change an add has not spent is written ("@ sq N value"),
// in program order, wherever it applies: on an empty square too, where it
// changes nothing. Issue 22 reports Zillions writing Schoolbook-b's Castle-b
// (whose run sets never-moved? on d8, a square no piece stands on before or
// after, then on the king's b8) as "King f8 - b8 Rook a8 - c8 @ d8 0 0 @ b8 0
// 0". The marks a slider leaves on the squares it passed are the ones its
// earlier adds spent (Chess.zrf's rook-slide: TransportChess.zsg's "Rook h8 -
// d8 @ d8 0 0"), so no corpus save is written without a mark this rule
// writes: writing them all leaves every corpus replay and round trip as it
// was.
//
// Zillions numbers attributes in saved games ("@ sq N value") in the order it
// meets their declarations reading the pieces from the last to the first, each
// piece's from its last declaration to its first (Game.AttributeNumbers, filled
// by the ZRF front end): KoShogi.zsg writes enemy-pass? 4, Elementals.zsg
// frozen-e? 3, YoninShogi.zsg East 0 and South 3.
//
// An add naming a type (add T) when the moving piece is no longer in hand (to
// or cascade put it down) retypes the piece the start square's move put down,
// written "= T on sq": Zillions' saved Soulbringer game (ResurrectionChess.zrf,
// "... to ... back (create Bishop) ... (add Knight)") writes "Bishop f1a x d3a
// White Bishop f1a = Knight on d3a".
//
// A to with nothing in hand moves the piece the last to put down (with no
// from or cascade since) on to the cursor, and (go to) follows it: Tenjiku
// Shogi's generals range-jump with "to back ... (go to) add" at every enemy
// in line, and capture only where they stop.
//
// A piece that gets a new type (add T, change-type) takes T's default
// attribute values. A piece picked up by from but never put down stays where
// it is. flip gives the piece to the next player in player order (the other
// player in two-player games); change-owner gives it to the player moving.
//
// Move text writes a move's changes other than piece moves with the non-
// captures first, by the unstable partition Zillions evidently uses: walking
// the program-order list, each change that is not a capture swaps places with
// the first capture walked so far. Captures followed by a change thus come out
// rotated: Zillions' saved Daldosa game writes count's (capture z1, capture
// z2, create Mark z3) as "White Mark z3 x z2 x z1" (with four captures "...
// Mark z5 x z2 x z3 x z4 x z1"), its Sahkku game a dice capture on Y, capture
// d11 and change-owner dII as "= Black on dII x d11 x Y"; every other corpus
// move with several captures keeps their program order and fits the same rule.
//
// A test whose direction argument leads off the board is false (so its not-
// form is true) and the run goes on: Zillions' own saved game of Bahrain Dama
// (CheckersCollection.zrf, 159 moves) has men moving along the edge, which
// its (verify (or (not-enemy? w) ...)) allows only so. An attribute test on an empty
// square is false. neutral? is always false: every piece has an owner.
// set-position-flag with a direction off the board sets nothing and the run
// goes on: Gufuu Shogi's check-attacked marks all three neighbours of every
// Kaze, and Zillions' saved game has moves where some lie off the board.
// Likewise a capture with a direction off the board captures nothing and the
// run goes on: Ragnarok.zrf's Surtr burns each neighbour with (if (not-empty?
// dir) ... (capture dir)), whose test is true off the board, and Zillions'
// saved Bifrost game ends "SurtrR c3 - d1 Dark Mount c3 x e2 = SurtrA on d1",
// a step to the edge.
//
// attacked? at a square: the square is made to hold a piece of the player
// moving (the piece in hand when the square is empty, so castling transit
// squares are tested as if the king stood there) and the enemies' move
// programs run; the square is attacked when a move they emit would remove that
// piece. defended? is the same with our own programs and an enemy piece on the
// square. A capture whose add turns the capturer into the target's own type
// is not a threat (the number of pieces of that type does not change):
// Zillions' saved Passive Chess game (PassiveChess.zrf "with checkmated",
// where every piece takes the type of the square it lands on) has Black play
// "Cannon b7 x b1 = Horse" with its only General on d8 open to "Cannon d3 x
// d8 = General", which Red then plays and wins; Zillions evidently counted
// royal pieces by type, not owner, when testing for check. Drops and
// continuations of partial moves are not threats;
// turn-order move-type restrictions do not limit threats. Inside a threat
// query attacked?/defended? are false (queries do not nest).
//
// Move priorities apply before the check filter: after generation, only the
// moves of the best-ranked move type present are kept (types not listed in
// move-priorities rank below all listed ones), then duplicates are removed
// (two moves are duplicates when their effects are identical and they are
// written the same: a set-attribute that changes nothing still makes another
// move, as Zillions' saved TransportChess game, which moves rooks that have
// moved both as "Rook e8 - d8" and as "Rook f8 - e8 @ e8 0 0", shows), then
// "maximal captures", then the moves that leave a royal piece attacked are
// removed. Priorities come before duplicate removal so that a move two blocks
// of different types produce keeps its better type: Gwangsanghui's untyped
// turns run every piece's start-type and normal-type steps alike, and
// Zillions' saved game plays "Soldier a9 - b8" (a step of both types) where
// cannon moves (normal-type only) exist; keeping the first duplicate left
// only the start-type copy, which ranks below normal-type.
// Evidence: Chess.zrf-derived files with mandatory captures add their non-capture
// moves to the capture type while the king is attacked, which is only needed when
// priorities come first.
//
// Royal pieces: every T of a (checkmated T) loss-condition, for the players it
// lists. A move is illegal when, after it, the turn passes to another player
// and one of the mover's royal pieces is attacked (with Options.SpareRoyals,
// two of them while the mover has more than one: Spartan duple check). While the same player keeps
// moving (partial moves, consecutive turn-order entries) the test waits for
// the last move (Schoolbook's "Double-Move (Checkmate)" description). A
// part of a partial move is legal only when the turn can be finished
// legally from it (a continuation, or the pass of the rest, passes the
// test), so a player is never left with a pending part and no legal move
// (Gravity Chess: a pinned piece stepping aside, then falling).
//
// "maximal captures" keeps, of the moves that capture, those that capture
// the most; moves that capture nothing stay (captures are made mandatory by
// move-priorities, as every corpus file with the option does). Zillions'
// saved Ossetian Checkers games (CheckersCollection.zrf; the variant lists
// its jumps as normaltype too, and keeps the game's maximal captures) open
// with "Checker b5 - a4" while "d5 - b3 x c4" is available. It counts the
// pieces one move (or move part) removes, plus the enemy pieces it changes
// in place (type, owner or attributes: Move.Struck); with value 2 it first
// prefers moves capturing more royal pieces. Counting changed pieces as
// captured rests on no save since quiet moves stay: the saved Northern Kings
// game's "King b6 - f2 = Checker on e3", a demotion, while a capture "x e5"
// is available, fits either reading.
//
// It compares the moves generated together, a part of a partial move by
// what that part takes, not by what its turn goes on to take: the same
// Ossetian Checkers save has White play "partial 2 Checker c3 - c5 x c4", a
// one-piece capture, where "d4 - d6 x d5" goes on to take e5 too, and again
// "e3 - e5 x e4" at move 22; counted over the turn, the one-piece captures
// would not be legal. (CheckersCollection's older Armenian Tama and Harzdame,
// whose chains mark the men they jump and remove them all with the last
// part, switched the option off as a "bugfix".) So the majority rule the
// option names holds across a multi-jump only for what its parts take
// each: zrf/draughts_perft_test.go shows where draughts files written with
// partial moves part from the published counts for this reason.
//
// Partial moves: a move emitted by add-partial is made at once; the same
// player then continues with the moving piece's definitions of the
// continuation type, run from its new square against the new board. When no
// continuation exists the turn ends. With "pass partial" the player may stop
// (a pass move). last-from?/last-to? then refer to the previous part.
//
// Goals are tested after a turn is complete, in kind order (win, loss, draw,
// count) and file order within a kind, for each listed player; the first that
// holds decides. stalemated and checkmated hold only for the player to move
// (stalemated also for a turn's mover that moves another player's pieces).
// pieces-remaining N means exactly N (on the board, plus hands with "include
// off-pieces"). repetition means the position (board, hands, turn entry,
// partial state, and the last move's squares where they can change the moves
// of the player to move: an en passant capture possible now) has occurred 3
// times, as chess counts it (FIDE 9.2).
// captured T holds when the last turn (all its parts) captured a piece of
// the player of type T, by landing on it or by a capture act: Duke.zsg
// begins with no Duke on the board and PassiveChess.zsg turns a General into
// a Horse by moving it, and Zillions plays on in both; each ends on the
// capture of the piece. A player to move with no legal move and no goal that
// decides draws (the default a Zillions author relies on: "stalemate is a
// draw by default"). With two players besides random ones ("?Dice"), a loss
// of one is a win of the other.
// absolute-config holds when every listed position holds a piece of one of
// the types and each listed zone holds one on some position: Elementals'
// "control 4 central squares" is (absolute-config ... (e5 f5 e6 f6)), and its
// save plays on for 38 moves after Light's first piece reached f5; zones are
// reached by one piece (Dobutsu's King in the promotion zone). It may name
// (opponent T), (any-owner T) and (not T).
//
// Zillions lets play go on after a game has ended, and its saves record
// those moves: Chessence.zsg has a Pass by Black, stalemated and lost under
// (loss-condition stalemated) with "pass turn" false, and one more White
// move. Replay plays such lines (a player with no move passes where the line
// says Pass) and reports where the game ended; every other corpus save ends
// no earlier than its last line, which checks the goals against Zillions.
//
// Two draws are options rather than goals (ZRF front end: the zrun extension
// options "fifty-move rule" N and "insufficient material" true). They are
// tested after the goals, so a mate on the last move still wins. Fifty moves:
// Options.FiftyMove moves by each side (2N turns) without a capture or a move
// of an Options.ResetTypes piece. Insufficient material: neither side can ever
// checkmate. That is decided from the pieces' moves, not their names: the
// position has two players, empty hands, no recycled captures, a royal piece
// of each side and at most three pieces in all (so one non-royal piece at
// most); no piece present can promote, create, retype or convert (so the
// material can only shrink); and no placement of this material, or of what a
// capture leaves of it, anywhere on the board and with either side to move, is
// checkmate (placements with the side not to move in check are impossible and
// skipped). The enumeration runs once per game and material and is cached;
// beyond a million placements (3 pieces on more than 100 squares) it is not
// run and the material counts as sufficient.
// K+N and K+B against K are dead by this rule on the 8x8 and 10x8 boards;
// K+R, K+Archbishop, K+P are not; K+B against K+B on one colour, which FIDE
// also calls dead, is not recognised (four pieces), which only delays a draw.
//
// # Gating (add-gate)
//
// Seirawan-style gating is a move plus a placement from the mover's hand, in
// one move. Nothing else expresses it: create makes a piece without touching
// the hand, drops are separate moves, and partial-move continuations run
// move programs only. So OpAddGate is an add variant: for every type of its
// list that the mover holds, it emits the move built so far plus that piece
// (with its type's default attributes) on the gate square and one fewer in
// the hand (an EffHand effect, as a drop makes). The gate square is an
// operand: GateStart (the move's start square) or GateFrom (the square the
// piece picked up last came from, a castling rook's). It is placed after the
// move's own placements, before the position-attached changes; when the move
// leaves the square occupied, no move is emitted. Gating is optional only in
// the sense that the program emits a plain add before it. Notation records an
// ActDrop on the gate square; CECP writes it as a fifth letter ("g1f3h"), or
// on a castling rook's square as rook square, king square, letter ("h1e1h").
// In an attack query add-gate is add: the gated piece captures nothing.
//
// # Decisions made when lowering ZRF (package zrf fills this model)
//
// Variants inherit from the most recent preceding game (a variant above every
// game inherits from the file's first game, as Z2J does). Sections are keyed by
// head plus (name X): a variant's (piece (name Pawn) ...) replaces only Pawn
// and keeps its place in the piece order; board, board-setup, players,
// turn-order, title, description and move-priorities are replaced wholesale;
// all win-conditions are one key (likewise loss, draw, count); options merge
// by option name. (default) is not inherited.
//
// Boards: all positions first (grids in file order, first dimension fastest;
// then positions; then dummies), then kill-positions, grid directions (missing
// vector components are 0), then links (one-way; a later link overrides) and
// unlink ((a b) removes a->b in every direction, a bare a removes all of a's
// links; one-way) in text order (Chessence.zrf unlinks its reserve squares,
// then chains them with links, and Zillions' saved game uses the chain), then
// symmetry, zones. A direction keeps its opposite when some reverse
// links are missing, but not when one contradicts it. A name that is both a
// direction and a position is taken as the direction.
//
// Move code inherited by a variant whose board lacks a direction, zone or
// place that another board of the file defines: a step that way ends the run,
// the zone is empty, the place is ignored (each with a warning). An error
// inside one move or drop definition leaves that definition out and is
// reported at its position; the rest of the game loads, and front ends refuse
// to play a game with definitions left out.
//
// (attacked? T) with a move-type argument is read as plain attacked? (the
// type is kept in the tree, not used). (create P) naming no piece type
// creates a piece of the moving piece's type. (add-partial T1 T2 type) offers
// several promotion types; a bare add-partial continues with the default move
// type. Attribute values other than true/false (Dagaz) count as false.
package vm
