// Package play is the game in progress that every front end of zrun (the
// REPL, CECP, UCI, the doc pages and the coming web server) stands on.
//
// It loads a game (a .zrf game or variant, an fmax.ini section, a FEN, a
// Chess960 start array; Catalog for the protocols' lists of games), keeps
// the move history with undo and redo (Game), parses and prints moves in
// every notation zrun accepts (coordinates, Zillions notation, SAN; Match,
// MoveText), words results with their reasons, saves and loads .zsg and
// PGN, and runs the engine on the game with a time limit and cancellation,
// in the caller's goroutine (Search, Interrupt) or in the background
// (Think, Stop). Front ends add only their own input and output.
package play
