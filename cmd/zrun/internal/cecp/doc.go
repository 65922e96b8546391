// Package cecp is zrun's engine side of the Chess Engine Communication
// Protocol (XBoard/WinBoard v2): features and engine-defined variants (setup
// and piece lines from Betza descriptions; XBoard's wildcard images for
// pieces no Betza string describes; colours swapped for XBoard when the
// second player moves first, colors.go), XBoard's square names and move
// text, highlight answers for lift/put, setboard checked against the game's
// royal pieces, time controls and thinking output, all over a play.Game
// whose searcher runs in the background.
//
// # Files
//
//	session.go    Session: GUI commands read line by line, the game, the search
//	              in a goroutine so "?", "ping", "force" and "quit" are answered
//	setup.go      the "setup" command of an engine-defined variant: piece-to-char
//	              table (dressed letters and 44 images a side past the alphabet),
//	              board size and parent variant, start FEN; why XBoard cannot
//	              show a game
//	betza.go      the "piece" lines: Betza strings from describe.Piece where they
//	              describe a piece exactly and differ from XBoard's assumptions
//	letters.go    the "Piece letters" option: letters renamed at the protocol
//	              boundary
//	colors.go     zrun's players against XBoard's colours (swapped when the second
//	              player moves first)
//	squares.go    XBoard's square names and move text
//	chains.go     a multi-leg move matched by the squares it passes through
//	highlight.go  answers to "lift", "put" and "hover": the squares a picked-up
//	              piece may go to
//	result.go     the result text sent when a game ends
package cecp
