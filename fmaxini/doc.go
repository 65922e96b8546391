// Package fmaxini owns the Fairy-Max 5.0b variant file format (fmax.ini): it
// reads `Game:` sections (board size, the two setup lines, piece lines with
// their rays) as /work/shared/docs/fmaxini.md describes them, and lowers each
// section to a *vm.Game whose move programs use only the existing vm
// instructions.
//
// # Files
//
//	read.go     tokens, sections, piece and ray syntax; errors carry file:line
//	lower.go    board, setup, letters, values, goals, options
//	ray.go      one vm.Program per ray: the mode word's stages as unrolled code
//	special.go  virgin-only steps: pawn pushes, E4/F4 jumps, castling, en passant
//	fen.go      SetFEN: FEN with Fairy-Max's per-colour letter meanings
//
// # Design
//
// Fairy-Max step vectors are absolute, not colour-relative (a piece type moves
// the same way whoever owns it; pawns are two types). So the board has one
// direction per distinct (dx,dy) vector, named like "d1_2", and the symmetry
// is the identity for both players: one program per ray serves both colours,
// exactly as in Fairy-Max. Cylinder rays get their own wrapping directions
// ("c1_0").
//
// A ray's mode word toggles at most once for non-hoppers (after step rg+1)
// and at the platform for hoppers, so every ray is a short chain of stages,
// each with fixed rights (capture, non-capture), vector and range; a stage is
// lowered to a loop (or an unrolled run of 1..4 steps). Never-moved pieces
// carry the attribute "virgin" (only the types whose rules depend on it:
// pieces with a virgin-only ray and the pieces on the corner squares that
// castling moves); their moves clear it. Promotion zones are per player; en
// passant tests last-from?/last-to? around the skipped square.
//
// # Checked against
//
// perft.tsv (Fairy-Stockfish) for the sections whose rules are FSF's
// (tsv_test.go: the nameless FIDE body, capablanca, gothic, janus; the table's
// other variants have no section or, Seirawan, need gating); games/capablanca.zrf
// (the same moves at every node to depth 4, cmd/zrun/crosscheck_test.go); and
// the real Fairy-Max, which is asked over CECP about every move of the side to
// move in start positions and special ones (cmd/zrun/fairymax_test.go).
//
// Where Fairy-Max's rules are not FSF's, the lowering follows Fairy-Max:
// promotion to any non-royal piece of the section, even one in no setup
// (capablanca's e, normal's S), except values ending in 3; kings of a
// "last one counts" value (Spartan -435) may be left attacked one at a time
// but not two at once (vm.Options.SpareRoyals, Fairy-Max's duple check).
// Known gap (the tests list it): Seirawan gating, since vm has no action that
// places a piece from the hand inside a move.
package fmaxini
