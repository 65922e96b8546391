// Package fmaxini owns the Fairy-Max 5.0b variant file format (fmax.ini): it
// reads `Game:` sections (board size, the two setup lines, piece lines with
// their rays) as the format reference fmaxini.md describes them (in the
// shared reference material, ../shared/docs/ beside the module), and lowers
// each section to a *vm.Game whose move programs use only the existing vm
// instructions. Fairy-Max's own table, ../shared/fmax/fmax.ini, is read by
// the tests when present (shipped_test.go: every section loads).
//
// # Files
//
//	read.go     tokens, sections, piece and ray syntax; errors carry file:line
//	lower.go    board, setup, letters, values, goals, options
//	ray.go      one vm.Program per ray: the mode word's stages as unrolled code
//	special.go  virgin-only steps: pawn pushes, E4/F4 jumps, castling, en passant
//	gate.go     Seirawan gating: held pieces 9 and 10, gate rights, gating moves
//	fen.go      SetFEN: FEN with Fairy-Max's per-colour letter meanings,
//	            holdings, and Seirawan's gate letters in the castling field;
//	            installed as the game's vm.Game.ReadFEN, so State.SetFEN
//	            (CECP setboard, UCI position fen, the REPL) reads FEN so too
//	fen_write.go FEN: castling rights from the never-moved bits, Seirawan's
//	            gates as FSF writes them; the game's vm.Game.WriteFEN
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
// Fairy-Stockfish's perft table, ../shared/perft/perft.tsv, read when
// present, for the sections whose rules are FSF's (tsv_test.go: the
// nameless FIDE body, capablanca, gothic, janus, seirawan; the table's
// other variants have no section); games/capablanca.zrf (the same moves at
// every node to depth 4, gamefile/crosscheck_test.go); and the real
// Fairy-Max (/usr/games/fairymax, skipped when absent), which is asked over
// CECP about every move of the side to move in start positions and special
// ones (fairymax_test.go).
//
// Where Fairy-Max's rules are not FSF's, the lowering follows Fairy-Max:
// promotion to any non-royal piece of the section, even one in no setup
// (capablanca's e, normal's S), except values ending in 3; kings of a
// "last one counts" value (Spartan -435) may be left attacked one at a time
// but not two at once (vm.Options.SpareRoyals, Fairy-Max's duple check).
//
// Seirawan gating (the section named exactly "seirawan", as in Fairy-Max,
// and, a zrun extension, any section whose parent variant is seirawan):
// pieces 9 and 10 start in both hands (vm.OffBoard setup items); every
// back-rank piece carries "virgin", which doubles as its square's gate right
// (a gate is lost when its piece moves or is captured, as in FSF). A ray of a
// back-rank piece first copies the virgin bit into the run flag
// "never-moved" (tests at add time see the destination); after each plain
// add, when the flag is set, vm.OpAddGate emits the same move once per held
// type with that piece placed on the start square, taken from the hand.
// Castling gates on the king's square (vm.GateStart) or the rook's
// (vm.GateFrom). Gating is optional, so the plain move is always emitted too.
// In SetFEN the castling field is read as FSF writes it for Seirawan: K/Q
// give castling and gate rights to the king and that rook, other file letters
// make the piece on that back-rank square a gate.
package fmaxini
