// Package bench is zrun's bench: a fixed set of positions from the games
// we ship, each searched to a fixed depth by a fresh searcher with a fixed
// hash size, so the total node count is a signature that changes only when
// the search or the move generation changes (as Stockfish's "bench" is),
// and nodes per second measure speed; plus perft speed from the start of
// chess. A rule file of the user's gets its own set: its start position
// and two positions reached by moves chosen from a fixed seed.
//
// # Files
//
//	bench.go  the positions (shipped games' and a user file's) and the runs
package bench
