// Package cecp is zrun's engine side of the Chess Engine Communication
// Protocol (XBoard/WinBoard v2): features and engine-defined variants (setup
// and piece lines from Betza descriptions; XBoard's wildcard images for
// pieces no Betza string describes; colours swapped for XBoard when the
// second player moves first, colors.go), XBoard's square names and move
// text, highlight answers for lift/put, setboard checked against the game's
// royal pieces, time controls and thinking output, all over a play.Game
// whose searcher runs in the background.
package cecp
