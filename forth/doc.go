// Package forth is zrun's ForthScript interpreter: the language of Greg
// Schmidt's Axiom meta-game engine, in which 160 corpus games (those whose
// rule file names an "Axiom/<Game>/axiom.dll" engine) write their moves,
// goals and evaluation. It owns the language only — the dictionary, the
// compiler, the inner and outer interpreters, memory, stacks, strings,
// floats — and loads Axiom's framework files (CORE.4TH, axiom.4th) and
// game scripts unchanged. Axiom's game words (board and piece queries,
// move building, search) are natives of the closed axiom.dll: a host adds
// them with Machine.Define (or lazily with Config.Resolve); this package
// implements none of them. It imports only the standard library.
//
// # API
//
//	m := forth.New(forth.Config{Out: w})     // limits, output, Resolve hook
//	m.Define("board[]", fn)                   // a host native: func(*Machine) error
//	err := m.LoadFile(".../CORE.4TH")         // or m.Interpret(name, text)
//	err = m.Execute("OnEvaluate")             // run a word; m.Pop() the result
//
// LOAD reads files through Config.ReadFile (by default the operating
// system's, names matched in any case as on Windows, regular files of
// bounded size only). Natives are kernel words: they sit below every Forth
// definition, so define them before loading the framework.
//
// Every failure is an *Error naming file:line, the word that failed and the
// colon definitions running (an unknown word's cause is *UnknownWord). Data
// and return stack overflow and underflow, division by zero, addresses
// outside memory, deep EXECUTE chains and endless loops (a step budget per
// call, 10 million words by default) all stop the machine with an error,
// and a panic inside the machine is recovered at the API boundary.
//
// # Axiom's dialect, and how it was established
//
// The framework files are the specification; the DLL is closed. What they
// show (file references are to Senet/Axiom/Senet/ in the corpus):
//
//   - A fig-Forth descendant with a memory-resident dictionary. CORE.4TH
//     defines IF ELSE ENDIF BEGIN UNTIL WHILE REPEAT DO LOOP +LOOP in Forth
//     on top of COMPILE 0BRANCH BRANCH (DO) (LOOP) (+LOOP) HERE ",", with
//     absolute branch targets ("HERE SWAP !"), and CONSTANT as "<BUILDS ,
//     DOES> @". So the machine is indirect-threaded over a byte memory with
//     32-bit cells (": CELLSIZE 4 ;"), and the kernel provides exactly those
//     low-level words; the built-in IF, DO, CONSTANT ... lay down the same
//     cells, so CORE.4TH's redefinitions mix with them.
//   - The header layout is visible: NFA>CFA is 3 CELLS, NFA>LFA 2 CELLS,
//     PFA>NFA 4 CELLS, CFA>PFA one cell; "CFA>NFA @" is the name string
//     (axiom.4th's position names, (FORGET)'s "CFA>NFA @ DP !"). LATEST is
//     "CURRENT @ @". DEFER's (IS) is "CFA>PFA !" with DOES> code reading
//     the PFA, so the DOES> address lives in the code field itself.
//   - Strings are NUL-terminated C strings: (.") is "R@ TYPE R> DUP "SIZE
//   - >R", TYPE takes one address, "COUNT is the length, WORD parses into
//     PAD ("34 WORD PAD ... HERE "MOVE"), S" leaves one address.
//   - The input is a whole file: CORE.4TH defines "(" as "41 WORD" and
//     opens with multi-line ( ... ) comments. After a word the interpreter
//     consumes one delimiter, so "34 WORD" starts right after `S" `.
//   - Case matters: axiom.4th defines "here" ( -- pos ) beside HERE and
//     the game word "drop" beside DROP (both in AxiomChecker's lib.4th).
//     Only file names (LOAD Board.4th, CORE.4TH) match in any case.
//   - PICK is 0-based (CORE.4TH's .S only works so); NOT is logical
//     ("verify" is "NOT IF $Exit ENDIF"); TRUE is -1 (our choice, Forth-83:
//     no corpus script uses a flag's value in arithmetic, checked by
//     searching for TRUE, 0=, NOT or a ?-word followed by + - = ABS NEGATE).
//   - Floats are 32-bit and share the data stack: CORE.4TH's FMIN is
//     "F2DUP F< IF DROP ELSE SWAP DROP ENDIF", FVARIABLE is VARIABLE, and
//     "0." is a float literal (FNEGATE is "0. FSWAP F-").
//   - Not revealed by any source, so chosen and documented in words.go:
//     "/" and MOD truncate toward zero (fig-Forth, C); DO ... LOOP runs
//     while index < limit (fig-Forth) and LEAVE sets limit to index; ?DO,
//     UNLOOP, AGAIN, VALUE are not used by any corpus script (?DO, UNLOOP
//     and AGAIN are provided; VALUE/TO are not).
//
// # Status (checked by corpus_test.go)
//
// All 4 distinct framework pairs of the corpus (2 apart from line endings)
// load unchanged with only the 21 FrameworkNatives defined, none of which
// runs at load time. 127 of the 128 game and variant scripts present load
// (50 with the newest framework borrowed, their folder having none); the
// other, ChessCraft, has "jump;" for "jump ;" in its pieces.4th. Loading
// CORE.4TH + axiom.4th + Senet.4th takes about 5 ms.
//
// Speed: a word costs some 5 ns. Ordo's move generation, whose
// connected-group test of every move runs about 4.5 million words a
// position, takes some 21 ms of CPU a position (package axiom's
// BenchmarkOrdoGenerate; 44 ms when dispatch called each word's primitive
// through the table, with a few done in line): loop keeps the thread's
// state in locals, and the decoded words (decode.go) make a word one
// look-up and one switch, the framework's one-value, CONSTANT, array and
// CELLS words one step each.
//
// # Files
//
//	reader.go   the reader: the input text and its parse position, WORD's
//	            parsing, numbers and float literals, LOAD's file lookup
//	machine.go  the machine: memory, stacks, the dictionary, the outer
//	            interpreter, the API and error recovery
//	inner.go    the inner interpreter: dispatch, and loop, which follows a
//	            thread with its state in locals and does the words threads
//	            run most in line (the same checks and errors)
//	decode.go   the decoded words: what each word does, worked out once by
//	            its code field address (short colon, CONSTANT and array
//	            words done at once), dropped when a store changes a cell
//	            a decoding read
//	words.go    the kernel's words (stack, arithmetic, memory, compiler,
//	            control flow, strings, floats, random numbers)
//	errors.go   Error, UnknownWord and the internal fault
//	catch.go    Catch and Exit (Axiom's $Exit: abandon a move word from any
//	            depth), ExecuteCFA, Seed, FoldPath: what a host needs
//	stubs.go    FrameworkNatives: the Axiom natives the framework files name,
//	            and Unavailable stand-ins for them
package forth
