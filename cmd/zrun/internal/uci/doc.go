// Package uci is zrun's UCI engine side, with Fairy-Stockfish's variant
// conventions: a UCI_Variant combo, VariantPath, "go perft" and "d", over a
// play.Game whose searcher runs in the background.
//
// # Files
//
//	session.go  the UCI session: UCI_Variant, VariantPath, "go perft N", "d"
package uci
