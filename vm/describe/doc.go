// Package describe explains a game's pieces to people: for one piece type it
// derives a Betza string (XBetza: fmWfceFifmnD, KisO2, mRcpR, nN...), an
// English sentence and the squares of a movement diagram, by running the
// type's compiled move programs on otherwise empty boards and fitting Betza
// atoms to what they did. Piece and PieceAs are the entry points; CECP
// "piece" lines (cmd/zrun/internal/cecp), game pages (docpage) and the
// browser front end (web) use them.
//
// It owns the description code only. The machine it probes (the game model,
// the interpreter, move generation) is package vm, which knows nothing of
// this package: describe runs programs through vm's State.RunProgram, reads
// moves through their Acts, and sets up probe positions by writing
// State.Board and calling Rehash.
//
// # Files
//
//	piece.go    Piece, PieceAs, PieceDescription and the movement-diagram marks
//	probe.go    the probe: targets, captures, blocking squares, hops, first moves,
//	            castling and en passant, as offsets from the origin square
//	fit.go      Betza atoms, ranges and modifiers fitted to the probe's findings
//	english.go  the English sentence
//	geom.go     the board's largest 2-D grid, with forward up the board
package describe
