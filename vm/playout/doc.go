// Package playout plays random games of a vm.Game to their end (or a move
// cap) and checks the VM's invariants on every move, the way perft and bench
// runs prove a chess engine's move generator over millions of positions:
//
//   - Make then Unmake restores the board, the hands, the turn, the last
//     move, the partial-move state, the counters and the hash exactly, and the
//     position then generates the same moves and the same outcome as before;
//   - the incremental hash equals the hash a copy of the position computes
//     from scratch (vm.State.Rehash), and that copy, whose occupancy lists
//     are rebuilt from the board, generates the same moves, also in the
//     interpreter alone (vm.State.DisableSpecialised: the specialised
//     programs and the check filter's shortcut change nothing);
//   - the legal moves are exactly the pseudo-legal moves (GeneratePseudo)
//     that do not leave a royal piece attacked (LeftInCheck after making
//     each), and GenerateNoisy lists exactly the noisy moves of the full
//     generation, in its order, with its count;
//   - redoing the move gives the same position and the same outcome (the
//     game's end is found the same way after undo and redo);
//   - no program exceeds the step budget and nothing panics.
//
// CompareSpecialised walks a move tree comparing specialised and
// interpreted generation, and attack tests, at every node (spec.go).
//
// Playout i of a run uses the seed Seed+i, and a violation carries that seed
// and the moves that lead to it, so one playout reproduces it.
//
// It imports only vm: front ends load the games (zrf, fmaxini) and command
// lines print the results.
//
// # Files
//
//	playout.go  Run: random playouts of one game under the invariants
//	check.go    the checker: one playout and the invariants checked on every move
//	spec.go     CompareSpecialised: specialised move programs (vm/spec.go)
//	            against the interpreter
package playout
