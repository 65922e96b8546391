// Package cecp is zrun's engine side of the Chess Engine Communication
// Protocol (XBoard/WinBoard v2): features and engine-defined variants (setup
// and piece lines from Betza descriptions), XBoard's square names and move
// text, highlight answers for lift/put, time controls and thinking output,
// all over a play.Game whose searcher runs in the background.
package cecp
