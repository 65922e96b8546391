// Package zrf reads Zillions of Games rule files (.zrf): it parses the
// S-expression text with participle (over the hand-written lexer of lex.go;
// read.go builds the nodes from participle's token stream through its
// Parseable extension point), splices includes, expands (define ...)
// macros, lowers each (game ...) and (variant ...) into a *vm.Game and
// compiles every move and drop definition to vm bytecode. The decisions
// taken while lowering (variants' inheritance, board construction, move
// code a variant's board cannot run, readings of unusual forms) are
// recorded in docs/zrf-compilation.md; what the bytecode then means when
// it runs is docs/vm-language.md.
//
// Loading (LoadFile, Load) costs in proportion to what the file holds, not
// to what its macros expand to, however the work repeats: the body of a
// top-level define is one token, scanned but not split (lex.go), and made
// into nodes only when the macro is first called (read.go); a macro call
// expands once per distinct use of its arguments, its nodes shared by every
// user call that uses it alike, which takes their call position from the
// enclosing node (expandShared, materialize); a shared node lowers once
// per game or variant, to statements every move definition reaching it
// shares, which say when they are at the definition's call position rather
// than hold it (lower_shared.go); a variant reuses its game's lowered and
// compiled move definitions where its names answer the same (memo.go).
// Focus.zrf expands to 65,000 nodes instead of 1.2 million, and
// Ragnarok.zrf's 15 games lower its 7,400 move definitions about once.
// Expand itself still gives every node its call position, as the output of
// a plain macro expander.
//
// It also reads and writes Zillions saved games (.zsg, files zsg*.go):
// ReadZSG parses one into a SavedGame (header, RulesFile= and VariantName=,
// setup edits, numbered move lines) and SavedGame.Bytes writes it back byte
// for byte; ResolveRules finds the rule file it names; Start and Replay set up
// its position and match each move line against the legal moves printed in
// Zillions notation (vm's MoveString), stopping at the first line that
// matches none with the legal moves at that point; RecordMoves turns played
// moves into move lines numbered as Zillions numbers them. The number after
// "partial" is Zillions' number for the continuation's move type, worked out
// from the order Zillions meets the type names (zsg_movetypes.go). Square
// names of saved lines and setup edits may differ in case from the rule
// file's when that is unambiguous (zsg_squarecase.go).
//
// Files written for Dagaz (a JavaScript ZRF engine) follow its dialect where
// it differs from Zillions: a game marked as Dagaz's (a Dagaz-only option, a
// non-boolean attribute, or no goal and drops no hand supplies: readDagaz)
// gets Dagaz's unlimited hand for each drop piece without "off N" and its
// "shared pieces" option. They often leave part of their
// rules to Dagaz's JavaScript. dagaz.go detects the patterns the corpus shows
// (Dagaz-only options, non-boolean attributes, no goal, no setup, drops with
// nothing in hand, pieces without definitions) and reports each as a warning
// that says what is missing, also listed in GameDef.Stubs;
// GameDef.WhyNoStartMoves explains a start position without legal moves.
//
// # Files
//
// Reading and expanding:
//
//	lex.go              the hand-written lexer that feeds the participle parser
//	read.go             the S-expression reader, built on participle over lex.go
//	node.go             the S-expression tree every later phase works on;
//	                    source positions
//	nodealloc.go        nodeAlloc, the macro expander's block allocator, and
//	                    block helpers lowering uses too
//	include.go          ReadFile: a file read with its (include ...) forms spliced
//	expand.go           Expand, the (define ...) macro expander
//	materialize.go      call positions for the nodes of a shared expansion
//	errors.go           positioned errors and sorted, capped error lists
//	spell.go            nearest: the "did you mean X?" helper
//
// Loading and lowering:
//
//	load.go             LoadFile and Load: read, expand, split into games and
//	                    variants, inherit, lower and compile each one
//	gamedef.go          what loading a rule file produces (File, GameDef)
//	memo.go             what a file's games and variants share: move definitions
//	                    lowered and compiled once, reused where names agree
//	lower.go            one (game ...) or (variant ...) to a vm.Game: the section
//	                    dispatch and the name tables
//	lower_board.go      (board ...) to a vm.Board
//	lower_piece.go      pieces, (board-setup ...) and options
//	lower_goal.go       win/loss/draw/count conditions to vm.Goal
//	lower_moves.go      move and drop definitions to the typed move tree
//	lower_shared.go     shared nodes of move definitions lowered once per game
//	movetree.go         the typed move-language tree, before compilation
//	compile.go          the move tree compiled to vm programs
//	letters.go          FEN and notation letters for piece types
//	dagaz.go            the Dagaz dialect read; Dagaz stubs detected and reported
//
// Saved games:
//
//	zsg.go              the .zsg format: reading a SavedGame, writing it back
//	                    byte for byte
//	zsg_replay.go       replaying a saved game against the legal moves; played
//	                    moves recorded as move lines
//	zsg_open.go         ReplaySaveFile: from a .zsg on disk to a replayed game
//	zsg_movetypes.go    Zillions' numbers for move types ("partial N")
//	zsg_attrnumbers.go  Zillions' numbers for attributes ("@ sq N value")
//	zsg_squarecase.go   saved square names matched in another case
package zrf
