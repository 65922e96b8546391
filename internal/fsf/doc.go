// Package fsf runs Fairy-Stockfish, the independent reference that tests
// compare zrun's positions with: it is a test helper, and a test that needs
// the program skips, saying so, where it is not installed (.ci/run installs
// it).
//
// # Files
//
//	fsf.go  Path, FEN (the position after "position ..." as Fairy-Stockfish prints it)
//	        and Search (one UCI search, its lines given to the caller)
package fsf
