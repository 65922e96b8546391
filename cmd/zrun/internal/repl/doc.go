// Package repl is zrun's interactive terminal front end: a line interpreter
// of commands and typed moves over a play.Game, drawn as a text board (with
// colours and chess glyphs at a terminal), read through liner with history
// and completion at a terminal or line by line from a script.
package repl
