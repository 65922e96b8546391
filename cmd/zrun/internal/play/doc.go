// Package play is the game in progress that every front end of zrun (the
// REPL, CECP, UCI, the doc pages and the web server of package web) stands
// on.
//
// It loads a game (a .zrf game or variant, an fmax.ini section, a FEN, a
// Chess960 start array; Catalog for the protocols' lists of games), keeps
// the move history with undo and redo (Game), parses and prints moves in
// every notation zrun accepts (coordinates, Zillions notation, SAN; Match,
// MoveText), words results with their reasons, saves and loads .zsg and
// PGN, and runs the engine on the game with a time limit and cancellation,
// in the caller's goroutine (Search, Interrupt) or in the background
// (Think, Stop). Front ends add only their own input and output.
//
// # Files
//
//	game.go        Game: the rules, the position, the moves played (undo, redo,
//	               reload, saving), move names, the result in words
//	load.go        loading a game through package gamefile, with the piece
//	               values tuned for it
//	catalog.go     Catalog: the games the GUI protocols offer, under protocol names
//	fen.go         what front ends read off a FEN without a game
//	start960.go    the Chess960 start arrays by number, as FENs
//	setup.go       a position set up by hand: its text (FEN, or a compact text
//	               where FEN cannot say it), pieces in hand, Chess960 arrays
//	position.go    a typed or GUI-sent position checked against the game's rules
//	               (royal pieces present, no more than the game starts with)
//	match.go       typed move text matched against the legal moves (coordinates,
//	               Zillions notation, SAN, a position alone)
//	squares.go     how a player may name a position when typing a move
//	selectors.go   the texts move lists print, each naming one move only
//	san.go         standard algebraic notation for chess-like games
//	glyphs.go      Unicode chess glyphs for pieces with orthodox chess letters
//	letters.go     a distinct ID for every piece type, dressed letters ("R'")
//	               past the alphabet, for legends and XBoard
//	idfen.go       a FEN written with those IDs read back (XBoard's setboard)
//	counting.go    pieces that stand for a number of seeds (mancala)
//	whynot.go      why a typed move is not legal
//	save.go        saving a game (.zsg, PGN), loading a saved game into it,
//	               reloading its rule file
//	saved.go       saved games (.zsg): loading and replaying one, making one
//	pgn.go         PGN export for chess-like games
//	pgnread.go     the PGN reader (tags, comments, NAGs, variations) and import into the game tree
//	tree.go        the game tree: variations, goto, promote, delete
//	treeview.go    the game tree as a move list draws it (lines, side lines)
//	solution.go    the (solution "x.zsg") a rule file names for a puzzle
//	solve.go       Solve: package solve on a position (A* for a puzzle, proof-number
//	               search for a forced win), the solution's moves and its game
//	search.go      the engine on a game: one searcher per game, in the caller's
//	               goroutine or in the background, stopped on request
//	matchgame.go   a game between two players from the start position
//	gameengine.go  GameEngine: the player a game's script asks for ({random},
//	               {first}, {UCT}, {search-engine}), played by default
//	calibrate.go   the calibration match that picks a player per game
//	timeout.go     a flag's fall: a loss, or a draw when the opponent cannot win
//	               (FIDE 6.9: insufficient material, a lone king)
package play
