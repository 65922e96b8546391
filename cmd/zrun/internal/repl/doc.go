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
package repl
