// Package repl is zrun's interactive terminal front end: a line interpreter
// of commands and typed moves over a play.Game, read through liner with
// history and completion at a terminal or line by line from a script.
//
// It draws every kind of board the rule files define (board.go, layout.go):
// square grids with file and rank labels; several grids and the levels of
// 3-D grids side by side; hexagonal boards and boards given position by
// position where their screen rectangles put them; mancala pits as their
// seed counts; pieces in hand with counts; and a legend of the letters.
// Chess glyphs and colours are for a terminal, plain ASCII for scripts.
// Moves may be typed in any notation play.Game.Match reads, or as the
// squares a piece visits in a move of several parts (path.go).
//
// # Files
//
//	session.go   Session: the game, its history, the line interpreter of
//	             commands and moves
//	commands.go  the commands (help, board, moves, undo, go, perft, ...)
//	study.go     analyse (multipv), the game tree's commands, loadpgn, solution
//	terminal.go  the REPL at a terminal through liner: line editing, history,
//	             completion, Ctrl-C stopping a search
//	board.go     how a position is drawn, following the board's own geometry
//	layout.go    positions laid out on a character grid by their screen rectangles
//	path.go      a move of several parts typed as the squares the piece visits
//	join.go      zrun join: a seat of a server's shared game, its moves sent
//	             to the server and the game following its event stream
package repl
