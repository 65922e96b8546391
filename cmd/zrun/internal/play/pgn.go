// This file defines PGN export for chess-like games: the seven-tag roster,
// a Variant tag for games other than Chess, SetUp/FEN when the game starts
// from another position, and the moves in SAN with the result.

package play

import (
	"fmt"
	"io"
	"strings"

	"zrun/vm"
)

// PGNGame is what a PGN export needs: the position the moves start from
// (untouched; it is cloned) and the moves, each generated for the position
// it was played in.
type PGNGame struct {
	Start *vm.State
	Moves []vm.Move
	// StartFEN is the FEN of a start position other than the game's own
	// ("" when the game starts from its setup).
	StartFEN string
}

// WritePGN writes the game as PGN. It fails for games SAN cannot write
// (not chess-like, or positions not named file+rank) and for moves that are
// not legal where they are played.
func WritePGN(w io.Writer, pg PGNGame) error {
	s := pg.Start.Clone()
	g := s.Game()
	view := vm.NewGridView(g)
	if !SANSupported(g, view) {
		return fmt.Errorf("%s: PGN needs a chess-like game (royal pieces, piece letters, squares named file+rank)", g.Title)
	}
	if len(g.Players) != 2 {
		return fmt.Errorf("%s: PGN is for two-player games", g.Title)
	}
	var sans []string
	for i := range pg.Moves {
		var ml vm.MoveList
		if err := s.Generate(&ml); err != nil {
			return err
		}
		k := FindSame(&ml, &pg.Moves[i])
		if k < 0 {
			return fmt.Errorf("move %d (%s) is not legal in its position", i+1, s.MoveString(&pg.Moves[i]))
		}
		m := &ml.Moves[k]
		san := SANOf(s, &ml, k, view)
		if san == "" {
			return fmt.Errorf("move %d (%s) has no SAN", i+1, s.MoveString(m))
		}
		sans = append(sans, san+CheckSuffix(s, m))
		if err := s.Make(m); err != nil {
			return err
		}
	}
	result := PGNResult(s)
	tags := [][2]string{
		{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
		{"White", "?"}, {"Black", "?"}, {"Result", result},
	}
	if !strings.EqualFold(g.Title, "Chess") {
		tags = append(tags, [2]string{"Variant", g.Title})
	}
	if pg.StartFEN != "" {
		tags = append(tags, [2]string{"SetUp", "1"}, [2]string{"FEN", pg.StartFEN})
	}
	var b strings.Builder
	for _, t := range tags {
		fmt.Fprintf(&b, "[%s %q]\n", t[0], t[1])
	}
	b.WriteString("\n")
	b.WriteString(wrapPGN(pgnMoveText(sans, pg.Start.Mover() != 0, fenMoveNumber(pg.StartFEN)), result))
	_, err := io.WriteString(w, b.String())
	return err
}

// pgnMoveText numbers the SAN moves: "1. e4 e5 2. Nf3", or "1... e5" when
// Black moves first.
func pgnMoveText(sans []string, blackFirst bool, first int) []string {
	var out []string
	n := first
	white := !blackFirst
	for i, san := range sans {
		switch {
		case white:
			out = append(out, fmt.Sprintf("%d.", n))
		case i == 0:
			out = append(out, fmt.Sprintf("%d...", n))
		}
		out = append(out, san)
		if !white {
			n++
		}
		white = !white
	}
	return out
}

// fenMoveNumber is the full-move number of a FEN (1 when absent).
func fenMoveNumber(fen string) int {
	f := strings.Fields(fen)
	n := 1
	if len(f) >= 6 {
		fmt.Sscan(f[5], &n)
	}
	if n < 1 {
		n = 1
	}
	return n
}

// wrapPGN joins the move tokens and the result into lines of at most 79
// characters, as the PGN standard recommends.
func wrapPGN(tokens []string, result string) string {
	tokens = append(tokens, result)
	var b strings.Builder
	line := 0
	for _, t := range tokens {
		if line > 0 && line+1+len(t) > 79 {
			b.WriteString("\n")
			line = 0
		}
		if line > 0 {
			b.WriteString(" ")
			line++
		}
		b.WriteString(t)
		line += len(t)
	}
	b.WriteString("\n")
	return b.String()
}

// PGNResult is "1-0", "0-1", "1/2-1/2" or "*" (game not over).
func PGNResult(s *vm.State) string {
	o, err := s.Outcome(nil)
	if err != nil || !o.Over {
		return "*"
	}
	switch {
	case o.Winner == 0 || o.Winner < 0 && o.Loser == 1:
		return "1-0"
	case o.Winner == 1 || o.Winner < 0 && o.Loser == 0:
		return "0-1"
	}
	return "1/2-1/2"
}
