// Package benchpos owns the positions zrun's search is timed and
// signed on: the start positions and middlegames of our chess,
// Capablanca and Schoolbook rule files with the depth each is searched to.
// "zrun bench" (cmd/zrun/internal/bench) searches them to print the node
// signature and the speed; engine/eval's BenchmarkSearch times the
// searcher on them; both read this one list, so they time the same thing.
//
// # Files
//
//	positions.go  Position, Default and HashMB
package benchpos
