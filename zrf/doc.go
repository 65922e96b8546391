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
// Files written for Dagaz (a JavaScript ZRF engine) often leave part of their
// rules to Dagaz's JavaScript. dagaz.go detects the patterns the corpus shows
// (Dagaz-only options, non-boolean attributes, no goal, no setup, drops with
// nothing in hand, pieces without definitions) and reports each as a warning
// that says what is missing, also listed in GameDef.Stubs;
// GameDef.WhyNoStartMoves explains a start position without legal moves.
package zrf
