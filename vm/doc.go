// Package vm owns the game model (board topology, pieces, players, goals), the
// instruction set of the move-description machine, the interpreter that turns a
// program into moves, make/unmake, hashing and goal evaluation.
//
// It imports nothing else from zrun: the front ends (zrf, fmaxini) build a *Game
// and the searcher (engine) drives a *State.
package vm
